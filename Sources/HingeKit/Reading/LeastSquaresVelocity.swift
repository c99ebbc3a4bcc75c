/// HingeKit's least-squares velocity estimator for on-change hinge sensors: a fit to the signal the
/// reports describe, in continuous time.
///
/// An on-change sensor's reports are read as a curve, not as points: between two reports the
/// angle moved from one value to the other, so each change is spread evenly over the time since
/// the report before it (at most ``spread``); after the newest report nothing is known until
/// the next one is due, and once it is overdue the angle is known to be holding still. A
/// quadratic (``degree`` 2) or a line is fitted to that curve over the last ``horizon``
/// seconds, each instant weighted from 1 (newest) down to ``oldestWeight``, and the slope is
/// read at the end of the evidence.
///
/// Three properties follow, which a fit through points lacks:
/// - **Stop detection comes out of the model.** The next report is due after 1.5 times the
///   recent mean interval between reports. Once it is overdue, the holding angle enters the fit
///   (with a weight growing from 0 to 1 over one more interval), so the velocity decays smoothly
///   and is exactly 0 once the silence exceeds the horizon: the hinge stopped, the velocity does
///   not freeze. No fixed 40 ms threshold: the threshold follows the sensor's own rate.
/// - **Bursts and flicker weigh what they last.** Two reports 0.3 ms apart (batched delivery)
///   span 0.3 ms of curve, and a one-step flicker after a long rest is spread over the horizon,
///   so neither becomes a spike of thousands of degrees per second.
/// - **Quantisation is averaged, not differentiated.** Fitting over a horizon of many steps
///   gives the slope of the motion, without a spike at each step.
///
/// The integrals over each piece of the curve are evaluated exactly by three-point
/// Gauss–Legendre quadrature (the integrands are polynomials of degree ≤ 5).
public struct LeastSquaresVelocity: Hashable, Sendable {
    /// Seconds of signal fitted (default 0.12 s). A silence longer than this, beyond the
    /// expected interval, reads as a stopped hinge (velocity exactly 0).
    public var horizon: Double
    /// 2 for a quadratic (the default: it follows the hand's acceleration), 1 for a line.
    public var degree: Int
    /// The weight of the oldest instant in the horizon relative to the newest (default 0.5).
    public var oldestWeight: Double
    /// The longest time a change is spread over (default 0.25 s): a report after a longer
    /// silence moved the angle within the last `spread` seconds.
    public var spread: Double

    /// An estimator; the defaults are the ones docs/reading.md tunes.
    public init(horizon: Double = 0.12, degree: Int = 2, oldestWeight: Double = 0.5, spread: Double = 0.25) {
        precondition(spread >= 0 && spread.isFinite, "spread must be zero or positive")
        precondition(horizon > 0 && horizon.isFinite, "horizon must be positive")
        precondition(degree == 1 || degree == 2, "degree must be 1 or 2")
        precondition((0...1).contains(oldestWeight), "oldestWeight must be in 0…1")
        self.horizon = horizon
        self.degree = degree
        self.oldestWeight = oldestWeight
        self.spread = spread
    }

    // Three-point Gauss–Legendre nodes and weights on [0, 1].
    private static let nodes = (0.5 - 0.5 * (0.6).squareRoot(), 0.5, 0.5 + 0.5 * (0.6).squareRoot())
    private static let nodeWeights = (5.0 / 18, 8.0 / 18, 5.0 / 18)

    func velocity(at time: Double, history: SampleHistory) -> Double {
        guard history.count >= 2 else { return 0 }
        let newest = history.sample(back: 0)
        let expected = expectedInterval(history)
        let silence = time - newest.time
        let holdWeight = min(1, max(0, (silence - expected) / expected))
        // The end of the evidence: the newest report, moving on with the query time as the
        // hold counts, so the answer is continuous in time.
        let evaluation = newest.time + holdWeight * silence
        let start = evaluation - horizon
        var fit = WeightedPolynomialFit(degree: degree)
        if holdWeight > 0 {
            addLine(
                from: max(newest.time, start), to: time, startTime: newest.time, startValue: newest.angle,
                endValue: newest.angle, origin: evaluation, weight: holdWeight, into: &fit)
        }
        for back in 0..<history.count {
            let sample = history.sample(back: back)
            guard back + 1 < history.count else {
                // The first report since the hinge appeared: its value is taken to have held
                // for `spread` seconds before it, so the first change is not read as a sprint.
                if history.count < history.capacity {
                    addLine(
                        from: max(sample.time - spread, start), to: sample.time, startTime: sample.time,
                        startValue: sample.angle, endValue: sample.angle, origin: evaluation, weight: 1, into: &fit)
                }
                break
            }
            let previous = history.sample(back: back + 1)
            // The change this report announces happened since the report before, at most
            // `spread` seconds ago; before that the previous value held.
            let changeStart = max(previous.time, sample.time - spread)
            addLine(
                from: max(changeStart, start), to: sample.time, startTime: changeStart, startValue: previous.angle,
                endValue: sample.angle, origin: evaluation, weight: 1, into: &fit)
            if changeStart <= start { break }
            addLine(
                from: max(previous.time, start), to: changeStart, startTime: previous.time,
                startValue: previous.angle, endValue: previous.angle, origin: evaluation, weight: 1, into: &fit)
            if previous.time <= start { break }
        }
        return fit.slopeAtZero() ?? 0
    }

    /// When the next report is due after the newest: 1.5 times the mean of the last four
    /// intervals between reports (each counted up to the horizon).
    private func expectedInterval(_ history: SampleHistory) -> Double {
        let count = min(4, history.count - 1)
        var total = 0.0
        for back in 0..<count {
            total += min(history.sample(back: back).time - history.sample(back: back + 1).time, horizon)
        }
        return max(1.5 * total / Double(count), 1e-6)
    }

    /// Adds the stretch `from…to` of the straight line that runs from `startValue` at
    /// `startTime` to `endValue` at `to`; times are measured from `origin`.
    private func addLine(
        from: Double, to: Double, startTime: Double, startValue: Double, endValue: Double, origin: Double,
        weight: Double, into fit: inout WeightedPolynomialFit
    ) {
        let length = to - from
        guard length > 0 else { return }
        // A change is taken to last at least a microsecond, so that reports 1e-308 s apart do
        // not make an infinite slope (found by fuzzing); real traces are never that dense.
        let slope = to > startTime ? (endValue - startValue) / max(to - startTime, 1e-6) : 0
        for (node, nodeWeight) in [
            (Self.nodes.0, Self.nodeWeights.0), (Self.nodes.1, Self.nodeWeights.1), (Self.nodes.2, Self.nodeWeights.2),
        ] {
            let t = from + node * length
            let age = max(0, origin - t)
            let ageWeight = max(0, 1 - (1 - oldestWeight) * age / horizon)
            fit.add(
                x: t - origin, y: startValue + slope * (t - startTime), weight: weight * nodeWeight * length * ageWeight
            )
        }
    }
}
