/// What happened between two consecutive fold stages, and whether to animate it.
///
/// ```swift
/// let change = FoldChange(from: flat, to: laptop)     // .bend
/// change.spring(reduceMotion: false)                  // .bend: animate the crease
/// FoldChange(from: nil, to: flat)                     // .firstReading: never animated
/// ```
///
/// Stages are compared by their window size, with a tolerance of ``sizeTolerance`` (0.5 pt)
/// for the rounding of layout passes, in this order:
///
/// 1. no previous stage → ``firstReading``;
/// 2. the same window size → ``bend`` if the division turned active or resting, otherwise
///    ``unchanged`` (a division that moves while active changes no layout);
/// 3. width and height swapped → ``turning``;
/// 4. one side kept → ``resizing`` (split view and slide-over change one side);
/// 5. both sides changed → ``opening`` (the area grew: the inner display took over) or
///    ``shutting`` (it shrank: the cover display took over).
public enum FoldChange: String, Sendable, Hashable, CaseIterable {
    /// The first stage: there is nothing to animate from.
    case firstReading
    /// The crease turned active or resting while the window kept its size.
    case bend
    /// A display switch to a larger display (unfolding onto the inner screen).
    case opening
    /// A display switch to a smaller display (folding onto the cover screen).
    case shutting
    /// Width and height swapped: the phone turned.
    case turning
    /// One side changed: split view or a window resized.
    case resizing
    /// Nothing the layout sees.
    case unchanged

    /// Two sizes closer than this, in points, on each side count as the same.
    public static let sizeTolerance = 0.5

    /// Classifies the change from `previous` to `next`.
    ///
    /// - Parameters:
    ///   - previous: the stage before, or `nil` for the first layout pass.
    ///   - next: the new stage.
    /// - Complexity: O(1).
    public init(from previous: FoldStage?, to next: FoldStage) {
        guard let previous else {
            self = .firstReading
            return
        }
        let old = previous.windowSize
        let new = next.windowSize
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= Self.sizeTolerance }
        if same(old.width, new.width), same(old.height, new.height) {
            self = (previous.division == nil) != (next.division == nil) ? .bend : .unchanged
        } else if same(old.width, new.height), same(old.height, new.width) {
            self = .turning
        } else if same(old.width, new.width) || same(old.height, new.height) {
            self = .resizing
        } else {
            self = new.width * new.height > old.width * old.height ? .opening : .shutting
        }
    }

    /// The bend spring, SwiftUI's `interpolatingSpring(mass: 0.9, stiffness: 280, damping: 24)`.
    public static let bendSpring = DampedSpring.bend

    /// The spring to animate this change with, or `nil` to change in one step.
    ///
    /// Only a bend animates: the window keeps its size, so the crease can move smoothly while
    /// the content stays where it is. The first reading is placed, not animated; a display
    /// switch, a turn or a resize re-lays out the window (animating a different layout through
    /// a spring looks like a glitch); and under Reduce Motion nothing animates, as Apple's
    /// Human Interface Guidelines ask ("make motion optional").
    ///
    /// - Parameter reduceMotion: whether the user has asked for reduced motion.
    /// - Returns: ``bendSpring`` for a bend without Reduce Motion, otherwise `nil`.
    public func spring(reduceMotion: Bool) -> DampedSpring? {
        self == .bend && !reduceMotion ? Self.bendSpring : nil
    }
}
