import HingeAnalysis
import HingeKit

/// The step tracker fitted on real logs, and checked on folds it was not fitted on
/// (`score --unfold --leave-one-fold-out`, docs/reading.md, "Fitted on the real logs").
///
/// Every setting of ``settings`` runs HingeKit's unfold driver once over each log; its squared
/// error is summed per fold (and per truth interpolation) and its chop's 99th percentile taken
/// without each fold. The setting fitted on a set of folds is the one with the lowest pooled
/// squared error over them whose 99th-percentile chop over them stays at or below Android's
/// pipeline's on each log (the lowest worst-log chop ratio when none does; ``ChopRule``).
/// Leave-one-fold-out scores each fold with the setting fitted on every other fold of every log.
struct StepTrackerFit {
    /// One candidate: the tracker's parameters and the thresholds it reads crossings at.
    struct Setting: Hashable {
        var parameters: StepSensorTracker.Parameters
        /// The 0→1 up threshold and the top level's down threshold, degrees (the sensor's others
        /// kept).
        var firstUp: Double
        var lastDown: Double

        /// The sensor with these thresholds.
        func sensor(from base: StepSensor) -> StepSensor {
            var sensor = base
            sensor.up[0] = firstUp
            sensor.down[sensor.down.count - 1] = lastDown
            return sensor
        }

        var description: String {
            let p = parameters
            return
                "prior speed \(DecimalNumber.shortest(p.priorSpeed)) °/s, coast \(DecimalNumber.shortest(p.coast)) s, "
                + "ω \(DecimalNumber.shortest(p.omega)) rad/s, snap \(DecimalNumber.shortest(p.fastSpeed)) °/s at "
                + "\(DecimalNumber.shortest(p.fastShare)), carry \(DecimalNumber.shortest(p.carry)), "
                + "thresholds \(DecimalNumber.shortest(firstUp))° up / \(DecimalNumber.shortest(lastDown))° down"
                + (p.ruleOut > 0 ? ", ruled out over \(DecimalNumber.shortest(p.ruleOut)) s" : "")
                + (p.snapBend > 0 ? ", snap bent \(DecimalNumber.shortest(p.snapBend))" : "")
                + (p.matchesAcceleration ? ", acceleration matched" : "")
                + (p.coastsPastEdge ? ", coasting a lag past the band" : "")
        }
    }

    /// The grid searched: 2 prior speeds × 2 ways of correcting a report (the acceleration
    /// matched or not) × 2 coasts × 4 rates × 2 first-up thresholds × the snap: none (share 0,
    /// carry 0), or a share of 0 or 0.3 with a carry of 0 or 0.5, ruled out sharply, over 0.3 s,
    /// or over 0.3 s and bent 0.6 (640 settings); the snap at 400 °/s, the last-down threshold
    /// at 135°, and every coast running a lag past the band's edge (the sensor's lag, not
    /// fitted) (docs/reading.md, "The chop on the five-fold log", says why these).
    static let settings: [Setting] = {
        var settings: [Setting] = []
        for priorSpeed in [45.0, 70] {
            for matchesAcceleration in [false, true] {
                for coast in [1.2, 2.5] {
                    for omega in [8.0, 10, 12, 15] {
                        for (fastShare, carry) in [(0.0, 0.0), (0, 0.5), (0.3, 0), (0.3, 0.5)] {
                            for firstUp in [30.0, 40] {
                                // Without a snap the rule-out and the bend change nothing; a bent
                                // snap is only faded gently (it reaches the edge at 1.6 times the
                                // coast's speed, where the sharp rule would kink hardest).
                                let snaps: [(ruleOut: Double, bend: Double)] =
                                    fastShare == 0 && carry == 0 ? [(0, 0)] : [(0, 0), (0.3, 0), (0.3, 0.6)]
                                for snap in snaps {
                                    let parameters = StepSensorTracker.Parameters(
                                        priorSpeed: priorSpeed, coast: coast, omega: omega, fastSpeed: 400,
                                        fastShare: fastShare, carry: carry, ruleOut: snap.ruleOut, snapBend: snap.bend,
                                        matchesAcceleration: matchesAcceleration, coastsPastEdge: true)
                                    settings.append(Setting(parameters: parameters, firstUp: firstUp, lastDown: 135))
                                }
                            }
                        }
                    }
                }
            }
        }
        return settings
    }()

    /// The setting the defaults are: ``StepSensorTracker/Parameters/fittedOnFold8`` and the
    /// thresholds of ``StepSensor/galaxyZFold8``.
    static var defaultSetting: Setting {
        let sensor = StepSensor.galaxyZFold8
        return Setting(
            parameters: .fittedOnFold8, firstUp: sensor.up[0], lastDown: sensor.down[sensor.down.count - 1])
    }

    /// One log, ready to score: its samples and sensor, the 1 kHz grid and 120 Hz frames, the
    /// fold of each, the true progress under each interpolation, and the fixed displays.
    struct Log {
        var name: String
        var samples: [HingeSample]
        var sensor: StepSensor
        var grid: [Double]
        var frames: [Double]
        var gridFold: [Int]
        var frameFold: [Int]
        /// The true progress on the grid, one series per ``GroundTruth/Interpolation/allCases``.
        var truth: [[Double]]
        var android: [Double]
        var androidFrames: [Double]
        var noveum: [Double]
        var folds: Int
        /// The number of this log's first fold among every log's.
        var firstFold: Int
        /// Each slow level change's threshold estimate (``crossings(_:reference:origin:fold:)``):
        /// which threshold (0→1 up, 1→2 up, 2→1 down, 1→0 down), where, and the fold it is in.
        var crossings: [(threshold: Int, angle: Double, fold: Int)]
        /// Where each move of the truth (read `change`) that moves 10° or more ends, and its fold
        /// (``moveEnds(_:origin:fold:)``).
        var ends: [(angle: Double, fold: Int)]
    }

    /// The logs, and their folds numbered across them.
    var logs: [Log] = []
    var foldCount: Int { logs.reduce(0) { $0 + $1.folds } }

    /// Adds a log: `samples` from a step sensor, `reference` its truth. Its folds are the moves
    /// of the truth read held (the per-move tables' moves; the same for every interpolation),
    /// the time between two folds split at its middle.
    mutating func add(
        name: String, samples: [HingeSample], sensor: StepSensor, reference: ReferenceRecording, origin: Int64?
    ) {
        let grid = ReadingScorer.grid(for: samples)
        let frames = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
        var held = reference
        held.interpolation = .held
        let spans = UnfoldComparison.moveSpans(grid: grid, truth: held.truth(traceOrigin: origin))
        var bounds: [Double] = []
        for (span, next) in zip(spans, spans.dropFirst()) {
            bounds.append((grid[span.upperBound] + grid[next.lowerBound]) / 2)
        }
        let first = foldCount
        func fold(_ time: Double) -> Int { first + (bounds.firstIndex { time < $0 } ?? bounds.count) }
        let truth = GroundTruth.Interpolation.allCases.map { mode in
            var read = reference
            read.interpolation = mode
            let truth = read.truth(traceOrigin: origin)
            return grid.map { UnfoldScorer.trueProgress(truth.state(at: $0).angle) }
        }
        let fixed = UnfoldComparison.run(samples, at: grid, stepSensor: sensor).values
        let fixedFrames = UnfoldComparison.run(samples, at: frames, stepSensor: sensor).values
        let android = UnfoldComparison.names.firstIndex(of: "android") ?? 2
        let noveum = UnfoldComparison.names.firstIndex(of: "noveum-hinge") ?? 3
        logs.append(
            Log(
                name: name, samples: samples, sensor: sensor, grid: grid, frames: frames, gridFold: grid.map(fold),
                frameFold: frames.map(fold), truth: truth, android: fixed[android],
                androidFrames: fixedFrames[android], noveum: fixed[noveum], folds: max(1, spans.count),
                firstFold: first, crossings: Self.crossings(samples, reference: reference, origin: origin, fold: fold),
                ends: Self.moveEnds(reference, origin: origin, fold: fold)))
    }

    /// Where each burst of the truth's samples (no two more than
    /// ``GroundTruth/Interpolation/restGap`` apart) that moves 10° or more from where the one
    /// before ended comes to rest, with the fold of its last sample — the count that fitted
    /// ``HandParticleFilter/Prior/fold8``'s rest share (`scripts/fold8-model-check.py`, `ends`).
    static func moveEnds(
        _ reference: ReferenceRecording, origin: Int64?, fold: (Double) -> Int
    ) -> [(angle: Double, fold: Int)] {
        let times = reference.times(traceOrigin: origin)
        guard var last = reference.angles.first else { return [] }
        var found: [(angle: Double, fold: Int)] = []
        for index in times.indices {
            let isLast = index == times.count - 1 || times[index + 1] - times[index] > GroundTruth.Interpolation.restGap
            guard isLast else { continue }
            let angle = reference.angles[index]
            if abs(angle - last) >= 10 { found.append((angle, fold(times[index]))) }
            last = angle
        }
        return found
    }

    /// Each slow level change of a three-level ladder (0/90/180) and the threshold it places:
    /// the truth (read `change`) 100 ms (the model's lag) before the change, less half a 200 ms
    /// grid step of the motion over the 200 ms before that, for changes slower than 150 °/s —
    /// the rule that fitted `SensorModel.Device.fold8`'s ladder (docs/reading.md, "The synthetic
    /// Fold 8, refitted"; `scripts/fold8-model-check.py`).
    static func crossings(
        _ samples: [HingeSample], reference: ReferenceRecording, origin: Int64?, fold: (Double) -> Int
    ) -> [(threshold: Int, angle: Double, fold: Int)] {
        var read = reference
        read.interpolation = .change
        let truth = read.truth(traceOrigin: origin)
        let (lag, grid, slow) = (0.1, 0.2, 150.0)
        let events = samples.compactMap { sample in sample.angle.map { (time: sample.time, angle: $0) } }
        var found: [(threshold: Int, angle: Double, fold: Int)] = []
        for (before, event) in zip(events, events.dropFirst()) where before.angle != event.angle {
            let threshold: Int
            switch (before.angle, event.angle) {
            case (0, 90): threshold = 0
            case (90, 180): threshold = 1
            case (180, 90): threshold = 2
            case (90, 0): threshold = 3
            default: continue
            }
            let measured = truth.state(at: event.time - lag).angle
            let speed = (measured - truth.state(at: event.time - lag - grid).angle) / grid
            if abs(speed) < slow { found.append((threshold, measured - speed * grid / 2, fold(event.time))) }
        }
        return found
    }

    /// The floor's sensor model fitted without some folds (none: fitted on every fold): the
    /// synthetic Fold 8's, its four thresholds the median of every log's crossings outside
    /// those folds (the middle two averaged), rounded to whole degrees, a threshold with no
    /// crossing left keeping the model's (and all four the model's when the medians would not
    /// make a valid ladder); its noise the scatter of those crossings about their
    /// threshold's median, as a Gaussian's σ (the median distance over 0.6745), to a tenth of a
    /// degree (the model's with none).
    func floorSensor(excluding excluded: Set<Int> = []) -> SensorModel {
        var sensor = SensorModel.Device.fold8.sensor
        guard case .ladder(var ladder) = sensor.quantisation else { return sensor }
        func middle(_ sorted: [Double]) -> Double { (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2 }
        var (up, down) = (ladder.up, ladder.down)
        var misses: [Double] = []
        for threshold in 0..<4 {
            let angles = logs.flatMap { log in
                log.crossings.filter { $0.threshold == threshold && !excluded.contains($0.fold) }.map(\.angle)
            }.sorted()
            guard !angles.isEmpty else { continue }
            let median = middle(angles)
            misses += angles.map { abs($0 - median) }
            let fitted = median.rounded()
            switch threshold {
            case 0: up[0] = fitted
            case 1: up[1] = fitted
            case 2: down[1] = fitted
            default: down[0] = fitted
            }
        }
        // Medians that break the ladder's rules (a down threshold at or above its up one, from
        // logs whose crossings overlap) keep the model's ladder rather than make one that traps.
        if let refitted = try? SensorModel.Ladder(levels: ladder.levels, up: up, down: down) { ladder = refitted }
        sensor.quantisation = .ladder(ladder)
        if !misses.isEmpty { sensor.noise = (middle(misses.sorted()) / 0.6745 * 10).rounded() / 10 }
        return sensor
    }

    /// The floor's hand fitted without some folds: ``HandParticleFilter/Prior/fold8`` with its
    /// rest share the share of every log's move ends outside those folds that lie in its rests,
    /// to a hundredth (the prior's own with none).
    func floorPrior(excluding excluded: Set<Int> = []) -> HandParticleFilter.Prior {
        var prior = HandParticleFilter.Prior.fold8
        let ends = logs.flatMap { log in log.ends.filter { !excluded.contains($0.fold) }.map(\.angle) }
        guard !ends.isEmpty else { return prior }
        let resting = ends.filter { angle in prior.rests.contains { $0.contains(angle) } }.count
        prior.restShare = (Double(resting) / Double(ends.count) * 100).rounded() / 100
        return prior
    }

    /// HingeKit's unfold progress under `setting` on a log, at `times`.
    static func driverValues(_ log: Log, setting: Setting, at times: [Double]) -> [Double] {
        var driver = UnfoldDriver(stepSensor: setting.sensor(from: log.sensor), stepParameters: setting.parameters)
        var refused = RefusedSamples()
        var values: [Double] = []
        values.reserveCapacity(times.count)
        var next = 0
        for time in times {
            while next < log.samples.count, log.samples[next].time <= time {
                driver.ingest(log.samples[next], noting: &refused)
                next += 1
            }
            values.append(driver.value(at: time))
        }
        return values
    }

    /// The chop of each frame (|second difference|; 0 at a log's ends) with its fold, over
    /// every log.
    static func chops(_ series: [[Double]], folds: [[Int]]) -> [(value: Double, fold: Int)] {
        var chops: [(value: Double, fold: Int)] = []
        for (values, fold) in zip(series, folds) where values.count >= 3 {
            for k in 1..<(values.count - 1) {
                chops.append((abs(values[k + 1] - 2 * values[k] + values[k - 1]), fold[k]))
            }
        }
        return chops
    }

    /// The 99th percentile of the chops outside `excluded` (all with `nil`), ranked as
    /// ``UnfoldScorer/chop(_:)`` ranks; `sorted` is in decreasing order.
    static func p99(_ sorted: [(value: Double, fold: Int)], excluding excluded: Int?, count: Int) -> Double {
        guard count > 0 else { return 0 }
        let rank = Int((0.99 * Double(count - 1)).rounded())
        let fromTop = count - 1 - rank
        var seen = 0
        for chop in sorted where chop.fold != excluded {
            if seen == fromTop { return chop.value }
            seen += 1
        }
        return 0
    }

    /// The 99th percentile of chops, ranked as ``UnfoldScorer/chop(_:)`` ranks.
    static func percentile99(_ chops: [Double]) -> Double {
        guard !chops.isEmpty else { return 0 }
        let sorted = chops.sorted()
        return sorted[Int((0.99 * Double(sorted.count - 1)).rounded())]
    }

    /// One setting's errors: squared error per interpolation and fold, and the chop's 99th
    /// percentile without each fold (the last entry: with every fold), per log and over every
    /// log's frames pooled.
    struct Evaluation {
        var squares: [[Double]]
        var chopP99: [[Double]]
        var pooledChopP99: [Double]
    }

    /// What the fit holds the chop to: the pipeline's over the folds it fits on, on each log
    /// separately (the default: no log's chop may be worse than the pipeline's there), or pooled
    /// over every log (where one log's jumping pipeline leaves room for another's chop).
    enum ChopRule: Sendable {
        case perLog
        case pooled
    }

    /// HingeKit's unfold progress under `setting` on a log, on its grid and at its frames, in
    /// one pass (the driver's value at a time is the same whatever else was asked).
    static func gridAndFrameValues(_ log: Log, setting: Setting) -> (grid: [Double], frames: [Double]) {
        var driver = UnfoldDriver(stepSensor: setting.sensor(from: log.sensor), stepParameters: setting.parameters)
        var refused = RefusedSamples()
        var grid: [Double] = []
        var frames: [Double] = []
        grid.reserveCapacity(log.grid.count)
        frames.reserveCapacity(log.frames.count)
        var (next, g, f) = (0, 0, 0)
        while g < log.grid.count || f < log.frames.count {
            let isGrid = f == log.frames.count || (g < log.grid.count && log.grid[g] <= log.frames[f])
            let time = isGrid ? log.grid[g] : log.frames[f]
            while next < log.samples.count, log.samples[next].time <= time {
                driver.ingest(log.samples[next], noting: &refused)
                next += 1
            }
            if isGrid {
                grid.append(driver.value(at: time))
                g += 1
            } else {
                frames.append(driver.value(at: time))
                f += 1
            }
        }
        return (grid, frames)
    }

    func evaluate(_ setting: Setting) -> Evaluation {
        let modes = GroundTruth.Interpolation.allCases.count
        var squares = Array(repeating: Array(repeating: 0.0, count: foldCount), count: modes)
        var frameSeries: [[Double]] = []
        for log in logs {
            let (values, frames) = Self.gridAndFrameValues(log, setting: setting)
            for mode in 0..<modes {
                let truth = log.truth[mode]
                for k in values.indices {
                    let error = values[k] - truth[k]
                    squares[mode][log.gridFold[k]] += error * error
                }
            }
            frameSeries.append(frames)
        }
        return Evaluation(
            squares: squares, chopP99: chopP99(frameSeries), pooledChopP99: pooledChopP99(frameSeries))
    }

    /// The chop's 99th percentile of a display's frames over every log pooled, without each
    /// fold, then with all.
    func pooledChopP99(_ frameSeries: [[Double]]) -> [Double] {
        let chops = Self.chops(frameSeries, folds: logs.map(\.frameFold)).sorted { $0.value > $1.value }
        var perFold = Array(repeating: 0, count: foldCount)
        for chop in chops { perFold[chop.fold] += 1 }
        return (0..<foldCount).map { Self.p99(chops, excluding: $0, count: chops.count - perFold[$0]) }
            + [Self.p99(chops, excluding: nil, count: chops.count)]
    }

    /// Per log, the chop's 99th percentile of a display's frames on that log without each fold
    /// (a fold of another log leaves it whole), then with all.
    func chopP99(_ frameSeries: [[Double]]) -> [[Double]] {
        zip(logs, frameSeries).map { log, series in
            let chops = Self.chops([series], folds: [log.frameFold]).sorted { $0.value > $1.value }
            let all = Self.p99(chops, excluding: nil, count: chops.count)
            var perFold = Array(repeating: 0, count: foldCount)
            for chop in chops { perFold[chop.fold] += 1 }
            return (0..<foldCount).map { fold in
                perFold[fold] == 0 ? all : Self.p99(chops, excluding: fold, count: chops.count - perFold[fold])
            } + [all]
        }
    }

    /// The result: per interpolation, the setting fitted on every fold and the one fitted
    /// without each fold (indices into the settings searched), and every setting's errors.
    struct Result {
        var settings: [Setting]
        var all: [Int]
        var withoutFold: [[Int]]
        var evaluations: [Evaluation]
        /// The pipeline's chop per log, as ``Evaluation/chopP99``.
        var androidChopP99: [[Double]]
        /// The pipeline's chop over every log's frames pooled, as ``Evaluation/pooledChopP99``.
        var androidPooledChopP99: [Double]
        /// The rule the chop was held to.
        var chop: ChopRule
    }

    /// Whether a setting's chop stays at or below the pipeline's on every log, over the folds
    /// of column `column` (a fold left out, or all); else how far it is above, the worst log's
    /// ratio.
    static func chopExcess(_ evaluation: Evaluation, android: [[Double]], column: Int) -> Double {
        zip(evaluation.chopP99, android).map { hk, android in
            hk[column] <= android[column] ? 0 : android[column] > 0 ? hk[column] / android[column] : .infinity
        }.max() ?? 0
    }

    /// Fits on every fold and without each, under each interpolation: the lowest squared error
    /// over the folds fitted on among the settings whose chop stays at or below the pipeline's
    /// over those folds (`chop`: pooled over every log, or on each log); when none does, the
    /// lowest chop (pooled) or the lowest worst-log chop ratio (per log).
    func fit(_ settings: [Setting] = StepTrackerFit.settings, chop: ChopRule = .perLog) -> Result {
        let evaluations = settings.map(evaluate)
        let androidFrames = logs.map(\.androidFrames)
        return refit(
            Result(
                settings: settings, all: [], withoutFold: [], evaluations: evaluations,
                androidChopP99: chopP99(androidFrames), androidPooledChopP99: pooledChopP99(androidFrames),
                chop: chop),
            chop: chop)
    }

    /// `result`'s settings, chosen again under another chop rule (the errors are not recomputed).
    func refit(_ result: Result, chop: ChopRule) -> Result {
        let (settings, evaluations, android) = (result.settings, result.evaluations, result.androidChopP99)
        func best(mode: Int, without excluded: Int?) -> Int {
            let column = excluded ?? foldCount
            func total(_ index: Int) -> Double {
                let squares = evaluations[index].squares[mode]
                return squares.reduce(0, +) - (excluded.map { squares[$0] } ?? 0)
            }
            let excess = settings.indices.map { index in
                switch chop {
                case .perLog: return Self.chopExcess(evaluations[index], android: android, column: column)
                case .pooled:
                    let (own, pipeline) = (
                        evaluations[index].pooledChopP99[column], result.androidPooledChopP99[column]
                    )
                    return own <= pipeline ? 0 : pipeline > 0 ? own / pipeline : .infinity
                }
            }
            let feasible = settings.indices.filter { excess[$0] == 0 }
            if feasible.isEmpty {
                return settings.indices.min { excess[$0] < excess[$1] } ?? 0
            }
            return feasible.min { total($0) < total($1) } ?? 0
        }
        let modes = GroundTruth.Interpolation.allCases.indices
        var chosen = result
        chosen.all = modes.map { best(mode: $0, without: nil) }
        chosen.withoutFold = modes.map { mode in (0..<foldCount).map { best(mode: mode, without: $0) } }
        chosen.chop = chop
        return chosen
    }

    /// One row of the report: a log (or all of them) under one interpolation.
    struct Row {
        var log: String
        var interpolation: GroundTruth.Interpolation
        var folds: Int
        var android: Double
        var noveum: Double
        /// HingeKit with the setting fitted on every fold (in-sample).
        var fitted: Double
        /// HingeKit with each fold's setting fitted without it (held out).
        var heldOut: Double
        /// The chop's 99th percentile, held out (each frame from its fold's setting) and the
        /// pipeline's.
        var heldOutChopP99: Double
        var androidChopP99: Double
        /// The causal floor: the particle filter's RMSE on the synthetic Fold 8's sensor model,
        /// one per run (``UnfoldFrontier/filterSeeds``), sorted; empty when not run.
        var floor: [Double] = []
    }

    /// What the floor's sensor model is fitted without, for each fold.
    enum FloorHoldout {
        /// Every fold of the fold's log (the other logs' crossings only; one model per log).
        case log
        /// The fold alone (up to one model per fold: three times the cost on the Fold 8's logs).
        case fold
    }

    /// The floor's sensor model and hand, fitted without some folds.
    struct FloorModel: Hashable {
        var sensor: SensorModel
        var restShare: Double
    }

    /// The floor's model fitted without `excluded` (``floorSensor(excluding:)``,
    /// ``floorPrior(excluding:)``).
    func floorModel(excluding excluded: Set<Int> = []) -> FloorModel {
        FloorModel(sensor: floorSensor(excluding: excluded), restShare: floorPrior(excluding: excluded).restShare)
    }

    /// The causal floor, held out: the squared error of the particle filter's posterior mean
    /// (``HandParticleFilter``, `particles` per run) on each fold, the filter's sensor model and
    /// hand fitted without that fold (``floorModel(excluding:)``; with `.log`, without every fold
    /// of its log), `[interpolation][fold][run]`, one run per seed of
    /// ``UnfoldFrontier/filterSeeds``. The filter is causal, so each model runs once per log
    /// from its start to the end of the last fold that uses it, and each fold keeps its own
    /// model's errors. Also the number of distinct models.
    func floorSquares(particles: Int, holdout: FloorHoldout = .log) -> (squares: [[[Double]]], models: Int) {
        let modes = GroundTruth.Interpolation.allCases.count
        let seeds = UnfoldFrontier.filterSeeds
        var squares = Array(
            repeating: Array(repeating: Array(repeating: 0.0, count: seeds.count), count: foldCount), count: modes)
        var groups: [FloorModel: Set<Int>] = [:]
        for log in logs {
            let own = Set(log.firstFold..<(log.firstFold + log.folds))
            for fold in own {
                groups[floorModel(excluding: holdout == .log ? own : [fold]), default: []].insert(fold)
            }
        }
        for (model, folds) in groups.sorted(by: { ($0.value.min() ?? 0) < ($1.value.min() ?? 0) }) {
            var prior = HandParticleFilter.Prior.fold8
            prior.restShare = model.restShare
            for log in logs {
                guard let last = log.gridFold.lastIndex(where: folds.contains) else { continue }
                let times = Array(log.grid[...last])
                for (run, seed) in seeds.enumerated() {
                    let progress = HandParticleFilter(
                        sensor: model.sensor, particles: particles, prior: prior, seed: seed
                    )
                    .estimate(log.samples, at: times).progress
                    for mode in 0..<modes {
                        let truth = log.truth[mode]
                        for k in times.indices where folds.contains(log.gridFold[k]) {
                            squares[mode][log.gridFold[k]][run] += (progress[k] - truth[k]) * (progress[k] - truth[k])
                        }
                    }
                }
            }
        }
        return (squares, groups.count)
    }

    /// Adds the floor (from ``floorSquares(particles:holdout:)``) to `rows`: each log's folds
    /// pooled run by run, then every log's.
    func addFloor(_ squares: [[[Double]]], to rows: inout [Row]) {
        for index in rows.indices {
            let mode = GroundTruth.Interpolation.allCases.firstIndex(of: rows[index].interpolation) ?? 0
            let chosen = logs.filter { rows[index].log == "both" || $0.name == rows[index].log }
            let folds = chosen.flatMap { $0.firstFold..<($0.firstFold + $0.folds) }
            let count = Double(max(1, chosen.reduce(0) { $0 + $1.grid.count }))
            rows[index].floor = UnfoldFrontier.filterSeeds.indices.map { run in
                (folds.reduce(0) { $0 + squares[mode][$1][run] } / count).squareRoot()
            }.sorted()
        }
    }

    /// The rows: each log, then all of them pooled, under each interpolation.
    func rows(_ result: Result) -> [Row] {
        var rows: [Row] = []
        for (mode, interpolation) in GroundTruth.Interpolation.allCases.enumerated() {
            // Each frame's chop from the setting its fold was scored with.
            let chosen = result.withoutFold[mode]
            var frameValues: [Int: [[Double]]] = [:]
            for index in Set(chosen) {
                frameValues[index] = logs.map { Self.driverValues($0, setting: result.settings[index], at: $0.frames) }
            }
            var logChops: [[Double]] = []
            for (logIndex, log) in logs.enumerated() {
                var chops: [Double] = []
                for k in 1..<max(1, log.frames.count - 1) {
                    guard let values = frameValues[chosen[log.frameFold[k]]]?[logIndex] else { continue }
                    chops.append(abs(values[k + 1] - 2 * values[k] + values[k - 1]))
                }
                logChops.append(chops)
            }
            var first = 0
            var pooled = (count: 0, android: 0.0, noveum: 0.0, fitted: 0.0, heldOut: 0.0)
            for (logIndex, log) in logs.enumerated() {
                let folds = first..<(first + log.folds)
                let truth = log.truth[mode]
                var android = 0.0
                var noveum = 0.0
                for k in truth.indices {
                    android += (log.android[k] - truth[k]) * (log.android[k] - truth[k])
                    noveum += (log.noveum[k] - truth[k]) * (log.noveum[k] - truth[k])
                }
                let fitted = folds.reduce(0) { $0 + result.evaluations[result.all[mode]].squares[mode][$1] }
                let heldOut = folds.reduce(0) { $0 + result.evaluations[chosen[$1]].squares[mode][$1] }
                let count = Double(max(1, truth.count))
                rows.append(
                    Row(
                        log: log.name, interpolation: interpolation, folds: log.folds,
                        android: (android / count).squareRoot(), noveum: (noveum / count).squareRoot(),
                        fitted: (fitted / count).squareRoot(), heldOut: (heldOut / count).squareRoot(),
                        heldOutChopP99: Self.percentile99(logChops[logIndex]),
                        androidChopP99: UnfoldScorer.chop(log.androidFrames).p99))
                pooled.count += truth.count
                pooled.android += android
                pooled.noveum += noveum
                pooled.fitted += fitted
                pooled.heldOut += heldOut
                first += log.folds
            }
            let count = Double(max(1, pooled.count))
            rows.append(
                Row(
                    log: "both", interpolation: interpolation, folds: foldCount,
                    android: (pooled.android / count).squareRoot(), noveum: (pooled.noveum / count).squareRoot(),
                    fitted: (pooled.fitted / count).squareRoot(), heldOut: (pooled.heldOut / count).squareRoot(),
                    heldOutChopP99: Self.percentile99(logChops.flatMap { $0 }),
                    androidChopP99: result.androidPooledChopP99[foldCount]))
        }
        return rows
    }
}
