/// What a ``HingeReader`` says about the hinge at one time.
public struct HingeReading: Hashable, Sendable {
    /// The time read, in seconds.
    public var time: Double
    /// The newest raw angle, in degrees.
    public var angle: Double
    /// The newest status, or `nil`.
    public var status: HingeStatus?
    /// The smoothed angle, in degrees.
    public var position: Double
    /// The angular velocity, in degrees per second (positive = opening).
    public var velocity: Double
    /// Where the hinge is projected to come to rest: position + velocity × projection time.
    public var projected: Double
    /// The detent the hinge rests at or is heading to, in degrees.
    public var snap: Double
    /// Whether the hinge is still (speed below the configuration's resting speed).
    public var isResting: Bool
}
