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
        // The grid's first four (a sharp and a gentle rule-out among them) and two with the
        // acceleration matched and the snap ruled out over 0.3 s.
        let gentle = StepTrackerFit.settings.filter { $0.parameters.matchesAcceleration && $0.parameters.ruleOut > 0 }
        let settings = Array(StepTrackerFit.settings.prefix(4)) + gentle.prefix(2)
        #expect(settings.contains { !$0.parameters.matchesAcceleration && $0.parameters.ruleOut > 0 })
        #expect(gentle.count >= 2 && StepTrackerFit.settings.count == 640)
        let result = fit.fit(settings, chop: .perLog)
        let pooled = fit.refit(result, chop: .pooled)
        let change = GroundTruth.Interpolation.allCases.firstIndex(of: .change) ?? 0
        // The oracle: each setting's and the pipeline's frames, their chops recounted on each
        // log without the fold (UnfoldScorer's rank rule), and the errors of the other folds.
        func p99(_ values: [Double], _ folds: [Int], without fold: Int) -> Double {
            p99([values], [folds], without: fold)
        }
        // The same over several logs' frames pooled (the second difference within each log).
        func p99(_ series: [[Double]], _ foldSeries: [[Int]], without fold: Int) -> Double {
            var chops: [Double] = []
            for (values, folds) in zip(series, foldSeries) {
                for k in 1..<(values.count - 1) where folds[k] != fold {
                    let second: Double = values[k + 1] - 2 * values[k] + values[k - 1]
                    chops.append(abs(second))
                }
            }
            chops.sort()
            let rank = Int((0.99 * Double(chops.count - 1)).rounded())
            return chops[rank]
        }
        let frames = settings.map { setting in
            fit.logs.map { StepTrackerFit.driverValues($0, setting: setting, at: $0.frames) }
        }
        for fold in 0..<fit.foldCount {
            let chosen = result.withoutFold[change][fold]
            let feasible = settings.indices.filter { index in
                fit.logs.indices.allSatisfy { log in
                    let folds = fit.logs[log].frameFold
                    return p99(frames[index][log], folds, without: fold)
                        <= p99(fit.logs[log].androidFrames, folds, without: fold)
                }
            }
            func others(_ index: Int) -> Double {
                let squares = result.evaluations[index].squares[change]
                return squares.reduce(0, +) - squares[fold]
            }
            if feasible.isEmpty {
                #expect(result.evaluations[chosen].chopP99.count == fit.logs.count, "fold \(fold)")
            } else {
                #expect(feasible.contains(chosen), "fold \(fold)")
                #expect(feasible.allSatisfy { others(chosen) <= others($0) }, "fold \(fold)")
            }
            // Pooled (the default rule): the chop over both logs' frames together.
            let foldSeries = fit.logs.map(\.frameFold)
            let pipeline = p99(fit.logs.map(\.androidFrames), foldSeries, without: fold)
            let pooledFeasible = settings.indices.filter { p99(frames[$0], foldSeries, without: fold) <= pipeline }
            let pooledChosen = pooled.withoutFold[change][fold]
            if pooledFeasible.isEmpty {
                #expect(
                    settings.indices.allSatisfy {
                        p99(frames[pooledChosen], foldSeries, without: fold)
                            <= p99(frames[$0], foldSeries, without: fold)
                    }, "fold \(fold)")
            } else {
                #expect(pooledFeasible.contains(pooledChosen), "fold \(fold)")
                #expect(pooledFeasible.allSatisfy { others(pooledChosen) <= others($0) }, "fold \(fold)")
            }
        }
        #expect(result.chop == .perLog && pooled.chop == .pooled)
    }

    @Test(
        "The floor's thresholds, noise and rest share are fitted on the slow crossings and moves outside the folds left out"
    )
    func floorThresholds() throws {
        var fit = StepTrackerFit()
        for name in ["fold8", "fold8-session-part1"] {
            let run = try StepTrackerFitTests.load(name)
            fit.add(
                name: name, samples: run.samples, sensor: try #require(StepSensor.detect(in: run.samples)),
                reference: run.reference, origin: run.origin)
        }
        // Every fold: the synthetic Fold 8's ladder, fitted by the same rule on both logs
        // (Fold8ModelFitTests recounts it from the CSVs: within 1°; 0→90's median, 30.48°,
        // rounds to 30 where the model took 31).
        guard case .ladder(let model) = SensorModel.Device.fold8.sensor.quantisation,
            case .ladder(let all) = fit.floorSensor().quantisation
        else {
            Issue.record("the Fold 8 is a ladder")
            return
        }
        #expect(all.levels == model.levels)
        for (fitted, modelled) in zip(all.up + all.down, model.up + model.down) {
            #expect(abs(fitted - modelled) <= 1, "\(all) against \(model)")
        }
        // Without the five-fold log, part 1's crossings alone (scripts/fold8-model-check.py:
        // 27.4/158.2 up, 151.2/20.6 down); without part 1, the five-fold log's (31.5/165.8 up,
        // 140.0/28.9 down).
        let five = Set(0..<fit.logs[0].folds)
        let part1 = Set(fit.logs[1].firstFold..<fit.foldCount)
        for (excluded, expected) in [(five, [27.0, 158, 21, 151]), (part1, [32, 166, 29, 140])] {
            guard case .ladder(let ladder) = fit.floorSensor(excluding: excluded).quantisation else { continue }
            #expect(ladder.up + ladder.down == expected, "\(ladder)")
        }
        // The noise and the rest share, fitted on the other log (scripts/fold8-model-check.py's
        // crossings and move ends, recounted in Python: part 1's crossings lie a median 3.58°
        // from their medians, σ 5.31°, and 18 of its 29 moves end at rest; the five-fold log's
        // 2.13°, σ 3.16°, and 8 of 32). Rounded to a tenth of a degree and a hundredth.
        for (excluded, sigma, share) in [(five, 5.3, 0.62), (part1, 3.2, 0.25)] {
            let model = fit.floorModel(excluding: excluded)
            #expect(abs(model.sensor.noise - sigma) < 1e-9, "σ \(model.sensor.noise)")
            #expect(abs(model.restShare - share) < 1e-9, "rest share \(model.restShare)")
        }
        // Every crossing lies in a fold of its own log.
        for log in fit.logs {
            #expect(log.crossings.allSatisfy { (log.firstFold..<(log.firstFold + log.folds)).contains($0.fold) })
        }
    }

    /// A real log's public events and its fused angle (read `change`, as it declares), read
    /// here from the CSVs (``LogColumns``: a `time_ns` column from its own first row, the
    /// origin returned; `time` in seconds as written).
    static func load(_ name: String) throws -> (samples: [HingeSample], reference: ReferenceRecording, origin: Int64?) {
        let events = try LogColumns(dataset("real/\(name)-public.csv"))
        let fused = try LogColumns(dataset("real/\(name)-fused.csv"))
        let samples = zip(events.times, events.angles).map { HingeSample(time: $0, angle: $1) }
        let reference = ReferenceRecording(
            times: fused.times, angles: fused.angles, interpolation: .change, declaredChangeTriggered: true,
            integerOrigin: fused.origin)
        return (samples, reference, events.origin)
    }

    @Test(
        "--format json names its schema and conforms to docs/schemas/score-unfold-lofo.json; misuse is refused", .slow)
    func jsonReport() throws {
        // One log (its rows and the pooled rows) and 8 particles: the schema is the same, and the
        // floor's three runs of 1000 particles are DocumentationTests' (both logs, make score).
        let run = try DocumentationTests.runScoring(
            [
                "score", "--unfold", "--leave-one-fold-out", dataset("real/fold8-public.csv"),
                dataset("real/fold8-fused.csv"),
            ]
                + ["--format", "json", "--particles", "8"])
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
