import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool read TRACE`: the reader's position, velocity and snap, per sample or frame.
    struct Read: Subcommand {
        static let spec = CommandSpec(
            name: "read",
            abstract: "Read a trace as position, velocity and snap, per sample or per frame.",
            discussion: """
                Prints rows 't angle position velocity projected snap resting' (--format: \
                gnuplot-ready dat, csv, JSON, JSON Lines, or a trace CSV every command reads back): \
                one per sample, or with --rate one per frame from the first sample to the last. \
                t follows the clock rule (--clock): from zero (the first sample) by default, or on \
                the recorder's clock, exactly (integer time columns keep every digit). \
                angle is the newest raw angle, snap the detent's angle, resting 1 or 0. Rows where \
                the trace has no hinge are left out (the reader resets; see docs/reading.md).
                """,
            arguments: [traceArgument],
            options: ReadOptions.options + [
                rateOption,
                truth.option,
                Clock.option, maxPointsOption, skipBadRowsOption, angleUnitOption, rowFormatOption(), quietOption,
                maxBytesOption.helped("With --truth from standard input, refuse an input longer than this."),
                outputOption,
            ],
            examples: [
                ["Datasets/flat-to-laptop.csv"], ["Datasets/flat-to-laptop.csv", "--rate", "60"],
                ["Datasets/flat-to-laptop.csv", "--truth"],
            ])

        static let truth = OptionKey(
            flag: ["--truth"],
            help: "Add the columns true_angle true_velocity true_pose from the trace's ground truth (see 'score').")

        /// The columns, named once: the header, the rows and the JSON keys read them.
        static let columns: [RowWriter.Column] = [
            .init("t"), .init("angle"), .init("position", places: 4), .init("velocity", places: 3),
            .init("projected", places: 4), .init("snap"), .init("resting"),
        ]
        /// `context`, or with `--truth` from standard input a context whose standard input is
        /// what was read once: the truth and the readings come from the same bytes.
        static func readingStandardInputOnce(
            _ arguments: ParsedArguments, context: ToolContext
        ) throws(ToolError) -> ToolContext {
            guard try arguments[truth], arguments.positionals[0] == "-" else { return context }
            let bytes = try context.readAll("-", limit: try inputLimit(arguments))
            var context = context
            context.openStandardInput = { () throws(FileByteSource.FileError) in InMemoryByteSource(bytes) }
            return context
        }

        /// gnuplot's number (from 1) of the column `name` in ``columns`` and ``truthColumns``.
        static func column(_ name: String) -> Int {
            ((columns + truthColumns).firstIndex { $0.name == name } ?? -1) + 1
        }

        /// The ground truth's columns, added by `--truth` (named as `synth` writes them).
        static let truthColumns: [RowWriter.Column] = [
            .init("true_angle", places: 4), .init("true_velocity", places: 3), .init("true_pose"),
        ]

        // Long: one streaming pass; the frame helper shares the loop's reader and frame count.
        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let configuration = try ReadOptions.configuration(arguments)
            let rate = try arguments[Keys.rate]
            let pointLimit = try pointLimit(arguments)
            let context = try readingStandardInputOnce(arguments, context: context)
            let truth = try arguments[Self.truth] ? try Score.loadWithTruth(path, context: context).1 : nil
            let reader = try context.openTrace(path, options: try readOptions(arguments))
            var hinge = HingeReader(configuration: configuration)
            let output = try OutputWriter(path: try arguments[Keys.output], context: context)
            let rows = RowWriter(
                try RowWriter.format(arguments), columns: columns + (truth == nil ? [] : truthColumns), output: output)
            rows.writeHeader(CommentHeader("read", source: path), schema: "hingetool/read/2")
            // Frames are at start + k/rate (k·step, not repeated addition, so they do not drift).
            var start: Double?
            var frame = 0
            var lastTime = -Double.infinity
            var clock = ClockedTimes(try Clock(arguments))
            func row(_ reading: HingeReading?) {
                guard let reading else { return }
                clock.write(reading.time, to: rows)
                writeRow(reading, truth: truth, to: rows)
            }
            // The reader is passed in rather than captured (a reader is now one reference, so
            // either is cheap; passing it keeps the helper free of captured state).
            func frames(before end: Double, of hinge: HingeReader) throws(ToolError) {
                guard let rate, let start else { return }
                // The frames up to `end` are counted before any is computed: a gap of a
                // million seconds is refused, not written until the disk is full.
                try checkGrid(
                    duration: end - start, rate: rate, limit: pointLimit, file: reader.fileName ?? path,
                    what: "the frames")
                while start + Double(frame) / rate < end {
                    row(hinge.reading(at: start + Double(frame) / rate))
                    frame += 1
                }
            }
            try context.readRecords(of: reader) { (record) throws(ToolError) in
                clock.start(at: record.sample.time, reader: reader)
                if rate != nil { try frames(before: record.sample.time, of: hinge) }
                do {
                    try hinge.ingest(record.sample)
                } catch {
                    throw .data(InputLocation(file: path, line: record.line).message("\(error)"))
                }
                if rate == nil { row(hinge.reading(at: record.sample.time)) }
                if start == nil { start = record.sample.time }
                lastTime = record.sample.time
            }
            try frames(before: lastTime.nextUp, of: hinge)
            rows.finish()
            try output.commit()
        }

        /// One row after its time (``ClockedTimes`` writes it): the rest of ``columns``, then
        /// ``truthColumns`` with `--truth`. The numbers are formatted
        /// straight into the output buffer: strings, even one per number, cost more than the
        /// reading itself on a million rows.
        private static func writeRow(_ reading: HingeReading, truth: GroundTruth?, to rows: RowWriter) {
            rows.add(reading.angle)
            rows.add(reading.position)
            rows.add(reading.velocity)
            rows.add(reading.projected)
            rows.add(reading.snap)
            rows.add(reading.isResting ? 1 : 0)
            if let state = truth?.state(at: reading.time) {
                rows.add(state.angle)
                rows.add(state.velocity)
                rows.add(state.pose)
            } else if truth != nil, rows.format != .dat {
                // A row beyond the truth keeps its columns in formats read by name.
                for _ in truthColumns { rows.add(nil) }
            }
            rows.endRow()
        }
    }
}
