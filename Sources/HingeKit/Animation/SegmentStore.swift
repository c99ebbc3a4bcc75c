internal import HingeSupport

/// A fixed number of ``SpringSegment``s stored inline, so that a ``SpringAnimator`` never
/// allocates: retargeting replaces slots instead of growing an array.
///
/// The order of the live segments is not kept (removal moves the last one into the gap); the
/// animator only ever sums over them.
struct SegmentStore: Sendable {
    /// How many segments can be in flight at once.
    static let capacity = InlineSlots<SpringSegment>.capacity

    private var slots = InlineSlots(repeating: SpringSegment.rest)
    /// The number of live segments, at the front of the storage.
    private(set) var count = 0

    init() {}

    var isFull: Bool { count == Self.capacity }

    subscript(index: Int) -> SpringSegment {
        @inline(__always)
        get {
            precondition(index >= 0 && index < count, "segment index out of range")
            return slots[index]
        }
        set {
            precondition(index >= 0 && index < count, "segment index out of range")
            slots[index] = newValue
        }
    }

    /// Calls `body` with each live segment, in order (``InlineSlots/forEach(upTo:_:)``).
    @inline(__always)
    func forEach(_ body: (SpringSegment) -> Void) { slots.forEach(upTo: count, body) }

    /// The sum of the segments' largest distances still to come after `time`
    /// (``SpringSegment/peak(after:displacement:)``), in order.
    @inline(__always)
    func remainingPeak(at time: Double) -> Double {
        var peak = 0.0
        forEach { segment in
            let state = segment.state(at: time)
            peak += segment.peak(after: time, displacement: state.displacement)
        }
        return peak
    }

    mutating func append(_ segment: SpringSegment) {
        precondition(count < Self.capacity, "segment storage is full")
        count += 1
        self[count - 1] = segment
    }

    /// Removes the segment at `index` by moving the last one into its place.
    mutating func remove(at index: Int) {
        self[index] = self[count - 1]
        count -= 1
    }

    mutating func removeAll() { count = 0 }
}
