import FilmAnalysis
import Frames
import Testing

/// A page pushed in at a variable rate (issue 35, round 13). A grab at a variable rate keeps a
/// push of 300 ms in four or five frames 67–183 ms apart (`tune/settings-dark-540x1200-vfr-hevc-s182`,
/// `map-dark-960x540-vfr-hevc-s190`, `map-light-720x1280-vfr-h264-s117`): each step is large,
/// the steps are too far apart for one run of changes, and the frames between are no blend of
/// the pages before and after (the new page's edge cuts across the tiles) while their detail
/// does not read as a mixture either. Round 12's rules named each step a cut. The films are
/// drawn pixel by pixel under the chrome (``FilmBareTests/frame(_:)``); the truth is their
/// script: a push is motion, no event but a settle, and a page replaced in one step is a cut.
@Suite("A push at a variable rate")
struct FilmPushTests {
    /// A settings-like page: rows of texture (``FilmAppFadeTests/page(_:shade:background:)``'s
    /// layout) of mean `shade` and amplitude `texture`, on `background`.
    static func page(_ seed: Int, shade: Double, background: Double, texture: Double) -> (Int, Int) -> Double {
        { x, y in
            let row = (y / 40) % 2 == 0 && x > 12 && x < 228
            guard row else { return background }
            return shade + texture * (Double((x * 7 + y * 13 + seed * 31) % 17) / 16 - 0.5)
        }
    }

    /// The push at `offset` (0…1 of the width): the new page slides in from the right over the
    /// old one, which moves left a third as far. Mid-way (0 < `offset` < 1) the rows keep a
    /// third of their texture, so that the frames' detail lies short of a mixture's, as the
    /// recordings' push frames read (0.3–0.7 of the way from a blend's).
    static func push(_ offset: Double) -> Frame {
        let width = FilmBareTests.width
        let edge = width - Int((Double(width) * offset).rounded())
        let shift = Int((Double(width) * offset / 3).rounded())
        let texture = offset > 0 && offset < 1 ? 0.1 : 0.3
        let old = Self.page(1, shade: 0.5, background: 0.93, texture: texture)
        let new = Self.page(2, shade: 0.35, background: 0.97, texture: texture)
        return FilmBareTests.frame { x, y in x >= edge ? new(x - edge, y) : old(x + shift, y) }
    }

    /// The film of `offsets` at `times` (ms): a still lead and tail around it.
    static func events(offsets: [Double], times: [Int]) -> [FilmEvent] {
        let frames = FilmBareTests.film(offsets.map(Self.push), times: times)
        return FilmEventDetector().events(in: frames)
    }

    @Test("a push kept in five frames 67–183 ms apart is motion, not cuts")
    func pushAtVariableRate() {
        // The old page for 100 ms, the push as s182's grab kept it, the new page.
        let offsets: [Double] = [0, 0, 0, 0.3, 0.6, 0.85, 0.95, 1, 1, 1]
        let times = [1000, 1050, 1100, 1283, 1367, 1500, 1567, 1683, 1900, 1950]
        let events = Self.events(offsets: offsets, times: times)
        #expect(!events.contains { [.cut, .crossfade, .blankFrame, .placeholderFlash].contains($0.kind) }, "\(events)")
        #expect(events.contains { $0.kind == .settle && $0.start == 1283 }, "\(events)")
    }

    @Test("the new page replacing the old in one step at the same rate is still a cut")
    func cutAtVariableRate() throws {
        let offsets: [Double] = [0, 0, 0, 1, 1, 1]
        let times = [1000, 1050, 1100, 1283, 1367, 1500]
        let events = Self.events(offsets: offsets, times: times)
        let cut = try #require(events.first { $0.kind == .cut }, "\(events)")
        #expect(cut.start == 1283, "\(cut)")
    }
}
