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

    /// The film of `frames`, 17 ms apart.
    static func film(_ frames: [Frame]) -> [FilmFrame] {
        var previous: Frame?
        return frames.enumerated().map { index, frame in
            defer { previous = frame }
            return FilmFrame(
                file: "\(index)", time: 1000 + index * 17, summary: FrameSummary(frame),
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
        whole.bareArea = 0
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
}
