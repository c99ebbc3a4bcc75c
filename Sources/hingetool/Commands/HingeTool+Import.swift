import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool import dumpsys FILE`: a trace from another tool's output.
    struct Import: Subcommand {
        static let spec = CommandSpec(
            name: "import",
            abstract: "Make a trace CSV from what another tool printed (adb shell dumpsys sensorservice).",
            discussion: """
                'import dumpsys FILE' reads the output of 'adb shell dumpsys sensorservice', finds \
                the hinge sensor's recent-events section (a sensor whose name contains 'hinge', \
                or the one --sensor names) and writes a trace 'time,angle' from its rows, ordered \
                by time: time is the event's ts (seconds since boot, nanoseconds kept), angle its \
                first value. dumpsys keeps only the last few events per sensor; docs/recording.md \
                shows how to record longer. Without a hinge section the exit status is 65 and the \
                sensors found are listed; a sensor printed without values (privileged) is an error. \
                --format csv and json give the same rows without the comments, as CSV or JSON Lines.
                """,
            arguments: [
                CommandSpec.Argument("format", help: "What FILE holds: 'dumpsys'.", kind: .choice(["dumpsys"])),
                CommandSpec.Argument("file", help: "The tool's output, or '-' for standard input."),
            ],
            options: [
                CommandSpec.Option(
                    ["--sensor"], value: "name",
                    help: "The sensor to import (its name as dumpsys prints it, any letter case)."),
                skipBadRowsOption, maxBytesOption, rowFormatOption([.trace, .csv, .json]), outputOption,
            ])

        /// The columns, named once (as the trace CSV names them).
        static let columns: [RowWriter.Column] = [.init("time"), .init("angle")]

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let format = arguments.positionals[0]
            guard format == "dumpsys" else {
                throw .usage("The value '\(Echo.quoted(format))' is invalid for '<format>': expected 'dumpsys'")
            }
            let path = arguments.positionals[1]
            let bytes = try context.readAll(path, limit: try inputLimit(arguments))
            let name = path == "-" ? "<stdin>" : path
            let log = DumpsysSensorLog(text: DumpsysSensorLog.text(of: bytes))
            let wanted = arguments.value("sensor")?.lowercased()
            if wanted?.isEmpty == true {
                throw .usage("The value '' is invalid for '--sensor': expected a sensor's name")
            }
            let matches = log.sections.filter { section in
                let sensor = section.name.lowercased()
                if let wanted { return sensor == wanted || sensor.hasPrefix(wanted + " ") }
                return sensor.contains("hinge")
            }
            guard let section = matches.first else {
                // Names from the file and the command line, through the echo rule; at most 12.
                var found = log.sections.prefix(12).map { "'\(Echo.quoted($0.name))'" }.joined(separator: ", ")
                if log.sections.count > 12 { found += " and \(log.sections.count - 12) more" }
                let list = found.isEmpty ? "no recent-events sections at all" : "sensors found: \(found)"
                let what = wanted.map { "no sensor named '\(Echo.quoted($0))'" } ?? "no hinge sensor section"
                throw .data("\(name): \(what) (a line '<name>: last N events'); \(list)")
            }
            guard !section.rows.isEmpty || !section.badRows.isEmpty else {
                throw .data("\(name):\(section.line):1: '\(Echo.quoted(section.name))' lists no events")
            }
            if let masked = section.rows.first(where: { $0.value == nil }) {
                throw .data(
                    "\(name):\(masked.line):\(masked.column): '\(Echo.quoted(section.name))' is printed without values "
                        + "(dumpsys masks privileged sensors); record with a SensorEventListener instead "
                        + "(docs/recording.md)")
            }
            let rows = try checkedRows(section, name: name, skip: arguments.has("skip-bad-rows"), context: context)
            var header = CommentHeader("import dumpsys", source: path)
            header.add("sensor '\(Echo.quoted(section.name, limit: 200))', \(rows.count) events")
            guard RowWriter.format(arguments) != .trace else {
                try context.emit(header.text + DumpsysSensorLog.csv(rows), to: arguments.value("output"))
                return
            }
            try RowWriter.write(header, schema: "hingetool/import/1", columns: columns, arguments, context: context) {
                writer in
                for row in rows {
                    // The time from its exact nanoseconds; the angle as dumpsys printed it.
                    writer.add(Double(row.nanoseconds) / 1e9)
                    writer.add(row.value.flatMap(Double.init))
                    writer.endRow()
                }
            }
        }

        /// The section's rows in time order, each one a row `hingetool read` accepts: every
        /// line that started like a row but is not one, every angle outside the trace format's
        /// range and every repeated time is a located error (`file:line:column`), or, with
        /// `skip`, left out, counted and listed on standard error. Nothing is dropped silently.
        static func checkedRows(
            _ section: DumpsysSensorLog.Section, name: String, skip: Bool, context: ToolContext
        ) throws(ToolError) -> [DumpsysSensorLog.Row] {
            // The checks live with the parser (DumpsysSensorLog.Section.checked), where the
            // fuzz target holds them to "every row kept is one 'hingetool read' accepts".
            let (rows, problems) = section.checked()
            if let first = problems.first, !skip {
                let more =
                    problems.count > 1 ? " (and \(problems.count - 1) more; '--skip-bad-rows' leaves them out)" : ""
                throw .data("\(Echo.quoted(name, limit: 200)):\(first.line):\(first.column): \(first.message)\(more)")
            }
            if !problems.isEmpty {
                var report =
                    "\(Echo.quoted(name, limit: 200)): skipped \(problems.count) malformed row\(problems.count == 1 ? "" : "s")\n"
                for problem in problems.prefix(TraceReadOptions().retainedErrorLimit) {
                    report +=
                        "skipped: \(Echo.quoted(name, limit: 200)):\(problem.line):\(problem.column): \(problem.message)\n"
                }
                if problems.count > TraceReadOptions().retainedErrorLimit {
                    report += "skipped: … and \(problems.count - TraceReadOptions().retainedErrorLimit) more\n"
                }
                context.writeError(report)
            }
            guard !rows.isEmpty else {
                throw .data(
                    "\(Echo.quoted(name, limit: 200)):\(section.line):1: '\(Echo.quoted(section.name))' has no readable event"
                )
            }
            return rows
        }
    }
}
