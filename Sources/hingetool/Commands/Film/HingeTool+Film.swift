import FilmAnalysis
import Foundation
import Frames
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool film DIR|VIDEO`: frame differences and the events they show.
    struct Film: Subcommand {
        static let spec = CommandSpec(
            name: "film",
            abstract: "Measure how each frame of a screen recording differs from the one before, and name the events.",
            discussion: """
                DIR holds the frames as PNG or PPM files named by their time in milliseconds \
                (001234.png), as ffmpeg writes them with '-fps_mode passthrough -enc_time_base \
                1/1000 -frame_pts 1'. A VIDEO is decoded by ffmpeg (when it is on PATH) into a \
                pipe with each frame's time; no file is written. The name reaches ffmpeg as \
                'file:VIDEO', so it is always the file named, never a protocol ('concat:', \
                'http:'). A yuv420p (or yuvj420p) video \
                crosses as YUV and is converted with ffmpeg's own arithmetic, checked against this \
                ffmpeg on all 2^24 colours (it is read again as RGB if they differ); ffmpeg sends \
                any other as RGB. Each frame is decoded once, on all cores; the difference is \
                ImageMagick's 'compare -metric RMSE' normalised to 0…1. Rows are 't_ms dt_ms rmse' \
                for every frame after the first. \
                --hitches measures the frames held too long in motion (docs/film.md); \
                --events adds the events (lead-in, cut, crossfade, blank-frame, placeholder-flash, \
                settle, late-motion) as 'start_ms end_ms kind frames peak alphas dip blink'; \
                docs/film.md gives the thresholds. --fail-on exits 1 when a named kind is found. A \
                screen recording carries no boot clock: --hinge's trace (its times by --clock, from \
                zero by default) is put on the film's clock by the offset that lines up the most \
                hinge starts of motion with bursts of change in the film, printed with its \
                uncertainty (and any ambiguity) in the header; --hinge-offset gives it instead.
                """,
            arguments: [
                CommandSpec.Argument("frames", help: "A folder of frames, or a video file.", kind: .inputFileOrFolder)
            ],
            options: [
                hinge.option,
                events.option,
                failOn.option,
                report.option,
                thresholds.option,
                ignore.option,
                order.option,
                maxFrames.option,
                maxRowsOption, maxPointsOption,
                rowFormatOption([.dat, .json, .jsonl]).helped(
                    "The rows (and with --events the event table) as gnuplot-ready dat, one JSON report, or "
                        + "that report as JSON Lines (a header line, then a line per row, event and hitch)."
                ).renamingValue("text", to: "dat"),
                outputOption,
            ] + FilmHitchOutput.options + hingeClockOptions,
            examples: [["Datasets/films/cut"]])

        static let failOn = OptionKey<String?>(
            ["--fail-on"], value: "kinds", kind: .wordList(FilmGate.kinds),
            help:
                "Exit 1 after writing the output when an event of one of these kinds is found (hitch: a "
                + "frame held too long in motion, implies --hitches)."
        ).declared { option in
            var option = option
            option.wordHelp = FilmGate.kindHelp
            return option
        }
        static let ignore = OptionKey(
            repeatable: ["--ignore"], value: "x,y,w,h",
            help:
                "Leave this rectangle of every frame out (pixels from the top left: a status bar's clock); "
                + "it is filled with the colour just below it before frames are compared.")
        static let order = OptionKey(
            ["--order"], value: "order", help: "Frame order: by the time in the name, or by name.",
            default: FrameFile.Order.time)
        static let hinge = OptionKey<String?>(
            ["--hinge"], value: "trace", kind: .inputFile,
            help: "A hinge trace on the same clock: late motion, and times from the hinge's stop and start.")
        static let events = OptionKey(flag: ["--events"], help: "Print the event table after the rows.")
        static let report = OptionKey<String?>(
            ["--report"], value: "dir", kind: .directory,
            help:
                "Write a self-contained HTML report into DIR (index.html and its PNGs: the events with "
                + "thumbnails before, during and after, the tiles they changed, the difference curve).")
        static let thresholds = OptionKey<String?>(
            ["--thresholds"], value: "list",
            help:
                "Override detector thresholds, as NAME=VALUE,… (NAME one of quiet, cut, detail, blank-detail, flat-tile, blink, "
                + "blend-residual, mixture, smallest-blend, blend-trim, gradual-frames, gradual-floor, "
                + "longest-blank, chrome-band, bare-region, bare-change, bare-colour, bare-dark, run-gap, fade-gap, "
                + "stall-gap, longest-flash, settle-gap, late-motion, late-motion-step; "
                + "docs/film.md).")
        static let maxFrames = OptionKey(
            ["--max-frames"], value: "n",
            help:
                "Refuse a film of more frames than this (each frame's record, up to 12 kB, is kept for the "
                + "events).", whole: 1...(1 << 40), default: UInt64(defaultMaxFrames))

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let order = try arguments[Self.order]
            let failOn = FilmGate.kinds(try arguments[Self.failOn])
            let thresholds = try FilmGate.thresholds((try arguments[Self.thresholds]))
            let report = (try arguments[Self.report])
            if report?.isEmpty == true { throw .usage("The value '' is invalid for '--report': expected a folder") }
            if let report { try FilmGate.checkReport(report, frames: path) }
            // A video's frames come in ffmpeg's order: --order would be accepted and do nothing.
            if arguments.isGiven(Self.order), try context.checkInput(path, folders: true) != .folder {
                throw .usage("'--order' applies to a folder of frames; a video's frames come in their own order")
            }
            let mask = try FilmGate.mask(try arguments[Self.ignore])
            let thumbnails = FilmThumbnails()
            // Hitches read how far the picture moved between frames: measured only when asked.
            let frames = try FilmSource.frames(
                path, order: order, mask: mask, limit: try arguments[Self.maxFrames],
                context: context, inspect: report == nil ? nil : thumbnails.keep,
                shifts: FilmHitchOutput.wanted(arguments, failOn: failOn))
            if let grid = frames.first?.summary.grid {
                // Nothing left to compare reads as RMSE 0 everywhere: a silent pass (issue 32).
                if mask.covers(width: grid.width, height: grid.height) {
                    throw .usage(
                        "'--ignore' covers the whole \(grid.width) × \(grid.height) frame: no pixel is left to compare")
                }
                for region in mask.regions where !region.overlaps(width: grid.width, height: grid.height) {
                    context.writeError(
                        "warning: --ignore \(region.x),\(region.y),\(region.width),\(region.height) lies outside the "
                            + "\(grid.width) × \(grid.height) frames\n")
                }
            }
            let span = (frames.first?.time ?? 0)...(frames.last?.time ?? 0)
            var clockNote: String?
            let hinge = try (try arguments[Self.hinge]).map { (trace) throws(ToolError) in
                let clock = try hingeClock(trace, frames: frames, arguments: arguments, context: context)
                clockNote = clock.note
                return try timeline(
                    clock.samples, offset: clock.offset, film: span, path: trace, pointLimit: try pointLimit(arguments))
            }
            let events = FilmEventDetector(thresholds: thresholds).events(in: frames, hinge: hinge)
            let hitches = try FilmHitchOutput.measure(
                frames, arguments: arguments, failOn: failOn, hinge: hinge, thresholds: thresholds)
            try writeOutput(
                frames, events: events, hinge: hinge, hitches: hitches, clockNote: clockNote, source: path,
                arguments: arguments, context: context)
            if let report {
                let written = try FilmReport.write(
                    into: report, frames: frames, events: events, hinge: hinge, clockNote: clockNote, source: path,
                    thumbnails: thumbnails, hitches: hitches, context: context)
                context.writeError("film: wrote \(written.count) files of the report into \(report)\n")
            }
            try FilmGate.check(events, failOn: failOn)
            try FilmHitchOutput.check(hitches, failOn: failOn, arguments: arguments)
        }

        /// The rows (with the events, hitches and hinge the format holds) to `-o`'s file or
        /// standard output: dat, one JSON document, or that document as JSON Lines.
        static func writeOutput(
            _ frames: [FilmFrame], events: [FilmEvent], hinge: HingeRestTimeline?, hitches: FilmHitches?,
            clockNote: String?, source: String, arguments: ParsedArguments, context: ToolContext
        ) throws(ToolError) {
            let output = try OutputWriter(path: try arguments[Keys.output], context: context)
            let format = try arguments[Keys.rowFormat]
            switch format {
            case .json, .jsonl:
                let object = json(
                    frames, events: events, hinge: hinge, source: source, hitches: hitches, clockNote: clockNote)
                let document = object.withSchema("hingetool/film/1")
                if format == .json {
                    output.write(document.rendered() + "\n")
                } else {
                    writeLines(document, to: output)
                }
            case .dat, .csv, .trace:
                write(
                    frames, events: arguments.isGiven(Self.events) ? events : nil, hinge: hinge, source: source,
                    clockNote: clockNote, hitches: hitches, to: output)
            }
            try output.commit()
        }

        /// The frames `film` holds by default: 50,000 (28 minutes at 30 fps, 14 at 60), at most
        /// 12 kB each (576 tiles: 586 MB), 5.5 kB on a 540 × 960 film (275 MB).
        static let defaultMaxFrames = 50_000

        /// Seconds of the hinge trace before the film's first frame that the reader is given, so
        /// its filters have settled by the time the film starts.
        static let hingeWarmUp = 10.0

        /// The hinge's rest timeline from a trace's samples (on the trace's clock, see
        /// ``hingeSamples(_:arguments:context:)``) moved by `offset` ms onto the film's clock, over
        /// the film's span (`film`, in ms on the film's clock; the whole trace when `nil`) and
        /// ``hingeWarmUp`` before it: a trace that spans days beside a one-minute film costs a
        /// minute of 5 ms steps, not days. Its steps are counted against `--max-points` before any
        /// is made.
        static func timeline(
            _ samples: [HingeSample], offset: Int, film: ClosedRange<Int>?, path: String, pointLimit: Int
        ) throws(ToolError) -> HingeRestTimeline {
            let name = ToolContext.displayName(path)
            var kept = samples
            if let film {
                let start = Double(film.lowerBound - offset) / 1000 - hingeWarmUp
                let end = Double(film.upperBound - offset) / 1000 + 1
                kept = samples.filter { $0.time >= start && $0.time <= end }
            }
            if let first = kept.first?.time, let last = kept.last?.time {
                try checkGrid(
                    duration: last + 1 - first, rate: 200, limit: pointLimit, file: name,
                    what: "the hinge timeline (every 5 ms)", remedy: "raise it with '--max-points'")
            }
            do {
                return try HingeRestTimeline(samples: kept, offset: offset)
            } catch {
                throw .data("\(Echo.quoted(name, limit: 200)): \(error)")
            }
        }

        static func write(
            _ frames: [FilmFrame], events: [FilmEvent]?, hinge: HingeRestTimeline?, source: String,
            clockNote: String? = nil, hitches: FilmHitches? = nil, to output: OutputWriter
        ) {
            var header = CommentHeader("film", source: source)
            header.add(clockNote)
            if let hitches { header.add(FilmHitchOutput.note(hitches)) }
            if let first = frames.first {
                header.add(
                    "\(frames.count) frames of \(first.summary.grid.width) × \(first.summary.grid.height)"
                        + " pixels; rmse as ImageMagick's compare -metric RMSE (normalised)")
            }
            output.write(header.text + "# t_ms dt_ms rmse\n")
            for index in frames.indices.dropFirst() {
                output.write("\(frames[index].time) \(frames[index].time - frames[index - 1].time) ")
                output.writeFixed(frames[index].rmse, places: 9)
                output.write(byte: 0x0A)
            }
            if let events {
                output.write("\n\n# events\n# start_ms end_ms kind frames peak")
                output.write(hinge == nil ? " alphas" : " alphas since_hinge_stop_ms since_hinge_start_ms")
                output.write(" dip blink\n")
                for event in events {
                    output.write("\(event.start) \(event.end) \(event.kind.rawValue) \(event.frames) ")
                    output.writeFixed(event.peak, places: 6)
                    let alphas = event.alphas.map { DecimalNumber.fixed($0, places: 3) }.joined(separator: ",")
                    output.write(" " + (alphas.isEmpty ? "-" : alphas))
                    if hinge != nil {
                        output.write(" \(event.sinceHingeStop.map(String.init) ?? "-")")
                        output.write(" \(event.sinceHingeStart.map(String.init) ?? "-")")
                    }
                    output.write(event.kind == .crossfade ? " " + DecimalNumber.fixed(event.dip, places: 3) : " -")
                    output.write(event.isBlink ? " blink" : " -")
                    output.write(byte: 0x0A)
                }
            }
            if let hitches, hinge == nil { FilmHitchOutput.write(hitches, to: output) }
            if let hinge {
                output.write("\n\n# hinge (every 5 ms)\n# t_ms angle\n")
                for position in hinge.positions {
                    output.write("\(position.time) ")
                    output.writeFixed(position.angle, places: 3)
                    output.write(byte: 0x0A)
                }
                // After the hinge, so that the hinge stays the rows' third data set (index 2).
                if let hitches { FilmHitchOutput.write(hitches, to: output) }
            }
        }

        static func json(
            _ frames: [FilmFrame], events: [FilmEvent], hinge: HingeRestTimeline?, source: String,
            hitches: FilmHitches? = nil, clockNote: String? = nil
        )
            -> JSONValue
        {
            var rows: [JSONValue] = []
            for index in frames.indices.dropFirst() {
                rows.append(
                    .object([
                        ("t_ms", .integer(frames[index].time)),
                        ("dt_ms", .integer(frames[index].time - frames[index - 1].time)),
                        ("rmse", .number(frames[index].rmse)), ("file", .string(frames[index].file)),
                        ("changed_tiles", .array(changedTiles(frames[index]).map(JSONValue.integer))),
                    ]))
            }
            var members: [(String, JSONValue)] = [
                ("source", .string(source)), ("frames", .integer(frames.count)),
                ("width", .integer(frames.first?.summary.grid.width ?? 0)),
                ("height", .integer(frames.first?.summary.grid.height ?? 0)),
                ("grid", grid(frames.first?.summary.grid)), ("rows", .array(rows)),
                ("events", .array(events.map { eventJSON($0, hinge: hinge != nil) })),
            ]
            if let hitches { members.append(("hitches", FilmHitchOutput.json(hitches))) }
            if let hinge {
                members.append(("hinge_stops_ms", .array(hinge.stops.map(JSONValue.integer))))
                members.append(("hinge_starts_ms", .array(hinge.starts.map(JSONValue.integer))))
            }
            if let clockNote { members.append(("hinge_clock", .string(clockNote))) }
            return .object(members)
        }

        /// `--format jsonl`: the JSON document as JSON Lines (docs/schemas/README.md, rule 3), the
        /// same members and values: the header (every member but the arrays below, and
        /// `hitches` without its `list`) on the first line, then a line per frame row (it has
        /// `t_ms`), per event (`kind`) and per hitch (`frames_held`), in that order.
        static func writeLines(_ document: JSONValue, to output: OutputWriter) {
            guard case .object(let members) = document else { return }
            var header: [(String, JSONValue)] = []
            var lines: [JSONValue] = []
            for (key, value) in members {
                switch (key, value) {
                case ("rows", .array(let items)), ("events", .array(let items)):
                    lines += items
                case ("hitches", .object(let fields)):
                    header.append((key, .object(fields.filter { $0.0 != "list" })))
                    if case .array(let items)? = fields.first(where: { $0.0 == "list" })?.1 { lines += items }
                default:
                    header.append((key, value))
                }
            }
            output.write(JSONValue.object(header).compact() + "\n")
            for line in lines { output.write(line.compact() + "\n") }
        }

        /// The tiles (row-major) whose own RMSE reached the detector's noise level: where the
        /// frame changed.
        static func changedTiles(_ frame: FilmFrame) -> [Int] {
            guard let difference = frame.difference else { return [] }
            let quiet = FilmEventThresholds().quiet
            return difference.tiles.indices.filter { Double(difference.tiles[$0]) >= quiet }
        }

        static func grid(_ grid: TileGrid?) -> JSONValue {
            guard let grid else { return .null }
            return .object([
                ("columns", .integer(grid.columns)), ("rows", .integer(grid.rows)),
                ("tile_px", .integer(grid.tileSize)),
            ])
        }

        static func eventJSON(_ event: FilmEvent, hinge: Bool) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("kind", .string(event.kind.rawValue)), ("start_ms", .integer(event.start)),
                ("end_ms", .integer(event.end)), ("frames", .integer(event.frames)), ("peak", .number(event.peak)),
            ]
            if !event.alphas.isEmpty { members.append(("alphas", .array(event.alphas.map(JSONValue.number)))) }
            if event.kind == .crossfade {
                members.append(("dip", .number(event.dip)))
                members.append(("blink", .bool(event.isBlink)))
            }
            if !event.tiles.isEmpty { members.append(("tiles", .array(event.tiles.map(JSONValue.integer)))) }
            if event.confidence < 1 {
                members.append(("confidence", .number(event.confidence)))
                members.append(("alternatives", .array(event.alternatives.map { .string($0.rawValue) })))
            }
            if hinge {
                members.append(("since_hinge_stop_ms", event.sinceHingeStop.map(JSONValue.integer) ?? .null))
                members.append(("since_hinge_start_ms", event.sinceHingeStart.map(JSONValue.integer) ?? .null))
            }
            return .object(members)
        }
    }
}

/// `film --order`'s choices are the frame orders FilmAnalysis reads.
extension FrameFile.Order: OptionChoice {
    var help: String {
        switch self {
        case .time: "by the milliseconds the file name spells"
        case .name: "by name, one frame per position"
        }
    }
}
