/// The figures that describe one spring motion, for unit-testing spring parameters.
///
/// ```swift
/// let report = DampedSpring.bend.report(from: 0, to: 1)
/// #expect(report.settlingTime < 0.5)
/// #expect(report.overshoot < 0.05)
/// ```
///
/// Every figure is computed from the closed form and located to the last bit by bisection,
/// not read off a sampled curve. Distances are fractions of the *reference distance* R:
/// `|to − from|`, or for a spring kicked from its target (`from == to`, velocity ≠ 0) the
/// largest distance from the target the motion reaches (see
/// ``DampedSpring/settlingDuration(from:to:initialVelocity:epsilon:)``).
///
/// The *start side* of the target is the side `from` lies on, or for a kick from the target the
/// side the kick goes to. A swing *past the target* is a stretch of motion on the other side.
public struct SpringReport: Sendable, Hashable {
    /// The spring described.
    public var spring: DampedSpring
    /// The value at time 0.
    public var from: Double
    /// The target.
    public var to: Double
    /// The velocity at time 0, in value units per second.
    public var initialVelocity: Double
    /// The settling band as a fraction of ``referenceDistance``.
    public var epsilon: Double

    /// The spring's regime, from its damping ratio.
    public var regime: DampedSpring.Regime
    /// R: `|to − from|`, or the first peak's distance for a kick from the target; 0 at rest.
    public var referenceDistance: Double
    /// How far the value goes past the target at most, as a fraction of R: the largest distance
    /// on the far side of the target from the start side, divided by R; 0 when the value never
    /// passes the target.
    ///
    /// For a spring released at rest this is the classic `e^(−πζ/√(1−ζ²))`; for a kick from the
    /// target it is the first swing back as a fraction of the kick's excursion, the same number.
    public var overshoot: Double
    /// The time in seconds at which the overshoot peaks, or `nil` when there is none.
    public var peakTime: Double?
    /// The 10–90 % rise time in seconds: from the first time the value has covered 10 % of the
    /// way from `from` to `to` until the first time it has covered 90 %; `nil` when
    /// `from == to`.
    public var riseTime: Double?
    /// The last time the value is farther than `epsilon × R` from the target; see
    /// ``DampedSpring/settlingDuration(from:to:initialVelocity:epsilon:)``. Infinity for an
    /// undamped spring.
    public var settlingTime: Double
    /// How many swings past the target reach farther than `epsilon × R` from it, each half
    /// period counted once, both sides; `nil` when there are too many to count (an undamped
    /// spring).
    ///
    /// A spring released at rest that overshoots once by more than the band, comes back, and
    /// then stays inside the band has a count of 1. Overdamped and critically damped springs
    /// have 0 or 1.
    public var oscillationCount: Int?

    /// The number of frames at `rate` Hz that are shown before the value settles: `⌈T·rate⌉`
    /// for a settling time T, counting from the frame at time 0; `nil` when T is infinite.
    ///
    /// Frame n is shown at time n/rate, so frame `⌈T·rate⌉` is the first one at or after T.
    ///
    /// - Parameter rate: the display refresh rate in Hz, positive.
    public func framesToSettle(atRate rate: Double) -> Int? {
        precondition(rate > 0 && rate.isFinite, "rate must be positive and finite")
        let frames = (settlingTime * rate).rounded(.up)
        return frames < 0x1p62 ? Int(frames) : nil
    }

    /// ``framesToSettle(atRate:)`` at 60 Hz.
    public var framesToSettleAt60Hz: Int? { framesToSettle(atRate: 60) }

    /// ``framesToSettle(atRate:)`` at 120 Hz (ProMotion).
    public var framesToSettleAt120Hz: Int? { framesToSettle(atRate: 120) }
}

extension SpringMotion {
    /// +1 or −1: the side of the target the motion starts on, or is kicked to; 0 at rest.
    var startSide: Double {
        let lead = displacement != 0 ? displacement : velocity
        return lead > 0 ? 1 : (lead < 0 ? -1 : 0)
    }

    /// The index of the first turning point past the target, or `nil` when there is none.
    private var firstSwingPastTarget: Double? {
        guard !isAtRest, let first = firstTurningPoint else { return nil }
        if startSide * state(at: first).displacement < 0 { return 0 }
        // An oscillating spring's next turning point is on the other side.
        return halfPeriod == nil ? nil : 1
    }

    /// The time of the first (and therefore largest) turning point past the target.
    var overshootTurningPoint: Double? {
        guard let index = firstSwingPastTarget, let first = firstTurningPoint else { return nil }
        return first + index * (halfPeriod ?? 0)
    }

    /// The 10–90 % rise time, or `nil` when there is no distance to rise over.
    var riseTime: Double? {
        guard displacement != 0 else { return nil }
        // Progress p means y = (1 − p)·y₀; it is reached once startSide·y ≤ (1 − p)·|y₀|.
        let reach = { (progress: Double) in
            firstTime {
                startSide * state(at: $0).displacement <= (1 - progress) * abs(displacement)
            }
        }
        return reach(0.9) - reach(0.1)
    }

    /// The number of turning points past the target with |y| > band; `nil` when uncountable.
    func swingsPastTarget(above band: Double) -> Int? {
        guard let index = firstSwingPastTarget, let first = firstTurningPoint else { return 0 }
        let peak = abs(state(at: first).displacement)
        guard peak > band else { return 0 }
        guard let halfPeriod else { return 1 }
        guard let last = lastSwing(above: band, firstPeak: peak, halfPeriod: halfPeriod) else {
            return nil
        }
        return Int(Swift.max(0, last - index + 1))
    }
}
