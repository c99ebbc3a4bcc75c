internal import HingeSupport

/// A fixed number of ``SpringSegment``s stored inline, so that a ``SpringAnimator`` never
/// allocates: retargeting replaces slots instead of growing an array.
///
/// The order of the live segments is not kept (removal moves the last one into the gap); the
/// animator only ever sums over them.
struct SegmentStore: Sendable {
    /// How many segments can be in flight at once.
    static let capacity = 8

    private var slots:
        (
            SpringSegment, SpringSegment, SpringSegment, SpringSegment, SpringSegment,
            SpringSegment, SpringSegment, SpringSegment
        )
    /// The number of live segments, at the front of the storage.
    private(set) var count = 0

    init() {
        let rest = SpringSegment.rest
        slots = (rest, rest, rest, rest, rest, rest, rest, rest)
    }

    var isFull: Bool { count == Self.capacity }

    subscript(index: Int) -> SpringSegment {
        // Inlined, a read loads only the fields its caller uses; called, it returns all of a
        // segment (more than 128 bytes) through memory.
        @inline(__always)
        get {
            precondition(index >= 0 && index < count, "segment index out of range")
            // A switch reads the one slot in place; taking a pointer to the tuple
            // (`withUnsafePointer(to: slots)`) copied all eight slots, 960 bytes, on every read.
            switch index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            case 4: return slots.4
            case 5: return slots.5
            case 6: return slots.6
            default: return slots.7
            }
        }
        set {
            precondition(index >= 0 && index < count, "segment index out of range")
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            case 3: slots.3 = newValue
            case 4: slots.4 = newValue
            case 5: slots.5 = newValue
            case 6: slots.6 = newValue
            default: slots.7 = newValue
            }
        }
    }

    /// Calls `body` with each live segment, in order.
    ///
    /// Slot by slot with no loop: the per-frame sum reads only the slots in use, where a loop
    /// over the subscript lets the optimiser load all eight before it starts.
    @inline(__always)
    func forEach(_ body: (SpringSegment) -> Void) {
        guard count > 0 else { return }
        body(slots.0)
        guard count > 1 else { return }
        body(slots.1)
        guard count > 2 else { return }
        body(slots.2)
        guard count > 3 else { return }
        body(slots.3)
        guard count > 4 else { return }
        body(slots.4)
        guard count > 5 else { return }
        body(slots.5)
        guard count > 6 else { return }
        body(slots.6)
        guard count > 7 else { return }
        body(slots.7)
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
