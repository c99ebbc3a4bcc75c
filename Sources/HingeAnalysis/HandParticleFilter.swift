public import HingeKit
internal import HingeSupport

/// A causal estimate of the hinge from an estimator that knows how the traces are made: a
/// particle filter over the hand model (holds joined by minimum-jerk moves) seen through the
/// trace's sensor model (latency, Gaussian noise, quantisation, on-change reports, dropouts).
///
/// ```swift
/// let scenario = SyntheticScenario.named("five-degree-steps")!
/// let samples = scenario.trace.samples(seed: 1).map(\.sample)
/// let estimate = HandParticleFilter(sensor: scenario.trace.sensor, particles: 1000)
///     .estimate(samples, at: ReadingScorer.grid(for: samples))
/// ```
///
/// No causal display knows more than this estimator does, so the RMSE of its posterior mean
/// (which minimises the expected squared error of the progress at every instant) is the floor
/// docs/effects.md measures the drivers against. The model:
///
/// - **Hand.** Each particle is one hypothesis of the move under way or last made: where it
///   started (angle and time), where it goes and how long it takes; between moves the hand
///   holds. A hold ends with a hazard of ``Prior/moveRate`` per second; a new move's target is
///   uniform over ``Prior/angles`` and its duration log-uniform over ``Prior/durations`` —
///   every scenario's moves lie inside these ranges, but the filter is not told which.
/// - **Sensor.** A report at time t of value r has the likelihood that the angle at
///   t − latency plus N(0, noise²) rounds to r (the quantisation's bin around r). Silence is
///   evidence too: the sensor polls every `SensorModel.meanInterval` on average and reports
///   only a change, so over a quiet interval dt a particle is weighted by
///   exp(−dt / interval · P(reading ≠ last report)) — except inside the model's dropout windows,
///   where nothing is polled.
///
/// New moves are proposed ten times as often as the prior has them, each weighted by the
/// ratio of the two rates (importance sampling), so a move is found within a few milliseconds
/// of being measurable. Resampling is systematic when the effective sample size falls below
/// half; resampled moving particles are jittered slightly in target and duration (a
/// regularised filter) so the cloud does not collapse onto a few copies. When no particle can
/// explain a report at all, the cloud is redrawn through it (a rescue, see `Cloud.rescue`).
/// ``estimate(_:at:)`` runs with a given number of particles; docs/effects.md checks how much
/// the RMSE changes from a quarter to half to all of them (the convergence check).
public struct HandParticleFilter: Sendable {
    /// The hand model's prior.
    public struct Prior: Hashable, Sendable {
        /// Moves started per second of hold.
        public var moveRate: Double
        /// The range new targets are drawn from, degrees.
        public var angles: ClosedRange<Double>
        /// The range move durations are drawn from (log-uniformly), seconds.
        public var durations: ClosedRange<Double>
        /// The share of new moves that end at rest, at an angle uniform within one of ``rests``
        /// (drawn evenly); the others end uniformly over ``angles``. 0 by default.
        public var restShare: Double
        /// The angles a hand comes to rest at (closed, open), for ``restShare``.
        public var rests: [ClosedRange<Double>]

        /// A prior; the defaults cover every scenario's moves.
        /// - Precondition: `restShare` within 0…1, and some rest within `angles` when it is above 0.
        public init(
            moveRate: Double = 1, angles: ClosedRange<Double> = 0...180, durations: ClosedRange<Double> = 0.15...5,
            restShare: Double = 0, rests: [ClosedRange<Double>] = []
        ) {
            precondition(moveRate > 0 && moveRate.isFinite, "moveRate must be positive")
            precondition(durations.lowerBound > 0 && durations.upperBound.isFinite, "durations must be positive")
            precondition((0...1).contains(restShare), "restShare must be within 0…1")
            let restsInside = rests.allSatisfy { angles.contains($0.lowerBound) && angles.contains($0.upperBound) }
            precondition(
                restShare == 0 || (!rests.isEmpty && restsInside), "a rest share needs rests within the angles")
            self.moveRate = moveRate
            self.angles = angles
            self.durations = durations
            self.restShare = restShare
            self.rests = rests
        }

        /// The hand of the real Galaxy Z Fold 8 session: 60 % of its moves end at rest, closed
        /// at 0–8° or open at 169–179° (18 of the 29 moves of its first 80 s's fused angle, the
        /// others stopping part-way; the five-fold log, not used to fit it, has 8 of 32), the
        /// rest of the prior the default's (docs/reading.md, "The synthetic Fold 8, refitted").
        public static let fold8 = Prior(restShare: 0.6, rests: [0...8, 169...179])

        /// A new move's target: at rest with ``restShare``, else uniform over ``angles``. Draws
        /// nothing more than the uniform target when ``restShare`` is 0.
        func target(_ random: inout SplitMix64) -> Double {
            guard restShare > 0, random.nextUnit() < restShare else { return random.next(in: angles) }
            let rest = rests[min(Int(random.nextUnit() * Double(rests.count)), rests.count - 1)]
            return random.next(in: rest)
        }
    }

    /// The estimate at each requested time.
    public struct Estimate: Sendable {
        /// The times asked for.
        public var times: [Double]
        /// The posterior mean of the progress clamp(angle / 165).
        public var progress: [Double]
        /// The posterior mean of the progress's rate, per second.
        public var progressVelocity: [Double]
        /// The posterior mean of the angle, degrees.
        public var angle: [Double]
    }

    /// The sensor the trace came through.
    public let sensor: SensorModel
    /// The number of particles.
    public let particles: Int
    /// The hand model's prior.
    public let prior: Prior
    /// The seed of the filter's own random numbers.
    public let seed: UInt64
    /// Where the progress reaches 1, degrees.
    public let unfoldedAngle: Double

    /// A filter.
    /// - Precondition: `particles` ≥ 2; the sensor has a hinge and positive noise.
    public init(
        sensor: SensorModel, particles: Int = 1000, prior: Prior = Prior(), seed: UInt64 = 1,
        unfoldedAngle: Double = 165
    ) {
        precondition(particles >= 2, "a particle filter needs at least two particles")
        precondition(sensor.hasHinge && sensor.noise > 0, "the sensor must report angles with some noise")
        self.sensor = sensor
        self.particles = particles
        self.prior = prior
        self.seed = seed
        self.unfoldedAngle = unfoldedAngle
    }

    /// How many times more often new moves are proposed than the prior has them.
    static let proposalFactor = 10.0

    /// The posterior means at `times` (increasing) from the samples up to each time.
    ///
    /// - Complexity: O(particles × (times + samples)).
    public func estimate(_ samples: [HingeSample], at times: [Double]) -> Estimate {
        let reports = samples.compactMap { sample in sample.angle.map { (time: sample.time, angle: $0) } }
        var result = Estimate(times: times, progress: [], progressVelocity: [], angle: [])
        guard let first = reports.first else {
            result.progress = times.map { _ in 1 }
            result.progressVelocity = times.map { _ in 0 }
            result.angle = times.map { _ in 0 }
            return result
        }
        var cloud = Cloud(count: particles, seed: seed)
        cloud.place(around: first.angle, sensor: sensor, start: first.time)
        var now = first.time
        var lastReported = first.angle
        var next = 1
        result.progress.reserveCapacity(times.count)
        result.progressVelocity.reserveCapacity(times.count)
        result.angle.reserveCapacity(times.count)
        for time in times {
            // Every report up to `time`, each after the silence before it.
            while next < reports.count, reports[next].time <= time {
                let report = reports[next]
                advance(&cloud, from: now, to: report.time, lastReported: lastReported)
                now = report.time
                if report.angle != lastReported {
                    let measured = now - sensor.latency
                    var best = RunMemo()
                    if cloud.bestLikelihood({
                        best.value(for: Self.angle($0, $1, $2, $3, at: measured)) {
                            reportLikelihood(report.angle, angle: $0)
                        }
                    }) < 1e-6 {
                        cloud.rescue(toward: report.angle, spread: binWidth, measuredAt: measured, prior: prior)
                    }
                    var likelihood = RunMemo()
                    cloud.weigh { from, to, start, duration in
                        likelihood.value(for: Self.angle(from, to, start, duration, at: measured)) {
                            reportLikelihood(report.angle, angle: $0)
                        }
                    }
                    cloud.resampleIfNeeded(now: now)
                    lastReported = report.angle
                }
                next += 1
            }
            if time > now {
                advance(&cloud, from: now, to: time, lastReported: lastReported)
                now = time
            }
            let mean = cloud.mean(at: max(time, first.time), unfoldedAngle: unfoldedAngle)
            result.progress.append(mean.progress)
            result.progressVelocity.append(mean.progressVelocity)
            result.angle.append(mean.angle)
        }
        return result
    }

    /// Moves the cloud from `start` to `end`: new moves proposed, silence weighed.
    private func advance(_ cloud: inout Cloud, from start: Double, to end: Double, lastReported: Double) {
        let elapsed = end - start
        guard elapsed > 0 else { return }
        cloud.proposeMoves(
            between: start, and: end, rate: prior.moveRate, factor: Self.proposalFactor, prior: prior)
        let polling = sensor.dropouts.contains { $0.contains(end) } ? 0 : elapsed / sensor.meanInterval
        guard polling > 0 else { return }
        var silence = RunMemo()
        cloud.weigh { from, to, start, duration in
            silence.value(for: Self.angle(from, to, start, duration, at: end - sensor.latency)) { angle in
                exp(-polling * (1 - reportLikelihood(lastReported, angle: angle)))
            }
        }
        cloud.resampleIfNeeded(now: end)
    }

    /// The width of a reading's bin (the levels' smallest gap for a coarse sensor).
    var binWidth: Double {
        switch sensor.quantisation {
        case .step(let step): return step
        case .levels(let levels):
            let sorted = levels.sorted()
            return zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? 1
        case .ladder(let ladder):
            return zip(ladder.levels, ladder.levels.dropFirst()).map { $1 - $0 }.min() ?? 1
        }
    }

    /// The chance that the sensor reports `value` when the hinge is at `angle`.
    func reportLikelihood(_ value: Double, angle: Double) -> Double {
        let bin: (lower: Double, upper: Double)
        switch sensor.quantisation {
        case .step(let step):
            bin = (value - step / 2, value + step / 2)
        case .levels(let levels):
            let sorted = levels.sorted()
            guard let index = sorted.firstIndex(of: value) else { return 0 }
            bin = (
                index > 0 ? (sorted[index - 1] + value) / 2 : -Double.infinity,
                index + 1 < sorted.count ? (value + sorted[index + 1]) / 2 : Double.infinity
            )
        case .ladder(let ladder):
            // A ladder's level depends on the levels before it; the angles at which level i can
            // be held at all are those between the threshold that brings it down (down[i-1])
            // and the one that moves it up (up[i]), the hysteresis band both ways.
            guard let index = ladder.levels.firstIndex(of: value) else { return 0 }
            bin = (
                index > 0 ? ladder.down[index - 1] : -Double.infinity,
                index < ladder.up.count ? ladder.up[index] : Double.infinity
            )
        }
        let scale = 1 / (sensor.noise * 2.0.squareRoot())
        // Φ(b) − Φ(a) through erfc, accurate in both tails.
        let upper = 0.5 * erfc(-(bin.upper - angle) * scale)
        let lower = 0.5 * erfc(-(bin.lower - angle) * scale)
        return max(upper - lower, 1e-300)
    }

    /// The angle of a particle's hand at `time`.
    static func angle(_ from: Double, _ to: Double, _ start: Double, _ duration: Double, at time: Double) -> Double {
        let s = (time - start) / duration
        if s <= 0 { return from }
        if s >= 1 { return to }
        return from + (to - from) * s * s * s * (10 - 15 * s + 6 * s * s)
    }

    /// The angle's rate of a particle's hand at `time`, degrees per second.
    static func velocity(_ from: Double, _ to: Double, _ start: Double, _ duration: Double, at time: Double) -> Double {
        let s = (time - start) / duration
        if s <= 0 || s >= 1 { return 0 }
        return (to - from) * 30 * s * s * (1 - s) * (1 - s) / duration
    }
}

/// A function of a particle's angle, computed once for each run of equal angles: the copies a
/// resampling makes sit side by side, and a resting hand's angle is its target, so neighbours
/// often share an angle. The value is the one the function gives (it is a function of the
/// angle alone), so the filter's numbers are those it computes for every particle.
struct RunMemo {
    private var angle = Double.nan
    private var result = 0.0

    /// `compute(angle)`, or the last result when `angle` is the last angle asked for.
    mutating func value(for angle: Double, _ compute: (Double) -> Double) -> Double {
        if angle != self.angle {
            self.angle = angle
            result = compute(angle)
        }
        return result
    }
}

/// The particles, as parallel arrays: each is a move from `from` at `start` to `to` over
/// `duration` (a hold when it has ended), with a weight. Weights are kept normalised.
private struct Cloud {
    var from: [Double]
    var to: [Double]
    var start: [Double]
    var duration: [Double]
    var weight: [Double]
    var random: SplitMix64

    init(count: Int, seed: UInt64) {
        from = Array(repeating: 0, count: count)
        to = from
        start = from
        duration = Array(repeating: 1, count: count)
        weight = Array(repeating: 1 / Double(count), count: count)
        random = SplitMix64(seed: seed)
    }

    var count: Int { weight.count }

    /// Resting hands whose reading would be `angle`: spread over the noise and the bin.
    mutating func place(around angle: Double, sensor: SensorModel, start time: Double) {
        let spread: Double
        switch sensor.quantisation {
        case .step(let step): spread = step
        case .levels, .ladder: spread = 30
        }
        for index in 0..<count {
            let value = angle + spread * (random.nextUnit() - 0.5) + sensor.noise * random.nextGaussian()
            from[index] = value
            to[index] = value
            start[index] = time - 10
            duration[index] = 1
        }
    }

    /// Proposes new moves for resting particles between two times, at `factor` × the prior's
    /// rate, and corrects the weights by the ratio of the rates (importance sampling).
    mutating func proposeMoves(
        between begin: Double, and end: Double, rate: Double, factor: Double, prior: HandParticleFilter.Prior
    ) {
        let elapsed = end - begin
        let proposed = rate * factor
        let chanceProposed = 1 - exp(-proposed * elapsed)
        let chancePrior = 1 - exp(-rate * elapsed)
        let logLower = log(prior.durations.lowerBound)
        let logUpper = log(prior.durations.upperBound)
        for index in 0..<count where start[index] + duration[index] <= begin {
            if random.nextUnit() < chanceProposed {
                from[index] = to[index]
                to[index] = prior.target(&random)
                start[index] = begin + elapsed * random.nextUnit()
                duration[index] = exp(random.next(in: logLower...logUpper))
                weight[index] *= chancePrior / chanceProposed
            } else {
                weight[index] *= (1 - chancePrior) / (1 - chanceProposed)
            }
        }
        normalise()
    }

    /// The largest likelihood any particle has.
    func bestLikelihood(_ likelihood: (Double, Double, Double, Double) -> Double) -> Double {
        var best = 0.0
        for index in 0..<count {
            best = max(best, likelihood(from[index], to[index], start[index], duration[index]))
        }
        return best
    }

    /// When no particle can explain a report (the cloud has lost the hand, which a finite cloud
    /// does now and then), every particle is redrawn as a move that passes through the report:
    /// a move under way keeps its start and origin and gets a new duration from the prior and
    /// the target that puts it at the reading when it was measured; a resting hand starts a
    /// move at a random earlier phase. A heuristic rescue, not part of the exact filter: it
    /// only runs when the exact filter has nothing left to weigh.
    mutating func rescue(
        toward value: Double, spread: Double, measuredAt time: Double, prior: HandParticleFilter.Prior
    ) {
        let logLower = log(prior.durations.lowerBound)
        let logUpper = log(prior.durations.upperBound)
        for index in 0..<count {
            let reading = value + spread * (random.nextUnit() - 0.5)
            let newDuration = exp(random.next(in: logLower...logUpper))
            let moving = start[index] < time && time < start[index] + duration[index]
            let origin =
                moving
                ? from[index]
                : HandParticleFilter.angle(
                    from[index], to[index], start[index], duration[index], at: time)
            let newStart = moving ? start[index] : time - newDuration * random.next(in: 0.05...0.95)
            let s = (time - newStart) / newDuration
            guard s > 0.02, s < 1 else { continue }
            let shape = s * s * s * (10 - 15 * s + 6 * s * s)
            let target = origin + (reading - origin) / shape
            guard prior.angles.contains(target) else { continue }
            from[index] = origin
            to[index] = target
            start[index] = newStart
            duration[index] = newDuration
        }
        let even = 1 / Double(count)
        for index in 0..<count { weight[index] = even }
    }

    /// Multiplies every weight by the likelihood of its particle, then normalises.
    mutating func weigh(_ likelihood: (Double, Double, Double, Double) -> Double) {
        for index in 0..<count {
            weight[index] *= likelihood(from[index], to[index], start[index], duration[index])
        }
        normalise()
    }

    mutating func normalise() {
        var total = 0.0
        for value in weight { total += value }
        guard total > 0, total.isFinite else {
            // Every particle was ruled out (a reading the model cannot produce): start over
            // evenly rather than divide by zero; the next reports reweigh the cloud.
            let even = 1 / Double(count)
            for index in 0..<count { weight[index] = even }
            return
        }
        let scale = 1 / total
        for index in 0..<count { weight[index] *= scale }
    }

    /// Systematic resampling when the effective sample size is below half. Copies of a move
    /// under way are jittered in target, duration and start by a Gaussian kernel as wide as
    /// Silverman's rule makes it for the spread of the moves under way (a regularised particle
    /// filter), so the copies explore the neighbourhood of the moves that fit.
    mutating func resampleIfNeeded(now: Double) {
        var squares = 0.0
        for value in weight { squares += value * value }
        guard 1 / squares < 0.5 * Double(count) else { return }
        let spread = moveSpread(now: now)
        let step = 1 / Double(count)
        var position = step * random.nextUnit()
        var cumulative = weight[0]
        var source = 0
        var newFrom = from
        var newTo = to
        var newStart = start
        var newDuration = duration
        var previous = -1
        for index in 0..<count {
            while position > cumulative, source < count - 1 {
                source += 1
                cumulative += weight[source]
            }
            newFrom[index] = from[source]
            newTo[index] = to[source]
            newStart[index] = start[source]
            newDuration[index] = duration[source]
            if source == previous, start[source] + duration[source] > now {
                newTo[index] += spread.to * random.nextGaussian()
                newDuration[index] *= exp(spread.logDuration * random.nextGaussian())
                newStart[index] = min(newStart[index] + spread.start * random.nextGaussian(), now)
            }
            previous = source
            position += step
        }
        from = newFrom
        to = newTo
        start = newStart
        duration = newDuration
        for index in 0..<count { weight[index] = step }
    }

    /// The kernel's widths: the bandwidth times the weighted standard deviations of the moves
    /// under way (with small floors: 0.2°, 1 % of the duration, 1 ms).
    func moveSpread(now: Double) -> (to: Double, logDuration: Double, start: Double) {
        var total = 0.0
        var sums = (to: 0.0, log: 0.0, start: 0.0)
        var squares = (to: 0.0, log: 0.0, start: 0.0)
        for index in 0..<count where start[index] + duration[index] > now {
            let w = weight[index]
            let logDuration = log(duration[index])
            total += w
            sums.to += w * to[index]
            sums.log += w * logDuration
            sums.start += w * start[index]
            squares.to += w * to[index] * to[index]
            squares.log += w * logDuration * logDuration
            squares.start += w * start[index] * start[index]
        }
        guard total > 0 else { return (0.2, 0.01, 0.001) }
        // The kernel's bandwidth for three dimensions (Silverman's rule): (4 / (5N))^(1/7).
        let bandwidth = pow(4 / (5 * Double(count)), 1.0 / 7)
        func deviation(_ sum: Double, _ square: Double) -> Double {
            let mean = sum / total
            return max(square / total - mean * mean, 0).squareRoot()
        }
        return (
            max(bandwidth * deviation(sums.to, squares.to), 0.2),
            max(bandwidth * deviation(sums.log, squares.log), 0.01),
            max(bandwidth * deviation(sums.start, squares.start), 0.001)
        )
    }

    /// The weighted means of the progress, its rate and the angle at `time`.
    func mean(at time: Double, unfoldedAngle: Double) -> (progress: Double, progressVelocity: Double, angle: Double) {
        var progress = 0.0
        var rate = 0.0
        var angle = 0.0
        for index in 0..<count {
            let a = HandParticleFilter.angle(from[index], to[index], start[index], duration[index], at: time)
            let p = min(max(a / unfoldedAngle, 0), 1)
            let inside = a > 0 && a < unfoldedAngle
            let v = HandParticleFilter.velocity(from[index], to[index], start[index], duration[index], at: time)
            progress += weight[index] * p
            rate += weight[index] * (inside ? v / unfoldedAngle : 0)
            angle += weight[index] * a
        }
        return (progress, rate, angle)
    }
}
