import FilmAnalysis
import Frames
import Testing

/// A black placeholder over a dark map (issue 35, round 13): the map's pictures turn black
/// under a dark theme's bars while the app's own controls over the map (a search bar, a zoom
/// button) stay, then the pictures land. Its frame is flat in a dark colour apart from small
/// regions, as a dark blank page is; but a blank page takes the controls away with the page,
/// and its colour is the page's, which the status bar shares, not a black darker than the bar
/// (`tune/map-dark-540x1200-30-vp9-s131`, `-s150`, `-s166`, `-s184`: read as blank pages until
/// round 13). The films are drawn pixel by pixel (``FilmBareTests/landscape(width:height:chrome:_:)``,
/// 17 ms apart from 1000 ms); the truth is their script: which frames show what.
@Suite("A black placeholder over a dark map")
struct FilmBlackPlaceholderTests {
    /// A dark theme's bars (0.08, a light clock and pill).
    static let bars = 0.08

    /// Whether (x, y) lies on one of the map's controls: a search bar across the top of the
    /// content and a zoom button at the right, two tiles of the 40 px grid each (2.5 % of the
    /// frame: small regions, as the pointer is, to the bare-page rule).
    static func control(_ x: Int, _ y: Int) -> Bool {
        (x >= 128 && x < 192 && y >= 48 && y < 72) || (x >= 404 && x < 432 && y >= 170 && y < 226)
    }

    /// The controls' texture: lines of text on a dark grey.
    static func controlInk(_ x: Int, _ y: Int) -> Double { (y / 3) % 2 == 0 && x % 5 != 0 ? 0.7 : 0.2 }

    /// A dark map of `seed` (``FilmBareTests/map(_:)`` darkened), under its controls when
    /// `controls`, with `content(x, y)` (nil: the map) over everything else.
    static func frame(map seed: Int, controls: Bool = true, _ content: ((Int, Int) -> Double)? = nil) -> Frame {
        FilmBareTests.landscape(chrome: Self.bars) { x, y in
            if controls && Self.control(x, y) { return Self.controlInk(x, y) }
            return content?(x, y) ?? FilmBareTests.map(seed)(x, y) - 0.25
        }
    }

    @Test("black over a dark map under dark bars, its controls kept, is a placeholder flash, not a blank page")
    func blackKeepingControls() {
        let a = Self.frame(map: 1)
        let black = Self.frame(map: 1) { _, _ in 0 }
        let b = Self.frame(map: 2)
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, black, black, black, b, b]))
        // Round 12's rules read the black frames as a blank page in their own colour (unsure).
        #expect(!events.contains { $0.kind == .blankFrame }, "\(events)")
        #expect(events.contains { $0.kind == .placeholderFlash && $0.start == 1034 && $0.end == 1085 }, "\(events)")
    }

    @Test("a dark page in the bars' colour over the same map is a blank page, controls kept or not")
    func darkPageIsBlank() throws {
        // The page's colour is the bar's or a little lighter (the corpus: 0.011 to 0.034): a
        // dark theme's blank page, whatever stays over it.
        for (page, controls) in [(Self.bars, false), (Self.bars + 0.02, false), (Self.bars + 0.02, true)] {
            let a = Self.frame(map: 1)
            let bare = Self.frame(map: 1, controls: controls) { _, _ in page }
            let b = Self.frame(map: 2)
            let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, bare, b, b]))
            let blank = try #require(events.first { $0.kind == .blankFrame }, "page \(page): \(events)")
            #expect(blank.start == 1034 && blank.end == 1051, "page \(page): \(blank)")
        }
    }

    @Test("black over a dark map under dark bars with only the pointer left is still a blank page, unsure")
    func blackWithoutControls() throws {
        // Nothing of the app stays over the black: it may be a black page (OLED themes draw
        // one), so the colour alone does not make it a placeholder.
        let a = Self.frame(map: 1, controls: false)
        let black = Self.frame(map: 1, controls: false) { _, _ in 0 }
        let b = Self.frame(map: 2, controls: false)
        let events = FilmEventDetector().events(in: FilmBareTests.film([a, a, black, black, b, b]))
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(
            blank.confidence == FilmEventThresholds().ownColourConfidence && blank.alternatives == [.placeholderFlash])
    }
}
