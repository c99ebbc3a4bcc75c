import FilmAnalysis
import Frames
import Testing

/// Round 10's rules on what a flat fill in a page's colour means (issue 35), on films drawn
/// pixel by pixel under a phone's chrome (``FilmBareTests/frame(_:)``,
/// ``FilmBareTests/landscape(width:height:chrome:_:)``): the page showing through where content
/// moved away is no placeholder, and a bare page after a map whose largest flat area is its
/// water (no theme's colour) is a blank page in its own colour. The truth is the script of each
/// film: which frames show what, at which time (17 ms apart from 1000 ms).
@Suite("Flat fills in a page's colour: content moving away, a blank page over a map's water")
struct FilmPageColourTests {
    /// The cards of ``FilmBareTests/page(_:)`` whose rows start at 360: the lowest on the page.
    static func lowestCard(_ x: Int, _ y: Int) -> Bool { y >= 360 && y < 420 && x > 10 && x < 230 }

    @Test(
        "the lowest cards giving way to the page behind them and coming back are no placeholder; grey in their place is"
    )
    func pageShowingThrough() throws {
        let a = FilmBareTests.frame(FilmBareTests.page(1))
        // A list scrolled past its last row: the lowest cards' tiles turn the page's own colour
        // (the flat background between the cards), then the list comes back.
        let through = FilmBareTests.frame { x, y in
            Self.lowestCard(x, y) ? FilmBareTests.background : FilmBareTests.page(1)(x, y)
        }
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, through, through, a, a]))
        #expect(!events.contains { $0.kind == .placeholderFlash || $0.kind == .blankFrame }, "\(events)")
        // The same cards turning grey (0.55: no colour of the page) in place are a placeholder.
        let grey = FilmBareTests.frame { x, y in Self.lowestCard(x, y) ? 0.55 : FilmBareTests.page(1)(x, y) }
        let placeholder = FilmEventDetector().events(in: FilmBareTests.film([a, a, grey, grey, a, a]))
        #expect(
            placeholder.contains { $0.kind == .placeholderFlash && $0.start == 1034 && $0.end == 1068 },
            "\(placeholder)")
        // The same cards turning a flat 0.06 darker than the page (outside bare-colour's 0.04):
        // a fill of its own colour, a placeholder.
        let near = FilmBareTests.frame { x, y in
            Self.lowestCard(x, y) ? FilmBareTests.background - 0.06 : FilmBareTests.page(1)(x, y)
        }
        let other = FilmEventDetector().events(in: FilmBareTests.film([a, a, near, near, a, a]))
        #expect(other.contains { $0.kind == .placeholderFlash }, "\(other)")
    }

    /// A dark map (``FilmBareTests/map(_:)`` darkened) whose left 200 px are flat water of 0.3:
    /// the frame's largest flat area, in no theme's colour.
    static func mapWithWater(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in x < 200 ? 0.3 : FilmBareTests.map(seed)(x, y) - 0.2 }
    }

    @Test("a dark page for one frame over a map whose largest flat area is its water is a blank page, unsure")
    func blankOverWater() throws {
        // Dark bars (0.2) over a dark page (0.12): the first tile row's tone is 0.15, within
        // bare-colour of the page (round 9's tone rule).
        let a = FilmBareTests.landscape(chrome: 0.2, Self.mapWithWater(1))
        let page = FilmBareTests.landscape(chrome: 0.2) { _, _ in 0.12 }
        let b = FilmBareTests.landscape(chrome: 0.2, Self.mapWithWater(2))
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, page, b, b]))
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(blank.start == 1034 && blank.end == 1051, "\(blank)")
        // The colour is the bare frame's own: a placeholder over the whole content looks the same.
        #expect(
            blank.confidence == FilmEventThresholds().ownColourConfidence && blank.alternatives == [.placeholderFlash])
        #expect(!events.contains { $0.kind == .placeholderFlash }, "\(events)")
        // Taken for a theme's colour (bare-dark 0.35 puts the water's 0.3 among the dark pages),
        // the water is the page behind the content and the dark page is not bare in it; since
        // round 16 the bare frame's own colour is read after a theme's on the same side
        // (FilmThemePageTests), so the blank frame is found that way too.
        var wide = FilmEventThresholds()
        wide.bareDark = 0.35
        let reread = FilmEventDetector(thresholds: wide).events(in: FilmBareTests.film([a, a, page, b, b]))
        #expect(reread.contains { $0.kind == .blankFrame }, "\(reread)")
    }
}
