import FilmAnalysis
import Frames
import Testing

/// A blank page in its theme's grey after a settings list of white groups (issue 35, round 16).
/// The groups cover the content but for gaps narrower than a tile (20 px here), so the frame
/// before the blank page shows the page's grey flat nowhere, and its dominant flat colour is
/// the groups' white, 0.05 from the grey (`tune/settings-dark-900x1000-30-hevc-s138`, 4267–4300:
/// named a placeholder flash by round 15's rules). Without round 16's rule
/// (`FilmThemePage.swift`) the first test fails. Round 16 drew the groups with 10 px margins
/// and bars of flat 0.92 rows: round 15's rules found that film's blank page too, because
/// tiles of the flat bars and of the margins lay within ``FilmEventThresholds/bareColour``
/// of the grey over more than 2 % of the frame (`shownBackgroundColour`); round 17 draws
/// textured bars, 2 px gaps and margins, and groups of text, as on the recording.
@Suite("A blank page in its theme's colour after cards of another")
struct FilmThemePageTests {
    /// A light settings list: white groups (1.0) separated by 2 px of the page's grey (0.95)
    /// every 60 px and 2 px margins of it, a block of text-like texture in each group.
    static func groups(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in
            guard y % 60 >= 2, x >= 2, x < 238 else { return FilmBareTests.background }
            guard y % 60 >= 8, y % 60 < 56, x >= 20, x < 200 else { return 1 }
            return 0.3 + 0.5 * Double((x * 7 + y * 13 + seed * 31) % 17) / 17
        }
    }

    /// A frame of ``FilmBareTests``' size: its bars (the top and bottom 20 px, a whole tile row
    /// each) drawn in stripes of 0.86 and 1 under a dark clock and pill, the content between and
    /// the pointer over it. Striped bars have detail (0.07), so no flat tile of the bars lies
    /// within ``FilmEventThresholds/bareColour`` of the page's grey (on `-s138`, icons keep its
    /// 0.92 bars from reading flat); their tone, 0.93, still agrees with the grey.
    static func frame(_ content: (Int, Int) -> Double) -> Frame {
        let (width, height) = (FilmBareTests.width, FilmBareTests.height)
        var values = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var value: Double
                if y >= 20 && y < height - 20 {
                    value = content(x, y)
                } else if y >= 3 && y < 11 && x >= 8 && x < 40 {
                    value = 0.1  // the clock
                } else if y >= height - 14 && y < height - 10 && x >= 90 && x < 150 {
                    value = 0.1  // the pill
                } else {
                    value = x % 4 < 2 ? 0.86 : 1
                }
                if x >= 120 && x < 128 && y >= 240 && y < 252 { value = 0.05 }
                for channel in 0..<3 { values[(y * width + x) * 3 + channel] = UInt8((value * 255).rounded()) }
            }
        }
        return Frame(width: width, height: height, rgb: values)
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
