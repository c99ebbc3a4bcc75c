import FilmAnalysis
import Frames
import Testing

/// A blank page in its theme's grey after a settings list of white groups (issue 35, round 16).
/// The groups cover the content but for gaps narrower than a tile (20 px here), so the frame
/// before the blank page shows the page's grey flat nowhere, and its dominant flat colour is
/// the groups' white, 0.05 from the grey (`tune/settings-dark-900x1000-30-hevc-s138`, 4267–4300:
/// named a placeholder flash by round 15's rules).
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

    @Test("one frame of the page's grey after white groups is a blank frame, not a placeholder flash")
    func greyPageAfterWhiteGroups() throws {
        let a = FilmBareTests.frame(Self.groups(1))
        let bare = FilmBareTests.frame { _, _ in FilmBareTests.background }
        let b = FilmBareTests.frame(Self.groups(2))
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, bare, b, b]))
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(blank.start == 1034 && blank.end == 1051, "\(blank)")
        #expect(!events.contains { $0.kind == .placeholderFlash || $0.kind == .cut }, "\(events)")
    }

    @Test("a light grey placeholder over the groups, no theme's colour, is still no blank frame")
    func lightGreyPlaceholder() {
        let a = FilmBareTests.frame(Self.groups(1))
        let grey = FilmBareTests.frame { _, _ in 0.8 }
        let b = FilmBareTests.frame(Self.groups(2))
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, grey, grey, b, b]))
        #expect(!events.contains { $0.kind == .blankFrame }, "\(events)")
    }
}
