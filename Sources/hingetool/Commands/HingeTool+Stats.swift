import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool stats TRACE`: sampling, quantisation, range and statuses of a trace.
    struct Stats: Subcommand {
        static let spec = CommandSpec(
            name: "stats",
            abstract: "Summarise a trace: sampling intervals, quantisation, angle range and statuses.",
            discussion: """
                Interval percentiles are exact to 0.01 %; everything else is exact. The \
                quantisation is the common step of the angles (1° or 5° on most devices), or \
                the set of levels when there are at most five (Galaxy Fold3 reports only 0, 90 \
                and 180). Sensor checks as Android's CTS Verifier makes them are printed as \
                warnings on standard error: back-to-back duplicate values, values outside \
                0…--max-range, values that are not multiples of the resolution (--resolution, \
                or else the common step when the angles have one; with no common step that is \
                itself the warning). A last row that repeats the one before it is the \
                recorder's closing row (it marks where the recording stopped), not a sensor \
                event, and is not counted as a duplicate. With --strict a failed check exits 1.
                """,
            arguments: [
                CommandSpec.Argument(
                    "trace", help: "Trace CSVs (time, angle, optional status), or '-' for standard input.",
                    repeating: true)
            ],
            options: [
                reportFormatOption([.text, .json]),
                maxRange.option,
                resolution.option,
                strict.option,
                skipBadRowsOption, angleUnitOption, quietOption,
                outputOption,
            ],
            examples: [["Datasets/flat-to-laptop.csv"]])

        static let maxRange = OptionKey(
            ["--max-range"], value: "degrees", help: "The sensor's declared maximum range.", in: 1e-6...360,
            default: 180)
        static let resolution = OptionKey<Double?>(
            ["--resolution"], value: "degrees",
            help: "The sensor's declared resolution.", in: 1e-6...360
        ).defaulting(toNote: "the step the angles share")
        static let strict = OptionKey(
            flag: ["--strict"], help: "Exit 1 when a sensor check (CTS) fails, after printing the report.")

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let maximumRange = try arguments[Self.maxRange]
            let declared = try arguments[Self.resolution]
            var reports: [String] = []
            var objects: [JSONValue] = []
            var warnings = ""
            var failed: [String] = []
            for path in arguments.positionals {
                let reader = try context.openTrace(path, options: try readOptions(arguments))
                let tolerance: Double
                do {
                    tolerance = TraceStatistics.angleTolerance(for: try reader.readColumns().angleUnit)
                } catch {
                    throw .trace(error)
                }
                var statistics = TraceStatistics(angleTolerance: tolerance)
                var checks = SensorConformance(
                    maximumRange: maximumRange, resolution: declared, angleTolerance: tolerance)
                let progress = ProgressLine(context)
                defer { progress.finish() }
                // The warnings follow the reports, each naming its file; the report lists the
                // skipped rows.
                var collected = context
                collected.writeError = { warnings += $0 }
                try collected.readRecords(of: reader, listsSkippedRows: false) { (record) throws(ToolError) in
                    statistics.add(record.sample)
                    checks.add(record.sample)
                    if statistics.sampleCount % 1_000_000 == 0 {
                        progress.update("stats: \(statistics.sampleCount / 1_000_000) million rows read")
                    }
                }
                // Erased before the report reaches a terminal the line shares.
                progress.finish()
                reports.append(report(statistics, summary: reader.summary, path: path))
                objects.append(json(statistics, summary: reader.summary, path: path))
                let failures = sensorWarnings(checks, statistics: statistics, declared: declared)
                for warning in failures where context.showsWarnings {
                    warnings += "\(reader.fileName ?? "<stdin>"): warning: \(warning)\n"
                }
                if !failures.isEmpty {
                    failed.append("\(reader.fileName ?? "<stdin>"): \(failures.count) sensor check(s) failed")
                }
            }
            let text =
                try arguments[Keys.reportFormat] == .json
                ? JSONValue.files(objects, schema: "hingetool/stats/2").rendered() + "\n"
                : reports.joined(separator: "\n")
            try context.emit(text, to: try arguments[Keys.output])
            context.writeError(warnings)
            if arguments.isGiven(Self.strict), !failed.isEmpty {
                throw .gate("\(failed.joined(separator: ", ")) (--strict)")
            }
        }

        /// The CTS checks' warnings; without a declared resolution, every value is a multiple
        /// of the inferred step by construction, and angles without a common step are the warning.
        static func sensorWarnings(
            _ checks: SensorConformance, statistics: TraceStatistics, declared: Double?
        ) -> [String] {
            var warnings = SensorConformance.Check.allCases.compactMap { check in
                checks.warning(for: check).map { check == .range ? $0 + rangeRemedy : $0 }
            }
            if declared == nil, case .continuous(let change) = statistics.quantisation, checks.values >= 2 {
                warnings.append(
                    "the angles share no resolution (smallest change \(DecimalNumber.shortest(change))°): a hinge "
                        + "sensor reports multiples of its resolution (CTS); give --resolution to count the exceptions")
            }
            return warnings
        }

        /// How a user of `stats` declares a larger range (the library's sentence names no option).
        static let rangeRemedy = "; give --max-range if the device declares more"

        static func report(_ statistics: TraceStatistics, summary: TraceReadSummary, path: String) -> String {
            func seconds(_ value: Double?) -> String { value.map { DecimalNumber.fixed($0, places: 6) + " s" } ?? "–" }
            func milliseconds(_ value: Double?) -> String {
                value.map { DecimalNumber.fixed($0 * 1000, places: 3) + " ms" } ?? "–"
            }
            func approximateMilliseconds(_ value: Double?) -> String {
                value.map { DecimalNumber.shortest(significant($0 * 1000)) + " ms" } ?? "–"
            }
            func degrees(_ value: Double?) -> String { value.map { DecimalNumber.shortest($0) + "°" } ?? "–" }
            var rows: [(String, String)] = [
                ("samples", "\(statistics.sampleCount)"),
                ("duration", seconds(statistics.duration)),
                ("first time", seconds(statistics.firstTime)),
                ("last time", seconds(statistics.lastTime)),
                ("median interval", approximateMilliseconds(statistics.medianInterval)),
                ("95th pct interval", approximateMilliseconds(statistics.percentile95Interval)),
            ]
            if let gap = statistics.largestGap {
                rows.append(("largest gap", milliseconds(gap.length) + " (ending at \(seconds(gap.endingAt)))"))
            } else {
                rows.append(("largest gap", "–"))
            }
            rows += [
                ("quantisation", statistics.quantisation.description),
                ("angle range", "\(degrees(statistics.minimumAngle)) … \(degrees(statistics.maximumAngle))"),
                ("no-hinge samples", "\(statistics.noHingeCount)"),
                (
                    "status",
                    "closed \(statistics.closedCount), partiallyOpen \(statistics.partiallyOpenCount), "
                        + "fullyOpen \(statistics.fullyOpenCount), none \(statistics.noStatusCount)"
                ),
                ("skipped rows", "\(summary.skippedRows)"),
            ]
            var text = CommentHeader("stats", source: path).text
            for (label, value) in rows {
                text += label + String(repeating: " ", count: max(1, 20 - label.count)) + value + "\n"
            }
            for error in summary.skippedErrors { text += "skipped: \(error)\n" }
            if summary.skippedRows > summary.skippedErrors.count {
                text += "skipped: … and \(summary.skippedRows - summary.skippedErrors.count) more\n"
            }
            return text
        }

        static func json(_ statistics: TraceStatistics, summary: TraceReadSummary, path: String) -> JSONValue {
            let quantisation: JSONValue
            switch statistics.quantisation {
            case .none: quantisation = .object([("kind", .string("none"))])
            case .step(let step): quantisation = .object([("kind", .string("step")), ("step", .number(step))])
            case .levels(let levels):
                quantisation = .object([("kind", .string("levels")), ("levels", .array(levels.map(JSONValue.number)))])
            case .continuous(let change):
                quantisation = .object([("kind", .string("continuous")), ("smallest_change", .number(change))])
            }
            return .object([
                ("file", .string(path)),
                ("samples", .integer(statistics.sampleCount)),
                ("duration", .number(nanosecond(statistics.duration))),
                ("first_time", .optional(statistics.firstTime)),
                ("last_time", .optional(statistics.lastTime)),
                ("median_interval", .optional(statistics.medianInterval.map(significant))),
                ("p95_interval", .optional(statistics.percentile95Interval.map(significant))),
                ("largest_gap", .optional(statistics.largestGap.map { nanosecond($0.length) })),
                ("largest_gap_end", .optional(statistics.largestGap?.endingAt)),
                ("quantisation", quantisation),
                ("angle_min", .optional(statistics.minimumAngle)),
                ("angle_max", .optional(statistics.maximumAngle)),
                ("no_hinge_samples", .integer(statistics.noHingeCount)),
                (
                    "status_counts",
                    .object([
                        ("closed", .integer(statistics.closedCount)),
                        ("partially_open", .integer(statistics.partiallyOpenCount)),
                        ("fully_open", .integer(statistics.fullyOpenCount)),
                        ("none", .integer(statistics.noStatusCount)),
                    ])
                ),
                ("skipped_rows", .integer(summary.skippedRows)),
                ("skipped_errors", .array(summary.skippedErrors.map { .string($0.description) })),
            ])
        }
    }
}

/// The pieces several subcommands share.
extension HingeTool {
    /// `value` to four significant digits: the resolution of the interval percentiles
    /// (0.01 % bins), so no digit printed is noise.
    static func significant(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return value }
        var up = 1.0  // multiply by this to bring value into 1000..<10000
        var down = 1.0  // or divide by this, for large values (powers of ten stay exact)
        while value * up < 1000 { up *= 10 }
        while value / down >= 10_000 { down *= 10 }
        return up > 1 ? (value * up).rounded() / up : (value / down).rounded() * down
    }

    /// A difference of two times, rounded to 1 ns so the subtraction's last-bit noise
    /// (1.8333959999999996) does not reach the output.
    static func nanosecond(_ seconds: Double) -> Double { (seconds * 1e9).rounded() / 1e9 }
}
