/// The posture the hinge puts the phone in, for behaviour rather than looks.
///
/// ```swift
/// var tracker = PostureTracker()
/// tracker.update(angle: 100, status: .partiallyOpen)   // .halfOpen
/// tracker.posture.keepsControlsVisible                  // true: propped up, hands free
/// ```
public enum HingePosture: String, Sendable, Hashable, CaseIterable {
    /// Folded shut.
    case closed
    /// Bent: propped up like a laptop or a tent, or held like a book.
    case halfOpen
    /// Open flat (or a phone without a hinge).
    case flat

    /// Whether a player's controls stay on screen instead of hiding after a while.
    ///
    /// A half-open phone stands on a table and the user watches hands-free; controls that hide
    /// would need a touch to come back, which on a propped phone tips or moves it. So they do
    /// not auto-hide while half-open, and do otherwise.
    public var keepsControlsVisible: Bool { self == .halfOpen }
}
