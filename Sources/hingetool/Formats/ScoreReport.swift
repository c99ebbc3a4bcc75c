import HingeAnalysis
import HingeKit

/// The Markdown report of `hingetool score --format markdown`: one table per trace, then the
/// reading targets and whether each is kept. `make score` writes it into docs/reading.md.
enum ScoreReport {
    /// A trace's scores, and its sensor's step: the smallest change between two successive
    /// reported angles (`nil` when the angle never changes), which decides whether the trace
    /// is held to the targets of a 1° sensor or of a coarse one.
    typealias Result = (path: String, step: Double?, rows: [(name: String, score: ReadingScore)])

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
            moves += ours.moves
            right += ours.snapRight
            lead += (ours.meanLeadTime ?? 0) * Double(ours.moves)
            flicker += ours.flickerAtRest
        }
        // No move at all (no trace with a hinge): no snap to judge, rather than "100 % ✓ … ✗".
        guard moves > 0 else {
            return text + "\nSnap: no trace has a move of the hinge, so the snap targets do not apply.\n"
        }
        let accuracy = Double(right) / Double(moves)
        let meanLead = lead / Double(moves)
        text += "\nSnap over all \(moves) moves: right on \(right) (\(fixed(accuracy * 100, 1)) %, target ≥ 95 % "
        text += "\(mark(accuracy >= 0.95))), decided \(fixed(meanLead * 1000, 0)) ms before the hinge stops on "
        text += "average (target ≥ 150 ms \(mark(meanLead >= 0.15))), \(flicker) flickers at rest "
        text += "(target 0 \(mark(flicker == 0))).\n"
        return text
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
