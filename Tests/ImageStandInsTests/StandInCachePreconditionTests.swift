import ImageStandIns
import Testing

/// Programmer errors trap with a message that names the argument. Each case runs in a child
/// process (an exit test); the message is read from its standard error, where a debug build
/// prints it (an optimised build traps without the text).
@Suite("StandInCache: programmer errors trap")
struct StandInCachePreconditionTests {
    static func expectMessage(_ result: ExitTest.Result?, _ message: String) {
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains(message), "standard error: \(text)")
    }

    @Test("A negative cost limit")
    func negativeCostLimit() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StandInCache<String, Int>(costLimit: -1)
        }
        Self.expectMessage(result, "costLimit must not be negative, got -1")
    }

    @Test("A width of 0 in an insertion")
    func zeroWidthInsertion() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StandInCache<String, Int>(costLimit: 1).insert(1, source: "a", pixelWidth: 0, pixelHeight: 1, cost: 1)
        }
        Self.expectMessage(result, "pixelWidth must be positive, got 0")
    }

    @Test("A negative height in an insertion")
    func negativeHeightInsertion() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StandInCache<String, Int>(costLimit: 1).insert(1, source: "a", pixelWidth: 1, pixelHeight: -2, cost: 1)
        }
        Self.expectMessage(result, "pixelHeight must be positive, got -2")
    }

    @Test("A negative cost")
    func negativeCost() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StandInCache<String, Int>(costLimit: 1).insert(1, source: "a", pixelWidth: 1, pixelHeight: 1, cost: -1)
        }
        Self.expectMessage(result, "cost must not be negative, got -1")
    }

    @Test("A scale that is not a number, in an insertion")
    func nanScaleInsertion() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StandInCache<String, Int>(costLimit: 1).insert(
                1, source: "a", pixelWidth: 1, pixelHeight: 1, scale: .nan, cost: 1)
        }
        Self.expectMessage(result, "scale must be finite and positive, got nan")
    }

    @Test("A width of 0 in a lookup")
    func zeroWidthLookup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StandInCache<String, Int>(costLimit: 1).lookup(source: "a", pixelWidth: 0, pixelHeight: 1)
        }
        Self.expectMessage(result, "pixelWidth must be positive, got 0")
    }

    @Test("A height of 0 in a lookup")
    func zeroHeightLookup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StandInCache<String, Int>(costLimit: 1).lookup(source: "a", pixelWidth: 1, pixelHeight: 0)
        }
        Self.expectMessage(result, "pixelHeight must be positive, got 0")
    }

    @Test("An infinite scale in a lookup")
    func infiniteScaleLookup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StandInCache<String, Int>(costLimit: 1).lookup(
                source: "a", pixelWidth: 1, pixelHeight: 1, scale: .infinity)
        }
        Self.expectMessage(result, "scale must be finite and positive, got inf")
    }

    @Test("A scale of 0 in a lookup")
    func zeroScaleLookup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StandInCache<String, Int>(costLimit: 1).lookup(source: "a", pixelWidth: 1, pixelHeight: 1, scale: 0)
        }
        Self.expectMessage(result, "scale must be finite and positive, got 0.0")
    }

    @Test("The edges of the valid range do not trap")
    func edgesAreValid() {
        let cache = StandInCache<String, Int>(costLimit: 0)
        cache.insert(1, source: "a", pixelWidth: 1, pixelHeight: 1, scale: .leastNonzeroMagnitude, cost: 0)
        cache.insert(2, source: "a", pixelWidth: .max, pixelHeight: .max, scale: .greatestFiniteMagnitude, cost: 0)
        #expect(cache.lookup(source: "a", pixelWidth: 1, pixelHeight: 1, scale: .leastNonzeroMagnitude) == .exact(1))
        #expect(cache.totalCost == 0)
    }
}
