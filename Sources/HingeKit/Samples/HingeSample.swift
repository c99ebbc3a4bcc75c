/// One reading of the hinge: when, at what angle, and with which status.
///
/// ```swift
/// let sample = HingeSample(time: 0.016, angle: 112, status: .partiallyOpen)
/// ```
///
/// Times are in seconds on any monotonic clock; angles in degrees, 0° closed and 180° flat
/// (a device that folds back, such as Surface Duo, reports up to 360°). A `nil` angle means
/// the device has no hinge, or has stopped reporting one.
public struct HingeSample: Hashable, Sendable, Codable {
    /// Seconds on a monotonic clock.
    public var time: Double
    /// Degrees; `nil` when there is no hinge.
    public var angle: Double?
    /// The system's status, or `nil` when it reported none.
    public var status: HingeStatus?

    /// A sample at `time` seconds with `angle` in degrees (`nil`: no hinge).
    public init(time: Double, angle: Double?, status: HingeStatus? = nil) {
        self.time = time
        self.angle = angle
        self.status = status
    }

    /// A sample from an API that reports radians, such as `UIHinge.angle` on iOS 27.1.
    public init(time: Double, radians: Double?, status: HingeStatus? = nil) {
        self.init(time: time, angle: radians.map { $0 * (180 / Double.pi) }, status: status)
    }
}
