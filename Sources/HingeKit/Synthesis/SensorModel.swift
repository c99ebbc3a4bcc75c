/// How a hinge sensor turns the true angle into the samples an app receives.
///
/// The model follows what the platforms promise (nothing about rate, increment, range or
/// precision) and what devices do (Apple's `UIHinge` and Android's `TYPE_HINGE_ANGLE`
/// documentation, and device reports): the sensor is
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
    /// The largest angle the sensor reports, degrees: readings are clamped to 0…this, as a
    /// certified sensor's are to its declared range (180° on book-style phones, 360° on a
    /// Surface Duo, which folds back).
    public var maximumRange: Double

    /// A sensor model; the defaults are a 1° sensor polled every ~4 ms with 8 ms latency.
    public init(
        quantisation: Quantisation = .step(1), meanInterval: Double = 0.004, jitter: Double = 0.3,
        burstProbability: Double = 0.03, noise: Double = 0.2, latency: Double = 0.008,
        dropouts: [ClosedRange<Double>] = [], hasHinge: Bool = true, maximumRange: Double = 180
    ) {
        self.maximumRange = maximumRange
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
