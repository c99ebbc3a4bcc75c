import FilmAnalysis
import Frames
import Testing

/// A theme fade the grab held in its middle (issue 35, round 14). Two layers fading at once from
/// a dark settings list to its light theme pass through a blend where a row whose ink and page
/// colours trade places cancels out: its tiles are flat for as long as the grab holds that
/// blend, and fill when the fade moves on, as a placeholder's do
/// (`tune/settings-light-720x1280-60-vp9-s201`: held at 0.45 with a dip of 0.30, named a
/// placeholder flash by round 13's rules, and its crossfade lost). The film is drawn pixel by
/// pixel with a known blend position α per frame: the truth is the scripted α, the crossfade
/// starting at the first frame with α ≥ 0.05 and ending at the first with α ≥ 0.95, found
/// within two frame periods as the recorded corpora are scored.
@Suite("A fade held in its middle: a crossfade, not a placeholder flash")
struct FilmHeldFadeTests {
    static let width = 240
    static let height = 480

    /// A settings page: `background`, and a row of text-like texture every 60 px (10 px high);
    /// `seed` chooses the texture. One word of the third row (x 40–79) is drawn in `word` with
    /// the same letters in every page (no texture of its own).
    static func page(_ seed: Int, ink: Double, word: Double, background: Double) -> (Int, Int) -> Double {
        { x, y in
            guard y % 60 >= 25, y % 60 < 35, x > 12, x < 160 else { return background }
            let letter = (x * 5 + y * 3) % 7 < 3
            if y / 60 == 2, x >= 40, x < 80 { return letter ? word : background }
            let texture = Double((x * 7 + y * 13 + seed * 31) % 17) / 17
            return (x + y * 3 + seed) % 5 < 2 ? background : ink + 0.3 * (texture - 0.5)
        }
    }

    /// The film: 6 frames of the dark page, one frame per α of `alphas`, 6 of the light page,
    /// both layers fading over the black window, a repeated α holding its frame
    /// (``FilmThemeFadeTests/heldFilm(from:to:alphas:twoLayer:lead:)``).
    ///
    /// The word is 0.75 on 0.08 in the dark page and 0.49 on 0.94 in the light one: mid-fade its
    /// contrast is α·(0.94 − 0.49) − (1 − α)²·(0.75 − 0.08), zero at α ≈ 0.445.
    static func film(alphas: [Double]) -> [FilmFrame] {
        FilmThemeFadeTests.heldFilm(
            from: Self.page(1, ink: 0.75, word: 0.75, background: 0.08),
            to: Self.page(2, ink: 0.25, word: 0.49, background: 0.94), alphas: alphas, twoLayer: true)
    }

    @Test("a theme fade held 67 ms where a word cancels out: one crossfade at its edges, no placeholder flash")
    func heldWhereAWordCancels() throws {
        // As -s201's grab drew its theme fade: 0.44, then 0.45 held, then the light page.
        let alphas = [0.44, 0.45, 0.45, 0.45, 0.45, 1]
        let frames = Self.film(alphas: alphas)
        let events = FilmEventDetector().events(in: frames)
        // Round 13's rules named the held frames a placeholder flash over the word's tiles.
        #expect(!events.contains { $0.kind == .placeholderFlash }, "\(events)")
        let fades = events.filter { $0.kind == .crossfade }
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        let time = { (level: Double) in frames[6 + (alphas.firstIndex { $0 >= level } ?? 0)].time }
        #expect(abs(fade.start - time(0.05)) <= 34 && abs(fade.end - time(0.95)) <= 34, "\(fade)")
    }

    @Test("the same word covered by a grey placeholder while the page stays: still a placeholder flash")
    func placeholderOverTheWord() throws {
        // The dark page; its word's 40 × 10 px and the tiles around it covered by a flat grey
        // box for five frames, then the page again: a placeholder in place, filled by content.
        let dark = Self.page(1, ink: 0.75, word: 0.75, background: 0.08)
        let covered = { (frame: Int) in
            (6..<11).contains(frame)
        }
        let pictures = (0..<18).map { index in
            greyFrame(width: Self.width, height: Self.height) { x, y in
                let box = covered(index) && x >= 40 && x < 80 && y >= 140 && y < 160
                return (box ? 0.5 : dark(x, y)) + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.002)
            }
        }
        let events = FilmEventDetector().events(in: FilmBareTests.film(pictures))
        let flashes = events.filter { $0.kind == .placeholderFlash }
        #expect(flashes.count == 1 && !events.contains { $0.kind == .crossfade }, "\(events)")
    }
}
