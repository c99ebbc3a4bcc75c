import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool poses STAGES`: classify a recorded log of fold stages.
    struct Poses: Subcommand {
        static let spec = CommandSpec(
            name: "poses",
            abstract: "Classify the changes in a recorded log of fold stages.",
            discussion: """
                Reads a CSV of stages with a header: content_width, content_height (points; \
                required), time (s; default the row number), inset_top, inset_left, \
                inset_bottom, inset_right (default 0) and division_x, division_y, \
                division_width, division_height (all empty: no active division). Prints rows \
                't window_width window_height division change animate' (--format: \
                gnuplot-ready dat, csv, JSON or JSON Lines): division 1 when \
                active, change one of first-reading, bend, opening, shutting, turning, \
                resizing, unchanged, animate 1 when the change runs the bend spring (mass \
                0.9, stiffness 280, damping 24), 0 when it happens in one step. 't' is from \
                the first stage (--clock zero, the default) or as the log gives it (--clock \
                recorder). See docs/poses.md.
                """,
            arguments: [CommandSpec.Argument("stages", help: "A stage log CSV, or '-' for standard input.")],
            options: [
                reduceMotion.option, Clock.option,
                maxBytesOption, rowFormatOption([.dat, .csv, .json, .jsonl]), outputOption,
            ],
            examples: [["Datasets/stages/fold-transitions.csv"]])

        static let reduceMotion = OptionKey(
            flag: ["--reduce-motion"], help: "Decide as under Reduce Motion: nothing animates.")

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let reduceMotion = arguments.isGiven(Self.reduceMotion)
            let limit = try inputLimit(arguments)
            // Two passes over the bytes: the first checks every row and counts the stages for the
            // header, the second classifies each stage as it is read. The stages are never held
            // together (a 62 MB log once took 1.2 GB), and a bad row stops the run before any output.
            let bytes = try context.readAll(path, limit: limit)
            let file = ToolContext.displayName(path)
            let count = try StageLogReader.read(bytes, file: file) { _, _ in }
            let header = CommentHeader(
                "poses", source: path, summary: "\(count) stages" + (reduceMotion ? ", Reduce Motion" : ""))
            try RowWriter.write(header, schema: "hingetool/poses/2", columns: columns, arguments, context: context) {
                (rows) throws(ToolError) in
                var previous: FoldStage?
                var counts: [FoldChange: Int] = [:]
                var clock = ClockedTimes(try Clock(arguments))
                try StageLogReader.read(bytes, file: file) { time, stage in
                    clock.start(at: time, integerOrigin: nil)
                    let change = FoldChange(from: previous, to: stage)
                    counts[change, default: 0] += 1
                    clock.write(time, to: rows)
                    rows.add(stage.windowSize.width)
                    rows.add(stage.windowSize.height)
                    rows.add(stage.division == nil ? 0 : 1)
                    rows.add(word: spelling(change))
                    rows.add(change.spring(reduceMotion: reduceMotion) == nil ? 0 : 1)
                    rows.endRow()
                    previous = stage
                }
                let summary = FoldChange.allCases.compactMap { change in
                    counts[change].map { "\(spelling(change)) \($0)" }
                }
                rows.writeTrailer(summary.isEmpty ? "no stages" : summary.joined(separator: ", "))
            }
        }

        /// The columns, named once.
        static let columns: [RowWriter.Column] = [
            .init("t"), .init("window_width"), .init("window_height"), .init("division"), .init("change"),
            .init("animate"),
        ]

        /// `firstReading` as the output spells it: `first-reading`.
        static func spelling(_ change: FoldChange) -> String {
            change == .firstReading ? "first-reading" : change.rawValue
        }
    }
}
