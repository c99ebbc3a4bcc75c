/// Anything that turns hinge samples into a value on screen: samples go in, in time order, and
/// a frame asks for the value at any time.
///
/// ``EffectDriver`` and ``UnfoldDriver`` are displays, and ``AndroidUnfoldDisplay`` shows
/// Android's unfold pipeline as one, so that a comparison, a preview or a score can run any of
/// them over the same samples:
///
/// ```swift
/// var displays: [any HingeDisplay] = [UnfoldDriver(), EffectDriver(effect: UnfoldProgressEffect())]
/// var refused = RefusedSamples()
/// for sample in samples {
///     for index in displays.indices { displays[index].ingest(sample, noting: &refused) }
/// }
/// ```
///
/// A display refuses a sample it cannot take (``DriverEventError``) and is then unchanged;
/// ``ingest(_:noting:)`` counts such refusals instead of passing over them, so that a report can
/// say how many there were and show the first.
public protocol HingeDisplay {
    /// Takes the next sample.
    ///
    /// - Throws: ``DriverEventError`` for a sample the display refuses; it is then unchanged.
    mutating func ingest(_ sample: HingeSample) throws(DriverEventError)

    /// Runs the display's own timers up to `time`, before a frame at `time` is asked for.
    /// Displays whose value is a function of the samples alone have none (the default does
    /// nothing).
    mutating func advance(to time: Double)

    /// The value shown at `time`.
    func value(at time: Double) -> Double
}

extension HingeDisplay {
    public mutating func advance(to time: Double) {}

    /// Takes the next sample; a refusal is counted in `refused` (and the display is unchanged)
    /// instead of thrown.
    public mutating func ingest(_ sample: HingeSample, noting refused: inout RefusedSamples) {
        do {
            try ingest(sample)
        } catch {
            refused.note(sample, error)
        }
    }
}

extension EffectDriver: HingeDisplay {}

extension UnfoldDriver: HingeDisplay {}

/// The samples one or more displays refused: how many, and the first with its reason.
///
/// What a comparison reports beside its figures, so that a refused sample is never passed
/// over in silence.
public struct RefusedSamples: Hashable, Sendable {
    /// How many refusals (a sample refused by two displays counts twice).
    public private(set) var count = 0
    /// The first refused sample and why, or `nil` when none was.
    public private(set) var first: Refusal?

    /// A sample and the reason it was refused.
    public struct Refusal: Hashable, Sendable {
        /// The sample refused.
        public var sample: HingeSample
        /// Why the display refused it.
        public var error: DriverEventError
    }

    /// No refusals yet.
    public init() {}

    /// Counts a refusal of `sample` for `error`.
    public mutating func note(_ sample: HingeSample, _ error: DriverEventError) {
        count += 1
        if first == nil { first = Refusal(sample: sample, error: error) }
    }

    /// Adds the refusals of `other` (its first counts only when this has none).
    public mutating func add(_ other: RefusedSamples) {
        count += other.count
        if first == nil { first = other.first }
    }

    /// One line for a report: "3 refusals of a sample; the first, of the sample at 1.25 s: …",
    /// or `nil` when there was none.
    public var summary: String? {
        guard let first else { return nil }
        let noun = count == 1 ? "refusal" : "refusals"
        return "\(count) \(noun) of a sample; the first, of the sample at \(first.sample.time) s: \(first.error)"
    }
}
