import FilmAnalysis
import Frames
import Testing

/// A two-layer fade between pages alike enough that their content gives no fit, read from its
/// dip (issue 35, round 18). Both layers of a dark page fade at once over the black window
/// (α·B + (1 − α)²·A) into the same page with two rows redrawn, while the status and
/// navigation bars keep their colours: the content changes less than `smallest-blend` from A to
/// B (`tune/settings-dark-720x1280-vfr-h264`, 2667–2850: 0.0075), so no blend of A and B is
/// fitted there and round 17's rules name nothing in that film; drawn here, they read a fade
/// whose dip is 0.06 short. The film is drawn pixel by pixel with a known α per
/// frame (the oracle, that film's truth): the crossfade starts at the first frame with α ≥ 0.05
/// and ends at the first with α ≥ 0.95, found within two frame periods and 1 ms (34 ms), as the
/// recorded corpora are scored.
@Suite("A two-layer fade between pages alike is read from its dip")
struct FilmDipFadeTests {
    /// The page after the fade: `FilmDipScaleTests.map(1)` but for two rows from `map(2)`.
    static func alike(_ x: Int, _ y: Int) -> Double {
        y >= 200 && y < 202 ? FilmDipScaleTests.map(2)(x, y) : FilmDipScaleTests.map(1)(x, y)
    }

    /// `settings-dark-720x1280-vfr-h264`'s fade as its truth reads it (dip 0.241).
    static let alphas = [0.176, 0.337, 0.394, 0.605, 0.68, 0.778, 0.874]

    /// The film: 4 frames of `map(1)`, one frame per α of `alphas`, 4 of ``alike(_:_:)``, 17 ms
    /// apart from 1000 ms, under an encoder's error of up to ± 0.002 in each tile's mean.
    static func film(alphas: [Double]) -> [FilmFrame] {
        let a = FilmDipScaleTests.map(1)
        let shown = Array(repeating: 0.0, count: 4) + alphas + Array(repeating: 1.0, count: 4)
        let pictures = shown.enumerated().map { index, alpha in
            FilmBareTests.frame { x, y in
                alpha * alike(x, y) + (1 - alpha) * (1 - alpha) * a(x, y)
                    + FilmDipScaleTests.dcError(x, y, frame: index, amount: 0.002)
            }
        }
        return FilmBareTests.film(pictures)
    }

    @Test("a two-layer fade between pages alike: one crossfade at its edges")
    func dipAlone() throws {
        let frames = Self.film(alphas: Self.alphas)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        // Round 17's rules read 1051–1153 with a dip of 0.18 (its edges 17 and 34 ms early).
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        let time = { (level: Double) in frames[4 + (Self.alphas.firstIndex { $0 >= level } ?? Self.alphas.count)].time }
        #expect(abs(fade.start - time(0.05)) <= 34 && abs(fade.end - time(0.95)) <= 34, "\(fade)")
        // The dip read is the film's: at most ¼, here 0.235 at α = 0.394 (± 0.05 for the error).
        #expect(abs(fade.dip - 0.239) <= 0.05, "\(fade)")
    }

    @Test("a dip that falls and rises again is no crossfade")
    func dipTwice() {
        // α going forward and back: the dip rises, falls and rises again by more than 0.05.
        let alphas = [0.176, 0.5, 0.9, 0.5, 0.874]
        let events = FilmEventDetector().events(in: Self.film(alphas: alphas))
        #expect(!events.contains { $0.kind == .crossfade }, "\(events)")
    }

}
