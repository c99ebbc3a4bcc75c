/// Android's unfold progress, reproduced from AOSP's
/// `PhysicsBasedUnfoldTransitionProgressProvider`.
///
/// ```swift
/// var progress = AndroidUnfoldProgress()
/// progress.foldUpdate(AndroidFoldUpdate(kind: .startClosing, time: 0, angle: 180))
/// progress.hingeAngle(150, at: 0)
/// progress.value(at: 0.05)   // the spring on its way from 1 toward 150/165
/// ```
///
/// During a transition each hinge angle becomes the target saturate(angle / 165) of a spring
/// (stiffness 600, damping ratio 1, unit mass), retargeted on every angle with its velocity
/// kept; the spring rests once it is within 0.75 × the minimum visible change (0.001) of the
/// target and slower than 62.5 times that per second (androidx `SpringAnimation`). A
/// `FINISH_FULL_OPEN` or `FINISH_HALF_OPEN` ends the transition with a canned animation to 1
/// lasting 1000 ms × (1 − progress), eased by ``FastOutExtraSlowIn``, during which angles are
/// ignored; a `START_CLOSING` during it hands back to the spring (from the canned value, at
/// rest). `FINISH_CLOSED` jumps to 0. Outside a transition the progress holds (1 once
/// unfolded), and `START_OPENING` starts a transition from 0 (the inner screen turning on),
/// `START_CLOSING` from 1. Constants from AOSP, `frameworks/base/packages/SystemUI/unfold/`
/// (`DeviceFoldStateProvider.kt`, `PhysicsBasedUnfoldTransitionProgressProvider.kt`).
///
/// The spring is ``DampedSpring/androidUnfold``: AOSP's constant, not one of the presets an
/// app tunes, so this reproduction does not change when those do.
public struct AndroidUnfoldProgress: Sendable {
    /// The hinge angle at which the progress reaches 1 (AOSP's `FINAL_HINGE_ANGLE_POSITION`).
    public static let unfoldedAngle = 165.0
    /// Android's unfold spring: stiffness 600, damping ratio 1, unit mass.
    public static let spring = DampedSpring.androidUnfold
    /// The smallest change of progress worth drawing (`setMinimumVisibleChange`).
    public static let minimumVisibleChange = 0.001
    /// The canned finish lasts this many seconds times the distance left to 1.
    public static let cannedDuration = 1.0

    private enum Phase: Hashable, Sendable {
        case holding(Double)
        case spring(value: Double, velocity: Double, time: Double, target: Double)
        case canned(from: Double, time: Double, duration: Double)
    }

    private var phase = Phase.holding(1)
    /// The time of the newest update or angle: events come in time order, as in
    /// ``AndroidFoldStateEvents``.
    private var lastTime = -Double.infinity

    /// Resting at `progress` outside a transition (1: unfolded, as a trace of an open phone
    /// starts).
    public init(progress: Double = 1) { phase = .holding(progress) }

    /// Whether a transition is running (the spring or the canned finish).
    public var isTransitionRunning: Bool {
        if case .holding = phase { return false }
        return true
    }

    /// Whether the canned finish is running (angles are ignored).
    public var isFinishing: Bool {
        if case .canned = phase { return true }
        return false
    }

    /// Acts on a fold update.
    ///
    /// - Precondition: the update's time is finite and not before the last update or angle.
    public mutating func foldUpdate(_ update: AndroidFoldUpdate) {
        let time = update.time
        checkOrder(time)
        switch update.kind {
        case .finishFullOpen, .finishHalfOpen:
            guard isTransitionRunning, !isFinishing else { return }
            let current = value(at: time)
            phase = .canned(from: current, time: time, duration: Self.cannedDuration * (1 - current))
        case .finishClosed:
            phase = .holding(0)
        case .startClosing:
            switch phase {
            case .holding:
                phase = .spring(value: 1, velocity: 0, time: time, target: 1)
            case .canned:
                let current = value(at: time)
                phase = .spring(value: current, velocity: 0, time: time, target: current)
            case .spring:
                break
            }
        case .startOpening:
            if case .holding = phase { phase = .spring(value: 0, velocity: 0, time: time, target: 0) }
        }
    }

    /// A hinge angle: the spring's new target during a transition, ignored otherwise.
    ///
    /// - Precondition: `time` is finite and not before the last update or angle.
    public mutating func hingeAngle(_ angle: Double, at time: Double) {
        checkOrder(time)
        guard case .spring(let value, let velocity, let start, let target) = phase else { return }
        let state = Self.springState(value: value, velocity: velocity, target: target, elapsed: time - start)
        let goal = min(max(angle / Self.unfoldedAngle, 0), 1)
        phase = .spring(value: state.value, velocity: state.velocity, time: time, target: goal)
    }

    /// The progress shown at `time` (not before the last event).
    @available(*, deprecated, renamed: "value(at:)")
    public func progress(at time: Double) -> Double { value(at: time) }

    /// The progress shown at `time` (not before the last event): the one query, named as
    /// ``EffectDriver/value(at:)`` and ``UnfoldDriver/value(at:)`` are. It is in 0…1 for
    /// every `time`: a NaN time or one before the spring started reads the spring's start, and
    /// +∞ the spring at rest on its target.
    public func value(at time: Double) -> Double {
        switch phase {
        case .holding(let value):
            return value
        case .spring(let value, let velocity, let start, let target):
            return Self.springState(value: value, velocity: velocity, target: target, elapsed: time - start).value
        case .canned(let from, let start, let duration):
            guard duration > 0 else { return 1 }
            return from + (1 - from) * FastOutExtraSlowIn.value(at: (time - start) / duration)
        }
    }

    private mutating func checkOrder(_ time: Double) {
        precondition(time.isFinite && time >= lastTime, "events must come in time order")
        lastTime = time
    }

    /// The spring's state after `elapsed` seconds, at rest on the target once within the
    /// thresholds of androidx's `SpringForce.isAtEquilibrium`.
    private static func springState(
        value: Double, velocity: Double, target: Double, elapsed: Double
    ) -> (value: Double, velocity: Double) {
        // `elapsed > 0` is false for NaN; an infinite elapsed time is the largest finite one.
        let deltaTime = elapsed > 0 ? min(elapsed, .greatestFiniteMagnitude) : 0
        let state = spring.update(value: value, velocity: velocity, target: target, deltaTime: deltaTime)
        let threshold = 0.75 * minimumVisibleChange
        if abs(state.value - target) < threshold, abs(state.velocity) < threshold * 62.5 { return (target, 0) }
        return state
    }
}
