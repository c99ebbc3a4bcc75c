import FilmAnalysis
import Frames
import Testing

/// A fade the grab held part-way (issue 35, round 15). A loaded recorder can hold a fade's blend
/// longer than any gap a run of changes bridges: `tune/grid-light-540x1200-60-h264-s232`'s 500 ms
/// linear theme fade reached 0.68, was held there 333 ms, then went on in two steps (0.79 held
/// 100 ms, then 0.99). Round 14's rules named it two crossfades, each between the held frame and
/// one page. The films are drawn pixel by pixel with a known blend position α per frame; the
/// truth is the scripted α, the crossfade starting at the first frame with α ≥ 0.05 and ending
/// at the first with α ≥ 0.95, found within two frame periods as the recorded corpora are
/// scored.
@Suite("A fade held part-way: one crossfade; two fades close together stay two")
struct FilmHeldPartWayTests {
    /// A theme fade at 60 fps: 6 frames of a dark settings page
    /// (``FilmHeldFadeTests/page(_:ink:word:background:)``), one frame per α of `alphas` (the
    /// light page over it: α·B + (1 − α)·A), 6 frames of the light page, a repeated α holding
    /// its frame (``FilmThemeFadeTests/heldFilm(from:to:alphas:twoLayer:lead:)``).
    static func themeFade(alphas: [Double]) -> [FilmFrame] {
        FilmThemeFadeTests.heldFilm(
            from: FilmHeldFadeTests.page(1, ink: 0.75, word: 0.75, background: 0.08),
            to: FilmHeldFadeTests.page(2, ink: 0.25, word: 0.25, background: 0.94), alphas: alphas, twoLayer: false)
    }

    @Test("a 500 ms linear fade held 333 ms at 0.68 (60 fps): one crossfade at its edges")
    func heldPartWay() throws {
        // As -s232's grab drew it: 0.033 a frame up to 0.68, then 0.68 for 20 more frames
        // (333 ms), 0.79 for 6 (100 ms), then the end page.
        let ramp = (1...20).map { Double($0) / 30 } + [0.68]
        let alphas = ramp + [Double](repeating: 0.68, count: 20) + [Double](repeating: 0.79, count: 6) + [0.99, 1]
        let frames = Self.themeFade(alphas: alphas)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        // Round 14's rules named two crossfades: the ramp up to the hold, and the hold to the page.
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        let fade = try #require(fades.first, "\(events)")
        let truth = FilmFadeEdgeTests.truth(alphas, in: frames, lead: 6)
        #expect(abs(fade.start - truth.start) <= 34 && abs(fade.end - truth.end) <= 34, "\(fade), truth \(truth)")
    }

    @Test("two fades 350 ms apart, the first to a page, the second on to a third page: two crossfades")
    func twoFadesCloseTogether() throws {
        // Page A fades into page B in 200 ms, B stays 350 ms, then fades into page C in 200 ms:
        // B is no blend of A and C, so the two are no one fade held part-way (B's 357 ms lie
        // within the 400 ms a hold may last: the fit, not the time, keeps them apart).
        let pages = [1, 2, 3].map { FilmFadeEdgeTests.page($0, contrast: 0.09) }
        let steps = (1...12).map { Double($0) / 12 }
        // (page from, page to, α) per frame: 20 of A, the first fade, 21 of B, the second, 20 of C.
        let script: [(Int, Int, Double)] =
            [(Int, Int, Double)](repeating: (0, 1, 0), count: 20) + steps.map { (0, 1, $0) }
            + [(Int, Int, Double)](repeating: (1, 2, 0), count: 21) + steps.map { (1, 2, $0) }
            + [(Int, Int, Double)](repeating: (1, 2, 1), count: 20)
        let pictures = script.indices.map { index in
            let (from, to, alpha) = script[index]
            return greyFrame(width: FilmFadeEdgeTests.width, height: FilmFadeEdgeTests.height) { x, y in
                alpha * pages[to](x, y) + (1 - alpha) * pages[from](x, y)
                    + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.002)
            }
        }
        let frames = FilmBareTests.film(pictures)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        #expect(fades.count == 2 && !events.contains { $0.kind == .cut }, "\(events)")
        // Each at its own edges: α passes 0.05 at the first frame of each fade (1/12), 0.95 at
        // its last.
        let edges = [(frames[20].time, frames[31].time), (frames[53].time, frames[64].time)]
        for (fade, edge) in zip(fades, edges) {
            #expect(abs(fade.start - edge.0) <= 34 && abs(fade.end - edge.1) <= 34, "\(fade), truth \(edge)")
        }
    }
}
