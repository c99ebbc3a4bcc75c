import Foundation
import HingeAnalysis
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("score --unfold --leave-one-fold-out: the step tracker fitted on folds, checked on the others")
struct StepTrackerFitTests {
    @Test("The chop's 99th percentile without a fold is the one of the other folds' chops alone")
    func percentileWithoutFold() {
        var random = SystemRandomNumberGenerator()
        let chops = (0..<2000).map { _ in (value: Double.random(in: 0...1, using: &random), fold: Int.random(in: 0..<5))
        }
        let sorted = chops.sorted { $0.value > $1.value }
        for excluded in [nil, 0, 3] as [Int?] {
            let kept = chops.filter { $0.fold != excluded }.map(\.value)
            // The oracle: UnfoldScorer's ranking over a series whose second differences are the
            // kept chops (a series with |second difference| = value is not needed: the rank rule
            // is the one of UnfoldScorer.chop, restated).
            let ascending = kept.sorted()
            let expected = ascending[Int((0.99 * Double(ascending.count - 1)).rounded())]
            #expect(StepTrackerFit.p99(sorted, excluding: excluded, count: kept.count) == expected)
            #expect(StepTrackerFit.percentile99(kept) == expected)
        }
    }

    @Test("Each fold is scored by a setting fitted without it: a fold that alone prefers a setting does not get it")
    func heldOutSelection() throws {
        // Two synthetic logs of the Fold 8 ladder against their own truth (a known motion), two
        // settings: the fit on every fold and the fits without each fold come from the errors of
        // the other folds only, checked against a brute-force recomputation.
        var fit = StepTrackerFit()
        let trace = try #require(SyntheticScenario.named("fold8-folds")).trace
        for seed in [UInt64(2), 3] {
            let samples = trace.samples(seed: seed).map(\.sample)
            let sensor = try #require(StepSensor.detect(in: samples))
            let times = stride(from: 0.0, through: trace.motion.duration, by: 0.04).map { $0 }
            let reference = ReferenceRecording(
                times: times, angles: times.map { trace.motion.state(at: $0).angle }, interpolation: .linear,
                declaredChangeTriggered: false, integerOrigin: nil)
            fit.add(name: "seed \(seed)", samples: samples, sensor: sensor, reference: reference, origin: nil)
        }
        #expect(fit.foldCount >= 3)
        let settings = Array(StepTrackerFit.settings.prefix(6))
        let result = fit.fit(settings)
        let change = GroundTruth.Interpolation.allCases.firstIndex(of: .change) ?? 0
        for fold in 0..<fit.foldCount {
            let chosen = result.withoutFold[change][fold]
            let feasible = settings.indices.filter {
                result.evaluations[$0].chopP99[fold] <= result.androidChopP99[fold]
            }
            let pool = feasible.isEmpty ? Array(settings.indices) : feasible
            func others(_ index: Int) -> Double {
                let squares = result.evaluations[index].squares[change]
                return squares.reduce(0, +) - squares[fold]
            }
            if !feasible.isEmpty {
                #expect(pool.allSatisfy { others(chosen) <= others($0) }, "fold \(fold)")
            }
        }
    }

    @Test(
        "--format json names its schema and conforms to docs/schemas/score-unfold-lofo.json; misuse is refused", .slow)
    func jsonReport() throws {
        // One log (its rows and the pooled rows): the schema is the same, and the floor's three
        // particle-filter runs cost 28 s against 46 s on both logs (DocumentationTests runs both).
        let run = try DocumentationTests.runScoring(
            [
                "score", "--unfold", "--leave-one-fold-out", dataset("real/fold8-public.csv"),
                dataset("real/fold8-fused.csv"),
            ]
                + ["--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        let value = try #require(JSON.parse(run.output), "not JSON: \(run.output.prefix(200))")
        let problems = try OutputFormatTests.schema("score-unfold-lofo").problems(value)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // The log and the pool, under the three interpolations.
        guard case .object(let members) = value, case .array(let rows)? = members["rows"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows.count == 6)
        // ratio_pipeline, the figure README quotes, is the held-out RMSE over the pipeline's
        // printed beside it (the same two doubles divided).
        for case .object(let row) in rows {
            guard case .number(let heldOut, _)? = row["hingekit_held_out"],
                case .number(let android, _)? = row["android"], case .number(let ratio, _)? = row["ratio_pipeline"]
            else {
                Issue.record("a row without hingekit_held_out, android or ratio_pipeline")
                continue
            }
            #expect(abs(ratio - heldOut / android) <= 1e-12 * max(1, ratio))
        }
        // An odd number of files, or --truth beside it, is a usage error (exit 64).
        let odd = runTool(["score", "--unfold", "--leave-one-fold-out", dataset("real/fold8-public.csv")])
        #expect(odd.status == 64 && odd.error.contains("pairs"))
        let truth = runTool([
            "score", "--unfold", "--leave-one-fold-out", dataset("real/fold8-public.csv"),
            dataset("real/fold8-fused.csv"), "--truth", dataset("real/fold8-fused.csv"),
        ])
        #expect(truth.status == 64 && truth.error.contains("--truth does not apply"))
    }
}
