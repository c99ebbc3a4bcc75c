/// Eight values stored inline, in the value itself: what ``SegmentStore`` keeps its springs in
/// and ``UnfoldDriver`` its stages, so neither allocates.
///
/// ```swift
/// var slots = InlineSlots(repeating: 0.0)
/// slots[2] = 1.5
/// slots.forEach(upTo: 3) { print($0) }   // 0.0, 0.0, 1.5
/// ```
///
/// A tuple, not an array: an array is a heap allocation and a reference count, which the
/// per-sample and per-frame paths may not have (docs/performance.md). Every slot always holds
/// a value (the one it was made with until it is set); which of them are in use is the
/// owner's business.
struct InlineSlots<Element> {
    /// How many values the slots hold.
    static var capacity: Int { 8 }

    private var storage: (Element, Element, Element, Element, Element, Element, Element, Element)

    /// Eight slots holding `value`.
    init(repeating value: Element) {
        storage = (value, value, value, value, value, value, value, value)
    }

    /// The value in slot `index`, 0 ..< ``capacity``.
    ///
    /// - Complexity: O(1); a switch reads or writes the one slot in place, where taking a
    ///   pointer to the tuple (`withUnsafePointer(to:)`) copied all eight on every read.
    subscript(index: Int) -> Element {
        // Inlined, a read loads only the fields its caller uses; called, it returns a whole
        // element (a spring segment is more than 128 bytes) through memory.
        @inline(__always)
        get {
            precondition(index >= 0 && index < Self.capacity, "slot index out of range")
            switch index {
            case 0: return storage.0
            case 1: return storage.1
            case 2: return storage.2
            case 3: return storage.3
            case 4: return storage.4
            case 5: return storage.5
            case 6: return storage.6
            default: return storage.7
            }
        }
        @inline(__always)
        set {
            precondition(index >= 0 && index < Self.capacity, "slot index out of range")
            switch index {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            case 3: storage.3 = newValue
            case 4: storage.4 = newValue
            case 5: storage.5 = newValue
            case 6: storage.6 = newValue
            default: storage.7 = newValue
            }
        }
    }

    /// Calls `body` with the values of slots 0 ..< `count`, in order (`count` at most
    /// ``capacity``; 0 or less calls nothing).
    ///
    /// Slot by slot with no loop: a per-frame sum reads only the slots in use, where a loop
    /// over the subscript lets the optimiser load all eight before it starts.
    @inline(__always)
    func forEach(upTo count: Int, _ body: (Element) -> Void) {
        precondition(count <= Self.capacity, "more slots asked for than there are")
        guard count > 0 else { return }
        body(storage.0)
        guard count > 1 else { return }
        body(storage.1)
        guard count > 2 else { return }
        body(storage.2)
        guard count > 3 else { return }
        body(storage.3)
        guard count > 4 else { return }
        body(storage.4)
        guard count > 5 else { return }
        body(storage.5)
        guard count > 6 else { return }
        body(storage.6)
        guard count > 7 else { return }
        body(storage.7)
    }
}

extension InlineSlots: Sendable where Element: Sendable {}
