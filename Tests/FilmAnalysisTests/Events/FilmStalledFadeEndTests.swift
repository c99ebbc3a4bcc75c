import FilmAnalysis
import Frames
import Testing

/// A fade whose end came after a stall (issue 35, round 17). A grab at a variable rate kept
/// `tune/settings-light-960x540-vfr-h264-s261`'s 400 ms linear theme fade in frames 17–34 ms
/// apart up to 0.74 of the new page (5483), then no frame for 250 ms, then the new page (5733):
/// the stretch was named a crossfade ending at 5483 and the step after the hole a cut. The film
/// is drawn pixel by pixel with a known share α of the new page per frame, at s261's times; the
/// truth is its script: one crossfade from the first frame past 5 % to the new page, no cut.
@Suite("A fade whose end came after a stall")
struct FilmStalledFadeEndTests {
    /// The settings list (α 0) fading into the page of cards (α 1), one frame per α of `alphas`
    /// at `times` (ms), then `tail` (a page drawn after it, or none), under FilmBareTests's bars,
    /// with blocky noise of ± 0.003.
    static func film(alphas: [Double], times: [Int], tail: [(Frame, Int)] = []) -> [FilmFrame] {
        let (a, b) = (FilmStrayFrameTests.page(1), FilmBareTests.page(2))
        let pictures = alphas.enumerated().map { index, alpha in
            FilmBareTests.frame { x, y in
                alpha * b(x, y) + (1 - alpha) * a(x, y)
                    + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.003)
            }
        }
        return FilmBareTests.film(pictures + tail.map(\.0), times: times + tail.map(\.1))
    }

    /// s261's fade as its truth reads it: the list for 200 ms, the shares from 5200 to 5483,
    /// 17–34 ms apart.
    static let alphas =
        [0, 0, 0, 0] + [0.089, 0.118, 0.154, 0.214, 0.278, 0.316, 0.376, 0.44, 0.482, 0.532, 0.574]
        + [0.654, 0.739]
    static let times =
        [5000, 5050, 5100, 5150] + [5200, 5217, 5233, 5250, 5267, 5283, 5317, 5333, 5350, 5383, 5417]
        + [5450, 5483]

    @Test("a fade held 250 ms at 0.74, then the new page: one crossfade to the new page, no cut")
    func stalledEnd() throws {
        // The new page 250 ms after the last blend, then held.
        let events = FilmEventDetector().events(
            in: Self.film(alphas: Self.alphas + [1, 1, 1, 1], times: Self.times + [5733, 5767, 5800, 5833]))
        // Two frame periods at 60 fps, the scorer's slack.
        let slack = 34
        #expect(!events.contains { $0.kind == .cut }, "\(events)")
        let fade = try #require(events.first { $0.kind == .crossfade }, "\(events)")
        #expect(abs(fade.start - 5200) <= slack && abs(fade.end - 5733) <= slack, "\(fade)")
    }

    @Test("a fade that reached its page, then another page 250 ms later: a crossfade and a cut")
    func fadeThenCut() throws {
        // The fade reaches the cards at 5500; a third page (the list upside down) at 5750.
        let a = FilmStrayFrameTests.page(1)
        let third = FilmBareTests.frame { x, y in a(x, FilmBareTests.height - 1 - y) }
        let tail = [5750, 5783, 5817, 5850].map { (third, $0) }
        let frames = Self.film(alphas: Self.alphas + [1, 1], times: Self.times + [5500, 5517], tail: tail)
        let events = FilmEventDetector().events(in: frames)
        let fade = try #require(events.first { $0.kind == .crossfade }, "\(events)")
        #expect(abs(fade.end - 5500) <= 34, "\(fade)")
        #expect(events.contains { $0.kind == .cut && $0.start == 5750 }, "\(events)")
    }
}
