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
}
