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

/// The time order a driver keeps its events in: the newest event's time and the one check
/// every sample and change of preference passes before it changes anything.
struct DriverEventOrder: Sendable {
    /// The newest accepted event's time (−∞ before the first).
    private(set) var lastEventTime = -Double.infinity

    /// Accepts an event at `time`: finite and not before the newest event.
    ///
    /// - Throws: ``DriverEventError/timeNotFinite(_:)`` or
    ///   ``DriverEventError/timeBeforeLastEvent(time:lastEvent:)``, and nothing changes.
    mutating func accept(_ time: Double) throws(DriverEventError) {
        try check(time)
        lastEventTime = time
    }

    /// Accepts `sample` into `reader`: its time is checked first, then the reader checks it;
    /// the time counts as an event only when both pass.
    ///
    /// - Throws: ``DriverEventError``, and neither the order nor the reader changes.
    mutating func ingest(_ sample: HingeSample, into reader: inout HingeReader) throws(DriverEventError) {
        try check(sample.time)
        try reader.ingestAsDisplay(sample)
        lastEventTime = sample.time
    }

    private func check(_ time: Double) throws(DriverEventError) {
        guard time.isFinite else { throw .timeNotFinite(time) }
        guard time >= lastEventTime else { throw .timeBeforeLastEvent(time: time, lastEvent: lastEventTime) }
    }
}

extension HingeReader {
    /// Takes `sample` as a display does: a refusal is thrown as
    /// ``DriverEventError/sample(_:)``, the one mapping of the reader's errors that every
    /// ``HingeDisplay`` checking its samples with a reader shares.
    package mutating func ingestAsDisplay(_ sample: HingeSample) throws(DriverEventError) {
        do {
            try ingest(sample)
        } catch {
            throw .sample(error)
        }
    }
}
