/// Reads the posture from hinge angles with hysteresis, so an angle wobbling on a threshold
/// does not make the posture flicker.
///
/// The posture changes only when the angle crosses a threshold by more than ``Thresholds-swift.struct/margin``
/// (measured from the threshold between the current posture and the new one, in the direction
/// of the change). The first angle is classified by the thresholds alone.
///
/// Defaults (AOSP's posture rules: frameworks/base/services/foldables/devicestateprovider/…/
/// BookStyleDeviceStatePolicy.java and SystemUI/unfold/…/DeviceFoldStateProvider.kt): closed up to 5°; flat within 15° of 180°, so
/// from 165° on; a margin of 3.75°, half of AOSP's 7.5° noise band, so that noise of ±3.75°
/// around a threshold (7.5° from trough to peak, the most AOSP ignores) never changes the
/// posture: leaving closed takes more than 8.75°, going back under 1.25°; reaching flat takes
/// 168.75°, leaving it less than 161.25°.
public struct PostureTracker: Sendable, Hashable {
    /// The thresholds and the margin, in degrees.
    public struct Thresholds: Sendable, Hashable {
        /// At or below: closed.
        public var closed: Double
        /// At or above: flat.
        public var flat: Double
        /// How far past a threshold the angle must go to change the posture.
        public var margin: Double

        /// - Precondition: finite, `0 ≤ margin`, and `closed + margin < flat − margin`.
        public init(closed: Double = 5, flat: Double = 165, margin: Double = 3.75) {
            precondition(closed.isFinite && flat.isFinite && margin.isFinite && margin >= 0, "finite thresholds")
            precondition(closed + margin < flat - margin, "the half-open band must be wider than the margins")
            self.closed = closed
            self.flat = flat
            self.margin = margin
        }

        /// The posture of `angle` without hysteresis.
        public func posture(of angle: Double) -> HingePosture {
            angle <= closed ? .closed : angle >= flat ? .flat : .halfOpen
        }
    }

    /// The thresholds this tracker uses.
    public let thresholds: Thresholds
    /// The current posture; flat until the first reading.
    public private(set) var posture: HingePosture = .flat
    private var hasReading = false

    /// A tracker that has seen no angle yet.
    public init(thresholds: Thresholds = Thresholds()) {
        self.thresholds = thresholds
    }

    /// Takes the newest angle and status and returns the posture.
    ///
    /// Without an angle the status decides (closed, partially open → half-open, fully open →
    /// flat); with neither, there is no hinge and the phone is flat.
    ///
    /// - Parameters:
    ///   - angle: degrees, or `nil`.
    ///   - status: the system's status, or `nil`.
    /// - Returns: the new ``posture``.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(angle: Double?, status: HingeStatus?) -> HingePosture {
        guard let angle else {
            switch status {
            case .closed: posture = .closed
            case .partiallyOpen: posture = .halfOpen
            case .fullyOpen, nil: posture = .flat
            }
            hasReading = status != nil
            return posture
        }
        let plain = thresholds.posture(of: angle)
        defer { hasReading = true }
        guard hasReading, plain != posture else {
            posture = plain
            return posture
        }
        let m = thresholds.margin
        let passed: Bool
        switch (posture, plain) {
        case (.closed, _): passed = angle > thresholds.closed + m
        case (.flat, _): passed = angle < thresholds.flat - m
        case (.halfOpen, .closed): passed = angle < thresholds.closed - m
        case (.halfOpen, _): passed = angle > thresholds.flat + m
        }
        if passed { posture = plain }
        return posture
    }
}
