internal import HingeSupport

/// The 1€ filter (Casiez, Roussel and Vogel, CHI 2012): a low-pass filter whose cutoff rises
/// with speed, so a still signal is smoothed hard and a moving one follows with little lag.
///
/// ```swift
/// var filter = OneEuroFilter(.hinge)
/// filter.add(112, at: 0.004)
/// let position = filter.value(at: 0.016)
/// ```
///
/// The cutoff is `fc = minCutoff + beta·|dx̂|`, where `dx̂` is the speed low-passed at
/// `derivativeCutoff`, and the smoothing factor for a step of `Te` seconds comes from
/// `τ = 1/(2π·fc)`. Time steps are the real intervals between samples in seconds, never frames
/// or milliseconds, and the speed is taken against the previous *filtered* value (taking it
/// against the previous raw value is a known bug of other implementations).
///
/// Two discretisations:
/// - ``Discretisation/classic`` is the paper's: at each sample the output moves
///   `α = 1/(1 + τ/Te)` of the way to the new value and then holds until the next sample.
/// - ``Discretisation/onChange`` treats the input as what an on-change sensor means: the angle
///   *is* the last reported value until the next report. The output follows that held value
///   continuously, `x̂(t) = x + (x̂₀ − x)·e^(−(t − t₀)/τ)`, so it keeps converging while the
///   sensor is silent (a resting hinge sends nothing), is continuous at every sample, and its
///   value at a frame does not depend on how often frames are asked for.
public struct OneEuroFilter: Hashable, Sendable {
    /// The filter's tuning.
    public struct Parameters: Hashable, Sendable {
        /// The cutoff at rest, in Hz.
        public var minCutoff: Double
        /// How much the cutoff rises per unit of speed (Hz per degree per second).
        public var beta: Double
        /// The cutoff of the speed's own low-pass, in Hz.
        public var derivativeCutoff: Double

        /// Parameters; all must be finite, the cutoffs positive and `beta` non-negative.
        public init(minCutoff: Double, beta: Double, derivativeCutoff: Double) {
            precondition(minCutoff > 0 && minCutoff.isFinite, "minCutoff must be positive")
            precondition(beta >= 0 && beta.isFinite, "beta must be zero or positive")
            precondition(derivativeCutoff > 0 && derivativeCutoff.isFinite, "derivativeCutoff must be positive")
            self.minCutoff = minCutoff
            self.beta = beta
            self.derivativeCutoff = derivativeCutoff
        }

        /// The paper's suggested starting point: minCutoff 1 Hz, beta 0, derivativeCutoff 1 Hz.
        public static let paperDefaults = Parameters(minCutoff: 1, beta: 0, derivativeCutoff: 1)

        /// HingeKit's defaults for hinge angles in degrees, tuned on the synthetic scenarios
        /// (docs/reading.md says how).
        public static let hinge = Parameters(minCutoff: 0.8, beta: 0.05, derivativeCutoff: 4)
    }

    /// How the filter steps from one sample to the next.
    public enum Discretisation: Hashable, Sendable {
        /// The paper's: `α = 1/(1 + τ/Te)` at each sample, held in between.
        case classic
        /// Continuous-time smoothing of the held value (the default for hinge sensors).
        case onChange
    }

    /// The filter's tuning.
    public var parameters: Parameters {
        didSet { derivativeTau = Self.timeConstant(cutoff: parameters.derivativeCutoff) }
    }
    /// How the filter steps.
    public var discretisation: Discretisation
    /// The longest time a reported change is assumed to have taken (on-change only): 0.25 s,
    /// as ``LeastSquaresVelocity/spread``.
    public var changeSpan = 0.25

    /// What a sample changes; everything else is the tuning.
    ///
    /// Apart so that ``HingeReader``, which keeps the state before its newest sample for a
    /// duplicate to undo, copies these 48 bytes for every sample and not the whole filter.
    struct Motion: Hashable, Sendable {
        var speed = 0.0
        var held = 0.0
        var cutoff = 0.0
        var lastTime = 0.0
        /// The output at ``lastTime``; `nil` before the first sample.
        var filtered: Double?
    }

    /// The filter's state after the samples so far.
    private var motion = Motion()
    /// τ of the speed's low-pass, kept with the parameters: its cutoff does not change from
    /// sample to sample, and the division that makes τ was one of the slowest steps of `add`.
    private var derivativeTau: Double

    /// A filter that has seen no sample yet.
    public init(_ parameters: Parameters, discretisation: Discretisation = .onChange) {
        self.parameters = parameters
        self.discretisation = discretisation
        derivativeTau = Self.timeConstant(cutoff: parameters.derivativeCutoff)
    }

    /// Feeds the sample `value` at `time`; times must increase (a repeated or earlier time
    /// is ignored by the caller's contract: ``HingeReader`` replays instead).
    public mutating func add(_ value: Double, at time: Double) {
        var motion = self.motion
        add(value, at: time, to: &motion)
        self.motion = motion
    }

    /// ``add(_:at:)`` on a motion kept apart from the filter, which supplies the tuning.
    ///
    /// Always inlined: called on a filter behind the reader's pointer, a call passed a copy of
    /// the whole filter (16 instructions a sample) for the few fields it reads.
    @inline(__always)
    func add(_ value: Double, at time: Double, to motion: inout Motion) {
        guard let previous = motion.filtered else {
            motion.filtered = value
            motion.held = value
            motion.cutoff = parameters.minCutoff
            motion.lastTime = time
            return
        }
        let step = time - motion.lastTime
        guard step > 0 else { return }
        // On-change: a report after a long silence announces a change that happened recently,
        // so its speed is taken over at most `changeSpan` seconds (the classic filter divides
        // by the whole gap, as the paper does).
        let span = discretisation == .onChange ? min(step, changeSpan) : step
        // Samples less than a microsecond apart are taken as a microsecond apart, so the speed
        // and with it the cutoff stay finite (found by fuzzing: 1e-308 s gave NaN).
        let rawSpeed = (value - previous) / max(span, 1e-6)
        motion.speed += Self.smoothing(tau: derivativeTau, step: step, discretisation) * (rawSpeed - motion.speed)
        let newCutoff = parameters.minCutoff + parameters.beta * abs(motion.speed)
        switch discretisation {
        case .classic:
            motion.filtered =
                previous + Self.smoothing(cutoff: newCutoff, step: step, .classic) * (value - previous)
        case .onChange:
            motion.filtered = self.value(at: time, motion)
        }
        motion.held = value
        motion.cutoff = newCutoff
        motion.lastTime = time
    }

    /// The filtered value at `time` (at or after the last sample); `nil` before any sample.
    ///
    /// Always inlined in HingeKit: `add` and the reader, which holds the filter behind a
    /// pointer, then read the fields they need instead of copying the whole filter.
    @inline(__always)
    public func value(at time: Double) -> Double? { value(at: time, motion) }

    /// ``value(at:)`` for a motion kept apart from the filter.
    @inline(__always)
    func value(at time: Double, _ motion: Motion) -> Double? {
        guard let filtered = motion.filtered else { return nil }
        switch discretisation {
        case .classic:
            return filtered
        case .onChange:
            let elapsed = max(0, time - motion.lastTime)
            // At the sample's own time the filter has not moved on (and e⁰ costs a call).
            guard elapsed > 0 else { return filtered }
            return motion.held + (filtered - motion.held) * exponential(-elapsed * 2 * Double.pi * motion.cutoff)
        }
    }

    /// The low-passed speed, in units per second, as the filter uses it for its cutoff.
    /// It is not a good velocity estimate (it lags and is noisy on quantised input); use
    /// ``HingeReader``'s velocity.
    public var filteredSpeed: Double { motion.speed }

    /// The smoothing factor for a step of `step` seconds at cutoff `cutoff` Hz.
    static func smoothing(cutoff: Double, step: Double, _ discretisation: Discretisation) -> Double {
        smoothing(tau: timeConstant(cutoff: cutoff), step: step, discretisation)
    }

    /// The smoothing factor for a step of `step` seconds with the time constant `tau`.
    @inline(__always)
    static func smoothing(tau: Double, step: Double, _ discretisation: Discretisation) -> Double {
        switch discretisation {
        case .classic: return 1 / (1 + tau / step)
        case .onChange: return -exponentialMinusOne(-step / tau)
        }
    }

    /// τ = 1/(2π·fc) of a low-pass at `cutoff` Hz.
    @inline(__always)
    static func timeConstant(cutoff: Double) -> Double { 1 / (2 * Double.pi * cutoff) }
}
