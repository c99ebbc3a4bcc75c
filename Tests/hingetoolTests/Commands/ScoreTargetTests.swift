import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// `score --format markdown`'s targets hold each trace to its own sensor's resolution, measured
/// on the trace, not looked up by the scenario's name (the device models added later were held
/// to the 1° targets under a "≤ 1°" label while reporting in 90° and 20° steps).
@Suite("score's targets follow the sensor's measured step")
struct ScoreTargetTests {
    @Test("The step is the smallest change between successive reported angles")
    func stepOfSamples() {
        let angles: [Double?] = [90, 90, nil, 91, 93, 93, 92.5, 92.5]
        let samples = angles.enumerated().map { HingeSample(time: Double($0.offset) / 10, angle: $0.element) }
        #expect(ScoreReport.sensorStep(samples) == 0.5)
        #expect(ScoreReport.sensorStep([HingeSample(time: 0, angle: 90), HingeSample(time: 1, angle: 90)]) == nil)
    }

    @Test(
        "Each dataset's step is its sensor's: the synthetic scenarios' ground truth",
        arguments: [
            ("flat-to-laptop", 1.0), ("slow-bend", 1.0), ("five-degree-steps", 5.0), ("fold8-folds", 90.0),
            ("razr-folds", 20.0), ("pixel-folds", 1.0),
        ])
    func datasetSteps(name: String, step: Double) throws {
        let run = runTool(["score", dataset(name + ".csv"), "--format", "markdown"])
        #expect(run.status == 0, "\(run.error)")
        let row = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("| \(name) | ") })
        #expect(row.hasPrefix("| \(name) | \(DecimalNumber.shortest(step))° |"), "\(row)")
    }

    @Test("A sensor that reports exactly two values reports only end states; three levels or one do not")
    func endStatesOnly() {
        func samples(_ angles: [Double?]) -> [HingeSample] {
            angles.enumerated().map { HingeSample(time: Double($0.offset) / 10, angle: $0.element) }
        }
        #expect(ScoreReport.reportsOnlyEndStates(samples([180, nil, 0, 0, 180])))
        #expect(!ScoreReport.reportsOnlyEndStates(samples([180, 90, 0])))
        #expect(!ScoreReport.reportsOnlyEndStates(samples([90, 90])))
        #expect(!ScoreReport.reportsOnlyEndStates(samples([nil, nil])))
    }

    /// The figures of the `hingekit` row of `name`'s table: snap right, moves, lead (ms).
    static func snapRow(_ output: String, _ name: String) throws -> (right: Int, moves: Int, lead: Int) {
        let table = try #require(output.components(separatedBy: "#### \(name)\n").dropFirst().first)
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `hingekit` |") })
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let snap = cells[6].split(separator: "/")
        return (try #require(Int(snap[0])), try #require(Int(snap[1])), try #require(Int(cells[7])))
    }

    @Test("The TriFold's snap is printed apart, from its own table, and left out of the snap over all moves")
    func endStatesApart() throws {
        let run = runTool(
            ["score", dataset("trifold-folds.csv"), dataset("fold8-folds.csv"), "--format", "markdown"])
        #expect(run.status == 0, "\(run.error)")
        let fold8 = try Self.snapRow(run.output, "fold8-folds")
        let trifold = try Self.snapRow(run.output, "trifold-folds")
        #expect(
            run.output.contains(
                "Snap over all \(fold8.moves) moves: right on \(fold8.right) "))
        // The TriFold's mean lead is negative (late) on this trace, and says so in words.
        #expect(trifold.lead < 0)
        #expect(
            run.output.contains(
                "Snap where the sensor reports only end states (trifold-folds; no target, left out above): right on "
                    + "\(trifold.right) of \(trifold.moves) moves, decided \(-trifold.lead) ms after the hinge stops"))
        // Alone, it leaves no move for the targets, and says why.
        let alone = runTool(["score", dataset("trifold-folds.csv"), "--format", "markdown"])
        #expect(alone.output.contains("Snap: no trace whose sensor can report the pose has a move"))
        // JSON marks the sensor class per file.
        let json = runTool(["score", dataset("trifold-folds.csv"), "--format", "json"])
        #expect(json.output.contains("\"sensor_reports_only_end_states\": true"))
    }
}
