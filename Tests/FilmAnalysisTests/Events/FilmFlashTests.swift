import FilmAnalysis
import Frames
import Testing

/// Round 9's placeholder rules (issue 35), on films drawn pixel by pixel under a phone's chrome
/// (``FilmBareTests/frame(_:)``, ``FilmBareTests/landscape(width:height:chrome:_:)``): a
/// placeholder that a loaded compositor kept longer than the 150 ms it was scripted for is still
/// a flash, a page clearing on its way to a blank page is no placeholder, and a black placeholder
/// over a whole dark map is no dark page when the status bar is not in its colour. The truth is
/// the script of each film: which frames show what, at which time.
@Suite("Placeholder flashes held under load, pages clearing before a blank page, black over a dark map")
struct FilmFlashTests {
    /// The cards of ``FilmBareTests/page(_:)``: where a grid's pictures sit.
    static func onCard(_ y: Int) -> Bool { (y / 60) % 2 == 0 }

    @Test("a grey placeholder drawn in place and held 300 ms is one placeholder flash, not two cuts")
    func heldPlaceholder() throws {
        let a = FilmBareTests.frame(FilmBareTests.page(1))
        // The pictures turn a flat grey in place (the page around them stays), then land.
        let grey = FilmBareTests.frame { x, y in Self.onCard(y) && x > 10 && x < 230 ? 0.55 : FilmBareTests.background }
        let b = FilmBareTests.frame(FilmBareTests.page(2))
        let pictures = [a, a, grey, grey, grey, b, b]
        let times = [1000, 1017, 1034, 1200, 1300, 1334, 1700]
        let events = FilmEventDetector().events(in: FilmBareTests.film(pictures, times: times))
        let flash = try #require(events.first { $0.kind == .placeholderFlash }, "\(events)")
        #expect(flash.start == 1034 && flash.end == 1334, "\(flash)")
        #expect(!events.contains { $0.kind == .cut || $0.kind == .blankFrame }, "\(events)")
        // With the flash no longer than round 8's 250 ms, the held placeholder is still one
        // since round 16: over a still frame a placeholder may stay 600 ms (FilmPlaceholderStayTests).
        var short = FilmEventThresholds()
        short.longestFlash = 250
        let still = FilmEventDetector(thresholds: short).events(in: FilmBareTests.film(pictures, times: times))
        #expect(still.contains { $0.kind == .placeholderFlash }, "\(still)")
    }

    @Test("a page clearing with the codec's residue on its way to a blank page is the blank page alone")
    func clearingBeforeBlank() throws {
        let a = FilmBareTests.frame(FilmBareTests.page(1))
        // The first frame of the blank page still carries the codec's ringing in every other
        // column of tiles (detail 0.025, each column over 5 % of the frame: not bare), the rest
        // already flat in the page's colour; the next frame is bare, then the next page lands.
        let residue = FilmBareTests.frame { x, y in
            (x / 20) % 2 == 0
                ? FilmBareTests.background + ((x + y) % 2 == 0 ? 0.025 : -0.025) : FilmBareTests.background
        }
        let bare = FilmBareTests.frame { _, _ in FilmBareTests.background }
        let b = FilmBareTests.frame(FilmBareTests.page(2))
        let frames = FilmBareTests.film([a, a, residue, bare, b, b])
        // The frame of residue had content before it, turned partly flat, and is not bare.
        #expect(frames[2].summary.detail >= FilmEventThresholds().detail)
        let events = FilmEventDetector().events(in: frames)
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(blank.start == 1051 && blank.end == 1068, "\(blank)")
        #expect(!events.contains { $0.kind == .placeholderFlash || $0.kind == .cut }, "\(events)")
    }

    @Test("a black placeholder over a whole dark map under a lighter status bar is a placeholder; a dark page is blank")
    func blackOverDarkMap() throws {
        // Landscape, 40 px tiles: the first tile row is the 14 px status bar (0.2) over 26 px of
        // content. Over a dark page (0.12) that row's tone is 0.15, within bare-colour of the
        // page; over black it is 0.07, and black is no page under that bar.
        let chrome = 0.2
        let a = FilmBareTests.landscape(chrome: chrome, FilmBareTests.map(1))
        let black = FilmBareTests.landscape(chrome: chrome) { _, _ in 0 }
        let page = FilmBareTests.landscape(chrome: chrome) { _, _ in 0.12 }
        let b = FilmBareTests.landscape(chrome: chrome, FilmBareTests.map(2))
        let placeholder = FilmEventDetector().events(in: FilmBareTests.film([a, a, black, black, black, b, b]))
        #expect(!placeholder.contains { $0.kind == .blankFrame }, "\(placeholder)")
        #expect(
            placeholder.contains { $0.kind == .placeholderFlash && $0.start == 1034 && $0.end == 1085 },
            "\(placeholder)")
        let blank = FilmEventDetector().events(in: FilmBareTests.film([a, a, page, b, b]))
        let found = try #require(blank.first { $0.kind == .blankFrame }, "\(blank)")
        #expect(found.start == 1034 && found.end == 1051 && found.confidence == 0.6, "\(found)")
        // With a colour tolerance wide enough to take black for the bar's tone, black is a page.
        var wide = FilmEventThresholds()
        wide.bareColour = 0.08
        let unread = FilmEventDetector(thresholds: wide).events(
            in: FilmBareTests.film([a, a, black, black, black, b, b]))
        #expect(unread.contains { $0.kind == .blankFrame }, "\(unread)")
    }

    @Test("a blank page that keeps the codec's ringing over its content (tile detail 0.012) is bare")
    func ringingIsBare() throws {
        let a = FilmBareTests.frame(FilmBareTests.page(1))
        // HEVC drew the bare page once with its ringing: ±3 levels over every tile (0.012).
        let ringing = FilmBareTests.frame { x, y in FilmBareTests.background + ((x + y) % 2 == 0 ? 0.012 : -0.012) }
        let b = FilmBareTests.frame(FilmBareTests.page(2))
        let frames = FilmBareTests.film([a, a, ringing, b, b])
        let events = FilmEventDetector().events(in: frames)
        let blank = try #require(events.first { $0.kind == .blankFrame }, "\(events)")
        #expect(blank.start == 1034 && blank.end == 1051, "\(blank)")
        #expect(!events.contains { $0.kind == .placeholderFlash || $0.kind == .cut }, "\(events)")
        // With round 8's blank-detail of 0.01 the ringing tiles are not flat: no blank page.
        var strict = FilmEventThresholds()
        strict.blankDetail = 0.01
        let unread = FilmEventDetector(thresholds: strict).events(in: frames)
        #expect(!unread.contains { $0.kind == .blankFrame }, "\(unread)")
    }
}
