/// One accepted row of a trace.
public struct TraceRecord: Hashable, Sendable {
    /// The sample the row holds.
    public var sample: HingeSample
    /// The 1-based line the row came from.
    public var line: Int
    /// The extra columns' text, in ``TraceColumns/extraNames`` order; empty unless
    /// ``TraceReadOptions/keepsExtraColumns`` is set.
    public var extraFields: [String]

    /// A record of `sample`, read from `line`.
    public init(sample: HingeSample, line: Int, extraFields: [String] = []) {
        self.sample = sample
        self.line = line
        self.extraFields = extraFields
    }
}
