import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool.Score {
    /// `hingetool score --unfold`: the displayed unfold progress of HingeKit and of Android.
    static func runUnfold(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
        if arguments.isGiven(Self.leaveOneFoldOut) { return try runLeaveOneFoldOut(arguments, context: context) }
        let reference = try referenceTruth(arguments, context: context)
        if arguments.isGiven(Self.perMove) { return try runPerMove(arguments, reference: reference, context: context) }
        let results: [(path: String, rows: [(name: String, score: UnfoldScore)])]
        results = try scoredTraces(arguments, reference: reference, context: context) { samples, truth, path in
            var refused = RefusedSamples()
            let scores = UnfoldComparison.scores(samples, truth: truth, refused: &refused)
            warnRefused(refused, path: path, context: context)
            return scores
        }
        let text: String
        switch try arguments[HingeTool.Keys.reportFormat] {
        case .json:
            let files = results.map { result in
                JSONValue.object([
                    ("file", .string(result.path)),
                    (
                        "rows",
                        .array(
                            result.rows.map { name, score in
                                JSONValue.object([
                                    // The text table's column names, in its units (lag in ms).
                                    ("display", .string(name)), ("rmse", .number(score.rmse)),
                                    ("ratio", ratio(score, result.rows).map(JSONValue.number) ?? .null),
                                    (
                                        "ratio_pipeline",
                                        ratio(score, result.rows, over: "android").map(JSONValue.number) ?? .null
                                    ),
                                    ("lag_ms", .number(score.lag * 1000)),
                                    ("jitter", .number(score.jitterAtRest)),
                                    ("chop_max", .number(score.chopMax)), ("chop_p99", .number(score.chopP99)),
                                    ("truth_max", .number(score.truthChopMax)),
                                    ("truth_p99", .number(score.truthChopP99)),
                                ])
                            })
                    ),
                ])
            }
            text = JSONValue.files(files, schema: "hingetool/score-unfold/2").rendered() + "\n"
        case .markdown:
            text = unfoldMarkdown(results)
        case .text:
            text = results.map { unfoldTable($0.rows, title: $0.path) }.joined(separator: "\n")
        }
        try context.emit(text, to: try arguments[HingeTool.Keys.output])
    }

    /// A display's RMSE over the RMSE of the row named `reference` in the same table
    /// (`android-spring`, Android's spring alone, by default; `android`, its whole pipeline, for
    /// the column every table calls `ratio_pipeline`, the ratio README quotes): 1 when both are 0, `nil` (shown `-`, JSON `null`) when the
    /// reference is exact and this one is not — no finite ratio says that.
    static func ratio(
        _ score: UnfoldScore, _ rows: [(name: String, score: UnfoldScore)], over reference: String = "android-spring"
    ) -> Double? {
        let referenceRMSE = rows.first { $0.name == reference }?.score.rmse ?? score.rmse
        if referenceRMSE > 0 { return score.rmse / referenceRMSE }
        return score.rmse == 0 ? 1 : nil
    }

    static func shownRatio(
        _ score: UnfoldScore, _ rows: [(name: String, score: UnfoldScore)], over reference: String = "android-spring"
    ) -> String {
        ratio(score, rows, over: reference).map { DecimalNumber.fixed($0, places: 2) } ?? "-"
    }

    static func unfoldTable(_ rows: [(name: String, score: UnfoldScore)], title: String) -> String {
        var header = CommentHeader("score --unfold", source: title)
        guard !rows.isEmpty else {
            header.add("no sample has a hinge angle: nothing to score")
            return header.text
        }
        var text = header.text
        text += "# display        rmse     ratio    ratio_pipeline  lag_ms jitter   chop_max  chop_p99  truth_max "
        text += "truth_p99\n"
        for (name, score) in rows {
            let cells = [
                DecimalNumber.fixed(score.rmse, places: 5), shownRatio(score, rows),
                shownRatio(score, rows, over: "android").padding(14) + " ",
                DecimalNumber.fixed(score.lag * 1000, places: 0), DecimalNumber.fixed(score.jitterAtRest, places: 5),
                DecimalNumber.fixed(score.chopMax, places: 5), DecimalNumber.fixed(score.chopP99, places: 5),
                DecimalNumber.fixed(score.truthChopMax, places: 5), DecimalNumber.fixed(score.truthChopP99, places: 5),
            ]
            text += name.padding(17) + cells.map { $0.padding(9) }.joined() + "\n"
        }
        return text
    }

    /// One Markdown table over all traces: HingeKit against Android's spring and pipeline.
    static func unfoldMarkdown(_ results: [(path: String, rows: [(name: String, score: UnfoldScore)])]) -> String {
        var text =
            "| trace | RMSE hingekit | RMSE android-spring | ratio | RMSE android | ratio_pipeline "
            + "| RMSE noveum-hinge | lag ms (hk / spring) "
            + "| jitter (hk / spring) | chop max ×10⁴ (hk / spring / android / noveum / truth) "
            + "| chop p99 ×10⁴ (hk / spring / android / noveum / truth) |\n"
        text += "|---|---|---|---|---|---|---|---|---|---|---|\n"
        for (path, rows) in results {
            let scores = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0.score) })
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let kit = scores["hingekit"], let spring = scores["android-spring"], let android = scores["android"],
                let peer = scores["noveum-hinge"]
            else {
                text += "| \(name) | no hinge angle: nothing to score | | | | | | | | | |\n"
                continue
            }
            func e4(_ value: Double) -> String { DecimalNumber.fixed(value * 10_000, places: 2) }
            text +=
                "| \(name) | \(DecimalNumber.fixed(kit.rmse, places: 4)) | \(DecimalNumber.fixed(spring.rmse, places: 4))"
            text +=
                " | \(shownRatio(kit, rows)) | \(DecimalNumber.fixed(android.rmse, places: 4))"
                + " | \(shownRatio(kit, rows, over: "android")) | \(DecimalNumber.fixed(peer.rmse, places: 4))"
            text +=
                " | \(DecimalNumber.fixed(kit.lag * 1000, places: 0)) / \(DecimalNumber.fixed(spring.lag * 1000, places: 0))"
            text +=
                " | \(DecimalNumber.fixed(kit.jitterAtRest, places: 5)) / \(DecimalNumber.fixed(spring.jitterAtRest, places: 5))"
            text +=
                " | \(e4(kit.chopMax)) / \(e4(spring.chopMax)) / \(e4(android.chopMax)) / \(e4(peer.chopMax))"
                + " / \(e4(kit.truthChopMax))"
            text +=
                " | \(e4(kit.chopP99)) / \(e4(spring.chopP99)) / \(e4(android.chopP99)) / \(e4(peer.chopP99))"
                + " / \(e4(kit.truthChopP99)) |\n"
        }
        return text
    }

    /// Each trace of the command line read (against `reference` when given), its 1 kHz scoring
    /// grid and 120 Hz frames counted against `--max-points` before either is made, and scored by
    /// `score`; a trace without a single angle has nothing to score (not an RMSE of 1 between
    /// "fully open" and a truth that has no hinge either) and gets no rows.
    static func scoredTraces<Row>(
        _ arguments: ParsedArguments, reference: ReferenceRecording?, context: ToolContext,
        _ score: ([HingeSample], GroundTruth, String) -> [Row]
    ) throws(ToolError) -> [(path: String, rows: [Row])] {
        let limits = (rows: try HingeTool.rowLimit(arguments), points: try HingeTool.pointLimit(arguments))
        var results: [(path: String, rows: [Row])] = []
        for path in arguments.positionals {
            let (samples, truth) = try load(path, reference: reference, context: context, rowLimit: limits.rows)
            try checkScoringGrid(samples, limit: limits.points, file: ToolContext.displayName(path))
            results.append((path, samples.contains { $0.angle != nil } ? score(samples, truth, path) : []))
        }
        return results
    }

    /// Says on standard error how many samples of `path` a display refused, and the first (the
    /// trace was checked when read, so a refusal is a sample the drivers' reader is stricter
    /// about, such as an angle outside its range): the scores stand, without those samples.
    static func warnRefused(_ refused: RefusedSamples, path: String, context: ToolContext) {
        guard let summary = refused.summary else { return }
        context.writeError("\(ToolContext.displayName(path)): warning: \(summary)\n")
    }

    /// `score --unfold --per-move`: each move of the truth scored on its own, from 0.5 s before
    /// it to 1 s after (the displays run over the whole trace).
    static func runPerMove(
        _ arguments: ParsedArguments, reference: ReferenceRecording?, context: ToolContext
    ) throws(ToolError) {
        let results = try scoredTraces(arguments, reference: reference, context: context) { samples, truth, path in
            var refused = RefusedSamples()
            let moves = UnfoldComparison.moveScores(samples, truth: truth, refused: &refused)
            warnRefused(refused, path: path, context: context)
            return moves
        }
        let text: String
        switch try arguments[HingeTool.Keys.reportFormat] {
        case .json:
            let files = results.map { movesJSON($0.rows, path: $0.path) }
            text = JSONValue.files(files, schema: "hingetool/score-unfold-moves/2").rendered() + "\n"
        case .markdown:
            text = results.map { movesMarkdown($0.rows) }.joined(separator: "\n")
        case .text:
            text = results.map { movesTable($0.rows, path: $0.path) }.joined(separator: "\n")
        }
        try context.emit(text, to: try arguments[HingeTool.Keys.output])
    }

    /// The moves as gnuplot-ready rows, one per move and display.
    static func movesTable(_ moves: [UnfoldComparison.Move], path: String) -> String {
        var text = CommentHeader("score --unfold --per-move", source: path).text
        guard !moves.isEmpty else { return text + "# no move of the truth: nothing to score\n" }
        text += "# move start_s end_s from_deg to_deg  display          rmse     ratio_pipeline chop_max chop_p99\n"
        for (index, move) in moves.enumerated() {
            for (name, score) in move.rows {
                let cells = [
                    "\(index + 1)", DecimalNumber.fixed(move.start, places: 2),
                    DecimalNumber.fixed(move.end, places: 2),
                    DecimalNumber.fixed(move.from, places: 0), DecimalNumber.fixed(move.to, places: 0),
                ]
                text += cells.map { $0.padding(8) }.joined() + name.padding(17)
                text += DecimalNumber.fixed(score.rmse, places: 5).padding(9)
                text += shownRatio(score, move.rows, over: "android").padding(15)
                text += DecimalNumber.fixed(score.chopMax, places: 5).padding(9)
                text += DecimalNumber.fixed(score.chopP99, places: 5) + "\n"
            }
        }
        return text
    }

    /// One Markdown row per move: HingeKit against Android's whole pipeline.
    static func movesMarkdown(_ moves: [UnfoldComparison.Move]) -> String {
        var text = "| move | time (s) | truth | RMSE hingekit | RMSE android | ratio_pipeline | RMSE android-spring "
        text += "| RMSE noveum-hinge | chop max ×10⁴ (hk / android) |\n|---|---|---|---|---|---|---|---|---|\n"
        for (index, move) in moves.enumerated() {
            let scores = Dictionary(uniqueKeysWithValues: move.rows.map { ($0.name, $0.score) })
            guard let kit = scores["hingekit"], let android = scores["android"], let spring = scores["android-spring"],
                let peer = scores["noveum-hinge"]
            else { continue }
            text += "| \(index + 1) | \(DecimalNumber.fixed(move.start, places: 2))–"
            text += DecimalNumber.fixed(move.end, places: 2)
            text += " | \(DecimalNumber.fixed(move.from, places: 0))° → \(DecimalNumber.fixed(move.to, places: 0))°"
            text += " | \(DecimalNumber.fixed(kit.rmse, places: 4)) | \(DecimalNumber.fixed(android.rmse, places: 4))"
            text += " | \(shownRatio(kit, move.rows, over: "android")) | \(DecimalNumber.fixed(spring.rmse, places: 4))"
            text += " | \(DecimalNumber.fixed(peer.rmse, places: 4))"
            text += " | \(DecimalNumber.fixed(kit.chopMax * 10_000, places: 0)) / "
            text += "\(DecimalNumber.fixed(android.chopMax * 10_000, places: 0)) |\n"
        }
        return text
    }

    /// One file's moves as JSON (``runPerMove(_:reference:context:)``).
    static func movesJSON(_ moves: [UnfoldComparison.Move], path: String) -> JSONValue {
        .object([
            ("file", .string(path)),
            (
                "moves",
                .array(
                    moves.enumerated().map { index, move in
                        .object([
                            ("move", .integer(index + 1)), ("start", .number(move.start)), ("end", .number(move.end)),
                            ("from", .number(move.from)), ("to", .number(move.to)),
                            (
                                "rows",
                                .array(
                                    move.rows.map { name, score in
                                        .object([
                                            ("display", .string(name)), ("rmse", .number(score.rmse)),
                                            (
                                                "ratio_android",
                                                ratio(score, move.rows, over: "android").map(JSONValue.number) ?? .null
                                            ),
                                            (
                                                "ratio_pipeline",
                                                ratio(score, move.rows, over: "android").map(JSONValue.number) ?? .null
                                            ),
                                            ("chop_max", .number(score.chopMax)), ("chop_p99", .number(score.chopP99)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
