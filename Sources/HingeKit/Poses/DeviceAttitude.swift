internal import HingeSupport

/// The phone's orientation: the rotation that takes device coordinates to a reference frame.
///
/// ```swift
/// let zero = DeviceAttitude(quaternion: (w: 1, x: 0, y: 0, z: 0))
/// let now = DeviceAttitude(rows: motion.rotationMatrixRows)
/// ```
///
/// Device coordinates as Core Motion and Android's sensors use them: x to the right of the
/// screen, y up along it, z out of the screen toward the viewer.
public struct DeviceAttitude: Hashable, Sendable {
    /// The rotation matrix, row by row: `rows[i][j]` is row `i`, column `j`.
    public let rows: [[Double]]

    /// An attitude from a rotation matrix, row by row.
    ///
    /// - Precondition: three rows of three finite numbers.
    public init(rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isFinite) })
        self.rows = rows
    }

    /// An attitude from a unit quaternion (normalised here, so a slightly off one is fine).
    ///
    /// - Precondition: finite and not zero.
    public init(quaternion q: (w: Double, x: Double, y: Double, z: Double)) {
        let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        precondition(norm > 0 && norm.isFinite, "the quaternion must be finite and not zero")
        let (w, x, y, z) = (q.w / norm, q.x / norm, q.y / norm, q.z / norm)
        self.init(rows: [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ])
    }

    /// The rotation by `degrees` about the device's vertical (y) axis.
    ///
    /// - Precondition: `degrees` is finite (any finite angle, taken modulo 360°).
    public static func aboutVertical(_ degrees: Double) -> DeviceAttitude {
        // Reduced first: beyond about 5.7e305°, degrees · π overflows to ∞ and its sine is NaN.
        let radians = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let (s, c) = (sin(radians), cos(radians))
        return DeviceAttitude(rows: [[c, 0, s], [0, 1, 0], [-s, 0, c]])
    }

    /// The product `self · other`: the rotation `other`, then `self`.
    public func then(_ other: DeviceAttitude) -> DeviceAttitude {
        DeviceAttitude(
            rows: (0..<3).map { i in
                (0..<3).map { j in (0..<3).reduce(0) { $0 + rows[i][$1] * other.rows[$1][j] } }
            })
    }

    /// The attitude relative to `zero`: `zeroᵀ · self`, which takes today's device coordinates
    /// to the device coordinates at the zero pose.
    public func relative(to zero: DeviceAttitude) -> DeviceAttitude {
        DeviceAttitude(
            rows: (0..<3).map { i in
                (0..<3).map { j in (0..<3).reduce(0) { $0 + zero.rows[$1][i] * rows[$1][j] } }
            })
    }
}
