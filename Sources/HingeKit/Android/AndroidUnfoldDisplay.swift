/// Android's unfold pipeline (``AndroidUnfoldPipeline``) as a ``HingeDisplay``, for running it
/// beside HingeKit's drivers over the same samples.
///
/// Samples are checked as the drivers check them (a ``HingeReader`` with default settings,
/// then the time order), so that every display of a comparison refuses the same samples; the
/// pipeline itself takes whatever it is given. The fold updates the pipeline sends are kept in
/// ``updates``: a few per fold, for an offline comparison, not a frame loop.
public struct AndroidUnfoldDisplay: HingeDisplay, Sendable {
    /// The pipeline behind the display.
    public private(set) var pipeline: AndroidUnfoldPipeline
    /// Every fold update the pipeline sent, in order.
    public private(set) var updates: [AndroidFoldUpdate] = []
    private var order = DriverEventOrder()
    private var reader = HingeReader()

    /// A display before its first sample.
    public init(configuration: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration()) {
        pipeline = AndroidUnfoldPipeline(configuration: configuration)
    }

    public mutating func ingest(_ sample: HingeSample) throws(DriverEventError) {
        try order.ingest(sample, into: &reader)
        pipeline.ingest(sample) { updates.append($0) }
    }

    public mutating func advance(to time: Double) {
        pipeline.advance(to: time) { updates.append($0) }
    }

    public func value(at time: Double) -> Double { pipeline.value(at: time) }
}
