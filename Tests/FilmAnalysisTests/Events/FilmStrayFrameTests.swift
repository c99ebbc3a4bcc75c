import FilmAnalysis
import Frames
import Testing

/// A two-layer fade of which one frame reads off its course (issue 35, round 15). Both layers of
/// a settings list fade at once over the window (α·B + (1 − α)²·A) while the status and
/// navigation bars keep their colours; at 60 fps an encoder redraws one frame of the fade's tail
/// a little behind the one before it (`tune/settings-light-720x1280-60-av1-s92`: its content
/// read 0.941, then 0.876, then 0.946, a step back of 0.065 where a blend may go back by 0.05),
/// and round 14's rules named nothing at all. The film is drawn pixel by pixel with a known
/// blend position α per frame: the crossfade starts at the first frame with α ≥ 0.05 and ends at
/// the first with α ≥ 0.95, found within two frame periods as the recorded corpora are scored.
@Suite("A fade with one frame off its course is still a crossfade")
struct FilmStrayFrameTests {
    /// A light settings list: rows of text-like texture on 0.94, every 40 px.
    static func page(_ seed: Int) -> (Int, Int) -> Double {
        FilmThemeFadeTests.page(seed, ink: 0.25, background: 0.94)
    }

    /// The film: 4 frames of the list, one frame per α of `alphas`, 4 of a page of cards
    /// (FilmBareTests's), 17 ms apart from
    /// 1000 ms, under FilmBareTests's bars and pointer; the content area is
    /// `α·B + (1 − α)²·A` over a black window, under blocky noise of ± 0.003.
    static func film(alphas: [Double]) -> [FilmFrame] {
        let (a, b) = (Self.page(1), FilmBareTests.page(2))
        let shown = Array(repeating: 0.0, count: 4) + alphas + Array(repeating: 1.0, count: 4)
        let pictures = shown.enumerated().map { index, alpha in
            FilmBareTests.frame { x, y in
                alpha * b(x, y) + (1 - alpha) * (1 - alpha) * a(x, y)
                    + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.003)
            }
        }
        return FilmBareTests.film(pictures)
    }

    @Test("a two-layer fade whose one frame steps back by 0.065 near its end: one crossfade at its edges")
    func oneFrameBack() throws {
        // -s92's tail as its content read it: 0.941, 0.876, 0.946.
        let alphas = [0.02, 0.21, 0.22, 0.38, 0.74, 0.87, 0.941, 0.876, 0.946, 0.99]
        let frames = Self.film(alphas: alphas)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        // Round 14's rules name nothing: every reading of the fade goes back by more than 0.05.
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        let time = { (level: Double) in frames[4 + (alphas.firstIndex { $0 >= level } ?? 0)].time }
        #expect(abs(fade.start - time(0.05)) <= 34 && abs(fade.end - time(0.95)) <= 34, "\(fade)")
    }

    @Test("the same fade with two frames stepping back is not forgiven: no crossfade")
    func twoFramesBack() {
        // Two frames off course, far apart: no single frame left out makes the shares a blend's.
        let alphas = [0.02, 0.21, 0.38, 0.30, 0.74, 0.87, 0.941, 0.876, 0.946, 0.99]
        let events = FilmEventDetector().events(in: Self.film(alphas: alphas))
        #expect(!events.contains { $0.kind == .crossfade }, "\(events)")
    }

    @Test("a settings list that only scrolls names no crossfade")
    func scrollOnly() {
        // The list moves up 9 px a frame for 10 frames, then rests: content moving, not a blend.
        let list = Self.page(1)
        let offsets = Array(repeating: 0, count: 4) + (1...10).map { $0 * 9 } + Array(repeating: 90, count: 4)
        let pictures = offsets.enumerated().map { index, offset in
            FilmBareTests.frame { x, y in
                list(x, y + offset) + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.003)
            }
        }
        let events = FilmEventDetector().events(in: FilmBareTests.film(pictures))
        #expect(!events.contains { $0.kind == .crossfade || $0.kind == .cut }, "\(events)")
    }

    @Test("a static page under a codec's noise names nothing")
    func staticUnderNoise() {
        let list = Self.page(1)
        let pictures = (0..<18).map { index in
            FilmBareTests.frame { x, y in list(x, y) + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.006) }
        }
        let events = FilmEventDetector().events(in: FilmBareTests.film(pictures))
        #expect(events.filter { $0.kind != .leadIn && $0.kind != .settle }.isEmpty, "\(events)")
    }
}
