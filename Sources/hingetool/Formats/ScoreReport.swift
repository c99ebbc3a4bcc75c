import HingeAnalysis
import HingeKit

/// The Markdown report of `hingetool score --format markdown`: one table per trace, then the
/// reading targets and whether each is kept. `make score` writes it into docs/reading.md.
enum ScoreReport {
    /// A trace's scores, and its sensor's step: the smallest change between two successive
    /// reported angles (`nil` when the angle never changes), which decides whether the trace
    /// is held to the targets of a 1° sensor or of a coarse one; and whether the sensor reports
    /// only its end states (``reportsOnlyEndStates(_:)``), whose snap is reported apart.
    typealias Result = (
        path: String, step: Double?, endStatesOnly: Bool, rows: [(name: String, score: ReadingScore)]
    )

    /// Whether `samples` come from a sensor that reports only its two end states (such as the
    /// Galaxy Z TriFold's 0 and 180): the angle takes exactly two values over the trace.
    ///
    /// Such a sensor cannot tell a move that stops between its two values from a rest, nor say
    /// where a move is going before the hinge crosses its switching angle, so no reader can
    /// decide the snap of such a move before (or at all after) the hinge stops. Its snap is
    /// scored and printed on its own line ("sensor reports only end states") and left out of
    /// the snap over all moves and its targets (docs/reading.md, "Snap on a two-level sensor").
    static func reportsOnlyEndStates(_ samples: [HingeSample]) -> Bool {
        var values: Set<Double> = []
        for angle in samples.lazy.compactMap(\.angle) {
            values.insert(angle)
            if values.count > 2 { return false }
        }
        return values.count == 2
    }

    /// The smallest non-zero change between successive angles of `samples`, in degrees.
    static func sensorStep(_ samples: [HingeSample]) -> Double? {
        var step: Double?
        var previous: Double?
        for angle in samples.lazy.compactMap(\.angle) {
            if let previous, angle != previous { step = min(step ?? .infinity, abs(angle - previous)) }
            previous = angle
        }
        return step
    }

    static func markdown(_ results: [Result]) -> String {
        var text = ""
        for result in results {
            text += "#### \(scenarioName(result.path))\n\n"
            guard !result.rows.isEmpty else {
                text += "No sample has a hinge angle (the trace has no hinge): nothing to score.\n\n"
                continue
            }
            text += "| reading | velocity RMSE moving (°/s) | velocity RMSE at rest (°/s) | position RMSE (°) "
            text += "| lag (ms) | jitter at rest (°/s) | snap right | lead (ms) | flicker |\n"
            text += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
            for (name, score) in result.rows {
                let cells = [
                    "`\(name)`", fixed(score.velocityRMSEMoving, 1), fixed(score.velocityRMSEResting, 1),
                    fixed(score.positionRMSE, 2), fixed(score.lag * 1000, 0), fixed(score.jitterAtRest, 3),
                    score.hasSnap ? "\(score.snapRight)/\(score.moves)" : "–",
                    score.meanLeadTime.map { fixed($0 * 1000, 0) } ?? "–",
                    "\(score.flickerAtRest)",
                ]
                text += "| " + cells.joined(separator: " | ") + " |\n"
            }
            text += "\n"
        }
        text += targets(results)
        return text
    }

    /// The targets of the reading issue, checked per trace and overall.
    static func targets(_ results: [Result]) -> String {
        var text = "#### Targets\n\n"
        text += "| trace | step | velocity moving: ours / LSQ2 | at rest: ours / LSQ2 | lag: ours / 1€ paper "
        text += "| jitter: ours / 1€ paper |\n|---|---|---|---|---|---|\n"
        var moves = 0
        var right = 0
        var lead = 0.0
        var flicker = 0
        var endStates: (names: [String], moves: Int, right: Int, lead: Double, flicker: Int) = ([], 0, 0, 0, 0)
        for result in results {
            guard let ours = row("hingekit", result), let lsq2 = row("android-lsq2", result),
                let paper = row("one-euro-paper", result)
            else { continue }
            // A 1° sensor (or finer) is held to the 20 % target; a coarser one to "no worse".
            let fine = (result.step ?? 0) <= 1 + 1e-9
            // A trace that never moves has 0 / 0 here: the same error, no change.
            let ratio = lsq2.velocityRMSEMoving > 0 ? ours.velocityRMSEMoving / lsq2.velocityRMSEMoving : 1
            let velocityKept = fine ? ratio <= 0.8 : ratio <= 1
            let cells = [
                scenarioName(result.path), result.step.map { "\(DecimalNumber.shortest($0))°" } ?? "–",
                "\(fixed(ours.velocityRMSEMoving, 1)) / \(fixed(lsq2.velocityRMSEMoving, 1)) "
                    + "(\(signedPercent(ratio - 1))) \(mark(velocityKept))",
                "\(fixed(ours.velocityRMSEResting, 1)) / \(fixed(lsq2.velocityRMSEResting, 1)) "
                    + mark(ours.velocityRMSEResting <= lsq2.velocityRMSEResting),
                "\(fixed(ours.lag * 1000, 0)) / \(fixed(paper.lag * 1000, 0)) " + mark(ours.lag <= paper.lag),
                "\(fixed(ours.jitterAtRest, 3)) / \(fixed(paper.jitterAtRest, 3)) "
                    + mark(ours.jitterAtRest < paper.jitterAtRest),
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
            if result.endStatesOnly {
                endStates.names.append(scenarioName(result.path))
                endStates.moves += ours.moves
                endStates.right += ours.snapRight
                endStates.lead += (ours.meanLeadTime ?? 0) * Double(ours.moves)
                endStates.flicker += ours.flickerAtRest
                continue
            }
            moves += ours.moves
            right += ours.snapRight
            lead += (ours.meanLeadTime ?? 0) * Double(ours.moves)
            flicker += ours.flickerAtRest
        }
        let apart = endStatesSnap(endStates)
        // No move at all (no trace with a hinge): no snap to judge, rather than "100 % ✓ … ✗".
        guard moves > 0 else {
            let none =
                apart.isEmpty
                ? "no trace has a move of the hinge" : "no trace whose sensor can report the pose has a move"
            return text + "\nSnap: \(none), so the snap targets do not apply.\n" + apart
        }
        let accuracy = Double(right) / Double(moves)
        let meanLead = lead / Double(moves)
        text += "\nSnap over all \(moves) moves: right on \(right) (\(fixed(accuracy * 100, 1)) %, target ≥ 95 % "
        text += "\(mark(accuracy >= 0.95))), \(decided(meanLead)) on "
        text += "average (target ≥ 150 ms \(mark(meanLead >= 0.15))), \(flicker) flickers at rest "
        text += "(target 0 \(mark(flicker == 0))).\n"
        return text + apart
    }

    /// The snap on the traces whose sensor reports only its end states, apart and without
    /// targets (``reportsOnlyEndStates(_:)`` says why); empty when there are none.
    private static func endStatesSnap(
        _ figures: (names: [String], moves: Int, right: Int, lead: Double, flicker: Int)
    ) -> String {
        guard !figures.names.isEmpty else { return "" }
        var text = "\nSnap where the sensor reports only end states (\(figures.names.joined(separator: ", ")); "
        text += "no target, left out above): "
        guard figures.moves > 0 else { return text + "no move.\n" }
        let meanLead = figures.lead / Double(figures.moves)
        text += "right on \(figures.right) of \(figures.moves) moves, \(decided(meanLead)) on average, "
        text += "\(figures.flicker) flickers at rest.\n"
        return text
    }

    /// "decided 120 ms before the hinge stops", or "… after …" when the lead is negative (late).
    private static func decided(_ lead: Double) -> String {
        let milliseconds = fixed(abs(lead) * 1000, 0)
        return lead < 0 && milliseconds != "0"
            ? "decided \(milliseconds) ms after the hinge stops" : "decided \(milliseconds) ms before the hinge stops"
    }

    private static func row(_ name: String, _ result: Result) -> ReadingScore? {
        result.rows.first { $0.name == name }?.score
    }

    /// `Datasets/slow-bend.csv` → `slow-bend`.
    static func scenarioName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".csv") ? String(file.dropLast(4)) : file
    }

    private static func fixed(_ value: Double, _ places: Int) -> String { DecimalNumber.fixed(value, places: places) }

    private static func signedPercent(_ change: Double) -> String {
        (change >= 0 ? "+" : "−") + fixed(abs(change) * 100, 0) + " %"
    }

    private static func mark(_ kept: Bool) -> String { kept ? "✓" : "✗" }
}
