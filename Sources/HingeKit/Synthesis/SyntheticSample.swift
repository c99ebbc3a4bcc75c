/// One row of a synthetic trace: what the app saw, and the truth behind it.
public struct SyntheticSample: Hashable, Sendable {
    /// What the app received.
    public var sample: HingeSample
    /// The hand's angle at the sample's time (degrees), `nil` without a hinge.
    public var trueAngle: Double?
    /// The hand's angular velocity at the sample's time (degrees per second).
    public var trueVelocity: Double?
    /// The detent nearest to the angle the hand is holding or moving to (see
    /// ``SyntheticTrace/poseDetents``): what a snap reading should show; `nil` without a hinge.
    public var truePose: Double?
}
