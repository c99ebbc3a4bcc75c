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
        /// A few levels with hysteresis: the level moves up or down only when the measured
        /// angle crosses the ladder's thresholds, and may skip levels in one poll (Galaxy Z
        /// Fold 8, Motorola Razr).
        case ladder(Ladder)
    }

    /// Levels with separate up and down thresholds: what a step sensor with hysteresis reports.
    ///
    /// ```swift
    /// let fold8 = try SensorModel.Ladder(levels: [0, 90, 180], up: [30, 165], down: [20, 146])
    /// fold8.level(from: 0, measured: 172)   // 2: a fast open skips 90
    /// ```
    public struct Ladder: Hashable, Sendable {
        // The lists are read-only outside: init(levels:up:down:) checks them together, and
        // level(from:measured:) relies on that check (a shorter `down` would trap it).
        /// The levels reported, increasing.
        public private(set) var levels: [Double]
        /// `up[i]`: the measured angle at or above which level `i` gives way to level `i + 1`.
        public private(set) var up: [Double]
        /// `down[i]`: the measured angle at or below which level `i + 1` gives way to level `i`.
        public private(set) var down: [Double]

        /// A ladder, checked.
        ///
        /// ```swift
        /// let razr = try SensorModel.Ladder(
        ///     levels: [0, 70, 90, 110, 180], up: [45, 82, 102, 150], down: [25, 76, 96, 135])
        /// ```
        ///
        /// - Throws: ``ParameterError`` for the first rule broken: at least two levels, finite
        ///   and increasing; one up and one down threshold per gap between levels; each threshold
        ///   within its gap (the levels on either side included), each down threshold below its
        ///   up threshold.
        public init(levels: [Double], up: [Double], down: [Double]) throws(ParameterError) {
            try Self.check(levels: levels, up: up, down: down)
            self.init(checkedLevels: levels, up: up, down: down)
        }

        /// The library's own ladders, constant lists that pass ``init(levels:up:down:)``'s rules
        /// (`SynthesisValidationTests` builds every device's): a refusal is a bug in that list.
        init(valid levels: [Double], up: [Double], down: [Double]) {
            do {
                try self.init(levels: levels, up: up, down: down)
            } catch {
                preconditionFailure("\(error)")
            }
        }

        /// Lists that pass ``init(levels:up:down:)``'s rules.
        private init(checkedLevels levels: [Double], up: [Double], down: [Double]) {
            self.levels = levels
            self.up = up
            self.down = down
        }

        /// Throws unless `levels` are finite and increase and each gap has one down and one up
        /// threshold, in that order, within it (``StepSensor`` describes a ladder the same way).
        static func check(levels: [Double], up: [Double], down: [Double]) throws(ParameterError) {
            try ParameterError.require(Double(levels.count), .levels, nil, "at least 2") { $0 >= 2 }
            for (index, level) in levels.enumerated() {
                try ParameterError.require(level, .levels, index, "finite") { $0.isFinite }
                guard index > 0 else { continue }
                let below = levels[index - 1]
                let above = "above levels[\(index - 1)] (\(DecimalNumber.shortest(below)))"
                try ParameterError.require(level, .levels, index, above) { $0 > below }
            }
            let gaps = "one per gap between levels (\(levels.count - 1))"
            try ParameterError.require(Double(up.count), .up, nil, gaps) { $0 == Double(levels.count - 1) }
            try ParameterError.require(Double(down.count), .down, nil, gaps) { $0 == Double(levels.count - 1) }
            for gap in up.indices {
                let (low, high) = (levels[gap], levels[gap + 1])
                let within = "within \(DecimalNumber.shortest(low))…\(DecimalNumber.shortest(high)) (its gap's levels)"
                try ParameterError.require(up[gap], .up, gap, within) { $0 >= low && $0 <= high }
                try ParameterError.require(down[gap], .down, gap, within) { $0 >= low && $0 <= high }
                let belowUp = "below up[\(gap)] (\(DecimalNumber.shortest(up[gap])))"
                try ParameterError.require(down[gap], .down, gap, belowUp) { $0 < up[gap] }
            }
        }

        /// The level index a poll reports after `index`, for a measured angle: as many levels up
        /// or down as the thresholds the angle has crossed.
        public func level(from index: Int, measured: Double) -> Int {
            var index = min(max(index, 0), levels.count - 1)
            while index < up.count, measured >= up[index] { index += 1 }
            while index > 0, measured <= down[index - 1] { index -= 1 }
            return index
        }

        /// The level index nearest to `angle`, for a sensor's first reading.
        public func nearest(_ angle: Double) -> Int {
            levels.indices.min { abs(levels[$0] - angle) < abs(levels[$1] - angle) } ?? 0
        }
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
    /// A value the first sample reports at time 0 before the sensor's first real reading: Android
    /// replays an on-change sensor's last value to a new listener, which may be stale; `nil`
    /// (the default) for none.
    public var staleFirstValue: Double?
    /// The largest angle the sensor reports, degrees: readings are clamped to 0…this, as a
    /// certified sensor's are to its declared range (180° on book-style phones, 360° on a
    /// Surface Duo, which folds back). 360 by default, which the project's first scenarios were
    /// made with: their noise near flat reaches 181°, which `stats` rightly reports.
    public var maximumRange: Double

    /// A sensor model; the defaults are a 1° sensor polled every ~4 ms with 8 ms latency.
    public init(
        quantisation: Quantisation = .step(1), meanInterval: Double = 0.004, jitter: Double = 0.3,
        burstProbability: Double = 0.03, noise: Double = 0.2, latency: Double = 0.008,
        dropouts: [ClosedRange<Double>] = [], hasHinge: Bool = true, maximumRange: Double = 360,
        staleFirstValue: Double? = nil
    ) {
        self.staleFirstValue = staleFirstValue
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

    /// The reported value for a measured angle (for a ladder, the nearest level: its state
    /// lives in the trace, see ``SyntheticTrace``).
    public func quantise(_ angle: Double) -> Double {
        switch quantisation {
        case .ladder(let ladder):
            return ladder.levels[ladder.nearest(angle)]
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
