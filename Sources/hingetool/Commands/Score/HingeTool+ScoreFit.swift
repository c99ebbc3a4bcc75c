import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool.Score {
    /// `score --unfold --leave-one-fold-out TRACE REFERENCE …`: the step tracker fitted on
    /// every fold of the logs, and each fold scored by a fit without it (``StepTrackerFit``).
    static func runLeaveOneFoldOut(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
        for refused in ["truth", "truth-interpolation", "per-move"] where arguments.has(refused) {
            throw .usage(
                "--leave-one-fold-out takes each trace's reference after it and reports every interpolation; "
                    + "--\(refused) does not apply")
        }
        let paths = arguments.positionals
        guard !paths.isEmpty, paths.count.isMultiple(of: 2) else {
            throw .usage("--leave-one-fold-out needs pairs: a step sensor's trace, then its reference")
        }
        let limits = (rows: try HingeTool.rowLimit(arguments), points: try HingeTool.pointLimit(arguments))
        var fit = StepTrackerFit()
        for pair in stride(from: 0, to: paths.count, by: 2) {
            let (path, referencePath) = (paths[pair], paths[pair + 1])
            let reference = try reference(referencePath, arguments: arguments, context: context)
            let trace = try loadTrace(path, context: context, rowLimit: limits.rows)
            let name = ToolContext.displayName(path)
            try checkScoringGrid(trace.samples, limit: limits.points, file: name)
            guard let sensor = StepSensor.detect(in: trace.samples) else {
                throw .data("\(name): not a known step sensor's trace (its levels and grid are no known sensor's)")
            }
            fit.add(
                name: name.split(separator: "/").last.map(String.init) ?? name, samples: trace.samples,
                sensor: sensor, reference: reference, origin: trace.integerOrigin)
        }
        let result = fit.fit()
        var rows = fit.rows(result)
        // The causal floor on the same folds: the particle filter on the synthetic Fold 8's
        // sensor model and hand, its thresholds, noise and rest share refitted without each
        // fold's log (docs/reading.md).
        let particles = try arguments[Self.particles]
        fit.addFloor(fit.floorSquares(particles: particles).squares, to: &rows)
        let floorModels = fit.logs.map { log in
            let model = fit.floorModel(excluding: Set(log.firstFold..<(log.firstFold + log.folds)))
            return "\(log.name): " + Self.thresholds(model.sensor)
                + ", σ \(DecimalNumber.shortest(model.sensor.noise))°, "
                + "rest share \(DecimalNumber.shortest(model.restShare))"
        }
        let text: String
        switch try arguments[HingeTool.Keys.reportFormat] {
        case .json:
            text =
                leaveOneFoldOutJSON(rows, result: result).withSchema("hingetool/score-unfold-lofo/1").rendered() + "\n"
        case .markdown:
            // The other chop rule, chosen from the same errors: what holding the chop only pooled gains.
            let pooled = fit.rows(fit.refit(result, chop: .pooled))
            text = leaveOneFoldOutMarkdown(rows, result: result, floorModels: floorModels, other: pooled)
        case .text:
            text = leaveOneFoldOutTable(rows, result: result, source: paths.joined(separator: " "))
        }
        try context.emit(text, to: try arguments[HingeTool.Keys.output])
    }

    /// The rows and the fitted settings as JSON.
    static func leaveOneFoldOutJSON(_ rows: [StepTrackerFit.Row], result: StepTrackerFit.Result) -> JSONValue {
        let modes = GroundTruth.Interpolation.allCases
        return JSONValue.object([
            (
                "rows",
                .array(
                    rows.map { row in
                        .object([
                            ("log", .string(row.log)), ("interpolation", .string(row.interpolation.rawValue)),
                            ("folds", .integer(row.folds)), ("android", .number(row.android)),
                            ("noveum_hinge", .number(row.noveum)), ("hingekit_fitted", .number(row.fitted)),
                            ("hingekit_held_out", .number(row.heldOut)),
                            ("ratio_pipeline", row.android > 0 ? .number(row.heldOut / row.android) : .null),
                            ("chop_p99_held_out", .number(row.heldOutChopP99)),
                            ("chop_p99_android", .number(row.androidChopP99)),
                            ("floor_runs", .array(row.floor.map(JSONValue.number))),
                        ])
                    })
            ),
            (
                "fitted",
                .array(
                    modes.indices.map { mode in
                        .object([
                            ("interpolation", .string(modes[mode].rawValue)),
                            ("setting", .string(result.settings[result.all[mode]].description)),
                            (
                                "is_default",
                                .bool(result.settings[result.all[mode]] == StepTrackerFit.defaultSetting)
                            ),
                        ])
                    })
            ),
        ])
    }

    /// The fitted settings, one line per interpolation.
    static func fittedLines(_ result: StepTrackerFit.Result) -> [String] {
        GroundTruth.Interpolation.allCases.enumerated().map { mode, interpolation in
            let setting = result.settings[result.all[mode]]
            let isDefault = setting == StepTrackerFit.defaultSetting ? " (the default)" : ""
            let distinct = Set(result.withoutFold[mode]).count
            return "\(interpolation.rawValue): \(setting.description)\(isDefault); "
                + "\(distinct) distinct settings over the held-out folds"
        }
    }

    /// A Fold 8 sensor model's thresholds as the table's notes print them.
    static func thresholds(_ sensor: SensorModel) -> String {
        guard case .ladder(let ladder) = sensor.quantisation else { return "not a ladder" }
        let up = ladder.up.map(DecimalNumber.shortest).joined(separator: "/")
        let down = ladder.down.reversed().map(DecimalNumber.shortest).joined(separator: "/")
        return "\(up)° up, \(down)° down"
    }

    static func leaveOneFoldOutMarkdown(
        _ rows: [StepTrackerFit.Row], result: StepTrackerFit.Result, floorModels: [String] = [],
        other: [StepTrackerFit.Row] = []
    ) -> String {
        var text =
            "| log | truth | folds | RMSE android | RMSE noveum-hinge | RMSE hingekit, fitted on every fold "
            + "| ratio | RMSE hingekit, fold held out | ratio_pipeline | chop p99 ×10⁴ (held out / android) "
            + "| floor RMSE (particle filter: median [range] of \(UnfoldFrontier.filterSeeds.count) runs) "
            + "| floor / android |\n"
        text += "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        func f4(_ value: Double) -> String { DecimalNumber.fixed(value, places: 4) }
        func ratio(_ value: Double, _ over: Double) -> String {
            over > 0 ? DecimalNumber.fixed(value / over, places: 2) : "-"
        }
        for row in rows {
            text +=
                "| \(row.log) | \(row.interpolation.rawValue) | \(row.folds) | \(f4(row.android)) | \(f4(row.noveum))"
            text += " | \(f4(row.fitted)) | \(ratio(row.fitted, row.android)) | **\(f4(row.heldOut))**"
            text += " | **\(ratio(row.heldOut, row.android))**"
            text += " | \(DecimalNumber.fixed(row.heldOutChopP99 * 10_000, places: 2)) / "
            text += "\(DecimalNumber.fixed(row.androidChopP99 * 10_000, places: 2))"
            text += " | \(floorText(row.floor)) | \(ratio(median(row.floor), row.android)) |\n"
        }
        text += "\nFitted on every fold (\(result.settings.count) settings searched, the chop held "
        text += result.chop == .pooled ? "pooled over the logs):\n\n" : "on each log):\n\n"
        text += fittedLines(result).map { "- " + $0 + "\n" }.joined()
        if !other.isEmpty {
            text += "\nThe same settings chosen with the chop held "
            text += result.chop == .pooled ? "on each log" : "only pooled over the logs"
            text += " instead (held out, RMSE and ratio to the pipeline; chop p99 ×10⁴, HingeKit / android):\n\n"
            for row in other {
                text += "- \(row.log), \(row.interpolation.rawValue): \(f4(row.heldOut)), "
                text += "\(ratio(row.heldOut, row.android))×; chop "
                text += "\(DecimalNumber.fixed(row.heldOutChopP99 * 10_000, places: 2)) / "
                text += "\(DecimalNumber.fixed(row.androidChopP99 * 10_000, places: 2))\n"
            }
        }
        if !floorModels.isEmpty {
            text += "\nThe floor's model, fitted without each log (on the other log's folds): the sensor's thresholds "
            text +=
                "(the medians of its slow crossings) and noise (their scatter about those medians as a Gaussian's σ), "
            text += "and the hand's share of moves that end at rest (its fused angle's moves of 10° or more):\n\n"
            text += floorModels.map { "- " + $0 + "\n" }.joined()
            text += "\nThe floor's lag (100 ms) and grid (200 ms) are what each log alone picks (the same on both), "
            text += "and its rules were written looking at both logs; every figure it is fitted to is the other log's, "
            text += "so the floor columns are held out by log.\n"
        }
        return text
    }

    /// The middle of the floor's sorted runs (0 when there are none).
    static func median(_ runs: [Double]) -> Double { runs.isEmpty ? 0 : runs[(runs.count - 1) / 2] }

    /// The floor as the tables print it: the median run and the range of all.
    static func floorText(_ runs: [Double]) -> String {
        guard let low = runs.first, let high = runs.last else { return "–" }
        func f4(_ value: Double) -> String { DecimalNumber.fixed(value, places: 4) }
        return "\(f4(median(runs))) [\(f4(low))–\(f4(high))]"
    }

    static func leaveOneFoldOutTable(
        _ rows: [StepTrackerFit.Row], result: StepTrackerFit.Result, source: String
    ) -> String {
        var header = CommentHeader("score --unfold --leave-one-fold-out", source: source)
        for line in fittedLines(result) { header.add("fitted, " + line) }
        var text = header.text
        text += "# log                             truth   folds android  noveum   fitted   held_out ratio_pipeline"
        text += " chop_p99_held chop_p99_android floor (median [range])\n"
        for row in rows {
            text += row.log.padding(34) + row.interpolation.rawValue.padding(8) + "\(row.folds)".padding(6)
            let cells = [
                DecimalNumber.fixed(row.android, places: 5), DecimalNumber.fixed(row.noveum, places: 5),
                DecimalNumber.fixed(row.fitted, places: 5), DecimalNumber.fixed(row.heldOut, places: 5),
                row.android > 0 ? DecimalNumber.fixed(row.heldOut / row.android, places: 3) : "-",
            ]
            text += cells.map { $0.padding(9) }.joined() + " "
            text += DecimalNumber.fixed(row.heldOutChopP99, places: 6).padding(14)
            text += DecimalNumber.fixed(row.androidChopP99, places: 6).padding(17) + floorText(row.floor) + "\n"
        }
        return text
    }
}
