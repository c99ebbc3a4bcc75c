public import HingeKit

/// When the hinge started and stopped moving, from HingeKit's `HingeReader` rest detection
/// (`HingeReading.isResting`), on the film's clock in milliseconds.
///
/// The reader is read every 5 ms from the first sample to the last sample plus one second
/// (an on-change sensor is silent while the hinge rests, and the reader reads that silence as
/// rest).
public struct HingeRestTimeline: Sendable {
    /// Times (ms) at which the hinge came to rest.
    public let stops: [Milliseconds]
    /// Times (ms) at which the hinge started to move.
    public let starts: [Milliseconds]
    /// The angle at each 5 ms step, as `(time ms, position °)`, for plots.
    public let positions: [(time: Milliseconds, angle: Double)]

    /// The timeline of `samples` (in time order), shifted by `offset` milliseconds onto the film's
    /// clock (film time = trace time + offset).
    ///
    /// - Parameters:
    ///   - samples: the hinge trace, in time order.
    ///   - offset: milliseconds added to the trace's times.
    ///   - configuration: how the `HingeReader` reads (its default unless given).
    /// - Throws: `HingeReader.InputError` for a sample the reader refuses.
    public init(
        samples: [HingeSample], offset: Milliseconds = 0, configuration: HingeReader.Configuration = .init()
    )
        throws(HingeReader.InputError)
    {
        var reader = HingeReader(configuration: configuration)
        var stops: [Int] = []
        var starts: [Int] = []
        var positions: [(Int, Double)] = []
        guard let first = samples.first, let last = samples.last else {
            self.stops = []
            self.starts = []
            self.positions = []
            return
        }
        let step = 0.005
        var index = 0
        var resting: Bool?
        var time = first.time
        while time <= last.time + 1 {
            while index < samples.count, samples[index].time <= time {
                try reader.ingest(samples[index])
                index += 1
            }
            if let reading = reader.reading(at: time) {
                let millisecond = Int((time * 1000).rounded()) + offset
                if let was = resting, was != reading.isResting {
                    if reading.isResting { stops.append(millisecond) } else { starts.append(millisecond) }
                }
                resting = reading.isResting
                positions.append((millisecond, reading.position))
            }
            time += step
        }
        self.stops = stops
        self.starts = starts
        self.positions = positions
    }

    /// The last stop at or before `time` with no start between, or `nil` if the hinge was
    /// moving at `time` (or never stopped before it).
    public func restingSince(_ time: Milliseconds) -> Milliseconds? {
        guard let stop = stops.last(where: { $0 <= time }) else { return nil }
        if let start = starts.last(where: { $0 <= time }), start > stop { return nil }
        return stop
    }

    /// The last start of motion at or before `time`.
    public func movingSince(_ time: Milliseconds) -> Milliseconds? { starts.last { $0 <= time } }
}
