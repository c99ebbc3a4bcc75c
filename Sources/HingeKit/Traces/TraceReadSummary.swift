/// What a ``TraceReader`` has seen so far.
public struct TraceReadSummary: Hashable, Sendable {
    /// Lines read, including the header, comments and blank lines.
    public var lines = 0
    /// Rows after the header that were neither comments nor blank.
    public var dataRows = 0
    /// Rows handed out as ``TraceRecord``s.
    public var samples = 0
    /// Rows left out under ``TraceReadOptions/RowPolicy/skip``.
    public var skippedRows = 0
    /// The first skipped rows' errors (see ``TraceReadOptions/retainedErrorLimit``).
    public var skippedErrors: [TraceError] = []
    /// `#` comment lines.
    public var commentLines = 0
    /// Lines holding only spaces and tabs.
    public var blankLines = 0
    /// Rows kept under ``TraceReadOptions/DuplicateTimePolicy/keep`` whose time repeated.
    public var duplicateTimes = 0

    /// An empty summary.
    public init() {}
}
