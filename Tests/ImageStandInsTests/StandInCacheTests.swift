import ImageStandIns
import Testing

/// One step of a scripted case: images are numbered so that a hit says which one was found.
enum Step: Sendable {
    case insert(Int, source: String, _ width: Int, _ height: Int, scale: Double = 1, cost: Int = 1)
    case lookup(source: String, _ width: Int, _ height: Int, scale: Double = 1, expect: StandInHit<Int>?)
    case remove(source: String)
    case removeAll
    /// The entries, most recently used first, as "source width×height@scale".
    case entries([String])
    case totalCost(Int)
}

/// A scripted case: a cost limit and the steps to run on a fresh cache.
struct Script: CustomTestStringConvertible, Sendable {
    var name: String
    var costLimit = 1000
    var steps: [Step]

    var testDescription: String { name }
}

extension StandInEntry<String> {
    var text: String {
        let scaleText = scale == scale.rounded() ? "\(Int(scale))" : "\(scale)"
        return "\(source) \(pixelWidth)×\(pixelHeight)@\(scaleText)"
    }
}

@Suite("StandInCache: the rules, case by case")
struct StandInCacheTests {
    static let scripts: [Script] = [
        Script(
            name: "an exact request finds its entry",
            steps: [
                .insert(1, source: "a", 200, 300, scale: 2),
                .lookup(source: "a", 200, 300, scale: 2, expect: .exact(1)),
            ]),
        Script(
            name: "an exact entry wins over a larger decode",
            steps: [
                .insert(1, source: "a", 400, 400), .insert(2, source: "a", 200, 200),
                .lookup(source: "a", 200, 200, expect: .exact(2)),
            ]),
        Script(
            name: "a decode of exactly half the size stands in",
            steps: [
                .insert(1, source: "a", 100, 150),
                .lookup(source: "a", 200, 300, expect: .standIn(1, pixelWidth: 100, pixelHeight: 150)),
            ]),
        Script(
            name: "a decode one pixel narrower than half does not",
            steps: [.insert(1, source: "a", 99, 150), .lookup(source: "a", 200, 300, expect: nil)]),
        Script(
            name: "a decode one pixel shorter than half does not",
            steps: [.insert(1, source: "a", 100, 149), .lookup(source: "a", 200, 300, expect: nil)]),
        Script(
            name: "half of an odd size rounds up: 100 is under half of 201, 101 is not",
            steps: [
                .insert(1, source: "a", 100, 100), .lookup(source: "a", 201, 200, expect: nil),
                .insert(2, source: "a", 101, 100),
                .lookup(source: "a", 201, 200, expect: .standIn(2, pixelWidth: 101, pixelHeight: 100)),
            ]),
        Script(
            name: "of several decodes the largest area that qualifies stands in, even one larger than asked",
            steps: [
                .insert(1, source: "a", 60, 60), .insert(2, source: "a", 120, 120), .insert(3, source: "a", 400, 400),
                .insert(4, source: "a", 90, 900),
                .lookup(source: "a", 200, 200, expect: .standIn(3, pixelWidth: 400, pixelHeight: 400)),
            ]),
        Script(
            name: "of several smaller decodes the largest stands in; another source never does",
            steps: [
                .insert(1, source: "a", 100, 100), .insert(2, source: "a", 150, 150), .insert(3, source: "b", 300, 300),
                .lookup(source: "a", 200, 200, expect: .standIn(2, pixelWidth: 150, pixelHeight: 150)),
                .lookup(source: "c", 300, 300, expect: nil),
            ]),
        Script(
            name: "a scale mismatch is not exact: the same pixels stand in",
            steps: [
                .insert(1, source: "a", 200, 200, scale: 2),
                .lookup(source: "a", 200, 200, scale: 3, expect: .standIn(1, pixelWidth: 200, pixelHeight: 200)),
                .lookup(source: "a", 200, 200, scale: 2, expect: .exact(1)),
            ]),
        Script(
            name: "equal areas: the larger width stands in",
            steps: [
                .insert(1, source: "a", 200, 100), .insert(2, source: "a", 100, 200),
                .lookup(source: "a", 150, 150, expect: .standIn(1, pixelWidth: 200, pixelHeight: 100)),
            ]),
        Script(
            name: "equal sizes: the closer scale stands in, then the larger, whatever the order of use",
            steps: [
                .insert(1, source: "a", 200, 200, scale: 1), .insert(2, source: "a", 200, 200, scale: 3),
                .lookup(source: "a", 200, 200, scale: 1.5, expect: .standIn(1, pixelWidth: 200, pixelHeight: 200)),
                .lookup(source: "a", 200, 200, scale: 2, expect: .standIn(2, pixelWidth: 200, pixelHeight: 200)),
                .lookup(source: "a", 200, 200, scale: 2, expect: .standIn(2, pixelWidth: 200, pixelHeight: 200)),
            ]),
        Script(
            name: "inserting an existing key replaces its image and cost",
            steps: [
                .insert(1, source: "a", 200, 200, cost: 10), .insert(2, source: "a", 200, 200, cost: 30),
                .lookup(source: "a", 200, 200, expect: .exact(2)), .totalCost(30), .entries(["a 200×200@1"]),
            ]),
        Script(
            name: "eviction removes the least recently inserted or returned, exact or stand-in",
            costLimit: 30,
            steps: [
                .insert(1, source: "a", 10, 10, cost: 10), .insert(2, source: "b", 10, 10, cost: 10),
                .insert(3, source: "c", 10, 10, cost: 10), .lookup(source: "a", 10, 10, expect: .exact(1)),
                .insert(4, source: "d", 10, 10, cost: 10),
                .entries(["d 10×10@1", "a 10×10@1", "c 10×10@1"]),
                .lookup(source: "c", 20, 20, expect: .standIn(3, pixelWidth: 10, pixelHeight: 10)),
                .insert(5, source: "e", 10, 10, cost: 15),
                .entries(["e 10×10@1", "c 10×10@1"]), .totalCost(25),
                .lookup(source: "b", 10, 10, expect: nil), .lookup(source: "a", 10, 10, expect: nil),
            ]),
        Script(
            name: "a replacement is the most recently used; a dearer one evicts the oldest",
            costLimit: 30,
            steps: [
                .insert(1, source: "a", 10, 10, cost: 10), .insert(2, source: "b", 10, 10, cost: 10),
                .insert(3, source: "a", 10, 10, cost: 20),
                .entries(["a 10×10@1", "b 10×10@1"]), .totalCost(30),
                .insert(4, source: "b", 10, 10, cost: 15), .entries(["b 10×10@1"]), .totalCost(15),
            ]),
        Script(
            name: "with a cost limit of 0 only entries of cost 0 are kept",
            costLimit: 0,
            steps: [
                .insert(1, source: "a", 10, 10, cost: 1), .lookup(source: "a", 10, 10, expect: nil), .entries([]),
                .insert(2, source: "a", 10, 10, cost: 0), .insert(3, source: "b", 10, 10, cost: 0),
                .lookup(source: "a", 10, 10, expect: .exact(2)), .totalCost(0),
                .entries(["a 10×10@1", "b 10×10@1"]),
            ]),
        Script(
            name: "an entry dearer than the limit is not kept and evicts nothing",
            costLimit: 100,
            steps: [
                .insert(1, source: "a", 10, 10, cost: 50), .insert(2, source: "b", 10, 10, cost: 101),
                .lookup(source: "b", 10, 10, expect: nil), .entries(["a 10×10@1"]), .totalCost(50),
            ]),
        Script(
            name: "an entry dearer than the limit removes the entry with its key",
            costLimit: 100,
            steps: [
                .insert(1, source: "a", 10, 10, cost: 50), .insert(2, source: "a", 20, 20, cost: 10),
                .insert(3, source: "a", 10, 10, cost: 101),
                .lookup(source: "a", 10, 10, expect: .standIn(2, pixelWidth: 20, pixelHeight: 20)),
                .entries(["a 20×20@1"]), .totalCost(10),
            ]),
        Script(
            name: "an entry that costs exactly the limit is kept and evicts the rest",
            costLimit: 100,
            steps: [
                .insert(1, source: "a", 10, 10, cost: 1), .insert(2, source: "b", 10, 10, cost: 100),
                .entries(["b 10×10@1"]), .totalCost(100),
            ]),
        Script(
            name: "remove(source:) forgets every decode of that source only",
            steps: [
                .insert(1, source: "a", 10, 10, cost: 1), .insert(2, source: "a", 20, 20, scale: 2, cost: 2),
                .insert(3, source: "b", 10, 10, cost: 4), .remove(source: "a"), .remove(source: "z"),
                .lookup(source: "a", 20, 20, scale: 2, expect: nil), .entries(["b 10×10@1"]), .totalCost(4),
            ]),
        Script(
            name: "removeAll forgets everything; the cache works on",
            steps: [
                .insert(1, source: "a", 10, 10, cost: 1), .insert(2, source: "b", 10, 10, cost: 4), .removeAll,
                .entries([]), .totalCost(0), .lookup(source: "a", 10, 10, expect: nil),
                .insert(3, source: "a", 10, 10, cost: 5), .lookup(source: "a", 10, 10, expect: .exact(3)),
                .totalCost(5),
            ]),
        Script(
            name: "huge sizes: halves and areas without overflow",
            steps: [
                .insert(1, source: "a", Int.max, 3), .insert(2, source: "a", Int.max / 2, 7),
                .lookup(source: "a", Int.max, Int.max, expect: nil),
                // Areas 3·(2⁶³ − 1) against 7·(2⁶² − 1): both overflow an Int; the second is larger.
                .lookup(source: "a", Int.max / 2, 3, expect: .standIn(2, pixelWidth: Int.max / 2, pixelHeight: 7)),
                .lookup(source: "a", Int.max, 3, expect: .exact(1)),
            ]),
    ]

    @Test("Scripted case", arguments: scripts)
    func script(_ script: Script) {
        let cache = StandInCache<String, Int>(costLimit: script.costLimit)
        for (number, step) in script.steps.enumerated() {
            let comment = Comment(rawValue: "step \(number + 1): \(step)")
            switch step {
            case .insert(let image, let source, let width, let height, let scale, let cost):
                cache.insert(image, source: source, pixelWidth: width, pixelHeight: height, scale: scale, cost: cost)
            case .lookup(let source, let width, let height, let scale, let expected):
                let hit = cache.lookup(source: source, pixelWidth: width, pixelHeight: height, scale: scale)
                #expect(hit == expected, comment)
            case .remove(let source):
                cache.remove(source: source)
            case .removeAll:
                cache.removeAll()
            case .entries(let expected):
                #expect(cache.entriesByRecency.map(\.text) == expected, comment)
            case .totalCost(let expected):
                #expect(cache.totalCost == expected, comment)
            }
            #expect(cache.brokenInvariant() == nil, comment)
        }
    }

    @Test("The default scale is 1")
    func defaultScale() {
        let cache = StandInCache<String, Int>(costLimit: 10)
        cache.insert(1, source: "a", pixelWidth: 10, pixelHeight: 10, cost: 1)
        #expect(cache.lookup(source: "a", pixelWidth: 10, pixelHeight: 10, scale: 1) == .exact(1))
        cache.insert(2, source: "a", pixelWidth: 10, pixelHeight: 10, scale: 2, cost: 1)
        #expect(cache.lookup(source: "a", pixelWidth: 10, pixelHeight: 10) == .exact(1))
    }

    /// A reference the test can watch: released when nothing holds it any more.
    final class Picture: Sendable {}

    /// An image that, when released, notes whether the cache's lock was held.
    final class Witness {
        let cache: StandInCache<String, Witness>
        let releasedUnderLock: ReleaseLog

        init(_ cache: StandInCache<String, Witness>, _ log: ReleaseLog) {
            (self.cache, releasedUnderLock) = (cache, log)
        }

        deinit { releasedUnderLock.values.append(cache.isLocked) }
    }

    final class ReleaseLog { var values: [Bool] = [] }

    @Test("Images are released after the lock is released, by every method that drops them")
    func imagesAreReleasedOutsideTheLock() {
        let cache = StandInCache<String, Witness>(costLimit: 2)
        let log = ReleaseLog()
        cache.insert(Witness(cache, log), source: "a", pixelWidth: 1, pixelHeight: 1, cost: 1)
        cache.insert(Witness(cache, log), source: "a", pixelWidth: 1, pixelHeight: 1, cost: 1)  // replaced
        cache.insert(Witness(cache, log), source: "b", pixelWidth: 1, pixelHeight: 1, cost: 1)
        cache.insert(Witness(cache, log), source: "c", pixelWidth: 1, pixelHeight: 1, cost: 1)  // evicts a
        cache.insert(Witness(cache, log), source: "c", pixelWidth: 1, pixelHeight: 1, cost: 3)  // too dear
        cache.insert(Witness(cache, log), source: "d", pixelWidth: 1, pixelHeight: 1, cost: 1)
        cache.remove(source: "b")
        cache.insert(Witness(cache, log), source: "e", pixelWidth: 1, pixelHeight: 1, cost: 1)
        cache.removeAll()
        // All seven: the replaced, the evicted, the one with the dear one's key, the dear one
        // itself (released by this function), the removed, and the two cleared.
        #expect(log.values == Array(repeating: false, count: 7))
    }

    @Test("Evicted, replaced and removed images are released, and so are the rest with the cache")
    func imagesAreReleased() {
        var cache: StandInCache<String, Picture>? = StandInCache(costLimit: 2)
        weak var evicted: Picture?
        weak var replaced: Picture?
        weak var removed: Picture?
        weak var cleared: Picture?
        weak var last: Picture?
        do {
            let pictures = (0..<4).map { _ in Picture() }
            (evicted, cleared, replaced, removed) = (pictures[0], pictures[1], pictures[2], pictures[3])
            cache?.insert(pictures[0], source: "a", pixelWidth: 1, pixelHeight: 1, cost: 1)
            cache?.insert(pictures[1], source: "b", pixelWidth: 1, pixelHeight: 1, cost: 1)
            cache?.insert(pictures[2], source: "c", pixelWidth: 1, pixelHeight: 1, cost: 1)
            cache?.insert(pictures[3], source: "c", pixelWidth: 1, pixelHeight: 1, cost: 1)
            cache?.remove(source: "c")
        }
        #expect(evicted == nil)
        #expect(replaced == nil)
        #expect(removed == nil)
        #expect(cleared != nil)
        cache?.removeAll()
        #expect(cleared == nil)
        do {
            let picture = Picture()
            last = picture
            cache?.insert(picture, source: "e", pixelWidth: 1, pixelHeight: 1, cost: 1)
        }
        #expect(last != nil)
        cache = nil
        #expect(last == nil)
    }
}
