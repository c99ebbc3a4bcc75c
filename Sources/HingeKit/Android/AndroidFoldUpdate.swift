/// A fold update of Android's `DeviceFoldStateProvider`, with the time and hinge angle it was
/// sent at.
public struct AndroidFoldUpdate: Hashable, Sendable {
    /// The five updates, named as in AOSP's `FoldStateProvider` (`FOLD_UPDATE_…`).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The hinge started opening (or the phone was reported unfolded).
        case startOpening = "START_OPENING"
        /// The hinge started closing.
        case startClosing = "START_CLOSING"
        /// The hinge stopped part-way: no angle for the half-folded timeout, or the screen rotated.
        case finishHalfOpen = "FINISH_HALF_OPEN"
        /// The hinge reached fully open (within 15° of flat) during a transition.
        case finishFullOpen = "FINISH_FULL_OPEN"
        /// The phone was reported folded.
        case finishClosed = "FINISH_CLOSED"

        /// Whether this update starts a transition.
        public var startsTransition: Bool { self == .startOpening || self == .startClosing }
    }

    /// Which update.
    public var kind: Kind
    /// When it was sent, seconds.
    public var time: Double
    /// The hinge angle passed with it, degrees.
    public var angle: Double

    /// An update.
    public init(kind: Kind, time: Double, angle: Double) {
        self.kind = kind
        self.time = time
        self.angle = angle
    }
}
