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
                Prints gnuplot-ready rows 't angle position velocity projected snap resting': \
                one per sample, or with --rate one per frame from the first sample to the last. \
                angle is the newest raw angle, snap the detent's angle, resting 1 or 0. Rows where \
                the trace has no hinge are left out (the reader resets; see docs/reading.md).
                """,
            arguments: [traceArgument],
            options: ReadOptions.options + [
                CommandSpec.Option(["--rate"], value: "hz", help: "Rows per second instead of one per sample."),
                CommandSpec.Option(
                    ["--truth"],
                    help:
                        "Add the columns true_angle true_velocity true_pose from the trace's ground truth (see 'score')."
                ),
                maxPointsOption, skipBadRowsOption, outputOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let configuration = try ReadOptions.configuration(arguments)
            let rate = try number(arguments, "rate", in: 0.001...100_000)
            let pointLimit = try pointLimit(arguments)
            let truth = arguments.has("truth") ? try Score.loadWithTruth(path, context: context).1 : nil
            let reader = try context.openTrace(path, options: readOptions(arguments))
            var hinge = HingeReader(configuration: configuration)
            let output = try OutputWriter(path: arguments.value("output"), context: context)
            var header = "# hingetool read \(Echo.comment(path))\n# t angle position velocity projected snap resting"
            header += truth == nil ? "\n" : " true_angle true_velocity true_pose\n"
            output.write(header)
            // Frames are at start + k/rate (k·step, not repeated addition, so they do not drift).
            var start: Double?
            var frame = 0
            var lastTime = -Double.infinity
            var plausibility = TracePlausibility()
            func row(_ reading: HingeReading?) {
                guard let reading else { return }
                writeRow(reading, truth: truth, to: output)
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
            do {
                while let record = try reader.next() {
                    plausibility.add(record.sample)
                    if rate != nil { try frames(before: record.sample.time, of: hinge) }
                    do {
                        try hinge.ingest(record.sample)
                    } catch {
                        throw ToolError.data("\(path):\(record.line):1: \(error)")
                    }
                    if rate == nil { row(hinge.reading(at: record.sample.time)) }
                    if start == nil { start = record.sample.time }
                    lastTime = record.sample.time
                }
            } catch let failure as ToolError {
                throw failure
            } catch let error as TraceError {
                throw .trace(error)
            } catch {
                throw .failure("\(error)")
            }
            try frames(before: lastTime.nextUp, of: hinge)
            try output.commit()
            context.reportSkipped(reader)
            context.warn(plausibility, reader: reader)
        }

        /// One row, `t angle position velocity projected snap resting` and the truth's columns,
        /// formatted straight into the output buffer: strings, even one per number, cost more
        /// than the reading itself on a million rows.
        private static func writeRow(_ reading: HingeReading, truth: GroundTruth?, to output: OutputWriter) {
            let space = UInt8(ascii: " ")
            output.writeShortest(reading.time)
            output.write(byte: space)
            output.writeShortest(reading.angle)
            output.write(byte: space)
            output.writeFixed(reading.position, places: 4)
            output.write(byte: space)
            output.writeFixed(reading.velocity, places: 3)
            output.write(byte: space)
            output.writeFixed(reading.projected, places: 4)
            output.write(byte: space)
            output.writeShortest(reading.snap)
            output.write(byte: space)
            output.write(byte: reading.isResting ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            if let state = truth?.state(at: reading.time) {
                output.write(byte: space)
                output.writeFixed(state.angle, places: 4)
                output.write(byte: space)
                output.writeFixed(state.velocity, places: 3)
                output.write(byte: space)
                if let pose = state.pose { output.writeShortest(pose) } else { output.write("NaN") }
            }
            output.write(byte: UInt8(ascii: "\n"))
        }
    }
}
