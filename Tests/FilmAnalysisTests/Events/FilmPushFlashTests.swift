import FilmAnalysis
import Frames
import Testing

/// A push at a constant rate with a torn frame (issue 35, round 17).
/// `tune/settings-dark-540x1200-60-av1-s262` (AV1 at 60 fps) keeps a 300 ms push in eight
/// frames: 4350, then 4367, a torn frame with tiles that had text flat, 4383, 4400, then steps
/// at 4467, 4550, 4633 and 4667 as the page eases in. The torn frame's flat tiles, filled in the
/// next frame, were named a placeholder flash, which cut the run of the push in three, and each
/// part's step was named a cut. Here the torn frame draws the new page without its rows' texture. The film is drawn pixel
/// by pixel under the chrome (``FilmBareTests/frame(_:)``) with ``FilmPushTests``'s pages; the
/// truth is its script: a push is motion, no event but a settle, and a placeholder drawn over a
/// page that does not move is still a flash.
@Suite("A push at a constant rate")
struct FilmPushFlashTests {
    /// The push at `offset` (``FilmPushTests/push(_:)``'s pages and motion), the rows'
    /// texture of amplitude `texture` on both pages, or none on the new page when `torn`.
    static func frame(_ offset: Double, texture: Double, torn: Bool = false) -> Frame {
        let width = FilmBareTests.width
        let edge = width - Int((Double(width) * offset).rounded())
        let shift = Int((Double(width) * offset / 3).rounded())
        let old = FilmPushTests.page(1, shade: 0.5, background: 0.93, texture: texture)
        let new = FilmPushTests.page(2, shade: 0.35, background: 0.97, texture: torn ? 0 : texture)
        return FilmBareTests.frame { x, y in x >= edge ? new(x - edge, y) : old(x + shift, y) }
    }

    @Test("a push kept at 60 fps with a torn frame is motion: no placeholder flash, no cut")
    func pushWithTornFrame() {
        // s262's frames 17 ms apart: the old page, a first small step (its rows still sharp), the
        // torn frame, its rows drawn, two more large steps, then the ease-in's last steps 67–83
        // ms apart. Mid-way the rows keep a third of their texture (``FilmPushTests/push(_:)``).
        let offsets: [Double] =
            [0, 0, 0, 0, 0.05, 0.6, 0.6, 0.8, 0.88, 0.88, 0.88, 0.88, 0.94, 0.94, 0.94]
            + [0.94, 0.94, 0.97, 0.97, 0.97, 0.97, 0.97, 0.99, 0.99, 1, 1, 1, 1]
        let pictures = offsets.enumerated().map { index, offset in
            Self.frame(offset, texture: offset == 0 || offset == 1 || index == 4 ? 0.3 : 0.1, torn: index == 5)
        }
        let frames = FilmBareTests.film(pictures)
        let events = FilmEventDetector().events(in: frames)
        #expect(!events.contains { [.cut, .crossfade, .blankFrame, .placeholderFlash].contains($0.kind) }, "\(events)")
        #expect(events.contains { $0.kind == .settle && $0.start == frames[4].time }, "\(events)")
    }

    @Test("the same page without its text over a still frame, filled 100 ms later, is a flash")
    func placeholderStays() throws {
        // The new page cut in with its groups flat, filled six frames later: nothing moves.
        let (old, new) = (Self.frame(0, texture: 0.3), Self.frame(1, texture: 0.3))
        let pictures =
            [old, old, old, old] + Array(repeating: Self.frame(1, texture: 0.3, torn: true), count: 6)
            + [new, new, new, new]
        let frames = FilmBareTests.film(pictures)
        let events = FilmEventDetector().events(in: frames)
        let flash = try #require(events.first { $0.kind == .placeholderFlash }, "\(events)")
        #expect(flash.start == frames[4].time && flash.end == frames[10].time, "\(flash)")
    }
}
