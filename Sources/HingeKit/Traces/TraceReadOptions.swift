/// How a ``TraceReader`` treats rows it cannot accept.
public struct TraceReadOptions: Hashable, Sendable {
    /// What happens to a data row that has a problem.
    public enum RowPolicy: Hashable, Sendable {
        /// Stop at the first bad row with its ``TraceError`` (the default).
        case fail
        /// Leave the row out, count it in ``TraceReadSummary/skippedRows`` and keep its error
        /// (up to ``TraceReadOptions/retainedErrorLimit``).
        case skip
    }

    /// What happens to a row whose time equals the previous row's.
    public enum DuplicateTimePolicy: Hashable, Sendable {
        /// A duplicate time is a row error, handled by ``rowPolicy`` (the default).
        case reject
        /// Pass the row on and count it in ``TraceReadSummary/duplicateTimes``; a consumer
        /// such as a hinge reader then decides (e.g. "the later reading wins").
        case keep
    }

    /// What happens to a bad data row (default: fail).
    public var rowPolicy: RowPolicy
    /// What happens to a repeated time (default: reject).
    public var duplicateTimes: DuplicateTimePolicy
    /// Accepted times in seconds, after any millisecond conversion. 0…2³² s by default: a
    /// trace's clock (uptime, or the Unix epoch) never reads negative, and up to 2³² s (136
    /// years) a `Double` still resolves a microsecond, so intervals between samples keep their
    /// precision; a negative or larger time comes from a broken export.
    public var timeRange: ClosedRange<Double>
    /// The default ``timeRange``.
    public static let clockRange: ClosedRange<Double> = 0...4_294_967_296
    /// Accepted angles in degrees, after any radian conversion. 0…360 by default, so a
    /// Surface Duo folded back past flat (up to 360°) is still a valid reading.
    public var angleRange: ClosedRange<Double>
    /// Keep the text of extra columns in ``TraceRecord/extraFields``.
    public var keepsExtraColumns: Bool
    /// The longest line accepted, in bytes. It bounds the reader's memory.
    public var maximumLineLength: Int
    /// How many skipped-row errors the summary keeps; all of them are counted.
    public var retainedErrorLimit: Int
    /// The unit of a plain `angle` column, when the recording says so elsewhere (an iOS
    /// recording of `UIHinge.angle` keeps radians in a column named `angle`); `nil` (the
    /// default) reads it as degrees. An `angle_deg` or `angle_rad` column names its own unit,
    /// and a different one here is a header error.
    public var angleUnit: TraceColumns.AngleUnit?

    /// Options; every parameter has the default documented on its property.
    public init(
        rowPolicy: RowPolicy = .fail, duplicateTimes: DuplicateTimePolicy = .reject,
        timeRange: ClosedRange<Double> = clockRange, angleRange: ClosedRange<Double> = 0...360,
        keepsExtraColumns: Bool = false,
        maximumLineLength: Int = 65_536, retainedErrorLimit: Int = 100, angleUnit: TraceColumns.AngleUnit? = nil
    ) {
        self.angleUnit = angleUnit
        self.rowPolicy = rowPolicy
        self.duplicateTimes = duplicateTimes
        self.timeRange = timeRange
        self.angleRange = angleRange
        self.keepsExtraColumns = keepsExtraColumns
        self.maximumLineLength = max(16, maximumLineLength)
        self.retainedErrorLimit = max(0, retainedErrorLimit)
    }
}
