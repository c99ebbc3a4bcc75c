import FilmAnalysis
import Frames
import Testing

/// A blank page under a phone's chrome (issue 35): the status bar (a clock) and the navigation
/// bar (a pill) stay, and the pointer too; the content area is the page's background. Read by
/// areas, that frame is bare; a placeholder that turns most of the frame flat in its own colour
/// is not.
@Suite("Blank pages read by areas")
struct FilmBareTests {
    static let width = 240
    static let height = 480
    static let background = 0.95

    /// A frame: the chrome (a dark clock on the status bar, a dark pill on the navigation bar),
    /// the content area filled by `content(x, y)`, and a dark 8 × 12 pointer at (120, 240).
    static func frame(_ content: (Int, Int) -> Double) -> Frame {
        var values = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var value: Double
                if y < 14 {
                    value = (x >= 8 && x < 40 && y >= 3 && y < 11 && x % 3 != 0) ? 0.1 : 0.92
                } else if y >= 456 {
                    value = (x >= 90 && x < 150 && y >= 466 && y < 470) ? 0.1 : 0.92
                } else {
                    value = content(x, y)
                }
                if x >= 120 && x < 128 && y >= 240 && y < 252 { value = 0.05 }
                for channel in 0..<3 { values[(y * width + x) * 3 + channel] = UInt8((value * 255).rounded()) }
            }
        }
        return Frame(width: width, height: height, rgb: values)
    }

    /// A page of content: textured cards on the background.
    static func page(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in
            let card = (y / 60) % 2 == 0 && x > 10 && x < 230
            guard card else { return background }
            return 0.3 + 0.5 * Double((x * 7 + y * 13 + seed * 31) % 17) / 17
        }
    }

    /// The film of `frames`, 17 ms apart from 1000 ms, or at `times` (ms, one per frame).
    static func film(_ frames: [Frame], times: [Int]? = nil) -> [FilmFrame] {
        var previous: Frame?
        return frames.enumerated().map { index, frame in
            defer { previous = frame }
            return FilmFrame(
                file: "\(index)", time: times?[index] ?? 1000 + index * 17, summary: FrameSummary(frame),
                difference: previous.map { FrameDifference($0, frame) })
        }
    }

    @Test("a bare page under the chrome and the pointer is a blank frame, not a placeholder flash")
    func blankUnderChrome() {
        let a = Self.frame(Self.page(1))
        let bare = Self.frame { _, _ in Self.background }
        let b = Self.frame(Self.page(2))
        let frames = Self.film([a, a, bare, b, b])
        // The chrome keeps the bare frame's detail over the whole-frame rule's 0.01.
        #expect(frames[2].summary.detail > FilmEventThresholds().blankDetail)
        let events = FilmEventDetector().events(in: frames)
        let blank = events.filter { $0.kind == .blankFrame }
        #expect(blank.count == 1 && blank.first?.start == 1034 && blank.first?.end == 1051, "\(events)")
        #expect(!events.contains { $0.kind == .placeholderFlash || $0.kind == .cut }, "\(events)")
        // Without the reading by areas (nothing but a flat frame is bare), it is not found.
        var whole = FilmEventThresholds()
        whole.bareRegion = 0
        let unread = FilmEventDetector(thresholds: whole).events(in: frames)
        #expect(!unread.contains { $0.kind == .blankFrame }, "\(unread)")
    }

    @Test("a grey placeholder over most of the page is no blank frame: it turned flat in its own colour")
    func placeholderIsNotBlank() {
        let a = Self.frame(Self.page(1))
        // Everything but the top card turns a flat grey, then the pictures land.
        let grey = Self.frame { x, y in y < 74 ? Self.page(1)(x, y) : 0.55 }
        let filled = Self.frame { x, y in y < 74 ? Self.page(1)(x, y) : 0.3 + 0.5 * Double((x * 5 + y * 3) % 11) / 11 }
        let events = FilmEventDetector().events(in: Self.film([a, a, grey, filled, filled]))
        #expect(!events.contains { $0.kind == .blankFrame }, "\(events)")
        #expect(events.contains { $0.kind == .placeholderFlash && $0.start == 1034 }, "\(events)")
    }

    /// A landscape frame of `width` × `height` with light or dark chrome (a status bar of 14 px
    /// with a clock, a navigation bar of 20 px with a pill), a one-pixel window edge down the
    /// right side, the pointer, and the content area filled by `content(x, y)`.
    static func landscape(
        width: Int = 480, height: Int = 270, chrome: Double = 0.92, _ content: (Int, Int) -> Double
    ) -> Frame {
        var values = [UInt8](repeating: 0, count: width * height * 3)
        let ink = chrome > 0.5 ? 0.1 : 0.9
        for y in 0..<height {
            for x in 0..<width {
                var value: Double
                if y < 14 {
                    value = (x >= 8 && x < 40 && y >= 3 && y < 11 && x % 3 != 0) ? ink : chrome
                } else if y >= height - 20 {
                    value =
                        (x >= width / 2 - 30 && x < width / 2 + 30 && y >= height - 10 && y < height - 6) ? ink : chrome
                } else {
                    value = content(x, y)
                }
                if x == width - 1 { value = 0.5 }
                if x >= 300 && x < 308 && y >= 150 && y < 162 { value = 0.05 }
                for channel in 0..<3 { values[(y * width + x) * 3 + channel] = UInt8((value * 255).rounded()) }
            }
        }
        return Frame(width: width, height: height, rgb: values)
    }

    /// A map: a texture over the whole content area, no flat page behind it.
    static func map(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in 0.35 + 0.4 * Double((x * 3 + y * 5 + seed * 11) % 23) / 23 }
    }

    @Test("landscape: a bare page under bars that are a quarter of the frame, an edge line and the pointer is blank")
    func blankUnderLandscapeChrome() {
        let a = Self.landscape(Self.page(1))
        let bare = Self.landscape { _, _ in Self.background }
        let b = Self.landscape(Self.page(2))
        let grid = TileGrid(width: 480, height: 270)
        // The bars' tile rows and the edge's column, with the pointer's tile, leave the page's
        // flat tiles under two thirds of the frame: the whole-frame share could not tell.
        #expect(grid.tileSize == 40 && grid.rows == 7)
        let events = FilmEventDetector().events(in: Self.film([a, a, bare, bare, b, b]))
        let blank = events.filter { $0.kind == .blankFrame }
        #expect(blank.count == 1 && blank.first?.start == 1034 && blank.first?.end == 1068, "\(events)")
        #expect(!events.contains { $0.kind == .placeholderFlash }, "\(events)")
        // Without the chrome's bands the bars are regions of the content, far over a few percent.
        var unbanded = FilmEventThresholds()
        unbanded.chromeBand = 0
        let unread = FilmEventDetector(thresholds: unbanded).events(in: Self.film([a, a, bare, bare, b, b]))
        #expect(!unread.contains { $0.kind == .blankFrame }, "\(unread)")
    }

    @Test("a black placeholder over a whole map under a light theme's bars is a placeholder, not a blank page")
    func blackOverMapUnderLightChrome() {
        let a = Self.landscape(Self.map(1))
        let black = Self.landscape { _, _ in 0 }
        let b = Self.landscape(Self.map(2))
        let events = FilmEventDetector().events(in: Self.film([a, a, black, black, black, b, b]))
        #expect(!events.contains { $0.kind == .blankFrame }, "\(events)")
        #expect(events.contains { $0.kind == .placeholderFlash && $0.start == 1034 && $0.end == 1085 }, "\(events)")
        // Under a dark theme's bars the same frames may be a dark page: a blank page, said unsure.
        let darkA = Self.landscape(chrome: 0.08, Self.map(1))
        let darkBlack = Self.landscape(chrome: 0.08) { _, _ in 0 }
        let darkB = Self.landscape(chrome: 0.08, Self.map(2))
        let darkEvents = FilmEventDetector().events(
            in: Self.film([darkA, darkA, darkBlack, darkBlack, darkBlack, darkB, darkB]))
        let blank = darkEvents.first { $0.kind == .blankFrame }
        #expect(blank?.confidence == 0.6 && blank?.alternatives == [FilmEvent.Kind.placeholderFlash], "\(darkEvents)")
    }

    @Test("a placeholder over one picture whose edge tiles keep some detail is found by its region")
    func placeholderRegion() {
        // A page of content; one picture (100 × 100 at 100, 60; not on the 20 px tiles) turns
        // black with a caption line drawn on it, then is filled with a picture.
        func picture(_ x: Int, _ y: Int) -> Bool { x >= 103 && x < 203 && y >= 63 && y < 163 }
        let page = Self.page(3)
        let a = Self.frame { x, y in picture(x, y) ? 0.2 + 0.6 * Double((x * 11 + y * 3) % 13) / 13 : page(x, y) }
        let black = Self.frame { x, y in picture(x, y) ? (y == 150 && x > 110 && x < 190 ? 0.8 : 0) : page(x, y) }
        let b = Self.frame { x, y in picture(x, y) ? 0.3 + 0.5 * Double((x * 5 + y * 9) % 7) / 7 : page(x, y) }
        let events = FilmEventDetector().events(in: Self.film([a, a, black, black, b, b]))
        #expect(events.contains { $0.kind == .placeholderFlash && $0.start == 1034 && $0.end == 1068 }, "\(events)")
        #expect(!events.contains { $0.kind == .crossfade || $0.kind == .cut }, "\(events)")
    }
}
