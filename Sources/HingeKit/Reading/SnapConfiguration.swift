/// Where a hinge comes to rest, and how eagerly a reading decides so.
///
/// ```swift
/// var snap = SnapConfiguration()
/// snap.detents = [0, 90, 180]  // a device whose natural poses are closed, tent and flat
/// ```
///
/// The reading's snap is the detent the hinge rests at or is heading to. It projects the
/// position forward by the velocity over ``projectionTime`` and moves to another detent only
/// when that projection is more than ``hysteresis`` degrees past the midpoint between the
/// current detent and its neighbour in that direction. The threshold is measured from the
/// current detent, as Compose's anchored draggable does, so noise near a midpoint does not make
/// the snap flicker.
public struct SnapConfiguration: Hashable, Sendable {
    /// Closed, laptop and flat.
    public static let defaultDetents: [Double] = [0, 110, 180]

    /// The resting poses, in degrees, sorted.
    public var detents: [Double] {
        didSet { detents.sort() }
    }
    /// Degrees past the midpoint before the snap changes (default 8°, just above AOSP's 7.5°
    /// noise threshold for posture changes).
    public var hysteresis: Double
    /// Seconds of the current velocity added to the position to project where the hinge will
    /// come to rest (default 0.12 s; docs/reading.md explains the choice).
    public var projectionTime: Double
    /// Below this speed (degrees per second) the hinge counts as resting (default 3 °/s).
    public var restingSpeed: Double
    /// The farthest a projection reaches from the position, in degrees (default 30°). A
    /// velocity that would project further comes from a report too coarse to trust that far
    /// (a 0/90/180° sensor jumping 90° at once).
    public var maximumProjection: Double = 30

    /// A configuration; the defaults are those documented on each property.
    public init(
        detents: [Double] = SnapConfiguration.defaultDetents, hysteresis: Double = 8, projectionTime: Double = 0.12,
        restingSpeed: Double = 3
    ) {
        precondition(!detents.isEmpty && detents.allSatisfy(\.isFinite), "at least one finite detent")
        precondition(hysteresis >= 0 && projectionTime >= 0 && restingSpeed >= 0)
        self.detents = detents.sorted()
        self.hysteresis = hysteresis
        self.projectionTime = projectionTime
        self.restingSpeed = restingSpeed
    }

    /// The detent nearest to `angle` (the lower one on a tie).
    @inline(never)
    func nearest(to angle: Double) -> Int {
        var best = 0
        for index in detents.indices where abs(detents[index] - angle) < abs(detents[best] - angle) {
            best = index
        }
        return best
    }

    /// The detent to show for a projected angle, given the one shown so far.
    ///
    /// Always inlined: the reader decides at every sample, and a call passed a copy of the
    /// configuration for what is mostly two comparisons (``nearest(to:)`` stays a call).
    @inline(__always)
    func decide(projected: Double, current: Int) -> Int {
        let here = detents[current]
        let neighbour: Int
        if projected > here, current + 1 < detents.count {
            neighbour = current + 1
        } else if projected < here, current > 0 {
            neighbour = current - 1
        } else {
            return current
        }
        let threshold = abs(detents[neighbour] - here) / 2 + hysteresis
        return abs(projected - here) > threshold ? nearest(to: projected) : current
    }
}
