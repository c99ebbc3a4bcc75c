/// Android's fold-state events, reproduced from AOSP's `DeviceFoldStateProvider`.
///
/// ```swift
/// var events = AndroidFoldStateEvents.starting(angle: 180, at: 0)
/// events.hingeAngle(90, at: 0.1) { print($0.kind) }   // START_CLOSING
/// ```
///
/// SystemUI reads the hinge through this state machine before its unfold animation: each
/// hinge angle may start a transition (``AndroidFoldUpdate/Kind/startOpening`` or
/// ``AndroidFoldUpdate/Kind/startClosing``), and a transition finishes when the hinge comes
/// within 15° of flat, when no angle arrives for the half-folded timeout, when the screen
/// rotates, or when the phone is reported folded. The rules and constants are AOSP's
/// (`packages/SystemUI/unfold/.../updates/DeviceFoldStateProvider.kt`, read 2026-12):
///
/// - the direction is *closing* when the angle is below the previous angle; while a transition
///   is in progress, a change of direction makes the previous angle the new reference (the
///   *angle before the transition*);
/// - the candidate is `START_CLOSING` when the angle is below the reference, else
///   `START_OPENING`; it is sent when it moved more than ``changeThreshold`` (7.5°) from the
///   reference, differs from the last update, the hinge is not fully open (180° − angle <
///   ``fullyOpenThreshold``, 15°), the inner screen has turned on since the phone was last
///   unfolded and is the one in use, and — over an app — the angle
///   is below ``closingThresholdOverApps`` (60°). As in AOSP, that last test is made on the
///   angle whatever the candidate's direction;
/// - sending a start or finish update moves the reference to the angle sent with it (the
///   previous angle for a start, the current one for `FINISH_FULL_OPEN`);
/// - during a transition, a fully open angle sends `FINISH_FULL_OPEN`; any other angle
///   restarts the half-folded timeout, which sends `FINISH_HALF_OPEN` when it runs out.
///
/// Time is explicit: every call takes the time of its event and first fires a timeout that ran
/// out before it (``advance(to:emit:)`` fires one without an event). Updates are handed to a
/// closure as they are sent, so nothing is allocated.
public struct AndroidFoldStateEvents: Sendable {
    /// AOSP's `HINGE_ANGLE_CHANGE_THRESHOLD_DEGREES`: smaller moves are noise.
    public static let changeThreshold = 7.5
    /// AOSP's `FULLY_OPEN_THRESHOLD_DEGREES`: within this of 180° the hinge is fully open.
    public static let fullyOpenThreshold = 15.0
    /// AOSP's `START_CLOSING_ON_APPS_THRESHOLD_DEGREES`: over an app, transitions start only
    /// below this angle.
    public static let closingThresholdOverApps = 60.0

    /// What the state machine is set up with.
    public struct Configuration: Hashable, Sendable {
        /// Seconds without a hinge angle after which a transition finishes half open. 1 s by
        /// default, SystemUI's `config_unfoldTransitionHalfFoldedTimeout`; earlier versions
        /// hard-coded 600 ms and AOSP's tests use 300 ms.
        public var halfFoldedTimeout: Double
        /// Whether an app (not the launcher or the keyguard) is on screen, which holds back
        /// transitions until the hinge is below 60°.
        public var overApps: Bool

        /// A configuration; the defaults are AOSP's.
        /// - Precondition: `halfFoldedTimeout` is positive and finite.
        public init(halfFoldedTimeout: Double = 1.0, overApps: Bool = false) {
            precondition(halfFoldedTimeout > 0 && halfFoldedTimeout.isFinite, "the timeout must be positive")
            self.halfFoldedTimeout = halfFoldedTimeout
            self.overApps = overApps
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The last update sent, if any.
    public private(set) var lastUpdate: AndroidFoldUpdate.Kind?
    /// The last hinge angle (0 until the first, as in AOSP).
    public private(set) var lastAngle = 0.0
    /// The reference a move is measured from (0 until the first transition, as in AOSP).
    public private(set) var angleBeforeTransition = 0.0
    /// Whether the large (inner) screen is on; on the small screen no hinge angle starts a
    /// transition. `true` by default.
    public private(set) var isOnLargeScreen = true
    /// Whether the inner screen has turned on since the phone was last reported unfolded
    /// (AOSP's `isUnfoldHandled`): while folded, hinge angles start nothing. The screen is
    /// taken to turn on as soon as the phone is reported unfolded.
    public private(set) var isUnfoldHandled = true
    /// When the half-folded timeout runs out, if it is running.
    public private(set) var timeoutDeadline: Double?
    /// The last event's time (−∞ before the first); ``AndroidUnfoldPipeline`` checks a sample's
    /// time against it before handing the sample on.
    private(set) var lastTime = -Double.infinity

    /// A state machine before any event, as AOSP's provider starts.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The state AOSP's tests start from (`setInitialHingeAngle`): the phone reported
    /// unfolded, then `angle`, then a rest long enough for the half-folded timeout to run out.
    /// What this set-up sends is not reported; the result is resting at `angle` with no
    /// transition in progress.
    ///
    /// - Parameters:
    ///   - angle: the first hinge angle, degrees.
    ///   - time: the time of that angle; the set-up's timeout is taken to have run out by then.
    ///   - configuration: as in ``init(configuration:)``.
    public static func starting(
        angle: Double, at time: Double, configuration: Configuration = Configuration()
    ) -> AndroidFoldStateEvents {
        var events = AndroidFoldStateEvents(configuration: configuration)
        let setUp = time - configuration.halfFoldedTimeout
        events.foldStateChanged(folded: false, at: setUp) { _ in }
        events.hingeAngle(angle, at: setUp) { _ in }
        events.advance(to: time) { _ in }
        return events
    }

    /// Whether a transition (a start update not yet finished) is in progress.
    public var isTransitionInProgress: Bool { lastUpdate?.startsTransition ?? false }

    /// Fires the half-folded timeout if it ran out at or before `time`.
    ///
    /// - Parameters:
    ///   - time: not before the last event.
    ///   - emit: called with each update sent, in order.
    /// - Precondition: `time` is finite and not before the last event.
    public mutating func advance(to time: Double, emit: (AndroidFoldUpdate) -> Void) {
        precondition(time.isFinite && time >= lastTime, "events must come in time order")
        lastTime = time
        guard let deadline = timeoutDeadline, deadline <= time else { return }
        timeoutDeadline = nil
        if isTransitionInProgress { send(.finishHalfOpen, angle: lastAngle, at: deadline, emit: emit) }
    }

    /// A hinge angle from the sensor.
    ///
    /// - Parameters:
    ///   - angle: degrees; a NaN or infinite angle only runs the timers to `time` (no update
    ///     carries it).
    ///   - time: seconds, not before the last event.
    ///   - emit: called with each update sent, in order (a timeout that ran out first).
    /// - Precondition: `time` is finite and not before the last event.
    public mutating func hingeAngle(_ angle: Double, at time: Double, emit: (AndroidFoldUpdate) -> Void) {
        advance(to: time, emit: emit)
        guard angle.isFinite else { return }
        let isClosing = angle < lastAngle
        let direction: AndroidFoldUpdate.Kind = isClosing ? .startClosing : .startOpening
        if isTransitionInProgress, direction != lastUpdate { angleBeforeTransition = lastAngle }
        let candidate: AndroidFoldUpdate.Kind = angle < angleBeforeTransition ? .startClosing : .startOpening
        let isFullyOpen = 180 - angle < Self.fullyOpenThreshold
        let thresholdMet = !configuration.overApps || angle < Self.closingThresholdOverApps
        if abs(angle - angleBeforeTransition) > Self.changeThreshold, candidate != lastUpdate, !isFullyOpen,
            isUnfoldHandled, isOnLargeScreen, thresholdMet
        {
            send(candidate, angle: lastAngle, at: time, emit: emit)
        }
        if isTransitionInProgress {
            if isFullyOpen {
                timeoutDeadline = nil
                send(.finishFullOpen, angle: angle, at: time, emit: emit)
            } else {
                timeoutDeadline = time + configuration.halfFoldedTimeout
            }
        }
        lastAngle = angle
    }

    /// The phone was reported folded or unfolded (the hall sensor's device state).
    ///
    /// Unfolded resets the last angle to 0 and sends `START_OPENING`; folded sends
    /// `FINISH_CLOSED`. A report that does not change the state is still acted on, as in AOSP.
    public mutating func foldStateChanged(folded: Bool, at time: Double, emit: (AndroidFoldUpdate) -> Void) {
        advance(to: time, emit: emit)
        timeoutDeadline = nil
        isUnfoldHandled = !folded
        if folded {
            send(.finishClosed, angle: lastAngle, at: time, emit: emit)
        } else {
            lastAngle = 0
            send(.startOpening, angle: 0, at: time, emit: emit)
        }
    }

    /// The screen rotated: a transition in progress finishes half open.
    public mutating func rotationChanged(at time: Double, emit: (AndroidFoldUpdate) -> Void) {
        advance(to: time, emit: emit)
        guard isTransitionInProgress else { return }
        timeoutDeadline = nil
        send(.finishHalfOpen, angle: lastAngle, at: time, emit: emit)
    }

    /// Whether the large screen is on (`true`) or the small outer one.
    public mutating func setLargeScreen(_ isLarge: Bool) { isOnLargeScreen = isLarge }

    private mutating func send(
        _ kind: AndroidFoldUpdate.Kind, angle: Double, at time: Double, emit: (AndroidFoldUpdate) -> Void
    ) {
        angleBeforeTransition = angle
        lastUpdate = kind
        emit(AndroidFoldUpdate(kind: kind, time: time, angle: angle))
    }
}
