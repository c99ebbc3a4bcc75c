internal import HingeSupport

/// The tilt of the screen about its vertical axis, relative to a calibrated zero pose, and
/// its prediction a latency ahead from the gyroscope's rate.
///
/// ```swift
/// let tilt = TiltTracker(zero: attitudeWhenTheUserTapped)
/// let degrees = tilt.tilt(of: attitude)
/// let shown = tilt.predictedTilt(of: attitude, rotationRate: gyro, latency: 0.030)
/// ```
///
/// The tilt is the angle of the screen's normal, seen from above in the zero pose:
/// `θ = atan2(n.x, n.z)` with `n` the relative attitude's third column. It is exactly the
/// angle of a pure turn about the vertical axis, ignores turns in the screen's plane, and
/// ignores tipping toward or away from the viewer about the horizontal axis (which leaves
/// the normal's horizontal direction unchanged). Positive takes the right edge away from the
/// viewer, as ``FrostedGlass`` expects.
public struct TiltTracker: Hashable, Sendable {
    /// The attitude that counts as zero tilt.
    public let zero: DeviceAttitude

    /// A tracker whose zero tilt is the attitude `zero` (the calibrated pose).
    public init(zero: DeviceAttitude) { self.zero = zero }

    /// The screen normal in the zero pose's device coordinates.
    private func normal(_ attitude: DeviceAttitude) -> (x: Double, y: Double, z: Double) {
        let relative = attitude.relative(to: zero).rows
        return (relative[0][2], relative[1][2], relative[2][2])
    }

    /// The tilt of `attitude`, in degrees, −180…180.
    ///
    /// - Complexity: O(1).
    public func tilt(of attitude: DeviceAttitude) -> Double {
        let n = normal(attitude)
        return atan2(n.x, n.z) * 180 / .pi
    }

    /// How fast the tilt changes, in degrees per second, for a gyroscope rate.
    ///
    /// The normal moves as `ṅ = R·(ω × e_z) = R·(ω_y, −ω_x, 0)`, and
    /// `θ̇ = (n.z·ṅ.x − n.x·ṅ.z) / (n.x² + n.z²)`: exact for the instant.
    ///
    /// - Parameters:
    ///   - attitude: the current attitude.
    ///   - rotationRate: the gyroscope's rate about the device's x, y and z axes, in radians
    ///     per second (as Core Motion and Android report it).
    /// - Returns: degrees per second; 0 when the normal is vertical in the zero pose's frame
    ///   (the tilt is undefined there), and 0 when a component of the rate is NaN or infinite
    ///   (a gyroscope reading that says nothing about the turn); finite for every finite rate
    ///   (a rate too large for a `Double` is the largest one).
    public func tiltRate(
        of attitude: DeviceAttitude, rotationRate: (x: Double, y: Double, z: Double)
    ) -> Double {
        guard rotationRate.x.isFinite, rotationRate.y.isFinite, rotationRate.z.isFinite else { return 0 }
        let relative = attitude.relative(to: zero).rows
        let n = normal(attitude)
        // Beyond 1e150 rad/s the products would overflow: the rate is computed for the rate
        // scaled down to 1 and scaled back (÷1 and ×1 are exact, so ordinary rates are as before).
        let largest = max(abs(rotationRate.x), abs(rotationRate.y))
        let scale = largest > 1e150 ? largest : 1
        let change = (rotationRate.y / scale, -rotationRate.x / scale, 0.0)
        let dx = relative[0][0] * change.0 + relative[0][1] * change.1
        let dz = relative[2][0] * change.0 + relative[2][1] * change.1
        let horizontal = n.x * n.x + n.z * n.z
        guard horizontal > 0 else { return 0 }
        return Self.finite((n.z * dx - n.x * dz) / horizontal * 180 / .pi * scale)
    }

    /// `value` within ±`Double.greatestFiniteMagnitude`: a rate or prediction too large for a
    /// `Double` is the largest one, never ∞.
    private static func finite(_ value: Double) -> Double {
        min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// The tilt `latency` seconds ahead: the tilt now plus its rate times the latency.
    ///
    /// A first-order prediction, exact for a steady turn about the vertical axis; it covers
    /// the time between the sensor reading and the frame reaching the eye (a few frames), over
    /// which a hand's turn changes little.
    ///
    /// - Parameters:
    ///   - attitude: the current attitude.
    ///   - rotationRate: as in ``tiltRate(of:rotationRate:)``.
    ///   - latency: seconds, ≥ 0.
    /// - Returns: degrees, finite (at most ±`Double.greatestFiniteMagnitude`).
    public func predictedTilt(
        of attitude: DeviceAttitude, rotationRate: (x: Double, y: Double, z: Double), latency: Double
    ) -> Double {
        Self.finite(tilt(of: attitude) + tiltRate(of: attitude, rotationRate: rotationRate) * latency)
    }
}
