/// How a hinge sensor turns the true angle into the samples an app receives.
///
/// The model follows what the platforms promise (nothing about rate, increment, range or
/// precision) and what devices do (figures in the project's ANCHORS notes): the sensor is
/// polled at irregular intervals with jitter and occasional bursts, its reading is delayed,
/// noisy and quantised, and it reports only when the quantised value changes (an on-change
/// sensor, like Android's `TYPE_HINGE_ANGLE`). Dropouts are windows in which nothing arrives.
public struct SensorModel: Hashable, Sendable {
    /// How readings are rounded.
    public enum Quantisation: Hashable, Sendable {
        /// Round to the nearest multiple of this many degrees (1° OnePlus Open, 5° Pixel Fold).
        case step(Double)
        /// Snap to the nearest of a few levels (0, 90 and 180° on Galaxy Fold3, Flip3, Fold7).
        case levels([Double])
    }

    /// How readings are rounded.
    public var quantisation: Quantisation
    /// The mean time between polls of the sensor, in seconds.
    public var meanInterval: Double
    /// The relative spread of the poll interval (0.3 means ±30 % standard deviation).
    public var jitter: Double
    /// The chance that a poll is followed within 0.1–0.6 ms by another (batched delivery).
    public var burstProbability: Double
    /// Standard deviation of the measurement noise, in degrees.
    public var noise: Double
    /// Delay between the hand and the reading, in seconds.
    public var latency: Double
    /// Time windows (seconds) in which no sample is delivered.
    public var dropouts: [ClosedRange<Double>]
    /// `false` for a device without a hinge: samples then carry no angle.
    public var hasHinge: Bool

    /// A sensor model; the defaults are a 1° sensor polled every ~4 ms with 8 ms latency.
    public init(
        quantisation: Quantisation = .step(1), meanInterval: Double = 0.004, jitter: Double = 0.3,
        burstProbability: Double = 0.03, noise: Double = 0.2, latency: Double = 0.008,
        dropouts: [ClosedRange<Double>] = [], hasHinge: Bool = true
    ) {
        self.quantisation = quantisation
        self.meanInterval = meanInterval
        self.jitter = jitter
        self.burstProbability = burstProbability
        self.noise = noise
        self.latency = latency
        self.dropouts = dropouts
        self.hasHinge = hasHinge
    }

    /// The reported value for a measured angle.
    public func quantise(_ angle: Double) -> Double {
        switch quantisation {
        case .step(let step):
            return (angle / step).rounded(.toNearestOrAwayFromZero) * step
        case .levels(let levels):
            return levels.min { abs($0 - angle) < abs($1 - angle) } ?? angle
        }
    }

    /// The status the system reports with an angle, with AOSP's thresholds: closed below 5°,
    /// fully open within 15° of flat, partially open in between.
    public static func status(for angle: Double) -> HingeStatus {
        if angle < 5 { return .closed }
        if angle >= 165 { return .fullyOpen }
        return .partiallyOpen
    }
}

/// One row of a synthetic trace: what the app saw, and the truth behind it.
public struct SyntheticSample: Hashable, Sendable {
    /// What the app received.
    public var sample: HingeSample
    /// The hand's angle at the sample's time (degrees), `nil` without a hinge.
    public var trueAngle: Double?
    /// The hand's angular velocity at the sample's time (degrees per second).
    public var trueVelocity: Double?
    /// The detent nearest to the angle the hand is holding or moving to (see
    /// ``SyntheticTrace/poseDetents``): what a snap reading should show; `nil` without a hinge.
    public var truePose: Double?
}

/// A hand motion seen through a sensor model: a synthetic trace with its ground truth.
public struct SyntheticTrace: Hashable, Sendable {
    /// The hand motion behind the trace.
    public var motion: HandMotion
    /// The sensor that reports it.
    public var sensor: SensorModel
    /// The detents ``SyntheticSample/truePose`` is chosen from: HingeReader's defaults.
    public var poseDetents: [Double]

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
    /// ``SplitMix64`` and only arithmetic that IEEE 754 rounds exactly.
    public func samples(seed: UInt64) -> [SyntheticSample] {
        var random = SplitMix64(seed: seed)
        var result: [SyntheticSample] = []
        let end = motion.duration
        var time = 0.0
        var lastReported: Double?
        var lastStatus: HingeStatus?
        var first = true
        var nextNoHingeLog = 0.0
        while time <= end {
            let inDropout = sensor.dropouts.contains { $0.contains(time) }
            if !inDropout {
                let truth = motion.state(at: time)
                if sensor.hasHinge {
                    let measured = motion.state(at: time - sensor.latency).angle + sensor.noise * random.nextGaussian()
                    let reported = min(max(sensor.quantise(measured), 0), 360)
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
