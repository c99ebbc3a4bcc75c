import Testing

@testable import HingeKit

@Suite("InlineSlots: eight inline values behave as an eight-element array")
struct InlineSlotsTests {
    /// Random writes, reads and prefix walks, each checked against a plain `Array` that has had
    /// the same writes (the oracle): exact equality, since the values are only stored.
    @Test("Writes, reads and forEach(upTo:) match an Array given the same writes", arguments: 0..<UInt64(20))
    func matchesArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let first = Double.random(in: -1...1, using: &random)
        var slots = InlineSlots(repeating: first)
        var oracle = [Double](repeating: first, count: 8)
        #expect(InlineSlots<Double>.capacity == oracle.count)
        for _ in 0..<500 {
            let index = Int.random(in: 0..<8, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let value = Double.random(in: -1e6...1e6, using: &random)
                slots[index] = value
                oracle[index] = value
            case 1:
                #expect(slots[index] == oracle[index])
            default:
                let count = Int.random(in: -1...8, using: &random)
                var seen: [Double] = []
                slots.forEach(upTo: count) { seen.append($0) }
                #expect(seen == Array(oracle.prefix(max(count, 0))))
            }
        }
        #expect((0..<8).map { slots[$0] } == oracle)
    }

    @Test("A copy is a value: writing to it leaves the original as it was")
    func valueSemantics() {
        var original = InlineSlots(repeating: "a")
        original[3] = "d"
        var copy = original
        copy[3] = "x"
        copy[7] = "y"
        #expect((0..<8).map { original[$0] } == ["a", "a", "a", "d", "a", "a", "a", "a"])
        #expect((0..<8).map { copy[$0] } == ["a", "a", "a", "x", "a", "a", "a", "y"])
    }

    @Test("An index outside 0..<8 traps instead of reading another slot")
    func outOfRange() async {
        await #expect(processExitsWith: .failure) {
            let slots = InlineSlots(repeating: 0)
            _ = slots[8]
        }
        await #expect(processExitsWith: .failure) {
            var slots = InlineSlots(repeating: 0)
            slots[-1] = 1
        }
    }
}
