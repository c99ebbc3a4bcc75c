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
                against ('score --truth'). Other lines are ignored and counted in the header. \
                Times follow the clock rule (--clock): from zero by default, where zero is the \
                earliest timestamp of the file's hinge lines of both streams, so the two streams \
                of one log line up; 'recorder' keeps the boot clock. Times are printed exactly.
                """,
            arguments: [
                CommandSpec.Argument("format", help: "What FILE holds: 'dumpsys' or 'logcat'."),
                CommandSpec.Argument("file", help: "The tool's output, or '-' for standard input."),
            ],
            options: [
                CommandSpec.Option(
                    ["--sensor"], value: "name",
                    help: "dumpsys: the sensor to import (exact name, else a unique prefix; any letter case)."),
                CommandSpec.Option(
                    ["--list"], help: "Print the sensors (dumpsys) or streams (logcat) found, and stop."),
                CommandSpec.Option(
                    ["--stream"], value: "stream",
                    help: "logcat: 'public' (the TYPE_HINGE_ANGLE events) or 'fused' (the private angle).",
                    default: SamsungHALLog.Stream.public.rawValue,
                    allowed: SamsungHALLog.Stream.allCases.map(\.rawValue)),
                Clock.option, maxBytesOption, outputOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let format = arguments.positionals[0]
            guard format == "dumpsys" || format == "logcat" else {
                throw .usage(
                    "The value '\(Echo.quoted(format))' is invalid for '<format>': expected 'dumpsys' or 'logcat'")
            }
            let path = arguments.positionals[1]
            let bytes = try context.readAll(path, limit: try inputLimit(arguments))
            let text = String(decoding: bytes, as: UTF8.self)
            let output =
                format == "dumpsys"
                ? try dumpsys(text, path: path, arguments: arguments)
                : try logcat(text, path: path, arguments: arguments)
            try context.emit(output, to: arguments.value("output"))
        }

        // MARK: dumpsys

        static func dumpsys(_ text: String, path: String, arguments: ParsedArguments) throws(ToolError) -> String {
            let name = ToolContext.displayName(path)
            let log = DumpsysSensorLog(text: text)
            if arguments.has("list") {
                var list = "# hingetool import dumpsys \(Echo.comment(path)) --list\n# line events sensor\n"
                for section in log.sections { list += "\(section.line) \(section.rows.count) '\(section.name)'\n" }
                return list
            }
            let section = try choose(in: log, wanted: arguments.value("sensor"), file: name)
            guard !section.rows.isEmpty else {
                throw .data("\(name):\(section.line):1: '\(section.name)' lists no events")
            }
            if let masked = section.rows.first(where: { $0.value == nil }) {
                throw .data(
                    "\(name):\(masked.line):\(masked.column): '\(section.name)' is printed without values "
                        + "(dumpsys masks privileged sensors); record with a SensorEventListener instead "
                        + "(docs/recording.md)")
            }
            let rows = section.rows.enumerated().sorted { a, b in
                a.element.nanoseconds != b.element.nanoseconds
                    ? a.element.nanoseconds < b.element.nanoseconds : a.offset < b.offset
            }.map(\.element)
            let clock = Clock(arguments)
            let origin = clock.origin(first: rows[0].nanoseconds)
            var output = "# hingetool import dumpsys \(Echo.comment(path))\n"
            output += "# sensor '\(Echo.comment(section.name))', \(rows.count) events; \(describe(clock, origin))\n"
            output += "time,angle\n"
            for row in rows {
                // Every row has a value: a section with a masked row was refused above.
                output += "\(ExactTime.seconds(nanoseconds: row.nanoseconds - origin)),\(row.value ?? "")\n"
            }
            return output
        }

        /// The section `wanted` names (exact name, then a unique prefix), or the only hinge
        /// section; an ambiguous choice is refused with the candidates.
        static func choose(
            in log: DumpsysSensorLog, wanted: String?, file: String
        ) throws(ToolError) -> DumpsysSensorLog.Section {
            func listed(_ sections: [DumpsysSensorLog.Section]) -> String {
                sections.map { "'\(Echo.quoted($0.name))' (line \($0.line), \($0.rows.count) events)" }
                    .joined(separator: ", ")
            }
            if wanted?.isEmpty == true {
                throw .usage("The value '' is invalid for '--sensor': expected a sensor's name")
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

        static func logcat(_ text: String, path: String, arguments: ParsedArguments) throws(ToolError) -> String {
            let name = ToolContext.displayName(path)
            let log: SamsungHALLog
            do {
                log = try SamsungHALLog(text: text)
            } catch {
                throw .data("\(name):\(error.line):\(error.column): \(error.message)")
            }
            let ignored = log.ignored.sorted { $0.key < $1.key }.map { "\($0.value) \(Echo.comment($0.key))" }
            let ignoredText = ignored.isEmpty ? "none" : ignored.joined(separator: ", ")
            let publicEvents = try ordered(log.events[.public] ?? [], file: name)
            let fusedEvents = try ordered(log.events[.fused] ?? [], file: name)
            if arguments.has("list") {
                return "# hingetool import logcat \(Echo.comment(path)) --list\n# stream events tag\n"
                    + "public \(publicEvents.count) hinge_angle\nfused \(fusedEvents.count) lid_angle_fusion\n"
                    + "# ignored lines: \(ignoredText)\n"
            }
            let stream = SamsungHALLog.Stream(rawValue: arguments.value("stream") ?? "") ?? .public
            let events = stream == .public ? publicEvents : fusedEvents
            guard let first = events.first else {
                let tag = stream == .public ? "hinge_angle" : "lid_angle_fusion"
                throw .data(
                    "\(name): no \(tag) line (a Samsung sensor HAL line '\(stream.marker)<ns> ns value …'); "
                        + "ignored lines: \(ignoredText)")
            }
            let earliest = min(
                first.nanoseconds, publicEvents.first?.nanoseconds ?? .max, fusedEvents.first?.nanoseconds ?? .max)
            let clock = Clock(arguments)
            let origin = clock.origin(first: earliest)
            var output = "# hingetool import logcat \(Echo.comment(path))\(stream == .fused ? " --stream fused" : "")\n"
            output += "# Samsung sensor HAL: \(publicEvents.count) public hinge_angle events (TYPE_HINGE_ANGLE), "
            output += "\(fusedEvents.count) private lid_angle_fusion events; \(describe(clock, origin))\n"
            output += "# ignored lines: \(ignoredText)\n"
            switch stream {
            case .public:
                output += "time,angle,raw_angle,fused_angle\n"
                var next = 0
                var fused: Int?
                for event in events {
                    while next < fusedEvents.count, fusedEvents[next].nanoseconds <= event.nanoseconds {
                        fused = fusedEvents[next].angle
                        next += 1
                    }
                    output += "\(ExactTime.seconds(nanoseconds: event.nanoseconds - origin)),\(event.angle),"
                    output += "\(event.detail),\(fused.map(String.init) ?? "")\n"
                }
            case .fused:
                output += "time,angle,state\n"
                for event in events {
                    output +=
                        "\(ExactTime.seconds(nanoseconds: event.nanoseconds - origin)),\(event.angle),\(event.detail)\n"
                }
            }
            return output
        }

        /// The events in time order; two at the same time are refused with both lines.
        static func ordered(_ events: [SamsungHALLog.Event], file: String) throws(ToolError) -> [SamsungHALLog.Event] {
            let sorted = events.enumerated().sorted { a, b in
                a.element.nanoseconds != b.element.nanoseconds
                    ? a.element.nanoseconds < b.element.nanoseconds : a.offset < b.offset
            }.map(\.element)
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.nanoseconds == later.nanoseconds {
                throw .data(
                    "\(file):\(later.line):1: ts=\(later.nanoseconds) repeats the timestamp of line \(earlier.line)")
            }
            return sorted
        }

        /// The header's account of the clock.
        static func describe(_ clock: Clock, _ origin: Int64) -> String {
            clock == .zero
                ? "clock zero (0 s = boot clock \(ExactTime.seconds(nanoseconds: origin)) s)"
                : "clock recorder (boot clock)"
        }
    }
}
