import FilmAnalysis
import Foundation
import Frames
import HingeKit
import Testing

@testable import hingetool

/// What `film --report` and `plot film` draw from the events (issue 34's report items): the
/// crossfades' α as one line per crossfade, the heat image's colour scale, and the events
/// numbered 1, 2, 3… with the hidden settles taking no number.
@Suite("film --report and plot film: α per crossfade, heat scale, numbering")
struct FilmReportLayoutTests {
    /// The text `film --events` writes for frames 17 ms apart from 17 to 5015 ms and `events`
    /// (start, end, kind, alphas).
    static func written(_ events: [(Int, Int, String, String)]) -> String {
        var text = "# t_ms dt_ms rmse\n"
        for time in stride(from: 17, through: 5015, by: 17) { text += "\(time) 17 0.001000000\n" }
        text += "\n\n# events\n# start_ms end_ms kind frames peak alphas dip blink\n"
        for (start, end, kind, alphas) in events {
            text += "\(start) \(end) \(kind) 3 0.100000 \(alphas) \(kind == "crossfade" ? "0.010" : "-") -\n"
        }
        return text
    }

    @Test("two crossfades seconds apart are two lines of α, a blank line between them")
    func alphaPerCrossfade() throws {
        let rows = HingeTool.FilmEventRows(
            Self.written([
                (1020, 1054, "crossfade", "0.200,0.600,1.000"), (2006, 2006, "cut", "-"),
                (3009, 3043, "crossfade", "0.300,0.700,1.000"),
            ]))
        #expect(rows.fades.map { $0.map(\.time) } == [[1020, 1037, 1054], [3009, 3026, 3043]])
        let script = HingeTool.FilmPlot.script(data: "film.dat", title: "'film'", events: rows, hingeStops: nil)
        let block = try #require(
            script.components(separatedBy: "$alpha << EOD\n").last?.components(separatedBy: "EOD\n").first)
        // gnuplot starts a new line after a blank line: one per crossfade.
        let lines = block.components(separatedBy: "\n\n")
        #expect(lines.count == 2, "\(block)")
        #expect(lines.first?.hasPrefix("1020 0.200\n1037 0.600\n1054 1.000") == true, "\(block)")
        #expect(lines.last?.hasPrefix("3009 0.300\n3026 0.700\n3043 1.000") == true, "\(block)")
    }

    @Test("events are numbered 1, 2, 3 in the report, the settles it does not list taking no number")
    func numbering() {
        let events = [
            FilmEvent(kind: .leadIn, start: 0, end: 500, frames: 3, peak: 0.1),
            FilmEvent(kind: .settle, start: 600, end: 700, frames: 2, peak: 0.1),
            FilmEvent(kind: .cut, start: 1000, end: 1000, frames: 1, peak: 0.2),
            FilmEvent(kind: .settle, start: 1000, end: 1100, frames: 2, peak: 0.2),
            FilmEvent(kind: .crossfade, start: 2000, end: 2200, frames: 6, peak: 0.05),
        ]
        #expect(FilmReport.listed(events).map(\.number) == [1, 2, 3])
        #expect(FilmReport.listed(events).map(\.event.kind) == [.leadIn, .cut, .crossfade])
        let page = FilmReport.html(source: "film", frames: [], events: events, curve: nil)
        for number in 1...3 { #expect(page.contains("<a href=\"#event-\(number)\">\(number)</a>"), "\(number)") }
        #expect(!page.contains("#event-4") && !page.contains("#event-5"))
    }

    @Test("the heat image comes with its colour scale, from 0 to the event's largest tile difference")
    func heatScale() throws {
        // Two frames: the second changes the top-left tile only.
        var bytes = [UInt8](repeating: 100, count: 48 * 96 * 3)
        let a = Frame(width: 48, height: 96, rgb: bytes)
        for y in 0..<4 { for x in 0..<4 { for c in 0..<3 { bytes[(y * 48 + x) * 3 + c] = 200 } } }
        let b = Frame(width: 48, height: 96, rgb: bytes)
        let frames = [
            FilmFrame(file: "a", time: 0, summary: FrameSummary(a), difference: nil),
            FilmFrame(file: "b", time: 17, summary: FrameSummary(b), difference: FrameDifference(a, b)),
        ]
        let event = FilmEvent(kind: .cut, start: 17, end: 17, frames: 1, peak: frames[1].rmse)
        let heat = try #require(FilmReport.heatImage(event, frames: frames))
        let top = try #require(frames[1].difference?.tiles.max())
        #expect(abs(heat.top - Double(top)) < 1e-9)
        // The top-left tile is white (the scale's top), the others black (0).
        #expect(heat.image.bytes[0] == 255 && heat.image.bytes[1] == 255 && heat.image.bytes[2] == 255)
        #expect(heat.image.bytes[3 * (heat.image.width * heat.image.height - 1)] == 0)
        let figure = FilmReport.heatFigure("event-1-tiles.png", top: heat.top)
        #expect(figure.contains("<div class=\"scale\"></div>"))
        #expect(figure.contains(">0</span>") && figure.contains(">\(DecimalNumber.fixed(heat.top, places: 3))</span>"))
        // The page styles the scale as the image's own colours: black, red, yellow, white.
        let page = FilmReport.html(source: "film", frames: frames, events: [event], curve: nil)
        #expect(page.contains("linear-gradient(to right, #000 0%, #f00 33.3%, #ff0 66.7%, #fff 100%)"))
    }

    @Test("an event the frames could read as another kind shows its confidence and the alternatives")
    func confidence() {
        var blank = FilmEvent(kind: .blankFrame, start: 1000, end: 1017, frames: 1, peak: 0.2)
        #expect(FilmReport.title(blank) == "blank-frame")
        blank.confidence = 0.6
        blank.alternatives = [.placeholderFlash]
        #expect(FilmReport.title(blank) == "blank-frame (confidence 0.6; or placeholder-flash)")
        let page = FilmReport.html(source: "film", frames: [], events: [blank], curve: nil)
        #expect(page.contains("<td>blank-frame (confidence 0.6; or placeholder-flash)</td>"))
    }
}
