/// Android's device state for a book-style foldable, reproduced from AOSP's
/// `BookStyleDeviceStatePolicy`.
///
/// ```swift
/// var posture = AndroidBookStylePosture()        // starts opened
/// posture.update(angle: 3)                       // .closed
/// posture.update(angle: 60)                      // still .closed: the tent rule
/// posture.update(angle: 95)                      // .halfOpened
/// ```
///
/// The states and ranges are AOSP's (`services/foldables/devicestateprovider/.../
/// BookStyleDeviceStatePolicy.java`, via ANCHORS.md): closed below 5°, half-opened from 5° to
/// below 125°, opened from 125°. The *tent rule*: a closed phone leaves the closed state only
/// once the hinge reaches 90°, so a phone stood up as a tent keeps its outer screen. AOSP
/// re-enters closed only when the hall sensor agrees; a trace has no hall sensor, so below 5°
/// is taken as the hall sensor closed. The posture-aware variant (sticky 0–45°, or 0–90° when
/// a tent or wedge is likely) is not reproduced.
public struct AndroidBookStylePosture: Hashable, Sendable {
    /// The three device states.
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// Folded shut: the outer screen.
        case closed
        /// Part-way open: tabletop or book.
        case halfOpened = "half-opened"
        /// Open: the inner screen, flat or nearly so.
        case opened
    }

    /// Below this the phone is closed, degrees.
    public static let closedBelow = 5.0
    /// From this the phone is opened, degrees.
    public static let openedFrom = 125.0
    /// A closed phone leaves the closed state only at this angle, degrees (the tent rule).
    public static let tentRelease = 90.0

    /// The current state.
    public private(set) var state: State

    /// A policy in `state` (opened by default: a trace of an open phone).
    public init(state: State = .opened) { self.state = state }

    /// The state of an angle with no history (the ranges without the tent rule).
    public static func state(of angle: Double) -> State {
        angle < closedBelow ? .closed : angle < openedFrom ? .halfOpened : .opened
    }

    /// Takes a hinge angle and returns the new state.
    @discardableResult
    public mutating func update(angle: Double) -> State {
        if state == .closed, angle < Self.tentRelease { return state }
        state = Self.state(of: angle)
        return state
    }
}
