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
                't window_width window_height division change animate': division 1 when \
                active, change one of first-reading, bend, opening, shutting, turning, \
                resizing, unchanged, animate 1 when the change runs the bend spring (mass \
                0.9, stiffness 280, damping 24), 0 when it happens in one step. See \
                docs/poses.md.
                """,
            arguments: [CommandSpec.Argument("stages", help: "A stage log CSV, or '-' for standard input.")],
            options: [
                CommandSpec.Option(["--reduce-motion"], help: "Decide as under Reduce Motion: nothing animates."),
                maxBytesOption, outputOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let reduceMotion = arguments.has("reduce-motion")
            let limit = try inputLimit(arguments)
            // Each stage is classified as it is read and its row spooled (the header counts them):
            // the stages are never held together, nor their rows as text.
            let rows = try Spool()
            var previous: FoldStage?
            var counts: [FoldChange: Int] = [:]
            let count = try StageLogReader.read(
                context.readAll(path, limit: limit), file: ToolContext.displayName(path)
            ) { time, stage in
                let change = FoldChange(from: previous, to: stage)
                counts[change, default: 0] += 1
                let window = stage.windowSize
                let columns = [
                    DecimalNumber.shortest(time), DecimalNumber.shortest(window.width),
                    DecimalNumber.shortest(window.height), stage.division == nil ? "0" : "1", spelling(change),
                    change.spring(reduceMotion: reduceMotion) == nil ? "0" : "1",
                ]
                rows.write(columns.joined(separator: " ") + "\n")
                previous = stage
            }
            let output = try OutputWriter(path: arguments.value("output"), context: context)
            var text = "# hingetool poses \(Echo.comment(path)): \(count) stages"
            text += reduceMotion ? ", Reduce Motion\n" : "\n"
            output.write(text + "# t window_width window_height division change animate\n")
            try rows.copy(to: output)
            let summary = FoldChange.allCases.compactMap { change in
                counts[change].map { "\(spelling(change)) \($0)" }
            }
            output.write("# " + (summary.isEmpty ? "no stages" : summary.joined(separator: ", ")) + "\n")
            try output.commit()
        }

        /// `firstReading` as the output spells it: `first-reading`.
        static func spelling(_ change: FoldChange) -> String {
            change == .firstReading ? "first-reading" : change.rawValue
        }
    }
}
