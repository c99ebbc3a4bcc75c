import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool import dumpsys|logcat FILE`: a trace from what a phone printed.
    struct Import: Subcommand {
        static let spec = CommandSpec(
            name: "import",
            abstract: "Make a trace CSV from what a phone printed (dumpsys sensorservice, a Samsung HAL logcat).",
            discussion: """
                'import dumpsys FILE' reads 'adb shell dumpsys sensorservice' and writes the hinge \
                sensor's recent events as a trace 'time,angle' ordered by time (time is the \
                event's ts, angle its first value). The sensor is the one --sensor names (exact \
                name first, then a unique prefix, any letter case), else the only section whose \
                name contains 'hinge'; two candidates (phones list a wake-up and a non-wake-up \
                hinge sensor) are refused with the list, and --list prints every section. \
                dumpsys keeps only the last few events per sensor. \
                'import logcat FILE' reads an 'adb logcat' buffer of Samsung's sensor HAL: \
                --stream public (default) writes the TYPE_HINGE_ANGLE events an app receives as \
                'time,angle,raw_angle,fused_angle' (raw_angle: the HAL's angle in the event; \
                fused_angle: the private fused angle held at that moment); --stream fused writes \
                the private lid_angle_fusion angle as 'time,angle,state', a reference to score \
                against ('score --truth'), with a header line declaring it change-triggered \
                ('score' then reads it with --truth-interpolation change). Other lines are ignored and counted in the header. \
                Times follow the clock rule (--clock): from zero by default, where zero is the \
                earliest timestamp of the file's hinge lines of both streams, so the two streams \
                of one log line up; 'recorder' keeps the boot clock. Times are printed exactly. \
                --format csv, json and jsonl give the same rows without the comments, as CSV, one JSON document or JSON Lines. \
                Both are read line by line: memory follows the rows kept (the sections a --sensor \
                or 'hinge' could choose, the two streams' events), not the file, and --max-bytes \
                bounds the line being read plus those rows. A time past 2^63 - 1 ns (about 292 \
                years) is a located error (exit 65).
                """,
            arguments: [
                CommandSpec.Argument(
                    "format", help: "What FILE holds.", kind: .choice(InputFormat.allCases.map(\.rawValue)),
                    wordHelp: Dictionary(uniqueKeysWithValues: InputFormat.allCases.map { ($0.rawValue, $0.help) })),
                CommandSpec.Argument(
                    "file", help: "What the phone printed (the dumpsys or logcat text), or '-' for standard input."),
            ],
            options: [
                sensor.option,
                list.option,
                stream.option,
                Clock.option, skipBadRowsOption,
                maxBytesOption.helped(
                    "Refuse an input once the line being read and the rows kept pass this (it is streamed)."),
                rowFormatOption([.trace, .csv, .json, .jsonl]), outputOption,
            ],
            examples: [
                ["dumpsys", "Tests/Fixtures/recording/dumpsys-sensorservice.txt"],
                ["logcat", "Datasets/real/galaxy-z-fold8-hal.logcat"],
            ])

        static let stream = OptionKey(
            ["--stream"], value: "stream",
            help: "logcat: 'public' (the TYPE_HINGE_ANGLE events) or 'fused' (the private angle).",
            default: SamsungHALLog.Stream.public)
        static let sensor = OptionKey<String?>(
            ["--sensor"], value: "name",
            help: "dumpsys: the sensor to import (exact name, else a unique prefix; any letter case).")
        static let list = OptionKey(
            flag: ["--list"], help: "Print the sensors (dumpsys) or streams (logcat) found, and stop.")

        /// The columns, named once (as the trace CSV names them).
        static let columns: [RowWriter.Column] = [.init("time"), .init("angle")]

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let format = arguments.positionals[0]
            guard format == "dumpsys" || format == "logcat" else {
                throw .usage(
                    ValueKind.notOneOf(format, option: "<format>", choices: InputFormat.allCases.map(\.rawValue)))
            }
            let path = arguments.positionals[1]
            // An option of the other format would do nothing: refused, not ignored (issue 32).
            let other = format == InputFormat.dumpsys.rawValue ? "stream" : "sensor"
            if arguments.has(other) {
                throw .usage("'--\(other)' applies to 'import \(format == "dumpsys" ? "logcat" : "dumpsys")' only")
            }
            let limit = try inputLimit(arguments)
            // Streamed: each line is read, parsed and dropped; what is held is the rows kept.
            if format == InputFormat.dumpsys.rawValue {
                let wanted = (try arguments[Self.sensor])
                if wanted?.isEmpty == true {
                    throw .usage("The value '' is invalid for '--sensor': expected a sensor's name")
                }
                var log = DumpsysSensorLog(keepsRows: candidate(wanted: wanted, listing: arguments.isGiven(Self.list)))
                try context.forEachLine(path, limit: limit) { line, number in
                    log.add(line, number: number)
                    return log.heldBytes
                }
                log.finish()
                try dumpsys(log, path: path, arguments: arguments, context: context)
            } else {
                var log = SamsungHALLog()
                try context.forEachLine(path, limit: limit) { line, number in
                    log.add(line, number: number)
                    return log.heldBytes
                }
                try logcat(log, path: path, arguments: arguments, context: context)
            }
        }

        /// Whether a section (by its name) may be the one imported, so its rows are kept:
        /// with `--sensor`, the names it matches exactly or as a prefix; else the names with
        /// 'hinge'; none for `--list`, which only counts.
        static func candidate(wanted: String?, listing: Bool) -> (String) -> Bool {
            if listing { return { _ in false } }
            guard let wanted else { return { $0.lowercased().contains("hinge") } }
            let key = wanted.trimmingCharacters(" \t").lowercased()
            return { $0.lowercased().hasPrefix(key) }
        }

        /// What `import` reads.
        enum InputFormat: String, CaseIterable {
            case dumpsys, logcat

            var help: String {
                switch self {
                case .dumpsys: "'adb shell dumpsys sensorservice' output"
                case .logcat: "a Samsung hinge HAL logcat"
                }
            }
        }

        // MARK: dumpsys

        /// `import dumpsys --list` as rows, in csv, json or jsonl
        /// (docs/schemas/import-dumpsys-list.json).
        static func writeList(
            _ sections: [DumpsysSensorLog.Section], header: CommentHeader, arguments: ParsedArguments,
            context: ToolContext
        ) throws(ToolError) {
            let columns: [RowWriter.Column] = [.init("line"), .init("events"), .init("sensor")]
            try RowWriter.write(
                header, schema: "hingetool/import-dumpsys-list/1", columns: columns, arguments, context: context
            ) { rows in
                for section in sections {
                    rows.add(Double(section.line))
                    rows.add(Double(section.rowCount))
                    rows.add(word: section.name)
                    rows.endRow()
                }
            }
        }

        static func dumpsys(
            _ log: DumpsysSensorLog, path: String, arguments: ParsedArguments, context: ToolContext
        ) throws(ToolError) {
            let file = ToolContext.displayName(path)
            let name = Echo.quoted(file, limit: 200)
            if arguments.isGiven(Self.list) {
                var list = CommentHeader("import dumpsys", source: path, options: ["--list"])
                if try RowWriter.format(arguments) != .trace {
                    return try writeList(log.sections, header: list, arguments: arguments, context: context)
                }
                list.add("line events sensor")
                var text = list.text
                for section in log.sections {
                    text += "\(section.line) \(section.rowCount) '\(Echo.quoted(section.name, limit: 200))'\n"
                }
                return try context.emit(text, to: try arguments[Keys.output])
            }
            let section = try choose(in: log, wanted: (try arguments[Self.sensor]), file: name)
            guard section.rowCount > 0 || section.badRowCount > 0 else {
                throw .data(
                    InputLocation(file: name, line: section.line).message(
                        "'\(Echo.quoted(section.name))' lists no events"))
            }
            if let masked = section.rows.first(where: { $0.value == nil }) {
                throw .data(
                    InputLocation(file: name, line: masked.line, column: masked.column).message(
                        "'\(Echo.quoted(section.name))' is printed without values ")
                        + "(dumpsys masks privileged sensors); record with a SensorEventListener instead "
                        + "(docs/recording.md)")
            }
            let clock = try Clock(arguments)
            let rows = try checkedRows(
                section, clock: clock, name: file, skip: try arguments[Keys.skipBadRows], context: context)
            let origin = clock.origin(first: rows[0].nanoseconds)
            try checkTimes(
                rows.lazy.map { ($0.nanoseconds, $0.line, $0.timeColumn) }, origin: origin, clock: clock, file: name)
            var header = CommentHeader("import dumpsys", source: path)
            header.add(
                "sensor '\(Echo.quoted(section.name, limit: 200))', \(rows.count) events; \(describe(clock, origin))")
            guard try RowWriter.format(arguments) != .trace else {
                // Every row has a value: a section with a masked row was refused above.
                return try context.emit(
                    header.text + DumpsysSensorLog.csv(rows, origin: origin), to: try arguments[Keys.output])
            }
            try RowWriter.write(header, schema: "hingetool/import/2", columns: columns, arguments, context: context) {
                writer in
                for row in rows {
                    // The time exactly, from its nanoseconds; the angle as a number.
                    writer.add(decimal: ExactTime.seconds(nanoseconds: row.nanoseconds - origin))
                    writer.add(row.value.flatMap(Double.init))
                    writer.endRow()
                }
            }
        }

        /// The section `wanted` names (exact name, then a unique prefix), or the only hinge
        /// section; an ambiguous choice is refused with the candidates.
        static func choose(
            in log: DumpsysSensorLog, wanted: String?, file: String
        ) throws(ToolError) -> DumpsysSensorLog.Section {
            // At most 12 names, each through the echo rule: a file with thousands of sections
            // (or one huge name) still gives a short message.
            func listed(_ sections: [DumpsysSensorLog.Section]) -> String {
                let shown = sections.prefix(12).map {
                    "'\(Echo.quoted($0.name))' (line \($0.line), \($0.rowCount) events)"
                }
                return shown.joined(separator: ", ") + (sections.count > 12 ? " and \(sections.count - 12) more" : "")
            }
            let candidates: [DumpsysSensorLog.Section]
            if let wanted {
                let key = wanted.trimmingCharacters(" \t").lowercased()
                let exact = log.sections.filter { $0.name.lowercased() == key }
                candidates = exact.isEmpty ? log.sections.filter { $0.name.lowercased().hasPrefix(key) } : exact
            } else {
                candidates = log.sections.filter { $0.name.lowercased().contains("hinge") }
            }
            if candidates.count == 1 { return candidates[0] }
            if candidates.count > 1 {
                let what =
                    wanted.map { "'\(Echo.quoted($0))' matches \(candidates.count) sensors" }
                    ?? "\(candidates.count) hinge sensors"
                throw .usage("\(file): \(what): \(listed(candidates)); name one exactly with '--sensor'")
            }
            let found =
                log.sections.isEmpty ? "no recent-events sections at all" : "sensors found: \(listed(log.sections))"
            let what = wanted.map { "no sensor named '\(Echo.quoted($0))'" } ?? "no hinge sensor section"
            throw .data("\(file): \(what) (a line '<name>: last N events'); \(found)")
        }

        // MARK: logcat

        // Long: the two streams' headers and rows, written in the order a reader meets them.
        static func logcat(
            _ log: SamsungHALLog, path: String, arguments: ParsedArguments, context: ToolContext
        ) throws(ToolError) {
            let name = ToolContext.displayName(path)
            let skip = try arguments[Keys.skipBadRows]
            // Zero is the earliest event of either stream (`--clock zero`), the one event of
            // each stream's earliest time that is always kept; repeats are judged from it.
            let clock = try Clock(arguments)
            let earliest = SamsungHALLog.Stream.allCases.compactMap { log.events[$0]?.lazy.map(\.nanoseconds).min() }
                .min()
            let origin = earliest.map(clock.origin(first:)) ?? 0
            let publicEvents = SamsungHALLog.inTimeOrder(log.events[.public] ?? [], origin: origin)
            let fusedEvents = SamsungHALLog.inTimeOrder(log.events[.fused] ?? [], origin: origin)
            let problems = (log.problems + publicEvents.problems + fusedEvents.problems).map {
                DumpsysSensorLog.BadRow(line: $0.line, column: $0.column, message: $0.message)
            }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            let problemCount =
                log.problemCount + publicEvents.problems.count + fusedEvents.problems.count
            try report(problems, count: problemCount, name: name, skip: skip, context: context)
            let ignoredText = log.ignoredSummary
            if arguments.isGiven(Self.list) {
                var list = CommentHeader("import logcat", source: path, options: ["--list"])
                if try RowWriter.format(arguments) != .trace {
                    list.add("ignored lines: \(ignoredText)")
                    let columns: [RowWriter.Column] = [.init("stream"), .init("events"), .init("tag")]
                    let streams = [
                        ("public", publicEvents.events.count, "hinge_angle"),
                        ("fused", fusedEvents.events.count, "lid_angle_fusion"),
                    ]
                    return try RowWriter.write(
                        list, schema: "hingetool/import-logcat-list/1", columns: columns, arguments, context: context
                    ) { rows in
                        for (stream, count, tag) in streams {
                            rows.add(word: stream)
                            rows.add(Double(count))
                            rows.add(word: tag)
                            rows.endRow()
                        }
                    }
                }
                list.add("stream events tag")
                let text =
                    list.text + "public \(publicEvents.events.count) hinge_angle\n"
                    + "fused \(fusedEvents.events.count) lid_angle_fusion\n# ignored lines: \(CommentHeader.oneLine(ignoredText))\n"
                return try context.emit(text, to: try arguments[Keys.output])
            }
            let stream = try arguments[Self.stream]
            let events = stream == .public ? publicEvents.events : fusedEvents.events
            guard !events.isEmpty else {
                let tag = stream == .public ? "hinge_angle" : "lid_angle_fusion"
                throw .data(
                    "\(Echo.quoted(name, limit: 200)): no \(tag) line (a Samsung sensor HAL line "
                        + "'\(stream.marker)<ns> ns value …'); ignored lines: \(Echo.quoted(ignoredText, limit: 200))")
            }
            try checkTimes(
                events.lazy.map { ($0.nanoseconds, $0.line, $0.column) }, origin: origin, clock: clock,
                file: Echo.quoted(name, limit: 200))
            var header = CommentHeader(
                "import logcat", source: path, options: stream == .fused ? ["--stream", "fused"] : [])
            header.add(
                "Samsung sensor HAL: \(publicEvents.events.count) public hinge_angle events (TYPE_HINGE_ANGLE), "
                    + "\(fusedEvents.events.count) private lid_angle_fusion events; \(describe(clock, origin))")
            header.add("ignored lines: \(ignoredText)")
            // What 'score --truth' reads to default to --truth-interpolation change.
            if stream == .fused { header.add(ReferenceRecording.fusedDeclaration) }
            if problemCount > 0 { header.add("skipped lines: \(problemCount) (listed on standard error)") }
            let columns: [RowWriter.Column] =
                stream == .public
                ? [.init("time"), .init("angle"), .init("raw_angle"), .init("fused_angle")]
                : [.init("time"), .init("angle"), .init("state")]
            try RowWriter.write(header, schema: "hingetool/import/2", columns: columns, arguments, context: context) {
                writer in
                var next = 0
                var fused: Int?
                for event in events {
                    writer.add(decimal: ExactTime.seconds(nanoseconds: event.nanoseconds - origin))
                    writer.add(Double(event.angle))
                    if stream == .public {
                        while next < fusedEvents.events.count, fusedEvents.events[next].nanoseconds <= event.nanoseconds
                        {
                            fused = fusedEvents.events[next].angle
                            next += 1
                        }
                        writer.add(Double(event.detail))
                        writer.add(fused.map(Double.init))
                    } else {
                        writer.add(Double(event.detail))
                    }
                    writer.endRow()
                }
            }
        }

        /// Refuses the first time written outside what a trace holds (0…2³² s,
        /// `TraceReadOptions.clockRange`), at its line and column: `read` and `stats` would
        /// refuse the trace the import wrote (issue 32). `times` are (nanoseconds, line, column).
        static func checkTimes(
            _ times: some Sequence<(Int64, Int, Int)>, origin: Int64, clock: Clock, file: String
        ) throws(ToolError) {
            let tagged = times.lazy.map { (nanoseconds: $0.0, tag: ($0.1, $0.2)) }
            guard let (time, (line, column)) = ExactTime.firstOutsideTrace(tagged, origin: origin) else { return }
            let remedy =
                clock == .recorder
                ? "; '--clock zero' measures times from the first event"
                : " after the first event: the log spans more than a trace can hold"
            let shown = time.map { "\(ExactTime.seconds(nanoseconds: $0)) s" } ?? "past \(Int64.max) ns"
            throw .data(
                InputLocation(file: file, line: line, column: column).message(
                    "the time \(shown) is outside 0…4294967296 s (2³²), the times a trace holds\(remedy)"))
        }

        /// The header's account of the clock.
        static func describe(_ clock: Clock, _ origin: Int64) -> String {
            clock == .zero
                ? "clock zero (0 s = boot clock \(ExactTime.seconds(nanoseconds: origin)) s)"
                : "clock recorder (boot clock)"
        }

        /// The section's rows in time order, each one a row `hingetool read` accepts: every
        /// line that started like a row but is not one, every angle outside the trace format's
        /// range and every repeated time is a located error (`file:line:column`), or, with
        /// `skip`, left out, counted and listed on standard error. Nothing is dropped silently.
        static func checkedRows(
            _ section: DumpsysSensorLog.Section, clock: Clock, name: String, skip: Bool, context: ToolContext
        ) throws(ToolError) -> [DumpsysSensorLog.Row] {
            // The checks live with the parser (DumpsysSensorLog.Section.checked), where the
            // fuzz target holds them to "every row kept is one 'hingetool read' accepts".
            let (rows, problems, count) = section.checked(origin: clock.origin(first:))
            try report(problems, count: count, name: name, skip: skip, context: context)
            guard !rows.isEmpty else {
                throw .data(
                    InputLocation(file: Echo.quoted(name, limit: 200), line: section.line).message(
                        "'\(Echo.quoted(section.name))' has no readable event")
                )
            }
            return rows
        }

        /// Malformed lines: without `skip` the first is a located error (`file:line:column`)
        /// that counts the rest; with it they are counted and listed on standard error.
        /// `problems` are the first ones in line order, `count` all of them.
        static func report(
            _ problems: [DumpsysSensorLog.BadRow], count: Int, name: String, skip: Bool, context: ToolContext
        ) throws(ToolError) {
            let file = Echo.quoted(name, limit: 200)
            if let first = problems.first, !skip {
                let more =
                    count > 1 ? " (and \(count - 1) more; '--skip-bad-rows' leaves them out)" : ""
                throw .data(
                    InputLocation(file: file, line: first.line, column: first.column).message(first.message + more))
            }
            guard !problems.isEmpty else { return }
            let limit = TraceReadOptions().retainedErrorLimit
            var text = "\(file): skipped \(count) malformed row\(count == 1 ? "" : "s")\n"
            for problem in problems.prefix(limit) {
                text +=
                    "skipped: "
                    + InputLocation(file: file, line: problem.line, column: problem.column).message(problem.message)
                    + "\n"
            }
            if count > min(limit, problems.count) {
                text += "skipped: … and \(count - min(limit, problems.count)) more\n"
            }
            context.writeError(text)
        }
    }
}

// `import logcat --stream`'s choices. Declared here, not beside the type: the logcat fuzz target
// compiles the log's parser (Formats/) without the command line.
extension SamsungHALLog.Stream: OptionChoice {
    var help: String {
        switch self {
        case .public: "the public hinge-angle events an app sees"
        case .fused: "the private fused angle, the reference"
        }
    }
}
