/// What an effect does under Reduce Motion.
///
/// Apple's Human Interface Guidelines ask apps to "make motion optional" and, where a spring
/// stays, to tighten it so it does not bounce. An effect that *carries information* (how far
/// the phone is open) keeps it and drops only the animation; an effect that is *decoration*
/// (a tilt that suggests depth) is dropped.
public enum EffectReduceMotion: String, Sendable, Hashable, CaseIterable {
    /// The value is the effect of the newest reading at once: no spring lag, no bounce.
    case trackHinge
    /// The value stays at ``HingeEffect/neutralValue``.
    case holdNeutral
}
