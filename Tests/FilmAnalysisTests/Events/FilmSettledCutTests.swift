import FilmAnalysis
import Frames
import Testing

/// A cut the codec settles (round 16): an encoder draws the new page in one large step and
/// sharpens it over the next frame (`tune/map-light-720x1280-30-vp9-s250`: the frame of the cut
/// read 0.931 of the new page, the next 0.988; `tune/settings-dark-960x540-vfr-hevc-s202`:
/// 0.946, then 0.953), and round 15's rules named a crossfade of one frame or two. The film is
/// drawn pixel by pixel with a known share α of the new page per frame.
@Suite("A cut the codec settles is a cut")
struct FilmSettledCutTests {
    /// The film: 4 frames of a settings list, one frame per α of `alphas` (`α·B + (1 − α)·A`),
    /// 4 of a page of cards, 17 ms apart under FilmBareTests's bars, with blocky noise of ± 0.003.
    static func film(alphas: [Double]) -> [FilmFrame] {
        let (a, b) = (FilmStrayFrameTests.page(1), FilmBareTests.page(2))
        let shown = Array(repeating: 0.0, count: 4) + alphas + Array(repeating: 1.0, count: 4)
        let pictures = shown.enumerated().map { index, alpha in
            FilmBareTests.frame { x, y in
                alpha * b(x, y) + (1 - alpha) * a(x, y)
                    + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.003)
            }
        }
        return FilmBareTests.film(pictures)
    }

    @Test("a cut reading 0.931 of the new page, then 0.988: one cut at its first frame, no crossfade")
    func settledCut() throws {
        // -s250's frames after the cut, as their shares read.
        let alphas = [0.931, 0.988, 0.993, 0.999]
        let frames = Self.film(alphas: alphas)
        let events = FilmEventDetector().events(in: frames)
        let cut = try #require(events.first { $0.kind == .cut }, "\(events)")
        #expect(!events.contains { $0.kind == .crossfade }, "\(events)")
        #expect(cut.start == frames[4].time, "\(cut)")
    }

    @Test("a short fade of two blend frames (0.4, 0.8) stays a crossfade")
    func shortFadeStays() {
        let events = FilmEventDetector().events(in: Self.film(alphas: [0.4, 0.8]))
        #expect(events.contains { $0.kind == .crossfade } && !events.contains { $0.kind == .cut }, "\(events)")
    }

    @Test("a fade grabbed at two frames, 0.05 and 0.75, stays a crossfade")
    func lateBlendFrameStays() {
        // A grab at a variable rate that caught a fade's start and its middle (cf. -s225).
        let events = FilmEventDetector().events(in: Self.film(alphas: [0.05, 0.75]))
        #expect(events.contains { $0.kind == .crossfade } && !events.contains { $0.kind == .cut }, "\(events)")
    }

    @Test("a fade of one blend frame half-way stays a crossfade")
    func oneBlendFrameStays() {
        let events = FilmEventDetector().events(in: Self.film(alphas: [0.5]))
        #expect(events.contains { $0.kind == .crossfade } && !events.contains { $0.kind == .cut }, "\(events)")
    }
}
