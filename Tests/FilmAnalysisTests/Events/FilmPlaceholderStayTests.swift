import FilmAnalysis
import Frames
import Testing

/// Placeholders that stay past round 9's 400 ms (issue 35, round 16): a loaded Chromium kept a
/// placeholder up 500–534 ms on `tune/` (`article-light-720x1280-30-hevc-s133`, 5233–5767,
/// scripted 500 ms; `article-light-720x1280-60-vp9-s124`, 2533–3033, scripted 150 ms), named
/// two cuts by round 15's rules. The film is ``FilmFlashTests``'s grey placeholder drawn in
/// place over the cards, held for `stay` ms before the pictures land; with `moving`, a band
/// between two cards turns dark in the middle of the stay (the frame is not still).
@Suite("Placeholders that stay over a still frame: one flash up to 600 ms")
struct FilmPlaceholderStayTests {
    static func film(stay: Int, moving: Bool = false) -> [FilmFrame] {
        let a = FilmBareTests.frame(FilmBareTests.page(1))
        let grey = FilmBareTests.frame { x, y in
            FilmFlashTests.onCard(y) && x > 10 && x < 230 ? 0.55 : FilmBareTests.background
        }
        let band = FilmBareTests.frame { x, y in
            FilmFlashTests.onCard(y) && x > 10 && x < 230
                ? 0.55 : (y >= 70 && y < 110 && x > 10 && x < 230 ? 0.3 : FilmBareTests.background)
        }
        let b = FilmBareTests.frame(FilmBareTests.page(2))
        let times = [1000, 1017, 1034, 1034 + stay / 2, 1034 + stay - 33, 1034 + stay, 1034 + stay + 300]
        return FilmBareTests.film([a, a, grey, moving ? band : grey, grey, b, b], times: times)
    }

    @Test("a grey placeholder held 534 ms (as -s133's) is one placeholder flash")
    func heldPast400() throws {
        let events = FilmEventDetector().events(in: Self.film(stay: 534))
        let flash = try #require(events.first { $0.kind == .placeholderFlash }, "\(events)")
        #expect(flash.start == 1034 && flash.end == 1568, "\(flash)")
        #expect(!events.contains { $0.kind == .cut || $0.kind == .blankFrame }, "\(events)")
    }

    @Test("the same placeholder held 534 ms while the frame moves is no flash")
    func heldWhileMoving() {
        let events = FilmEventDetector().events(in: Self.film(stay: 534, moving: true))
        #expect(!events.contains { $0.kind == .placeholderFlash && $0.end == 1568 }, "\(events)")
    }

    @Test("a grey placeholder held 800 ms, a load, is no flash")
    func heldLikeALoad() {
        let events = FilmEventDetector().events(in: Self.film(stay: 800))
        #expect(!events.contains { $0.kind == .placeholderFlash }, "\(events)")
    }
}
