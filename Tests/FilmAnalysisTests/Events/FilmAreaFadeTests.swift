import FilmAnalysis
import Frames
import Testing

/// Round 7's rules (issue 35: rules read areas, not the whole frame), on films drawn pixel by
/// pixel on a landscape frame, where the status and navigation bars are two of the grid's seven
/// tile rows: a two-layer crossfade whose layers fade on their own easing curves over the
/// black window while the bars keep their colours. The truth is the scripted opacity of the new
/// layer: the crossfade starts at the first frame where it reaches 0.05 and ends at the first
/// where it reaches 0.95; found within two frames, as the recorded corpora are scored.
@Suite("Crossfades read on the content area: bars that keep their colours, layers on their own curves")
struct FilmAreaFadeTests {
    static let width = 480
    static let height = 270

    /// A frame whose pixel (x, y) has the grey `value(x, y)`.
    static func frame(_ value: (Int, Int) -> Double) -> Frame { greyFrame(width: width, height: height, value) }

    /// An article-like page: lines of text-like texture on `background`, `seed` choosing where
    /// the lines break and their texture.
    static func page(_ seed: Int, background: Double, ink: Double) -> (Int, Int) -> Double {
        { x, y in
            let line = (y + 7 * seed) / 18
            let inLine = (y + 7 * seed) % 18 < 11
            let length = 300 + (line * 53 + seed * 97) % 140
            guard inLine, x > 24, x < 24 + length else { return background }
            let mark = (x * 7 + y * 13 + seed * 31) % 9 < 4
            return mark ? ink : background
        }
    }

    /// The status bar (the top 24 rows: a clock and icons) and the navigation bar (the bottom
    /// 24: a pill), light, or nil off the bars.
    static func bar(_ x: Int, _ y: Int) -> Double? {
        if y < 24 { return (x > 16 && x < 70 && y > 6 && y < 18 && (x / 4) % 2 == 0) ? 0.15 : 0.95 }
        if y >= height - 24 { return (x > 200 && x < 280 && y > height - 15 && y < height - 9) ? 0.2 : 0.95 }
        return nil
    }

    /// The events of a film of `before` frames of the old page, the `opacities` (old, new) of
    /// the two layers one frame each, then the new page, 17 ms apart from 1000 ms.
    static func events(
        old: @escaping (Int, Int) -> Double, new: @escaping (Int, Int) -> Double, window: Double,
        opacities: [(old: Double, new: Double)], thresholds: FilmEventThresholds = .init()
    ) -> [FilmEvent] {
        let draw = { (o: (old: Double, new: Double)) in
            Self.frame { x, y in
                Self.bar(x, y) ?? (o.new * new(x, y) + (1 - o.new) * (o.old * old(x, y) + (1 - o.old) * window))
            }
        }
        let frames =
            Array(repeating: draw((1, 0)), count: 3) + opacities.map(draw) + Array(repeating: draw((0, 1)), count: 3)
        return FilmEventDetector(thresholds: thresholds).events(in: FilmBareTests.film(frames))
    }

    /// The frame time of the first frame whose new layer's opacity reaches `level`.
    static func time(ofFirst level: Double, in opacities: [(old: Double, new: Double)]) -> Int {
        1000 + 17 * (3 + (opacities.firstIndex { $0.new >= level } ?? opacities.count))
    }

    @Test("two layers fading over the black window on their own curves, the bars kept: a crossfade with its blink")
    func layersOnTheirOwnCurves() throws {
        let old = Self.page(1, background: 0.97, ink: 0.2)
        let new = Self.page(2, background: 0.97, ink: 0.25)
        // 200 ms at 60 fps: the old layer fades out linearly, the new one in ease-in-out, so
        // their shares add up to less than 1 (a quarter of the window shows mid-way) and not
        // on one curve: the frame is a·A + b·B + the window's share, a + b ≠ 1.
        let opacities = (1...11).map { step -> (old: Double, new: Double) in
            let t = Double(step) / 12
            return (1 - t, t * t * (3 - 2 * t))
        }
        let events = Self.events(old: old, new: new, window: 0, opacities: opacities)
        let fades = events.filter { $0.kind == .crossfade }
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { [.cut, .blankFrame, .placeholderFlash].contains($0.kind) })
        #expect(abs(fade.start - Self.time(ofFirst: 0.05, in: opacities)) <= 34, "\(fade)")
        #expect(abs(fade.end - Self.time(ofFirst: 0.95, in: opacities)) <= 34, "\(fade)")
        #expect(fade.isBlink, "dip \(fade.dip)")
        // Read over the whole frame (no chrome band, so no content area), the bars spoil every
        // fit: no crossfade. The test can fail.
        var whole = FilmEventThresholds()
        whole.chromeBand = 0
        let unread = Self.events(old: old, new: new, window: 0, opacities: opacities, thresholds: whole)
        #expect(!unread.contains { $0.kind == .crossfade }, "\(unread)")
    }
}
