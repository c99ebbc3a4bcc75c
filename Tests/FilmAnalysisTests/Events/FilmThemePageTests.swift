import FilmAnalysis
import Frames
import Testing

/// A blank page in its theme's grey after a settings list of white groups (issue 35, round 16).
/// The groups cover the content but for gaps narrower than a tile (20 px here), so the frame
/// before the blank page shows the page's grey flat nowhere, and its dominant flat colour is
/// the groups' white, 0.05 from the grey (`tune/settings-dark-900x1000-30-hevc-s138`, 4267–4300:
/// named a placeholder flash by round 15's rules). Unlike the recording, this drawn film is
/// found a blank frame by round 15's rules as well (the cause was not traced for want of time):
/// the test guards the reading, it does not show the rule is needed.
@Suite("A blank page in its theme's colour after cards of another")
struct FilmThemePageTests {
    /// A light settings list: white groups (1.0) separated by 6 px of the page's grey (0.95)
    /// every 60 px and 10 px margins of it, a row of text-like texture in each group.
    static func groups(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in
            guard y % 60 >= 6, x > 10, x < 230 else { return FilmBareTests.background }
            guard y % 60 >= 25, y % 60 < 35, x > 20, x < 200 else { return 1 }
            return 0.3 + 0.5 * Double((x * 7 + y * 13 + seed * 31) % 17) / 17
        }
    }

    /// ``FilmBareTests/frame(_:)`` with its bars drawn in stripes of 0.86 and 1 under a dark clock and pill (icons: no
    /// flat tile of the bars in the page's grey, as on `-s138`, whose bars measure 0.92).
    static func frame(_ content: @escaping (Int, Int) -> Double) -> Frame {
        FilmBareTests.frame { x, y in
            guard y < 20 || y >= 450 else { return content(x, y) }
            if y >= 3, y < 11, x >= 8, x < 40 || y >= 466 && y < 470 && x >= 90 && x < 150 { return 0.1 }
            return x % 4 < 2 ? 0.86 : 1
        }
    }

    @Test("one frame of the page's grey after white groups is a blank frame, not a placeholder flash")
    func greyPageAfterWhiteGroups() throws {
        let a = Self.frame(Self.groups(1))
        let bare = Self.frame { _, _ in FilmBareTests.background }
        let b = Self.frame(Self.groups(2))
        let frames = FilmBareTests.film([a, a, bare, b, b])
        #expect(frames[2].summary.detail > FilmEventThresholds().blankDetail, "\(frames[2].summary.detail)")
        let events = FilmEventDetector().events(in: frames)
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(blank.start == 1034 && blank.end == 1051, "\(blank)")
        #expect(!events.contains { $0.kind == .placeholderFlash || $0.kind == .cut }, "\(events)")
    }

    @Test("a light grey placeholder over the groups, no theme's colour, is still no blank frame")
    func lightGreyPlaceholder() {
        let a = Self.frame(Self.groups(1))
        let grey = Self.frame { _, _ in 0.8 }
        let b = Self.frame(Self.groups(2))
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, grey, grey, b, b]))
        #expect(!events.contains { $0.kind == .blankFrame }, "\(events)")
    }
}
