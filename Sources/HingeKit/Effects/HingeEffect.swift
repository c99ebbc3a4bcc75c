/// Maps the hinge's state to the value of an effect on screen.
///
/// ```swift
/// let bloom = BloomEffect()                                   // the 80–170° curve
/// bloom.value(angle: 125, status: .partiallyOpen)            // 0.5
/// bloom.value(angle: nil, status: nil)                       // 1: no hinge, shown open
/// ```
///
/// An effect is a pure function of the newest angle (degrees, `nil` when there is no hinge)
/// and status; ``EffectDriver`` adds the reader, a spring and the motion preference. Each effect
/// also says what it does when the user asks for reduced motion (``reducedMotion``) and which
/// value is its resting, motionless one (``neutralValue``).
public protocol HingeEffect: Sendable {
    /// The effect's value for the hinge's newest angle and status.
    ///
    /// - Parameters:
    ///   - angle: degrees, or `nil` when there is no hinge (or it has gone away).
    ///   - status: the system's status, or `nil` when it reported none.
    /// - Returns: a finite value for every finite angle and for `nil`. HingeKit's effects
    ///   also answer every other angle: ±∞ as the far end of their curve, NaN (which no
    ///   device should report) as `nil`, no hinge.
    /// - Complexity: O(1).
    func value(angle: Double?, status: HingeStatus?) -> Double

    /// The value the effect rests at when it must not move: the upright lean, for example.
    var neutralValue: Double { get }

    /// What the effect does when the user has asked for reduced motion.
    var reducedMotion: EffectReduceMotion { get }

    /// The spring an ``EffectDriver`` uses when none is given.
    var preferredSpring: DampedSpring { get }
}

extension HingeEffect {
    /// SwiftUI's `.smooth` (``DampedSpring/smooth``) unless the effect says otherwise.
    public var preferredSpring: DampedSpring { .smooth }

    /// The value the effect heads for when the hinge reads `angle` and `status`, with the
    /// motion preference applied: the neutral value for an effect that holds still under
    /// Reduce Motion, the effect's value otherwise.
    ///
    /// - Parameters:
    ///   - angle: degrees, or `nil` for no hinge.
    ///   - status: the system's status, or `nil`.
    ///   - reduceMotion: whether the user has asked for reduced motion.
    /// - Complexity: O(1).
    package func target(angle: Double?, status: HingeStatus?, reduceMotion: Bool) -> Double {
        holdsNeutral(reduceMotion: reduceMotion) ? neutralValue : value(angle: angle, status: status)
    }

    /// Whether the effect shows ``neutralValue`` and nothing else: the user asked for reduced
    /// motion and the effect's answer to it is ``EffectReduceMotion/holdNeutral``. The one place
    /// that rule is written; the drivers and previews ask here.
    package func holdsNeutral(reduceMotion: Bool) -> Bool {
        reduceMotion && reducedMotion == .holdNeutral
    }

    /// The animator policy that carries out ``reducedMotion``.
    ///
    /// Without reduced motion the requested policy stands. With it, both behaviours jump:
    /// ``EffectReduceMotion/trackHinge`` jumps to each new value, and
    /// ``EffectReduceMotion/holdNeutral`` jumps once, to the neutral value, which
    /// ``target(angle:status:reduceMotion:)`` then keeps.
    ///
    /// - Parameter requested: the policy asked for; anything but
    ///   ``SpringAnimator/ReduceMotion-swift.enum/off`` means reduced motion.
    /// - Returns: ``SpringAnimator/ReduceMotion-swift.enum/off`` or
    ///   ``SpringAnimator/ReduceMotion-swift.enum/jump``.
    package func animatorPolicy(for requested: SpringAnimator.ReduceMotion) -> SpringAnimator.ReduceMotion {
        requested == .off ? .off : .jump
    }
}
