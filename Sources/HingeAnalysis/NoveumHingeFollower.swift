public import HingeKit
internal import HingeSupport

/// A peer that reads the same sensors: the motion filter of the open-source MacBook lid-angle
/// app Noveum/hinge, written here from its published description (its numbers, this project's
/// code), as a baseline for `hingetool score` and a family of `score --frontier`.
///
/// ```swift
/// let peer = NoveumHingeFollower(scale: .progress)
/// try peer.ingest(HingeSample(time: 0, angle: 90, status: nil))
/// let shown = peer.value(at: 0.1)        // 90 / 165: a first reading is placed, not animated
/// ```
///
/// What the description says (`Noveum/hinge: MOTION.md`, "Motion timing"), and the constants
/// its source gives where the description names none (`Sources/LidMotion.swift`):
///
/// - **Noise band 0.6°.** The tracked angle moves only as far as it must to stay within 0.6° of
///   the newest reading: `tracked ← clamp(tracked, reading − 0.6, reading + 0.6)`, so alternating
///   adjacent whole degrees do not move it.
/// - **Velocity low-pass, τ 60 ms.** Each reading's change of the tracked angle over the time
///   since the one before (at least 1 ms) is blended in with weight `1 − e^(−dt/τ)`. Between
///   readings the estimate fades: after 25 ms of silence it decays with a time constant of 80 ms.
/// - **Look-ahead 35 ms, at most 0.75°.** The target is `tracked + clamp(v · 0.035, ±0.75)`.
/// - **Critically damped follower, ω 30 → 55 rad/s.** `x″ = ω²(target − x) − 2ω x′`, with
///   `ω = 30 + min(0.55 · |v|, 25)` rad/s (v in °/s): 55 from 45.5 °/s up. It is stepped once per
///   display frame, each step exact for that frame's target and ω.
/// - **Direction held.** Between readings the shown value does not turn back until a reading
///   reverses the tracked angle's direction (a step that would turn back holds, at rest); close
///   to the target and slow (10⁻⁵ of the progress, 10⁻⁴ per second) it lands on it.
///
/// The app steps its follower at each 60 Hz display frame; here it steps on its own 120 Hz frame
/// clock from the first sample (the frame rate HingeKit's scores use), so the value does not
/// depend on how often it is asked. ``scale`` maps the angle to what is shown: the unfold
/// progress clamp(angle / 165) (the app maps its lid angle to a closure fraction the same way,
/// linearly) or the angle itself (a position, for `score`). ``responseScale`` multiplies both
/// ends of ω: the frontier's knob (1 is the app's).
///
/// - Complexity: O(1) per sample; `value(at:)` costs O(frames since the last call).
///
/// A class: `value(at:)` advances the follower's frames to the time asked, and a reading first
/// steps the frames before its time, as a display link would have drawn them; so times asked
/// and readings must come in time order (an earlier time answers the last frame's value).
public final class NoveumHingeFollower: HingeDisplay {
    /// What the follower shows.
    public enum Scale: Sendable {
        /// The unfold progress, clamp(angle / 165°, 0, 1).
        case progress
        /// The angle, in degrees (0…360°).
        case degrees
    }

    /// The noise band, degrees.
    public static let noiseBand = 0.6
    /// The velocity low-pass time constant, seconds.
    public static let velocityTimeConstant = 0.06
    /// Silence after which the velocity starts to fade, seconds.
    public static let velocityHold = 0.025
    /// The velocity's fading time constant after ``velocityHold``, seconds.
    public static let velocityFade = 0.08
    /// The look-ahead, seconds.
    public static let lookAhead = 0.035
    /// The look-ahead's cap, degrees.
    public static let lookAheadCap = 0.75
    /// The follower's ω at rest, rad/s.
    public static let slowResponse = 30.0
    /// The follower's ω at speed, rad/s.
    public static let fastResponse = 55.0
    /// The rise of ω per °/s of estimated speed, up to ``fastResponse``.
    public static let responsePerSpeed = 0.55
    /// The follower's frame rate here, frames per second.
    public static let frameRate = 120.0

    /// What is shown.
    public let scale: Scale
    /// The factor on ω (both ends).
    public let responseScale: Double

    private var tracked: Double?
    private var velocity = 0.0
    private var direction = 0.0
    private var lastSampleTime = 0.0
    private var firstTime: Double?
    private var frame = 0
    private var shown = 0.0
    private var shownVelocity = 0.0
    /// Checks each sample as HingeKit's drivers do (their reader), so that a comparison's
    /// displays refuse the same samples.
    private var checks = HingeReader()

    /// A follower showing `scale`, its ω multiplied by `responseScale` (> 0).
    public init(scale: Scale = .progress, responseScale: Double = 1) {
        precondition(responseScale > 0 && responseScale.isFinite)
        self.scale = scale
        self.responseScale = responseScale
    }

    /// Takes a reading; a sample without an angle (no hinge) starts the follower again.
    ///
    /// - Throws: `DriverEventError.sample` for a sample HingeKit's reader refuses (a time that
    ///   is not finite or goes back, an angle that is not finite or out of range); the follower
    ///   is then unchanged.
    public func ingest(_ sample: HingeSample) throws(DriverEventError) {
        try checks.ingestAsDisplay(sample)
        guard let angle = sample.angle else {
            tracked = nil
            return
        }
        if firstTime == nil { firstTime = sample.time }
        // The frames before this reading were drawn before it arrived.
        advance(through: sample.time, including: false)
        if let previous = tracked, sample.time >= lastSampleTime {
            let dt = max(sample.time - lastSampleTime, 0.001)
            let next = min(max(previous, angle - Self.noiseBand), angle + Self.noiseBand)
            if next != previous { direction = next > previous ? 1 : -1 }
            let measured = (next - previous) / dt
            velocity += (measured - velocity) * (1 - exp(-dt / Self.velocityTimeConstant))
            tracked = next
        } else {
            // The first reading (or the first after no hinge) is placed, not animated.
            tracked = angle
            velocity = 0
            direction = 0
            shown = mapped(angle)
            shownVelocity = 0
        }
        lastSampleTime = sample.time
    }

    /// The velocity estimate at `time`, °/s: held for 25 ms after the last reading, then fading.
    public func estimatedVelocity(at time: Double) -> Double {
        velocity * exp(-max(time - lastSampleTime - Self.velocityHold, 0) / Self.velocityFade)
    }

    /// The value shown at `time`: the frames up to it are stepped first. Before any angle, and
    /// with no hinge, 1 for the progress (a flat phone) and 180 for the angle.
    public func value(at time: Double) -> Double {
        guard tracked != nil else { return scale == .progress ? 1 : 180 }
        advance(through: time, including: true)
        return shown
    }

    /// Steps the frames up to `time` (and at it, when `including`).
    private func advance(through time: Double, including: Bool) {
        guard tracked != nil, let firstTime else { return }
        let dt = 1 / Self.frameRate
        while true {
            let next = firstTime + Double(frame + 1) * dt
            guard next < time || (including && next == time) else { return }
            frame += 1
            step(at: next, dt: dt)
        }
    }

    /// One frame: the target and ω of its time, the exact critically damped motion over `dt`,
    /// then the direction and range rules.
    private func step(at time: Double, dt: Double) {
        guard let tracked else { return }
        let v = estimatedVelocity(at: time)
        let ahead = min(max(v * Self.lookAhead, -Self.lookAheadCap), Self.lookAheadCap)
        let target = mapped(tracked + ahead)
        let omega =
            responseScale
            * (Self.slowResponse + min(abs(v) * Self.responsePerSpeed, Self.fastResponse - Self.slowResponse))
        let offset = shown - target
        let travel = (shownVelocity + omega * offset) * dt
        let decay = exp(-omega * dt)
        let previous = shown
        shown = target + (offset + travel) * decay
        shownVelocity = (shownVelocity - omega * travel) * decay
        // The value keeps the readings' direction: a step back holds, at rest.
        if (direction > 0 && shown < previous) || (direction < 0 && shown > previous) {
            shown = previous
            shownVelocity = 0
        }
        // Close enough and slow enough, it lands on the target (10⁻⁵ of the progress, 10⁻⁴ per
        // second), unless landing would turn it back.
        let unit = scale == .progress ? 1.0 : 165
        let landing = direction == 0 || (direction > 0 && target >= shown) || (direction < 0 && target <= shown)
        if landing, abs(shown - target) < 1e-5 * unit, abs(shownVelocity) < 1e-4 * unit {
            shown = target
            shownVelocity = 0
        }
        let range = scale == .progress ? 0.0...1.0 : 0.0...360.0
        if !range.contains(shown) {
            shown = min(max(shown, range.lowerBound), range.upperBound)
            shownVelocity = 0
        }
    }

    private func mapped(_ angle: Double) -> Double {
        scale == .progress ? UnfoldScorer.trueProgress(angle) : min(max(angle, 0), 360)
    }
}

extension NoveumHingeFollower {
    /// The follower's reading of a trace on the scoring grid (``ReadingScorer/grid(for:)``), for
    /// `hingetool score`: the angle it shows as the position, its velocity estimate as the
    /// velocity, no snap (the app has none); no hinge reads as undefined, as in
    /// ``ReadingScorer/read(_:configuration:)``.
    public static func series(_ samples: [HingeSample]) -> ReadingScorer.Series {
        let times = ReadingScorer.grid(for: samples)
        var follower = NoveumHingeFollower(scale: .degrees)
        var refused = RefusedSamples()
        var next = 0
        var positions: [Double] = []
        var velocities: [Double] = []
        positions.reserveCapacity(times.count)
        velocities.reserveCapacity(times.count)
        for time in times {
            while next < samples.count, samples[next].time <= time {
                follower.ingest(samples[next], noting: &refused)
                next += 1
            }
            let hinge = follower.tracked != nil
            positions.append(hinge ? follower.value(at: time) : .nan)
            velocities.append(hinge ? follower.estimatedVelocity(at: time) : .nan)
        }
        var series = ReadingScorer.Series(times: times, positions: positions, velocities: velocities, snaps: nil)
        series.refused = refused
        return series
    }
}
