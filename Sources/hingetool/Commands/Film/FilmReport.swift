import FilmAnalysis
import Foundation
import Frames
import HingeKit
internal import HingeSupport

/// `film --report DIR`: a self-contained HTML page for QA, `DIR/index.html`, with relative
/// links to PNGs in DIR written through FilmAnalysis's one PNG writer (`Frame.pngData()`):
/// a summary table of the events, the difference curve with the events shaded (gnuplot), and
/// per event thumbnails of the frames before, during and after it, the tiles it changed as a
/// heat image, and a crossfade's blend per frame and dip. Every name shown is HTML-escaped.
enum FilmReport {
    /// Writes the report of `frames` and `events` into `folder`; returns the files written (the
    /// curve's first: curve.dat and curve.png, none without gnuplot).
    static func write(
        into folder: String, frames: [FilmFrame], events: [FilmEvent], hinge: HingeRestTimeline?,
        clockNote: String? = nil, source: String, thumbnails: FilmThumbnails, hitches: FilmHitches? = nil,
        context: ToolContext
    ) throws(ToolError) -> [String] {
        let names =
            ["index.html", "curve.dat", "curve.png"]
            + listed(events).flatMap { item in
                ["before", "during", "after", "tiles"].map { "event-\(item.number)-\($0).png" }
            }
        let set = try OutputSet(
            folder: folder, owner: "film-report", command: "film --report", names: names, force: false,
            staged: true, offersForce: false)
        var written = try curve(
            into: set, frames: frames, events: events, hinge: hinge, source: source, hitches: hitches, context: context)
        let drawn = !written.isEmpty
        func png(_ frame: Frame, _ name: String) throws(ToolError) {
            guard let data = frame.pngData() else { throw .failure("cannot encode \(name)") }
            try set.write(name, data)
            written.append(folder + "/" + name)
        }
        var sections = ""
        for (number, event) in listed(events) {
            let shots = picks(event, in: frames)
            var cells = ""
            for (label, index) in shots {
                guard let thumbnail = thumbnails.thumbnail(index, frames: frames, context: context) else { continue }
                let name = "event-\(number)-\(label).png"
                try png(thumbnail, name)
                cells +=
                    "<figure><img src=\"\(name)\" alt=\"\(label)\"><figcaption>\(label): "
                    + "\(frames[index].time) ms</figcaption></figure>\n"
            }
            let heatName = "event-\(number)-tiles.png"
            if let heat = heatImage(event, frames: frames) {
                try png(heat.image, heatName)
                cells += heatFigure(heatName, top: heat.top)
            }
            var details = ""
            if event.kind == .crossfade {
                let alphas = event.alphas.map { DecimalNumber.fixed($0, places: 2) }.joined(separator: ", ")
                details =
                    "<p>blend α per frame: \(alphas)<br>dip (largest background share): "
                    + "\(DecimalNumber.fixed(event.dip, places: 3))\(event.isBlink ? " — <b>a blink</b>" : "")</p>\n"
            }
            sections +=
                "<section id=\"event-\(number)\"><h2>\(number). \(escape(title(event))) at \(event.start) ms"
                + "</h2>\n<div class=\"shots\">\(cells)</div>\n\(details)</section>\n"
        }
        let page = html(
            source: source, frames: frames, events: events, curve: drawn ? "curve.png" : nil,
            clockNote: clockNote, hitches: hitches
        )
        .replacingOccurrences(of: "<!--sections-->", with: sections)
        try set.write("index.html", page)
        written.append(folder + "/index.html")
        try set.finish()
        return written
    }

    /// The events the report lists (all but settles, which only the curve shows), numbered
    /// 1, 2, 3… in film order.
    static func listed(_ events: [FilmEvent]) -> [(number: Int, event: FilmEvent)] {
        events.filter { $0.kind != .settle }.enumerated().map { ($0.offset + 1, $0.element) }
    }

    /// The heat image's figure with its colour scale: black for no change, through red and
    /// yellow, to white for `top`, the largest tile difference (RMSE) of the event.
    static func heatFigure(_ name: String, top: Double) -> String {
        "<figure><img src=\"\(name)\" alt=\"tiles\" class=\"heat\"><figcaption>tiles changed"
            + "<div class=\"scale\"></div><span class=\"scale\">0</span>"
            + "<span class=\"scale top\">\(DecimalNumber.fixed(top, places: 3))</span> (tile RMSE)"
            + "</figcaption></figure>\n"
    }

    /// The event's name as the report shows it: its kind (a blink for a crossfade with a dip),
    /// and, when the frames could be another kind too, its confidence and the alternatives.
    static func title(_ event: FilmEvent) -> String {
        let name = event.isBlink ? "crossfade (blink)" : event.kind.rawValue
        guard event.confidence < 1 else { return name }
        let others = event.alternatives.map(\.rawValue).joined(separator: ", ")
        return name + " (confidence \(DecimalNumber.fixed(event.confidence, places: 2))"
            + (others.isEmpty ? ")" : "; or \(others))")
    }

    /// `text` safe inside HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// The frames shown for an event: the one before it, one during it, and the one that ends it.
    static func picks(_ event: FilmEvent, in frames: [FilmFrame]) -> [(String, Int)] {
        guard let start = frames.firstIndex(where: { $0.time == event.start }),
            let end = frames.firstIndex(where: { $0.time == event.end })
        else { return [] }
        var during = (start + end) / 2
        if event.kind == .blankFrame || event.kind == .placeholderFlash || event.kind == .cut { during = start }
        return [("before", max(0, start - 1)), ("during", during), ("after", min(frames.count - 1, end))]
    }

    /// Each tile's largest difference over the event's steps, as a heat image (black, red,
    /// yellow, white for `top`, the largest of them), 12 pixels per tile.
    static func heatImage(_ event: FilmEvent, frames: [FilmFrame]) -> (image: Frame, top: Double)? {
        let steps = frames.filter { $0.time >= event.start && $0.time <= max(event.end, event.start) }
        guard let grid = steps.first?.difference?.grid else { return nil }
        var heat = [Float](repeating: 0, count: grid.count)
        for frame in steps {
            guard let difference = frame.difference, difference.grid == grid else { continue }
            for tile in 0..<grid.count { heat[tile] = max(heat[tile], difference.tiles[tile]) }
        }
        let top = max(heat.max() ?? 0, 1e-6)
        let scale = 12
        let width = grid.columns * scale
        let height = grid.rows * scale
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let value = Double(heat[(y / scale) * grid.columns + x / scale] / top)
                let pixel = 3 * (y * width + x)
                rgb[pixel] = UInt8(min(255, max(0, 3 * value * 255)))
                rgb[pixel + 1] = UInt8(min(255, max(0, (3 * value - 1) * 255)))
                rgb[pixel + 2] = UInt8(min(255, max(0, (3 * value - 2) * 255)))
            }
        }
        return (Frame(width: width, height: height, rgb: rgb), Double(top))
    }

    /// The difference curve with the events shaded, drawn by gnuplot with `plot film`'s script;
    /// no picture (and no error) without gnuplot.
    static func curve(
        into set: OutputSet, frames: [FilmFrame], events: [FilmEvent], hinge: HingeRestTimeline?, source: String,
        hitches: FilmHitches? = nil, context: ToolContext
    ) throws(ToolError) -> [String] {
        let folder = set.folder
        guard let gnuplot = Gnuplot.executable() else { return [] }
        let data = ByteCollector()
        let capture = ToolContext(
            output: data.sink, writeError: context.writeError, openStandardInput: context.openStandardInput)
        let output = try OutputWriter(path: nil, context: capture)
        HingeTool.Film.write(frames, events: events, hinge: hinge, source: source, to: output)
        try output.commit()
        try set.write("curve.dat", data.bytes)
        var script = "set terminal pngcairo size 1000,\(hinge == nil ? 600 : 960) font 'DejaVu Sans,11'\n"
        script += "set output 'curve.png'\n" + GnuplotText.literal
        script += HingeTool.FilmPlot.script(
            data: "curve.dat", title: GnuplotText.quoted("film: " + (source as NSString).lastPathComponent),
            events: HingeTool.FilmEventRows(data.text), hingeStops: hinge?.stops,
            hitches: hitches?.list ?? [])
        _ = try Gnuplot.render(gnuplot, script: script, picture: "curve.png", in: set)
        return [folder + "/curve.dat", folder + "/curve.png"]
    }

    /// The page around the event sections; `clockNote`, `--hinge`'s clock (the offset found,
    /// its uncertainty, and an ambiguity or unreliability warning), shown under the summary.
    static func html(
        source: String, frames: [FilmFrame], events: [FilmEvent], curve: String?, clockNote: String? = nil,
        hitches: FilmHitches? = nil
    ) -> String {
        var rows = ""
        for (number, event) in listed(events) {
            let dip = event.kind == .crossfade ? DecimalNumber.fixed(event.dip, places: 3) : ""
            rows +=
                "<tr><td><a href=\"#event-\(number)\">\(number)</a></td><td>\(escape(title(event)))</td>"
                + "<td>\(event.start)</td><td>\(event.end)</td><td>\(event.frames)</td>"
                + "<td>\(DecimalNumber.fixed(event.peak, places: 4))</td><td>\(dip)</td></tr>\n"
        }
        let settles = events.filter { $0.kind == .settle }.count
        let size = frames.first.map { "\($0.summary.grid.width) × \($0.summary.grid.height)" } ?? "?"
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>film report: \(escape(source))</title>
            <style>
            body { font: 14px sans-serif; margin: 20px; background: #fff; color: #222; }
            table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 3px 8px; }
            .shots { display: flex; gap: 12px; align-items: flex-start; }
            figure { margin: 0; } figure img { width: 180px; border: 1px solid #888; image-rendering: pixelated; }
            figure img.heat { width: 144px; }
            div.scale { width: 144px; height: 8px; border: 1px solid #888;
              background: linear-gradient(to right, #000 0%, #f00 33.3%, #ff0 66.7%, #fff 100%); }
            span.scale { font-size: 11px; } span.scale.top { float: right; }
            p.clock { background: #fff6d5; padding: 4px 8px; }
            p.hitches { padding: 4px 8px; } p.good { background: #e3f6e3; } p.warning { background: #fff0c8; }
            p.critical { background: #ffd9d9; }
            </style></head><body>
            <h1>Film report: \(escape(source))</h1>
            <p>\(frames.count) frames of \(size) pixels; \(settles) settle\(settles == 1 ? "" : "s") not listed.</p>
            \(clockNote.map { "<p class=\"clock\">\(escape($0))</p>" } ?? "")
            \(hitches.map { "<p class=\"hitches \($0.band.rawValue)\">\(escape(FilmHitchOutput.note($0)))</p>" } ?? "")
            <table><tr><th>#</th><th>kind</th><th>start ms</th><th>end ms</th><th>frames</th><th>peak RMSE</th><th>dip</th></tr>
            \(rows)</table>
            \(curve.map { "<p><img src=\"\($0)\" alt=\"difference curve\" style=\"max-width: 100%\"></p>" } ?? "")
            <!--sections-->
            </body></html>

            """
    }
}

/// Small copies of a film's frames for the report: kept as frames go by (a video), or decoded
/// again from their files (a folder of frames).
///
/// A video's thumbnails (about 170 kB each at 180 × 320) go to an anonymous temporary file,
/// not memory: which frames the report shows is known only once the events are, and keeping
/// every frame's thumbnail in memory grew without bound with the film (issue 32). Memory holds
/// only each thumbnail's place in the file.
final class FilmThumbnails: @unchecked Sendable {
    static let width = 180
    /// The places of the kept thumbnails and the file they are in, behind one lock (frames
    /// are kept from the decoding threads).
    private struct Spill {
        var kept: [Int: (offset: Int, width: Int, height: Int)] = [:]
        var file: UnsafeMutablePointer<FILE>?
        var end = 0
        var failed = false
    }

    private let spill = LockedBuffer.make(Spill())

    deinit { spill.withLock { if let file = $0.file { fclose(file) } } }

    /// Keeps a small copy of frame `index` (called from any thread); a thumbnail that cannot be
    /// written (a full temporary disk) is left out of the report, as an undecodable frame is.
    func keep(_ index: Int, _ frame: Frame) {
        let small = Self.shrink(frame)
        spill.withLock { state in
            if state.file == nil && !state.failed {
                state.file = tmpfile()
                state.failed = state.file == nil
            }
            guard let file = state.file, small.layout.bitDepth == 8 else { return }
            let bytes = small.bytes
            let end = state.end
            let written = bytes.withUnsafeBytes { pwrite(fileno(file), $0.baseAddress, $0.count, off_t(end)) }
            guard written == bytes.count else { return }
            state.kept[index] = (end, small.width, small.height)
            state.end += bytes.count
        }
    }

    /// The thumbnail of frame `index`: kept, or decoded from its file (read again through the
    /// one opener, so a frame swapped for a FIFO since the first read is refused, not waited on).
    func thumbnail(_ index: Int, frames: [FilmFrame], context: ToolContext) -> Frame? {
        let (found, descriptor) = spill.withLock { state in (state.kept[index], state.file.map { fileno($0) }) }
        if let found, let descriptor {
            var rgb = [UInt8](repeating: 0, count: found.width * found.height * 3)
            let got = rgb.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(found.offset)) }
            return got == rgb.count ? Frame(width: found.width, height: found.height, rgb: rgb) : nil
        }
        guard let data = try? context.readAll(frames[index].file),
            let frame = try? Frame(contentsOf: data, file: frames[index].file)
        else { return nil }
        return Self.shrink(frame)
    }

    /// `frame` averaged down to at most ``width`` pixels across (8-bit RGB).
    static func shrink(_ frame: Frame) -> Frame {
        let factor = max(1, (frame.width + width - 1) / width)
        let w = max(1, frame.width / factor)
        let h = max(1, frame.height / factor)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                var sums = (0.0, 0.0, 0.0)
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let p = frame.pixel(x: x * factor + dx, y: y * factor + dy)
                        sums.0 += p.red * p.alpha
                        sums.1 += p.green * p.alpha
                        sums.2 += p.blue * p.alpha
                    }
                }
                let n = Double(factor * factor)
                rgb[3 * (y * w + x)] = UInt8((sums.0 / n * 255).rounded())
                rgb[3 * (y * w + x) + 1] = UInt8((sums.1 / n * 255).rounded())
                rgb[3 * (y * w + x) + 2] = UInt8((sums.2 / n * 255).rounded())
            }
        }
        return Frame(width: w, height: h, rgb: rgb)
    }
}
