public import HingeKit

/// The true hinge motion behind a trace, at any time: what a reading is scored against.
///
/// ```swift
/// let truth = GroundTruth.synthetic(SyntheticScenario.named("slow-bend")!.trace)
/// let (angle, velocity, pose) = truth.state(at: 1.25)
/// ```
///
/// Two sources. A trace made by `hingetool synth` names its scenario in its first comment line,
/// and the hand motion is rebuilt exactly from it (the motion depends on the scenario, not on the
/// sensor options, and on the seed only for a scenario that draws its motion from the seed).
/// Any other trace with `true_angle` and `true_velocity` columns is interpolated between its
/// samples by the cubic Hermite curve through those values and slopes — exact while the hinge rests, and close while it moves between dense
/// samples.
public struct GroundTruth: Sendable {
    private enum Source: Sendable {
        case synthetic(SyntheticTrace)
        case columns(times: [Double], angles: [Double], velocities: [Double], poses: [Double?])
        case reference(times: [Double], angles: [Double], interpolation: Interpolation)
    }

    /// How a reference recording is read between its samples.
    public enum Interpolation: String, CaseIterable, Sendable {
        /// Each value holds until the next.
        case held
        /// Straight lines between samples.
        case linear
        /// What a change-triggered reference means: straight lines within a burst of samples,
        /// and across a gap longer than ``restGap`` a rest at the earlier value, then a ramp
        /// into the next sample over the ``rampTime`` before it.
        case change

        /// A gap between two samples of a change-triggered reference longer than this (0.5 s)
        /// is a rest, not a slow move.
        public static let restGap = 0.5
        /// After a rest, the move into the next sample is taken to last this long (0.2 s).
        public static let rampTime = 0.2
    }

    private let source: Source

    private init(source: Source) { self.source = source }

    /// The synthetic trace whose motion this is, when the truth is exact.
    public var syntheticTrace: SyntheticTrace? {
        if case .synthetic(let trace) = source { return trace }
        return nil
    }

    /// The exact motion of a synthetic trace.
    public static func synthetic(_ trace: SyntheticTrace) -> GroundTruth { GroundTruth(source: .synthetic(trace)) }

    /// The exact motion of a synthesised trace, from the provenance line that opens it
    /// (`hingetool synth NAME …`, its first comment): the named scenario's hand motion, which
    /// depends on the scenario alone, not on the sensor, and on the seed only for a scenario that
    /// draws a new motion per seed (`--seed N`, 1 when not given). `nil` for any other line,
    /// an unknown scenario, and a repeated scenario (`… --repeat …`), whose motion is not the
    /// scenario's (its truth columns hold the truth instead).
    ///
    /// ```swift
    /// let truth = GroundTruth(provenance: "hingetool synth slow-bend --seed 1")
    /// ```
    public init?(provenance: String) {
        guard provenance.hasPrefix("hingetool synth "), !provenance.contains(" --repeat "),
            let name = provenance.split(separator: " ").dropFirst(2).first,
            let scenario = SyntheticScenario.named(String(name))
        else { return nil }
        // A scenario whose motion each seed draws anew needs the seed (synth's default is 1).
        let words = provenance.split(separator: " ")
        var seed: UInt64 = 1
        if let flag = words.firstIndex(of: "--seed") {
            guard flag + 1 < words.count, let given = UInt64(words[flag + 1]) else { return nil }
            seed = given
        }
        self.init(source: .synthetic(scenario.trace.drawn(seed: seed)))
    }

    /// Truth interpolated from per-sample columns.
    /// - Precondition: at least one row; times strictly increasing; all values finite.
    public static func columns(
        times: [Double], angles: [Double], velocities: [Double], poses: [Double?]
    )
        -> GroundTruth
    {
        precondition(!times.isEmpty && times.count == angles.count && angles.count == velocities.count)
        precondition(poses.count == times.count)
        return GroundTruth(source: .columns(times: times, angles: angles, velocities: velocities, poses: poses))
    }

    /// Truth from another recording of the same motion (a private fused angle, a motion
    /// capture): its angles at its times, held, linearly interpolated or read as a
    /// change-triggered stream (``Interpolation/change``); the velocity is the slope of the
    /// straight line between the samples for `held` and `linear`, the slope of the piece the
    /// time falls on for `change` (0 during a rest), 0 outside the samples; there is no pose.
    /// - Precondition: at least one row; times strictly increasing; all values finite.
    public static func reference(times: [Double], angles: [Double], interpolation: Interpolation) -> GroundTruth {
        precondition(!times.isEmpty && times.count == angles.count)
        return GroundTruth(source: .reference(times: times, angles: angles, interpolation: interpolation))
    }

    /// The true angle (°), velocity (°/s) and pose (the detent the hand holds or moves to, when
    /// known) at `time`.
    public func state(at time: Double) -> (angle: Double, velocity: Double, pose: Double?) {
        switch source {
        case .synthetic(let trace):
            let state = trace.motion.state(at: time)
            return (state.angle, state.velocity, trace.truePose(at: time))
        case .reference(let times, let angles, let interpolation):
            guard time > times[0] else { return (angles[0], 0, nil) }
            guard time < times[times.count - 1] else { return (angles[angles.count - 1], 0, nil) }
            let (low, high) = Self.interval(times, time)
            let gap = times[high] - times[low]
            if interpolation == .change, gap > Interpolation.restGap {
                // A rest at the earlier value, then a ramp into the next sample.
                let rampStart = times[high] - Interpolation.rampTime
                guard time > rampStart else { return (angles[low], 0, nil) }
                let slope = (angles[high] - angles[low]) / Interpolation.rampTime
                return (angles[low] + slope * (time - rampStart), slope, nil)
            }
            let slope = (angles[high] - angles[low]) / gap
            let angle = interpolation == .held ? angles[low] : angles[low] + slope * (time - times[low])
            return (angle, slope, nil)
        case .columns(let times, let angles, let velocities, let poses):
            guard time > times[0] else { return (angles[0], velocities[0], poses[0]) }
            guard time < times[times.count - 1] else {
                return (angles[angles.count - 1], velocities[velocities.count - 1], poses[poses.count - 1])
            }
            let (low, high) = Self.interval(times, time)
            let h = times[high] - times[low]
            let u = (time - times[low]) / h
            let (a0, a1) = (angles[low], angles[high])
            let (m0, m1) = (velocities[low] * h, velocities[high] * h)
            let u2 = u * u
            let u3 = u2 * u
            let angle = (2 * u3 - 3 * u2 + 1) * a0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * a1 + (u3 - u2) * m1
            let slope =
                ((6 * u2 - 6 * u) * a0 + (3 * u2 - 4 * u + 1) * m0 + (-6 * u2 + 6 * u) * a1 + (3 * u2 - 2 * u) * m1) / h
            // The pose of the move under way is the one the next sample reports.
            return (angle, slope, poses[high])
        }
    }

    /// The neighbouring indices around `time`, strictly inside the times' range (binary search).
    private static func interval(_ times: [Double], _ time: Double) -> (low: Int, high: Int) {
        var low = 0
        var high = times.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle } else { high = middle }
        }
        return (low, high)
    }
}
