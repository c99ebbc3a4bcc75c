import FilmAnalysis
import Frames
import Testing

/// Crossfades of app screens (issue 35) that the first corpus's rules missed, drawn pixel by
/// pixel so that the blend position of every frame is known: a page fading slowly into one
/// alike (every step under the change threshold), and a theme switch where both layers fade
/// over the black window while the status and navigation bars jump to the new theme at once.
/// The truth is the scripted α: the crossfade starts at the first frame with α ≥ 0.05 and ends
/// at the first with α ≥ 0.95; found within two frames, as the recorded corpora are scored.
@Suite("Crossfades of app screens: slow fades, and bars that jump to new colours")
struct FilmAppFadeTests {
    static let width = 240
    static let height = 480

    /// A frame whose pixel (x, y) has the grey `value(x, y)`.
    static func frame(_ value: (Int, Int) -> Double) -> Frame { greyFrame(width: width, height: height, value) }

    /// A settings-like page: rows of text-like texture at the same places on every page,
    /// `seed` choosing the texture and `shade` its brightness, on `background`.
    static func page(_ seed: Int, shade: Double, background: Double) -> (Int, Int) -> Double {
        { x, y in
            let row = (y / 40) % 2 == 0 && x > 12 && x < 228
            guard row else { return background }
            return shade + 0.3 * Double((x * 7 + y * 13 + seed * 31) % 17) / 17
        }
    }

    /// Whether (x, y) is on the chrome: a status bar (the top 10 rows) and a navigation bar
    /// (the bottom 15).
    static func chrome(_ y: Int) -> Bool { y < 10 || y >= height - 15 }

    /// The events of the film: `before` frames of α = 0, then one frame per α of `alphas`,
    /// then `after` frames of α = 1, 17 ms apart from 1000 ms.
    static func events(
        _ draw: (Double) -> Frame, alphas: [Double], thresholds: FilmEventThresholds = .init()
    ) -> [FilmEvent] {
        let pictures = [draw(0), draw(0), draw(0)] + alphas.map(draw) + [draw(1), draw(1), draw(1)]
        return FilmEventDetector(thresholds: thresholds).events(in: FilmBareTests.film(pictures))
    }

    /// The frame time of the first α at or past `level` (3 frames of α = 0 come first).
    static func time(ofFirst level: Double, in alphas: [Double]) -> Int {
        1000 + 17 * (3 + (alphas.firstIndex { $0 >= level } ?? alphas.count))
    }

    @Test("a light settings page fading over 40 frames into another, each step under the change threshold")
    func gradual() throws {
        let a = Self.page(1, shade: 0.35, background: 0.93)
        let b = Self.page(2, shade: 0.45, background: 0.93)
        let draw = { (alpha: Double) in Self.frame { x, y in (1 - alpha) * a(x, y) + alpha * b(x, y) } }
        let alphas = (1...40).map { Double($0) / 40 }
        // Every step is under `quiet`: no run of active steps holds this fade.
        let step = FilmBareTests.film([draw(0.5), draw(0.525)])[1].rmse
        #expect(step < FilmEventThresholds().quiet, "step \(step)")
        let fade = try Self.onlyFade(draw, alphas: alphas)
        // Rows in the same places on both pages: a blend of alike pictures, whose detail lies
        // between a blend's and a mixture's, so the fade may carry a lowered confidence.
        #expect(fade.confidence >= 0.5 && (fade.confidence == 1) == fade.alternatives.isEmpty, "\(fade)")
        #expect(fade.alternatives.isEmpty || fade.alternatives == [.settle])
        #expect(!fade.isBlink)
        // Without the gradual pass the fade is not found: the test can fail.
        var without = FilmEventThresholds()
        without.gradualFrames = 10_000
        #expect(!Self.events(draw, alphas: alphas, thresholds: without).contains { $0.kind == .crossfade })
    }

    @Test("both layers fading over black while the bars jump to their new colours at once: a crossfade with its blink")
    func barsJump() throws {
        let dark = Self.page(3, shade: 0.3, background: 0.9)
        let light = Self.page(4, shade: 0.35, background: 0.94)
        // The pages fade as CSS opacity on both layers over the black window; the bars take
        // their new colours on the first frame. (A fade from a dark page is not fitted yet: a
        // dark, nearly flat page is almost the background's colour, and the fit cannot tell
        // their shares apart — docs/film.md, the app corpus's misses.)
        let draw = { (alpha: Double) in
            Self.frame { x, y in
                if Self.chrome(y) {
                    return alpha > 0 ? 0.97 - 0.4 * Double((x / 6) % 2) : 0.1 + 0.4 * Double((x / 6) % 2)
                }
                return alpha * light(x, y) + (1 - alpha) * (1 - alpha) * dark(x, y)
            }
        }
        let alphas = (1...12).map { Double($0) / 12 }
        let events = Self.events(draw, alphas: alphas)
        let fade = try #require(events.first { $0.kind == .crossfade }, "\(events)")
        #expect(!events.contains { $0.kind == .cut || $0.kind == .placeholderFlash || $0.kind == .blankFrame })
        #expect(abs(fade.start - Self.time(ofFirst: 0.05, in: alphas)) <= 34, "\(fade)")
        #expect(abs(fade.end - Self.time(ofFirst: 0.95, in: alphas)) <= 34, "\(fade)")
        // Both layers fading show the black window: α(1 − α), a quarter mid-way.
        #expect(fade.isBlink && abs(fade.dip - 0.25) < 0.05, "dip \(fade.dip)")
        // Fitted over every tile (no trim, and no content area read apart: round 7), the bars
        // spoil the fit: no crossfade.
        var untrimmed = FilmEventThresholds()
        untrimmed.blendTrim = 0
        untrimmed.chromeBand = 0
        #expect(!Self.events(draw, alphas: alphas, thresholds: untrimmed).contains { $0.kind == .crossfade })
    }

    @Test("a dark blank page after a photo wall (no page background before it) is a blank frame, unsure")
    func blankAfterWall() throws {
        let wall = { (seed: Int) in
            { (x: Int, y: Int) in 0.2 + 0.6 * Double((x * 11 + y * 5 + seed * 7) % 23) / 23 }
        }
        // A dark theme's bars: its dark colour with a light clock at the left (since round 9 a
        // page's own colour must be the status bar's tone; under mid-grey bars a dark bare
        // frame is a dark placeholder).
        let bars = { (content: @escaping (Int, Int) -> Double) in
            Self.frame { x, y in Self.chrome(y) ? (x < 30 ? 0.1 + 0.5 * Double((x / 6) % 2) : 0.08) : content(x, y) }
        }
        let frames = FilmBareTests.film([bars(wall(1)), bars(wall(1)), bars { _, _ in 0.05 }, bars(wall(2))])
        let events = FilmEventDetector().events(in: frames)
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(blank.confidence == FilmEventThresholds().ownColourConfidence)
        #expect(blank.alternatives == [.placeholderFlash])
        // After a page with a background, the same bare frame is sure.
        let page = Self.page(5, shade: 0.3, background: 0.05)
        let sure = FilmEventDetector().events(
            in: FilmBareTests.film([bars(page), bars(page), bars { _, _ in 0.05 }, bars(wall(2))]))
        let certain = try #require(sure.first { $0.kind == .blankFrame }, "\(sure)")
        #expect(certain.confidence == 1 && certain.alternatives.isEmpty)
    }

    @Test("a fade stalled for 272 ms at α 0.07 (a quiet step), then the rest: found from its first frame")
    func stalled() throws {
        let a = Self.page(6, shade: 0.35, background: 0.93)
        let b = Self.page(7, shade: 0.45, background: 0.93)
        let draw = { (alpha: Double) in Self.frame { x, y in (1 - alpha) * a(x, y) + alpha * b(x, y) } }
        // Chromium under load: one step to 0.07, held for 16 frames, then 0.75 for 5, then 1.
        let alphas = Array(repeating: 0.07, count: 16) + Array(repeating: 0.75, count: 5)
        let step = FilmBareTests.film([draw(0), draw(0.07)])[1].rmse
        #expect(step < FilmEventThresholds().quiet, "step \(step)")
        _ = try Self.onlyFade(draw, alphas: alphas)
        // Read only from the quiet frames within the run gap, the fade starts at 0.75: the
        // test can fail.
        var unstalled = FilmEventThresholds()
        unstalled.stallGap = unstalled.runGap
        let late = try #require(
            Self.events(draw, alphas: alphas, thresholds: unstalled).first { $0.kind == .crossfade })
        #expect(late.start - Self.time(ofFirst: 0.05, in: alphas) > 200, "\(late)")
    }

    @Test("a blank page in the grey behind white groups is a blank frame; in a grey the page never showed it is not")
    func blankInPageGrey() throws {
        // Settings in white groups (text on their left half) on a grey page: the white
        // outweighs the grey, which shows in the gap between the groups and at the sides.
        let groups = { (page: Double) in
            { (x: Int, y: Int) -> Double in
                let inGroup = x >= 10 && x < 230 && ((y >= 20 && y < 220) || (y >= 240 && y < 460))
                guard inGroup else { return page }
                let text = x >= 20 && x < 100 && y % 20 < 12
                return text ? 0.3 + 0.4 * Double((x * 7 + y * 13) % 17) / 17 : 1
            }
        }
        let bars = { (content: @escaping (Int, Int) -> Double) in
            Self.frame { x, y in Self.chrome(y) ? 0.97 - 0.4 * Double((x / 6) % 2) : content(x, y) }
        }
        let grey = bars { _, _ in 0.93 }
        let onGrey = FilmBareTests.film([bars(groups(0.93)), bars(groups(0.93)), grey, bars(groups(0.93))])
        let events = FilmEventDetector().events(in: onGrey)
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(abs(blank.start - onGrey[2].time) <= 1 && !events.contains { $0.kind == .placeholderFlash })
        #expect(
            blank.confidence == FilmEventThresholds().ownColourConfidence && blank.alternatives == [.placeholderFlash])
        // The same grey after groups on a white page, where no grey showed: no blank frame.
        let onWhite = FilmBareTests.film([bars(groups(1)), bars(groups(1)), grey, bars(groups(1))])
        let other = FilmEventDetector().events(in: onWhite)
        #expect(!other.contains { $0.kind == .blankFrame }, "\(other)")
    }

    @Test("a slow fade at 30 fps with one repeated frame mid-way (a 67 ms hole) is one crossfade")
    func gradualAcrossRepeat() throws {
        let a = Self.page(8, shade: 0.35, background: 0.93)
        let b = Self.page(9, shade: 0.45, background: 0.93)
        let draw = { (alpha: Double) in Self.frame { x, y in (1 - alpha) * a(x, y) + alpha * b(x, y) } }
        // 40 steps of 1/40, 33 ms apart, the 20th drawn twice (the recorder repeating a frame the
        // app did not draw in time): every step under the change threshold.
        let alphas = (1...40).map { Double($0) / 40 }
        let shown = [0, 0, 0] + alphas[..<20] + [alphas[19]] + alphas[20...] + [1, 1, 1]
        let frames = FilmBareTests.film(shown.map(draw), times: shown.indices.map { 1000 + 33 * $0 })
        #expect(frames.dropFirst().allSatisfy { $0.rmse < FilmEventThresholds().quiet })
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        // Within two frame periods at 30 fps, as the recorded corpora are scored.
        let time = { (level: Double) in frames[shown.firstIndex { $0 >= level } ?? 0].time }
        #expect(abs(fade.start - time(0.05)) <= 67 && abs(fade.end - time(0.95)) <= 67, "\(fade)")
    }

    @Test("a fade after a small unrelated change in its run: its edges at the fade's own 5 % and 95 %")
    func edgeAfterUnrelatedChange() throws {
        let a = Self.page(10, shade: 0.35, background: 0.93)
        let b = Self.page(11, shade: 0.45, background: 0.93)
        // A badge (90 × 20 px of the first row) takes its new look two frames before the fade
        // starts, and keeps it; the fade eases in (α 0.02, 0.04, …) and goes on linearly.
        let badge = { (x: Int, y: Int) in x >= 12 && x < 102 && y >= 20 && y < 40 }
        let draw = { (alpha: Double, changed: Bool) in
            Self.frame { x, y in
                let old = changed && badge(x, y) ? b(x, y) : a(x, y)
                return (1 - alpha) * old + alpha * b(x, y)
            }
        }
        let alphas = [0.02, 0.04, 0.07, 0.1] + (3...10).map { Double($0) / 10 }
        let pictures =
            [draw(0, false), draw(0, false), draw(0, true), draw(0, true)] + alphas.map { draw($0, true) }
            + [draw(1, true), draw(1, true)]
        let frames = FilmBareTests.film(pictures)
        let events = FilmEventDetector().events(in: frames)
        let fade = try #require(events.first { $0.kind == .crossfade }, "\(events)")
        // The truth: the fade's own α passes 0.05 at its third frame and 0.95 at its last.
        let start = frames[4 + 2].time
        let end = frames[4 + alphas.count - 1].time
        #expect(abs(fade.start - start) <= 17 && abs(fade.end - end) <= 17, "\(fade)")
    }

    /// The one crossfade `draw` gives over `alphas`, with no cut, its start and end within 34 ms
    /// of the frames where the new page's share first passes 0.05 and 0.95.
    static func onlyFade(_ draw: (Double) -> Frame, alphas: [Double]) throws -> FilmEvent {
        let events = Self.events(draw, alphas: alphas)
        let fades = events.filter { $0.kind == .crossfade }
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        #expect(abs(fade.start - Self.time(ofFirst: 0.05, in: alphas)) <= 34, "\(fade)")
        #expect(abs(fade.end - Self.time(ofFirst: 0.95, in: alphas)) <= 34, "\(fade)")
        return fade
    }
}
