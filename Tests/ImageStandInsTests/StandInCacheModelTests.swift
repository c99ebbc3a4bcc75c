import ImageStandIns
import Testing

/// SplitMix64 (Steele, Lea and Flood 2014): a seeded generator, so every random case can be
/// run again from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The rules of ``StandInCache`` written as plainly as possible: a list of entries, most
/// recently used first, scanned from end to end on every call.
struct ReferenceCache {
    struct Entry {
        var source: Int
        var width: Int
        var height: Int
        var scale: Double
        var cost: Int
        var image: Int
    }

    let costLimit: Int
    var entries: [Entry] = []

    var totalCost: Int { entries.reduce(0) { $0 + $1.cost } }

    mutating func insert(_ image: Int, source: Int, width: Int, height: Int, scale: Double, cost: Int) {
        entries.removeAll { $0.source == source && $0.width == width && $0.height == height && $0.scale == scale }
        guard cost <= costLimit else { return }
        entries.insert(
            Entry(source: source, width: width, height: height, scale: scale, cost: cost, image: image), at: 0)
        while totalCost > costLimit { entries.removeLast() }
    }

    mutating func lookup(source: Int, width: Int, height: Int, scale: Double) -> StandInHit<Int>? {
        if let index = entries.firstIndex(where: {
            $0.source == source && $0.width == width && $0.height == height && $0.scale == scale
        }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return .exact(entry.image)
        }
        // Sizes here are small, so areas and doubled sides are plain products.
        func rank(_ entry: Entry) -> (Int, Int, Double, Double) {
            (entry.width * entry.height, entry.width, -abs(entry.scale - scale), entry.scale)
        }
        let candidates = entries.indices.filter {
            entries[$0].source == source && 2 * entries[$0].width >= width && 2 * entries[$0].height >= height
        }
        guard let best = candidates.max(by: { rank(entries[$0]) < rank(entries[$1]) }) else { return nil }
        let entry = entries.remove(at: best)
        entries.insert(entry, at: 0)
        return .standIn(entry.image, pixelWidth: entry.width, pixelHeight: entry.height)
    }

    mutating func remove(source: Int) {
        entries.removeAll { $0.source == source }
    }

    var entriesByRecency: [StandInEntry<Int>] {
        entries.map {
            StandInEntry(
                source: $0.source, pixelWidth: $0.width, pixelHeight: $0.height, scale: $0.scale, cost: $0.cost)
        }
    }
}

@Suite("StandInCache against a reference model")
struct StandInCacheModelTests {
    /// Sides of 1…12 pixels against requests of 1…24 meet every edge of the half rule often;
    /// four scales make scale mismatches and scale ties; costs sometimes exceed the limit.
    @Test("Random operation sequences give the same answers, entries, order and total cost", arguments: 0..<200)
    func randomSequence(seed: UInt64) {
        Self.check(seed: seed, sources: 5, make: { $0 }, value: { $0 })
    }

    /// Sources whose hashes take two values: every probe of the exact index walks a long
    /// cluster, and each removal moves entries back across it.
    @Test("The same with sources whose hashes collide, and more of them", arguments: 0..<100)
    func collidingSources(seed: UInt64) {
        Self.check(seed: seed, sources: 40, make: { CollidingSource(value: $0) }, value: \.value)
    }

    static func check<Source: Hashable & Sendable>(
        seed: UInt64, sources: Int, make: (Int) -> Source, value: (Source) -> Int
    ) {
        var random = SplitMix64(seed: seed)
        let costLimit = [0, 1, 10, 40, 100][Int(seed % 5)]
        let cache = StandInCache<Source, Int>(costLimit: costLimit)
        var model = ReferenceCache(costLimit: costLimit)
        let scales = [1, 2, 3, 1.5]
        for operation in 0..<300 {
            let source = Int.random(in: 0..<sources, using: &random)
            let scale = scales[Int.random(in: 0..<scales.count, using: &random)]
            let comment = Comment(rawValue: "seed \(seed), operation \(operation)")
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<45:
                let width = Int.random(in: 1...12, using: &random)
                let height = Int.random(in: 1...12, using: &random)
                let cost = Int.random(in: 0...(costLimit / 2 + 2), using: &random)
                cache.insert(
                    operation, source: make(source), pixelWidth: width, pixelHeight: height, scale: scale, cost: cost)
                model.insert(operation, source: source, width: width, height: height, scale: scale, cost: cost)
            case 45..<93:
                let width = Int.random(in: 1...24, using: &random)
                let height = Int.random(in: 1...24, using: &random)
                let hit = cache.lookup(source: make(source), pixelWidth: width, pixelHeight: height, scale: scale)
                #expect(hit == model.lookup(source: source, width: width, height: height, scale: scale), comment)
            case 93..<99:
                cache.remove(source: make(source))
                model.remove(source: source)
            default:
                cache.removeAll()
                model.entries.removeAll()
            }
            #expect(cache.totalCost == model.totalCost, comment)
            let entries = cache.entriesByRecency.map {
                StandInEntry(
                    source: value($0.source),
                    pixelWidth: $0.pixelWidth, pixelHeight: $0.pixelHeight, scale: $0.scale, cost: $0.cost)
            }
            #expect(entries == model.entriesByRecency, comment)
            #expect(cache.brokenInvariant() == nil, comment)
            if entries != model.entriesByRecency { return }
        }
    }
}

/// A source whose hash is its value's parity: equal sources hash alike, as they must, and half
/// of all sources share each hash.
struct CollidingSource: Hashable, Sendable {
    var value: Int

    static func == (a: Self, b: Self) -> Bool { a.value == b.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value & 1) }
}
