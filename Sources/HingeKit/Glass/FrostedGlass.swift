internal import HingeSupport

/// The frosted-glass fold, mimicked on a flat phone: what each point of the tilted glass shows
/// of an interface that stays where the screen was.
///
/// ```swift
/// let glass = FrostedGlass()                           // 70 × 150 mm, eye at 320 mm
/// let look = glass.look(x: -20, y: 60, tilt: 30)       // a point on the glass, in mm
/// look.point                                           // where it sees the interface, or nil
/// look.blurRadius                                      // mm
/// ```
///
/// The interface lies on the plane the screen had at zero tilt (z = 0, centred on the origin,
/// x to the right, y up, z toward the viewer). The eye sits on the normal through the centre,
/// at ``eyeDistance``. The glass turns by the tilt about its edge that is farther from the
/// viewer: a positive tilt takes the right edge away, so the glass turns about it and its left
/// edge comes up toward the eye. A point `(x, y)` of the glass, `s = w/2 − x` from the right
/// edge (`s = w/2 + x` from the left edge for a negative tilt), sits at
///
/// ```
/// P = (±(w/2 − s·cos|θ|), y, s·sin|θ|)         gap = P.z
/// ```
///
/// The ray from the eye `E = (0, 0, D)` through `P` meets the interface at
///
/// ```
/// Q = (P.x, P.y) · D / (D − P.z)
/// ```
///
/// and misses it (black) when `Q` falls outside the interface's rectangle. Frosted glass
/// scatters light by a small angle, so the blur radius grows in proportion to the gap
/// (``blurPerMillimetre``), and the light lost on the way dims the point in proportion too
/// (``dimmingPerMillimetre``, at most 1). At zero tilt every point shows itself, sharp and
/// undimmed.
public struct FrostedGlass: Hashable, Sendable {
    /// The width of the screen (and glass), in mm.
    public var width: Double
    /// The height of the screen (and glass), in mm.
    public var height: Double
    /// The distance from the eye to the interface plane, along the normal through the centre,
    /// in mm (320 by default: a phone held at reading distance).
    public var eyeDistance: Double
    /// The blur radius per mm of gap, in mm (0.15: frosted glass scattering by about 8.5°).
    public var blurPerMillimetre: Double
    /// The dimming per mm of gap (0.01: 35 % at the free edge of a 70 mm glass at 30°).
    public var dimmingPerMillimetre: Double

    /// A glass over a `width` × `height` mm screen.
    ///
    /// - Precondition: every value is finite; the sizes and the eye distance are positive,
    ///   the rates not negative.
    public init(
        width: Double = 70, height: Double = 150, eyeDistance: Double = 320, blurPerMillimetre: Double = 0.15,
        dimmingPerMillimetre: Double = 0.01
    ) {
        precondition(width > 0 && height > 0 && eyeDistance > 0, "sizes and eye distance must be positive")
        precondition(width.isFinite && height.isFinite && eyeDistance.isFinite, "sizes must be finite")
        precondition(blurPerMillimetre >= 0 && blurPerMillimetre.isFinite, "blur rate must be finite, ≥ 0")
        precondition(dimmingPerMillimetre >= 0 && dimmingPerMillimetre.isFinite, "dimming rate must be finite, ≥ 0")
        self.width = width
        self.height = height
        self.eyeDistance = eyeDistance
        self.blurPerMillimetre = blurPerMillimetre
        self.dimmingPerMillimetre = dimmingPerMillimetre
    }

    /// A point on the interface, in mm from its centre.
    public struct Point: Hashable, Sendable {
        /// Millimetres from the screen centre, to the right.
        public var x: Double
        /// Millimetres from the screen centre, upwards.
        public var y: Double

        /// A point in millimetres from the screen centre.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// What one point of the glass shows.
    public struct Look: Hashable, Sendable {
        /// Where the ray from the eye through the glass point meets the interface; `nil` when
        /// it misses the interface (show black).
        public var point: Point?
        /// The distance from the glass point to the interface plane, in mm.
        public var gap: Double
        /// The blur radius at the hit point, in mm.
        public var blurRadius: Double
        /// The fraction of light lost, 0…1 (0: full brightness).
        public var dimming: Double
    }

    /// What the glass point `(x, y)` shows when the glass is tilted by `tilt` degrees.
    ///
    /// - Parameters:
    ///   - x: mm from the centre, to the right; −width/2…width/2.
    ///   - y: mm from the centre, up; −height/2…height/2.
    ///   - tilt: degrees about the vertical axis, −90…90; positive takes the right edge away. A
    ///     tilt from a sensor may be anything: one beyond ±90° is read as ±90°, and NaN as 0
    ///     (the glass on the interface), so the look is finite for every tilt.
    /// - Returns: the reprojected point (or a miss), the gap, the blur radius and the dimming.
    /// - Complexity: O(1).
    public func look(x: Double, y: Double, tilt: Double) -> Look {
        let tilt = tilt.isNaN ? 0 : min(max(tilt, -90), 90)
        let radians = abs(tilt) * .pi / 180
        let side = tilt < 0 ? -1.0 : 1.0
        let fromHinge = width / 2 - side * x
        // At zero tilt the glass lies on the interface: the point is itself, exactly (the
        // general formula would round w/2 − (w/2 − x)).
        let px = tilt == 0 ? x : side * (width / 2 - fromHinge * cos(radians))
        let gap = tilt == 0 ? 0 : fromHinge * sin(radians)
        let scale = eyeDistance / (eyeDistance - gap)
        let hit = Point(x: px * scale, y: y * scale)
        let hits = gap < eyeDistance && abs(hit.x) <= width / 2 && abs(hit.y) <= height / 2
        return Look(
            point: hits ? hit : nil, gap: gap, blurRadius: blurPerMillimetre * gap,
            dimming: min(dimmingPerMillimetre * gap, 1))
    }
}
