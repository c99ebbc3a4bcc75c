import FilmAnalysis
import Frames
import Testing

/// A crossfade's edges beyond its run of changes (issue 35, round 12). A loaded recorder draws
/// a fade's first small step and then holds it (`tune/settings-light-960x540-60-vp9-s113`:
/// blends of 0.079, 0.079 and 0.108 held 67 ms before the fade moved on), and a fade can end in
/// steps too small to be changes after a hold (`tune/map-dark-900x1000-30-av1-s152`: 0.948 held
/// 133 ms, then a step of 0.006). Both edges then lie outside the run and the few quiet frames around
/// it that the fit used to read. The films are drawn pixel by pixel with a known blend
/// position α per frame: the truth is the scripted α, the crossfade starting at the first frame
/// with α ≥ 0.05 and ending at the first with α ≥ 0.95, found within two frame periods as the
/// recorded corpora are scored.
///
/// Round 13: at a variable rate a frame is whatever the grab kept, and one frame off can be
/// 50 to 130 ms. A page whose status and navigation bars follow a theme on a curve of their own
/// reads, over the whole frame, shares the bars hold back at the fade's last frames
/// (`tune/grid-dark-720x1280-vfr-h264-s102`: 0.845 over the whole frame where the content had
/// reached 0.983, and the fade ended 167 ms late); its edges are read on the content area.
///
/// Round 14: the content's tail is taken only when it reads ahead of the whole frame. A few
/// blocks the encoder left behind hold the content's reading back (over the content no tile is
/// trimmed), where the whole frame's trimmed fit leaves them out
/// (`tune/settings-dark-960x540-vfr-hevc-s202`: read on the content, its fade ended 75 ms late).
@Suite("Crossfade edges: a held head, a quiet tail, bars on their own curve at a variable rate")
struct FilmFadeEdgeTests {
    static let width = 240
    static let height = 480

    /// A page of 40 × 60 px cards, each a grey ± `contrast` around 0.5 chosen by `seed`, under
    /// a fine texture of its own (± 0.15, a hash of the pixel and `seed`): two pages' textures
    /// are unrelated, so that a blend of them has less detail than either, as in a crossfade.
    static func page(_ seed: Int, contrast: Double) -> (Int, Int) -> Double {
        { x, y in
            let card = (x / 40 &* 7 &+ y / 60 &* 13 &+ seed &* 29) % 11
            var h = UInt64(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ seed &* 83_492_791)
            h = (h ^ (h >> 13)) &* 0x5bd1_e995
            h ^= h >> 15
            let texture = Double(h % 1001) / 1000 - 0.5
            return 0.5 + contrast * (Double(card) / 5 - 1) + 0.3 * texture
        }
    }

    /// The film: `lead` frames of page A, one frame per α of `alphas` (one layer fading in over
    /// the other: α·B + (1 − α)·A), `lead` frames of page B, `period` ms apart from 1000 ms. Each
    /// page frame has a noise of its own (± 0.002, FilmThemeFadeTests's blocky noise: the film's
    /// noise floor); a fade frame with the α of the one before repeats it exactly, as a
    /// recorder holds a frame the app did not redraw.
    static func film(alphas: [Double], period: Int, lead: Int = 20) -> [FilmFrame] {
        let a = Self.page(1, contrast: 0.09)
        let b = Self.page(2, contrast: 0.09)
        let shown = Array(repeating: 0.0, count: lead) + alphas + Array(repeating: 1.0, count: lead)
        var key = 0
        let pictures = shown.indices.map { index in
            let fading = index >= lead && index < lead + alphas.count
            if !(fading && index > lead && shown[index] == shown[index - 1]) { key = index }
            return greyFrame(width: Self.width, height: Self.height) { x, y in
                shown[index] * b(x, y) + (1 - shown[index]) * a(x, y)
                    + FilmThemeFadeTests.noise(x, y, frame: key, amount: 0.002)
            }
        }
        return FilmBareTests.film(pictures, times: shown.indices.map { 1000 + $0 * period })
    }

    /// The scripted edges of `alphas` in `frames` (``film(alphas:period:lead:)``): the times of
    /// the first frame with α ≥ 0.05 and of the first with α ≥ 0.95.
    static func truth(_ alphas: [Double], in frames: [FilmFrame], lead: Int = 20) -> (start: Int, end: Int) {
        let time = { (level: Double) in frames[lead + (alphas.firstIndex { $0 >= level } ?? 0)].time }
        return (time(0.05), time(0.95))
    }

    /// The one crossfade the detector finds in the film of `alphas` (and no cut), with the
    /// scripted edges (``truth(_:in:lead:)``).
    static func fade(alphas: [Double], period: Int) throws -> (fade: FilmEvent, truth: (start: Int, end: Int)) {
        let frames = Self.film(alphas: alphas, period: period)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        #expect(fades.count == 1 && !events.contains { $0.kind == .cut }, "\(events)")
        let fade = try #require(fades.first, "\(events)")
        return (fade, Self.truth(alphas, in: frames))
    }

    @Test("a fade whose first small step is held 100 ms before the rest: it starts at that step (60 fps)")
    func heldHead() throws {
        // The first step (0.08 of the change) and the next (0.03) are quiet; 100 ms of the same
        // blend, then the fade's large steps and its end.
        let alphas = [0.08, 0.08, 0.11, 0.11, 0.11, 0.11, 0.11, 0.11, 0.4, 0.67, 0.67, 0.88, 0.93, 0.93, 0.97, 1]
        let (fade, truth) = try Self.fade(alphas: alphas, period: 17)
        // Two frame periods, as the corpora are scored; round 11's rules started it at the
        // first large step, 136 ms late.
        #expect(abs(fade.start - truth.start) <= 34 && abs(fade.end - truth.end) <= 34, "\(fade), truth \(truth)")
    }

    @Test("a fade that eases out in quiet steps after a hold: it ends where α passes 0.95 (30 fps)")
    func quietTail() throws {
        // Changes up to 0.75, held 67 ms, then steps of 0.07 and less, each under the active level.
        let alphas = [0.1, 0.3, 0.55, 0.75, 0.75, 0.75, 0.82, 0.87, 0.91, 0.95, 0.98, 1]
        let (fade, truth) = try Self.fade(alphas: alphas, period: 33)
        // Round 11's rules read the blend up to 50 ms after the last change and ended it at the
        // hold, 198 ms early.
        #expect(abs(fade.start - truth.start) <= 66 && abs(fade.end - truth.end) <= 66, "\(fade), truth \(truth)")
    }

    /// A film at a variable rate: page A, then page B, shown at the uneven `times` (ms, one per
    /// frame) with the content's blend `content` per frame and the bars' `bars` (0 before, 1 after
    /// the fade). The top and bottom 40 px are flat bars going from a grey of 0.30 to 0.55 on a
    /// curve of their own, in neither page; the content between is α·B + (1 − α)·A. Each frame
    /// has a noise of its own: a variable-rate file keeps only frames that changed.
    /// With `lagging`, the content of the 60 × 80 px block at (100, 200) shows that blend instead,
    /// in the frames it names: blocks the encoder did not update.
    static func variableRateFilm(
        times: [Int], content: [Double], bars: [Double], lagging: [Int: Double] = [:]
    ) -> [FilmFrame] {
        let a = Self.page(1, contrast: 0.09)
        let b = Self.page(2, contrast: 0.09)
        let pictures = times.indices.map { index in
            greyFrame(width: Self.width, height: Self.height) { x, y in
                let block = x >= 100 && x < 160 && y >= 200 && y < 280
                let alpha = block ? lagging[index] ?? content[index] : content[index]
                let shown =
                    y < 40 || y >= Self.height - 40
                    ? 0.30 + 0.25 * bars[index] : alpha * b(x, y) + (1 - alpha) * a(x, y)
                return shown + FilmThemeFadeTests.noise(x, y, frame: index, amount: 0.002)
            }
        }
        return FilmBareTests.film(pictures, times: times)
    }

    @Test("a fade at a variable rate whose bars lag behind the page: it ends where the page passes 0.95")
    func barsOnTheirOwnCurveAtAVariableRate() throws {
        // Ten frames of A and ten of B 17 to 117 ms apart; the fade in three frames (0.2, 0.27,
        // then 0.98 after 50 ms, as `-s102` drew it) while the bars are at 0.05, 0.1 and 0.7,
        // reaching 1 two frames later (0.9 at 1850, 1 at 1900). Bars further behind (0.2 or 0.5)
        // fit no blend over the whole frame, and the content was read already.
        let lead = [1000, 1033, 1100, 1117, 1200, 1250, 1317, 1383, 1450, 1500]
        let fade = [1600, 1683, 1733, 1850, 1900]
        let tail = [1983, 2050, 2100, 2200, 2317, 2400, 2450, 2533, 2600, 2700]
        let content = [Double](repeating: 0, count: 10) + [0.2, 0.27, 0.98, 1, 1] + [Double](repeating: 1, count: 10)
        let bars = [Double](repeating: 0, count: 10) + [0.05, 0.1, 0.7, 0.9, 1] + [Double](repeating: 1, count: 10)
        let frames = Self.variableRateFilm(times: lead + fade + tail, content: content, bars: bars)
        #expect(FilmHitches.recordingRate(of: frames) == nil)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        let found = try #require(fades.first, "\(events)")
        // Two frame periods at 60 fps, as the corpora score a variable-rate film; round 12's rules
        // read the shares over the whole frame (0.81 at 1733, 0.94 at 1850) and ended the fade at
        // 1900, 167 ms late.
        #expect(fades.count == 1 && abs(found.start - 1600) <= 34 && abs(found.end - 1733) <= 34, "\(events)")
    }

    @Test("a fade at a variable rate whose content lags in a few blocks: it ends where the page passes 0.95")
    func laggingBlocksAtAVariableRate() throws {
        // The frames and the page's blend of the test above, the bars on the page's own curve;
        // twelve tiles of the content (5 %) still show the frame before's blend (0.47) when the
        // page reaches 0.97, and catch up 117 ms later.
        let lead = [1000, 1033, 1100, 1117, 1200, 1250, 1317, 1383, 1450, 1500]
        let fade = [1600, 1683, 1733, 1850, 1900]
        let tail = [1983, 2050, 2100, 2200, 2317, 2400, 2450, 2533, 2600, 2700]
        let content = [Double](repeating: 0, count: 10) + [0.2, 0.47, 0.97, 1, 1] + [Double](repeating: 1, count: 10)
        let frames = Self.variableRateFilm(
            times: lead + fade + tail, content: content, bars: content, lagging: [12: 0.47])
        #expect(FilmHitches.recordingRate(of: frames) == nil)
        let events = FilmEventDetector().events(in: frames)
        let fades = events.filter { $0.kind == .crossfade }
        let found = try #require(fades.first, "\(events)")
        // Read on the content (round 13), the lagging blocks hold the fade's last frame at 0.94
        // and it ends at 1850, 117 ms late; the whole frame's fit leaves them out.
        #expect(fades.count == 1 && abs(found.start - 1600) <= 34 && abs(found.end - 1733) <= 34, "\(events)")
    }
}
