import FilmAnalysis
import Frames
import Testing

/// A two-layer fade between two pages alike, read against its dip (issue 35, round 17). Both
/// layers of a map fade at once over the black window (α·B + (1 − α)²·A) into a map that
/// differs in one band, while the status and navigation bars keep their colours; the content
/// changes little from A to B (0.034 in its tile means), and the frames of the dip carry the encoder's error of a
/// frame that moved further than that (`tune/map-dark-540x1200-60-hevc-s91`: residuals
/// 0.15–0.22 of its change of 0.020), and round 16's rules named nothing. The film is drawn
/// pixel by pixel with a known blend position α per frame (the oracle): the crossfade starts at
/// the first frame with α ≥ 0.05 and ends at the first with α ≥ 0.95, found within two frame
/// periods and 1 ms (34 ms), as the recorded corpora are scored.
@Suite("A two-layer fade between pages alike is read against its dip")
struct FilmDipScaleTests {
    /// A hash of `values` in 0…1.
    static func hash(_ values: Int...) -> Double {
        var h = UInt64(truncatingIfNeeded: values.reduce(17) { $0 &* 1_000_003 ^ $1 })
        h = (h ^ (h >> 13)) &* 0x5bd1_e995
        h ^= h >> 15
        return Double(h % 1001) / 1000
    }

    /// The side of the detector's tiles on the drawn frames.
    static let tile = TileGrid(width: FilmBareTests.width, height: FilmBareTests.height).tileSize

    /// A map: blocks of 0.1…0.5 half a tile wide (streets, parks, water) under a fine texture
    /// of ± 0.03.
    static func map(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in
            0.1 + 0.4 * hash(seed, x / (tile / 2), y / (tile / 2))
                + 0.06 * (Double((x * 3 + y * 5 + seed * 11) % 23) / 23 - 0.5)
        }
    }

    /// The map after the fade: `map(1)` but for one band of rows drawn from `map(2)`.
    static func alike(_ x: Int, _ y: Int) -> Double { y >= 200 && y < 260 ? map(2)(x, y) : map(1)(x, y) }

    /// An encoder's error in the mean of each tile of frame `frame`, up to ± `amount`: a block's
    /// DC term, which moves a tile's mean and not its detail.
    static func dcError(_ x: Int, _ y: Int, frame: Int, amount: Double) -> Double {
        amount * (2 * hash(frame, x / tile, y / tile) - 1)
    }

    /// The film: 4 frames of `map(1)`, one frame per α of `alphas`, 4 of ``alike(_:_:)``, 17 ms
    /// apart from 1000 ms, under FilmBareTests's bars and pointer. The content area is
    /// `α·B + (1 − α)²·A` over the black window, under an error in each tile's mean that follows
    /// the dip (`dip · α(1 − α)`, at most a quarter of `dip`): an encoder's error grows with how
    /// far a frame moved.
    static func film(alphas: [Double], dip: Double) -> [FilmFrame] {
        let (a, b) = (Self.map(1), Self.alike)
        let shown = Array(repeating: 0.0, count: 4) + alphas + Array(repeating: 1.0, count: 4)
        let pictures = shown.enumerated().map { index, alpha in
            FilmBareTests.frame { x, y in
                alpha * b(x, y) + (1 - alpha) * (1 - alpha) * a(x, y)
                    + Self.dcError(x, y, frame: index, amount: dip * alpha * (1 - alpha))
            }
        }
        return FilmBareTests.film(pictures)
    }

    /// `-s91`'s first fade as its truth reads it (a 200 ms ease-in, 60 fps).
    static let alphas = [0.102, 0.148, 0.194, 0.291, 0.371, 0.393, 0.436, 0.55, 0.717, 0.812, 0.96]

    @Test("a two-layer fade between two maps alike, noisier in its dip: one crossfade at its edges")
    func dipBetweenAlikePages() throws {
        let frames = Self.film(alphas: Self.alphas, dip: 0.05)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        // Round 16's rules read the fade from its fifth frame only (1136–1238, 68 ms late):
        // the dip's residuals before it pass 0.15 of the change.
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        let time = { (level: Double) in frames[4 + (Self.alphas.firstIndex { $0 >= level } ?? 0)].time }
        #expect(abs(fade.start - time(0.05)) <= 34 && abs(fade.end - time(0.95)) <= 34, "\(fade)")
    }

    @Test("the same fade with two frames stepping back is still no crossfade")
    func twoFramesBack() {
        // The dip's scale forgives noise, not the course: two frames going back by 0.2.
        var alphas = Self.alphas
        (alphas[3], alphas[8]) = (0.09, 0.35)
        let events = FilmEventDetector().events(in: Self.film(alphas: alphas, dip: 0.05))
        #expect(!events.contains { $0.kind == .crossfade }, "\(events)")
    }
}
