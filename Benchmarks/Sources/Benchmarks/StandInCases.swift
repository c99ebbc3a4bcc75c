import ImageStandIns

/// A decoded picture as an app holds one: a reference to immutable pixels (as a `CGImage` is).
final class DecodedPoster {
    let id: Int

    init(id: Int) { self.id = id }
}

/// The cost of a `StandInCache` lookup that finds an image, the way an image view asks when a
/// bend builds it afresh: exactly, or for a size that only a stand-in can serve.
enum StandInCases {
    /// Every stand-in case.
    static let all: [(id: String, run: @Sendable (Int) -> (figure: Figure, checksum: Double))] = [
        ("stand-in.exact", exactHit), ("stand-in.stand-in", standInHit),
    ]

    /// A feed's posters as URLs, long enough that a `String` holds them on the heap.
    static let sources = (0..<512).map { "https://images.example.com/posters/\($0).jpg" }

    /// Each poster decoded at four sizes, from a thumbnail to the full-screen size (pixels at
    /// scale 3).
    static let sizes = [(120, 180), (300, 450), (600, 900), (900, 1350)]

    /// 512 posters × 4 decodes, costed in bytes, all within the limit.
    static func filledCache() -> StandInCache<String, DecodedPoster> {
        let cache = StandInCache<String, DecodedPoster>(costLimit: Int.max)
        for (index, source) in sources.enumerated() {
            for (size, (width, height)) in sizes.enumerated() {
                cache.insert(
                    DecodedPoster(id: index * sizes.count + size), source: source, pixelWidth: width,
                    pixelHeight: height, scale: 3, cost: width * height * 4)
            }
        }
        return cache
    }

    /// A lookup that finds its exact key: one hash of the URL and the size, then the image.
    static func exactHit(runs: Int) -> (figure: Figure, checksum: Double) {
        let cache = filledCache()
        let (sources, sizes) = (Self.sources, Self.sizes)
        var result = measurePerCall(
            "stand-in.exact", "StandInCache.lookup, exact hit", calls: 1_000_000, runs: runs, target: 100
        ) { index in
            let (width, height) = sizes[index & 3]
            let hit = cache.lookup(
                source: sources[(index >> 2) & 511], pixelWidth: width, pixelHeight: height, scale: 3)
            guard case .exact(let poster)? = hit else { fatalError("no exact hit") }
            return Double(poster.id)
        }
        result.figure.note = "String URLs, 2048 entries"
        return result
    }

    /// A lookup for a size no entry has (1200 × 1800): the exact probe misses, then the four
    /// decodes of the poster are compared and the 900 × 1350 one stands in.
    static func standInHit(runs: Int) -> (figure: Figure, checksum: Double) {
        let cache = filledCache()
        let sources = Self.sources
        var result = measurePerCall(
            "stand-in.stand-in", "StandInCache.lookup, stand-in hit", calls: 1_000_000, runs: runs, target: nil
        ) { index in
            let hit = cache.lookup(source: sources[index & 511], pixelWidth: 1200, pixelHeight: 1800, scale: 3)
            guard case .standIn(let poster, _, _)? = hit else { fatalError("no stand-in") }
            return Double(poster.id)
        }
        result.figure.note = "4 decodes of the source compared"
        return result
    }
}
