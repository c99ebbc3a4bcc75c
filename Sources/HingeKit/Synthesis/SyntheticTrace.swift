/// A hand motion seen through a sensor model: a synthetic trace with its ground truth.
public struct SyntheticTrace: Hashable, Sendable {
    /// The hand motion behind the trace.
    public var motion: HandMotion
    /// The sensor that reports it.
    public var sensor: SensorModel
    /// The detents ``SyntheticSample/truePose`` is chosen from: HingeReader's defaults.
    public var poseDetents: [Double]
    /// For a trace whose motion each seed draws anew (``init(drawing:sensor:poseDetents:)``),
    /// the draw; `nil` when every seed replays ``motion``.
    public internal(set) var motionDraw: MotionDraw?

    /// A trace of `motion` seen through `sensor`.
    public init(motion: HandMotion, sensor: SensorModel, poseDetents: [Double] = SnapConfiguration.defaultDetents) {
        self.motion = motion
        self.sensor = sensor
        self.poseDetents = poseDetents
    }

    /// The detent nearest to where the hand is going at `time`.
    public func truePose(at time: Double) -> Double {
        let destination = motion.destination(at: time)
        return poseDetents.min { abs($0 - destination) < abs($1 - destination) } ?? destination
    }

    /// The samples the app would receive, in time order, with strictly increasing times.
    ///
    /// The sensor reports changes only, so a resting hinge goes silent; the model's recorder
    /// also writes a closing row with the last reading when the motion ends, so a trace covers
    /// the whole motion, final rest included.
    ///
    /// The same seed gives the same samples on every platform: the generator uses
    /// ``SplitMix64`` and only arithmetic that IEEE 754 rounds exactly. A trace drawn from a
    /// ``MotionDraw`` moves as ``drawn(seed:)`` says for that seed.
    public func samples(seed: UInt64) -> [SyntheticSample] { drawn(seed: seed).generate(seed: seed) }

    // Long: one pass of the sensor over the motion; the stale value, the ladder's level, the
    // on-change rule and the closing row share its state.
    private func generate(seed: UInt64) -> [SyntheticSample] {
        var random = SplitMix64(seed: seed)
        var result: [SyntheticSample] = []
        let end = motion.duration
        var time = 0.0
        var lastReported: Double?
        var lastStatus: HingeStatus?
        var first = true
        var nextNoHingeLog = 0.0
        // A ladder's state: the level it reports now (set by its first poll).
        var level: Int?
        if sensor.hasHinge, let stale = sensor.staleFirstValue {
            let truth = motion.state(at: 0)
            let status = SensorModel.status(for: stale)
            result.append(
                SyntheticSample(
                    sample: HingeSample(time: 0, angle: stale, status: status), trueAngle: truth.angle,
                    trueVelocity: truth.velocity, truePose: truePose(at: 0)))
            lastReported = stale
            lastStatus = status
            first = false
            time = nextInterval(&random)
        }
        while time <= end {
            let inDropout = sensor.dropouts.contains { $0.contains(time) }
            if !inDropout {
                let truth = motion.state(at: time)
                if sensor.hasHinge {
                    let measured = motion.state(at: time - sensor.latency).angle + sensor.noise * random.nextGaussian()
                    var quantised = sensor.quantise(measured)
                    if case .ladder(let ladder) = sensor.quantisation {
                        let next = level.map { ladder.level(from: $0, measured: measured) } ?? ladder.nearest(measured)
                        level = next
                        quantised = ladder.levels[next]
                    }
                    let reported = min(max(quantised, 0), sensor.maximumRange)
                    let status = SensorModel.status(for: reported)
                    if first || reported != lastReported || status != lastStatus {
                        result.append(
                            SyntheticSample(
                                sample: HingeSample(time: time, angle: reported, status: status),
                                trueAngle: truth.angle, trueVelocity: truth.velocity, truePose: truePose(at: time)))
                        lastReported = reported
                        lastStatus = status
                    }
                } else if time >= nextNoHingeLog {
                    // A device without a hinge never changes, so an on-change recorder would
                    // log one row; the model's recorder logs the nil reading once a second.
                    nextNoHingeLog = time + 1
                    result.append(
                        SyntheticSample(
                            sample: HingeSample(time: time, angle: nil), trueAngle: nil, trueVelocity: nil,
                            truePose: nil))
                }
                first = false
            }
            time += nextInterval(&random)
        }
        if sensor.hasHinge, let last = result.last, end - last.sample.time >= 0.001 {
            let truth = motion.state(at: end)
            result.append(
                SyntheticSample(
                    sample: HingeSample(time: end, angle: last.sample.angle, status: last.sample.status),
                    trueAngle: truth.angle, trueVelocity: truth.velocity, truePose: truePose(at: end)))
        }
        return result
    }

    private func nextInterval(_ random: inout SplitMix64) -> Double {
        if random.nextUnit() < sensor.burstProbability {
            return 0.0001 + 0.0005 * random.nextUnit()
        }
        let spread = 1 + sensor.jitter * random.nextGaussian()
        return sensor.meanInterval * max(0.2, spread)
    }
}
