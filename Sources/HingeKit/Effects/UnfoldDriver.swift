#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// HingeKit's unfold progress on screen: Android's quantity, clamp(angle / 165°), shown with
/// less lag and less chop than Android's own spring.
///
/// ```swift
/// var unfold = UnfoldDriver()
/// try unfold.ingest(HingeSample(time: 0.000, angle: 180, status: .fullyOpen))
/// try unfold.ingest(HingeSample(time: 0.008, angle: 176, status: .fullyOpen))
/// let progress = unfold.value(at: 0.010)           // on every frame
/// ```
///
/// Android drives one critically damped spring (stiffness 600) straight at each reported
/// angle: every report is a kink in the spring's acceleration, and the spring trails a moving
/// hinge by 2/ω ≈ 82 ms. This driver makes two changes (docs/effects.md measures them):
///
/// - **Two stages.** The target drives a critically damped spring, which drives a second one
///   (both with ``Configuration/omega``): a step of the target then reaches the screen with a
///   continuous acceleration, so a quantised or coarse sensor's steps do not show as jolts.
/// - **A lead.** The cascade trails a steady motion by 4/ω; the target is moved ahead by the
///   reader's velocity times ``Configuration/lead`` × 4/ω, so a steady motion is shown where it
///   is. The velocity is the ``HingeReader``'s (a Kalman filter that reads silence as a stop),
///   and the lead fades in between ``Configuration/leadSpeed`` and twice that, so the
///   velocity's noise at rest and in slow motion does not show as jitter.
/// - **Coarse sensors** (0/90/180°) carry no velocity, so there is no lead; the stages run at
///   ``Configuration/coarseOmega`` instead, faster than on a fine sensor.
///
/// An on-change sensor goes quiet when the hinge stops, so a silence of six recent mean
/// intervals means the hinge stopped at the newest angle: from then on the target is that
/// angle's progress, without a lead. (Six, not the 1.5 a steady sensor would suggest, so that
/// a sensor that drops out mid-motion — the dropouts scenario — keeps its lead through short
/// gaps.)
///
/// Both stages are solved in closed form from the state at the last sample, so a frame's value
/// does not depend on how often frames are asked for. Under Reduce Motion the progress of the
/// newest angle is shown as it is. With no hinge the progress is 1 (a flat phone).
public struct UnfoldDriver: Sendable {
    /// How the driver follows the hinge.
    public struct Configuration: Hashable, Sendable {
        /// The natural angular frequency of each stage, rad/s (default 40).
        public var omega: Double
        /// The fraction of the cascade's lag (4/ω) the target is moved ahead by (default 1).
        public var lead: Double
        /// Where the progress reaches 1, degrees (default 165, Android's).
        public var unfoldedAngle: Double
        /// Below this reader speed (°/s) there is no lead, from twice it the full lead (default
        /// 15): at rest and in slow motion the velocity is mostly the estimator's noise, which
        /// a lead would show as jitter.
        public var leadSpeed: Double
        /// The natural angular frequency of each stage on a coarse sensor (default 50), rad/s:
        /// its readings carry no velocity (``HingeReader/Configuration/coarseStep``), so there
        /// is no lead, and faster stages keep the lag down.
        public var coarseOmega: Double

        /// A configuration; the defaults are the ones docs/effects.md tunes.
        /// - Precondition: `omega`, `coarseOmega` and `unfoldedAngle` positive and finite; `lead` and
        ///   `leadSpeed` finite and not negative.
        public init(
            omega: Double = 40, lead: Double = 1, leadSpeed: Double = 15, coarseOmega: Double = 50,
            unfoldedAngle: Double = 165
        ) {
            precondition(omega > 0 && omega.isFinite, "omega must be positive")
            precondition(coarseOmega > 0 && coarseOmega.isFinite, "coarseOmega must be positive")
            precondition(lead >= 0 && lead.isFinite, "lead must be zero or positive")
            precondition(leadSpeed >= 0 && leadSpeed.isFinite, "leadSpeed must be zero or positive")
            precondition(unfoldedAngle > 0 && unfoldedAngle.isFinite, "unfoldedAngle must be positive")
            self.omega = omega
            self.lead = lead
            self.leadSpeed = leadSpeed
            self.coarseOmega = coarseOmega
            self.unfoldedAngle = unfoldedAngle
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// Whether the newest angle's progress is shown as it is.
    public let reduceMotion: Bool
    /// The reader the samples go through.
    public private(set) var reader: HingeReader

    private var hasSample = false
    /// The smallest change between successive angles so far, and the newest angle.
    private var smallestChange = Double.infinity
    private var lastAngle: Double?
    private var time = 0.0
    private var target = 1.0
    private var direct = 1.0
    /// When the silence after the newest sample means the hinge stopped at its angle, and the
    /// target drops its lead.
    private var due = Double.infinity
    /// The mean interval between recent samples (an exponential average, 0 before two).
    private var meanInterval = 0.0
    /// Stage one and stage two: value and velocity at ``time``.
    private var first = (value: 1.0, velocity: 0.0)
    private var second = (value: 1.0, velocity: 0.0)

    /// A driver with no sample yet.
    public init(
        configuration: Configuration = Configuration(), reduceMotion: Bool = false,
        reader: HingeReader.Configuration = HingeReader.Configuration()
    ) {
        self.configuration = configuration
        self.reduceMotion = reduceMotion
        self.reader = HingeReader(configuration: reader)
    }

    /// Whether the sensor reports coarse levels (its smallest change is at least the reader's
    /// ``HingeReader/Configuration/coarseStep``).
    public var isCoarse: Bool { smallestChange >= reader.configuration.coarseStep && smallestChange.isFinite }

    /// The progress the driver heads for: the newest angle moved ahead by the lead.
    public var currentTarget: Double { target }

    /// Takes the next sample.
    ///
    /// - Throws: the reader's ``HingeReader/InputError`` for a sample it refuses; the driver
    ///   is then unchanged.
    /// - Complexity: O(1); no allocation.
    public mutating func ingest(_ sample: HingeSample) throws(HingeReader.InputError) {
        try reader.ingest(sample)
        // The stages up to this sample run under the sensor class known before it.
        let previous = hasSample ? states(at: sample.time) : nil
        if let angle = sample.angle, let last = lastAngle, angle != last {
            smallestChange = min(smallestChange, abs(angle - last))
        }
        if let angle = sample.angle { lastAngle = angle }
        let reading = reader.reading(at: sample.time)
        let progress = self.progress(reading?.angle)
        let raw = reading?.velocity ?? 0
        // Slow readings are mostly the estimator's noise: the lead fades in between
        // `leadSpeed` and twice that.
        let fade = configuration.leadSpeed > 0 ? min(1, max(0, abs(raw) / configuration.leadSpeed - 1)) : 1
        let velocity = raw * fade
        let ahead = configuration.lead * 4 / configuration.omega * velocity / configuration.unfoldedAngle
        let newTarget = min(max(progress + ahead, 0), 1)
        if let previous {
            first = previous.first
            second = previous.second
        } else {
            first = (newTarget, 0)
            second = (newTarget, 0)
            hasSample = true
        }
        if hasSample, sample.time > time {
            let interval = min(sample.time - time, 0.25)
            meanInterval = meanInterval == 0 ? interval : 0.75 * meanInterval + 0.25 * interval
        }
        due = sample.time + max(6 * meanInterval, 0.001)
        time = sample.time
        target = newTarget
        direct = progress
    }

    /// The progress to show at `time` (a time before the last sample reads as that sample's).
    public func value(at time: Double) -> Double {
        guard hasSample else { return 1 }
        if reduceMotion { return direct }
        return min(max(states(at: time).second.value, 0), 1)
    }

    private func progress(_ angle: Double?) -> Double {
        guard let angle else { return 1 }
        return min(max(angle / configuration.unfoldedAngle, 0), 1)
    }

    /// Both stages at `query`: toward the target with its lead until ``due``, toward the
    /// newest angle after that.
    private func states(
        at query: Double
    ) -> (first: (value: Double, velocity: Double), second: (value: Double, velocity: Double)) {
        guard query > due, target != direct else {
            return states(from: (first, second), target: target, elapsed: query - time)
        }
        // No sample for six mean intervals: the hinge stopped; the target is the newest angle.
        let atDue = states(from: (first, second), target: target, elapsed: due - time)
        return states(from: atDue, target: direct, elapsed: query - due)
    }

    /// Both stages `elapsed` seconds after `start`, in closed form. With τ = elapsed, E = e^(−ωτ)
    /// and targets measured from `target`: stage one is (a + bτ)E with b = v₁ + ωa; stage two
    /// solves y″ + 2ωy′ + ω²y = ω²(a + bτ)E, which is (c₀ + c₁τ + ω²aτ²/2 + ω²bτ³/6)E with
    /// c₁ = v₂ + ωc₀.
    private func states(
        from start: (first: (value: Double, velocity: Double), second: (value: Double, velocity: Double)),
        target: Double, elapsed: Double
    ) -> (first: (value: Double, velocity: Double), second: (value: Double, velocity: Double)) {
        let tau = max(0, elapsed)
        let w = isCoarse ? configuration.coarseOmega : configuration.omega
        let e = exp(-w * tau)
        let a = start.first.value - target
        let b = start.first.velocity + w * a
        let c0 = start.second.value - target
        let c1 = start.second.velocity + w * c0
        let p = c0 + c1 * tau + w * w * (a * tau * tau / 2 + b * tau * tau * tau / 6)
        let dp = c1 + w * w * (a * tau + b * tau * tau / 2)
        return (
            (target + (a + b * tau) * e, (b - w * (a + b * tau)) * e),
            (target + p * e, (dp - w * p) * e)
        )
    }
}
