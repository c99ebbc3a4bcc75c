import FilmAnalysis
import Frames
import Testing

/// A settings list fading from its dark theme to its light one (issue 35, round 11), drawn
/// pixel by pixel so that every frame's blend position is known. Both pages are mostly their
/// flat page colour with rows of text at the same places, so each is nearly a shade of the
/// other: the fit `a·A + b·B + g` can trade the old page's share against the flat background
/// term, and under a codec's noise its shares leave the range of a blend. The truth is the
/// scripted α: the crossfade starts at the first frame with α ≥ 0.05 and ends at the first with
/// α ≥ 0.95, found within two frame periods as the recorded corpora are scored.
@Suite("Theme fades: a dark page into a light one, rows in the same places")
struct FilmThemeFadeTests {
    static let width = 240
    static let height = 480

    /// A settings page in a theme: `background`, and rows of text-like texture (`ink` ± 0.15)
    /// 12 px high every 40 px, at the same places in every page; `seed` chooses the texture.
    static func page(_ seed: Int, ink: Double, background: Double) -> (Int, Int) -> Double {
        { x, y in
            let row = y % 40 >= 14 && y % 40 < 26 && x > 12 && x < 160
            guard row else { return background }
            let texture = Double((x * 7 + y * 13 + seed * 31) % 17) / 17
            return (x + y * 3 + seed) % 5 < 2 ? background : ink + 0.3 * (texture - 0.5)
        }
    }

    /// A codec's blocky noise: each 8 × 8 block of frame `frame` moved by up to ± `amount`.
    static func noise(_ x: Int, _ y: Int, frame: Int, amount: Double) -> Double {
        var h = UInt64(truncatingIfNeeded: x / 8 &* 73_856_093 ^ y / 8 &* 19_349_663 ^ frame &* 83_492_791)
        h = (h ^ (h >> 13)) &* 0x5bd1_e995
        h ^= h >> 15
        return amount * (Double(h % 1001) / 500 - 1)
    }

    /// A fade as a loaded recorder grabs it at 60 fps: `lead` frames of page `from`, one frame
    /// per α of `alphas`, `lead` frames of page `to`, 17 ms apart from 1000 ms, under the blocky
    /// noise (± 0.002); a frame whose α is the one before's repeats that frame exactly (the
    /// recorder held a frame the app did not redraw). With `twoLayer`, both layers fade over the
    /// black window (α·B + (1 − α)²·A); else the new page is drawn over the old (α·B + (1 − α)·A).
    static func heldFilm(
        from: (Int, Int) -> Double, to: (Int, Int) -> Double, alphas: [Double], twoLayer: Bool, lead: Int = 6
    ) -> [FilmFrame] {
        let shown = Array(repeating: 0.0, count: lead) + alphas + Array(repeating: 1.0, count: lead)
        var key = 0
        let pictures = shown.indices.map { index in
            if index == 0 || shown[index] != shown[index - 1] { key = index }
            let alpha = shown[index]
            let old = twoLayer ? (1 - alpha) * (1 - alpha) : 1 - alpha
            return greyFrame(width: Self.width, height: Self.height) { x, y in
                alpha * to(x, y) + old * from(x, y) + Self.noise(x, y, frame: key, amount: 0.002)
            }
        }
        return FilmBareTests.film(pictures)
    }

    /// The film: 3 frames of the dark page, one frame per α of `alphas`, 3 of the light page,
    /// 17 ms apart from 1000 ms; both layers fade over the black window (CSS opacity on both:
    /// α·B + (1 − α)²·A) under `amount` of noise.
    static func film(alphas: [Double], amount: Double) -> [FilmFrame] {
        let dark = Self.page(1, ink: 0.75, background: 0.08)
        let light = Self.page(2, ink: 0.25, background: 0.94)
        let shown = [0, 0, 0] + alphas + [1, 1, 1]
        let pictures = shown.enumerated().map { index, alpha in
            greyFrame(width: Self.width, height: Self.height) { x, y in
                alpha * light(x, y) + (1 - alpha) * (1 - alpha) * dark(x, y)
                    + Self.noise(x, y, frame: index, amount: amount)
            }
        }
        return FilmBareTests.film(pictures)
    }

    @Test(
        "a two-layer fade from a dark settings page to a light one under a codec's noise: one crossfade at its edges",
        arguments: [0.004, 0.012])
    func darkToLight(noise: Double) throws {
        let alphas = (1...14).map { Double($0) / 14 }
        let frames = Self.film(alphas: alphas, amount: noise)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        // The truth: 3 frames of the dark page, then α = 1/14 (past 5 %) … 14/14 (the first
        // past 95 %), 17 ms apart; within two frame periods.
        let time = { (level: Double) in frames[3 + (alphas.firstIndex { $0 >= level } ?? 0)].time }
        #expect(abs(fade.start - time(0.05)) <= 34 && abs(fade.end - time(0.95)) <= 34, "\(fade)")
        // Both layers fading over the black window show it: α(1 − α), a quarter mid-way.
        #expect(fade.isBlink && abs(fade.dip - 0.25) < 0.05, "dip \(fade.dip)")
    }

    @Test("with the background term, the same frames read as no blend: the shares go back (the test can fail)")
    func backgroundTermFails() throws {
        let alphas = (1...14).map { Double($0) / 14 }
        let frames = Self.film(alphas: alphas, amount: 0.004)
        let fit = try #require(FilmBlendFit(from: frames[0].summary, to: frames[frames.count - 1].summary))
        let shares = frames.dropFirst().dropLast().map { fit.share(of: $0.summary)?.new }
        // Every frame passes as a blend on its own, but its share wanders: somewhere it goes
        // back by more than the 0.05 a crossfade allows.
        let known = shares.compactMap { $0 }
        let back = zip(known, known.dropFirst()).map { $0 - $1 }.max() ?? 0
        #expect(known.count < shares.count || back > 0.05, "\(shares)")
    }
}
