/// Android's whole unfold pipeline on a hinge trace: device state, fold-state events and the
/// unfold progress, as SystemUI would run them on the same sensor.
///
/// ```swift
/// var android = AndroidUnfoldPipeline()
/// android.ingest(HingeSample(time: 0, angle: 180, status: nil)) { _ in }
/// android.ingest(HingeSample(time: 0.1, angle: 120, status: nil)) { print($0.kind) }  // START_CLOSING
/// let shown = android.value(at: 0.12)
/// ```
///
/// The first angle sets the scene as AOSP's tests do (``AndroidFoldStateEvents/starting(angle:at:configuration:)``):
/// a phone that is open (or closed, below 5°) and has rested there; what that set-up sends is
/// not reported. After it, each angle goes to ``AndroidBookStylePosture``, whose closed state
/// stands in for the hall sensor's fold state: leaving closed reports the phone unfolded before
/// the angle is passed on, entering closed reports it folded after. Updates go to
/// ``AndroidUnfoldProgress`` and to `emit`. Samples without an angle are passed over (Android
/// runs a fixed-timing animation when there is no hinge sensor, which is out of scope here).
/// The inner screen is taken to turn on at once when the phone unfolds.
///
/// **Input policy.** The state machines behind the pipeline require their events in time order;
/// the pipeline takes samples as they come from a device, so it checks them first: a sample
/// whose time is NaN or infinite or lies before the last sample, or whose angle is NaN or
/// infinite, is passed over (nothing changes, no update is sent) and counted in
/// ``ignoredSamples``. ``advance(to:emit:)`` to such a time does nothing.
public struct AndroidUnfoldPipeline: Sendable {
    /// The fold-state events.
    public private(set) var events: AndroidFoldStateEvents
    /// The device state that stands in for the hall sensor.
    public private(set) var posture = AndroidBookStylePosture()
    /// The progress the animation shows.
    public private(set) var unfold = AndroidUnfoldProgress()
    private var started = false
    /// Samples passed over: a time that is not finite or lies before the last sample, or an
    /// angle that is not finite.
    public private(set) var ignoredSamples = 0

    /// A pipeline before its first angle.
    public init(configuration: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration()) {
        events = AndroidFoldStateEvents(configuration: configuration)
    }

    /// Takes a sample (in time order) and reports each fold update it causes; a sample out of
    /// order or not finite is counted in ``ignoredSamples`` and changes nothing.
    public mutating func ingest(_ sample: HingeSample, emit: (AndroidFoldUpdate) -> Void) {
        guard sample.time.isFinite, sample.time >= events.lastTime, sample.angle?.isFinite ?? true else {
            ignoredSamples += 1
            return
        }
        advance(to: sample.time, emit: emit)
        guard let angle = sample.angle else { return }
        let time = sample.time
        guard started else {
            started = true
            let state = AndroidBookStylePosture.state(of: angle)
            posture = AndroidBookStylePosture(state: state)
            if state == .closed {
                events.foldStateChanged(folded: true, at: time) { _ in }
                events.hingeAngle(angle, at: time) { _ in }
                unfold = AndroidUnfoldProgress(progress: 0)
            } else {
                events = AndroidFoldStateEvents.starting(angle: angle, at: time, configuration: events.configuration)
                unfold = AndroidUnfoldProgress(progress: 1)
            }
            return
        }
        let before = posture.state
        let after = posture.update(angle: angle)
        var progress = unfold
        func forward(_ update: AndroidFoldUpdate) {
            progress.foldUpdate(update)
            emit(update)
        }
        if before == .closed, after != .closed { events.foldStateChanged(folded: false, at: time, emit: forward) }
        events.hingeAngle(angle, at: time, emit: forward)
        progress.hingeAngle(angle, at: time)
        if before != .closed, after == .closed { events.foldStateChanged(folded: true, at: time, emit: forward) }
        unfold = progress
    }

    /// Fires a half-folded timeout that ran out by `time` (call before asking for a frame); a
    /// time that is not finite or lies before the last sample or advance does nothing.
    public mutating func advance(to time: Double, emit: (AndroidFoldUpdate) -> Void) {
        guard time.isFinite, time >= events.lastTime else { return }
        var progress = unfold
        events.advance(to: time) { update in
            progress.foldUpdate(update)
            emit(update)
        }
        unfold = progress
    }

    /// The progress shown at `time` (after ``advance(to:emit:)`` to that time).
    public func value(at time: Double) -> Double { unfold.value(at: time) }

    /// The progress shown at `time`.
    @available(*, deprecated, renamed: "value(at:)")
    public func progress(at time: Double) -> Double { value(at: time) }
}
