/// Why a driver refused a sample or a change of preference; the driver is then unchanged.
///
/// ``EffectDriver`` and ``UnfoldDriver`` take samples and Reduce Motion switches as events in
/// time order and refuse them with this one error (their `EventError`).
public enum DriverEventError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reader refused the sample.
    case sample(HingeReader.InputError)
    /// The time is NaN or infinite.
    case timeNotFinite(Double)
    /// The time lies before the last sample or change of preference.
    case timeBeforeLastEvent(time: Double, lastEvent: Double)

    public var description: String {
        switch self {
        case .sample(let error): error.description
        case .timeNotFinite(let time): "time \(time) is not finite"
        case .timeBeforeLastEvent(let time, let last): "time \(time) lies before the last event at \(last)"
        }
    }
}
