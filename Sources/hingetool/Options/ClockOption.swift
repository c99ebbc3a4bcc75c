import HingeKit

/// The one clock rule of the commands that print a recording's times: `read`, `import`,
/// `film --hinge`, `unfold`, `posture`, `resample`, `smooth`, `animate` and `poses`.
///
/// By default times start at zero: the first timestamp in the input becomes 0 s, so a trace,
/// a dumpsys excerpt and a logcat excerpt all start at 0 and print short numbers, and a
/// 19-digit epoch-nanosecond column keeps every nanosecond (docs/recording.md, "Clocks").
/// `--clock recorder` keeps the recorder's own clock (Android's boot clock for dumpsys and
/// logcat, the file's values for a trace), printed exactly, so excerpts of one session line up.
enum Clock: String, OptionChoice {
    case zero
    case recorder

    var help: String {
        switch self {
        case .zero: "the input's first timestamp is 0 s"
        case .recorder: "the recorder's own clock, kept exactly"
        }
    }

    /// `--clock`, declared once for every command that takes it.
    static let key = OptionKey(
        ["--clock"], value: "clock",
        help: "Times from 'zero' (the input's first timestamp is 0 s) or the 'recorder''s own clock, kept exactly.",
        default: Clock.zero)
    static var option: CommandSpec.Option { key.option }

    /// The clock the arguments ask for.
    init(_ arguments: ParsedArguments) throws(ToolError) {
        self = try arguments[Clock.key]
    }

    /// The integer nanoseconds to subtract from every timestamp of an input whose first
    /// (earliest) timestamp is `first`.
    func origin(first: Int64) -> Int64 { self == .zero ? first : 0 }
}

/// Prints the times of a trace under a ``Clock``: from zero, the first sample's time is 0 s
/// (for a seconds column the difference is rounded to the nanosecond, so 0.6 − 0.5 prints
/// `0.1`); on the recorder's clock, an integer column (`time_ns`, `time_us`) prints its own
/// value in seconds, exactly, and a seconds column its values as read.
struct ClockedTimes {
    let clock: Clock
    private var first: Double?
    /// The integer column's first value in nanoseconds, when the time column is one.
    private var integerOrigin: Int64?

    init(_ clock: Clock) { self.clock = clock }

    /// Takes the first sample's time and the reader's integer origin.
    mutating func start(at time: Double, reader: TraceReader) {
        start(at: time, integerOrigin: Self.integerOrigin(of: reader))
    }

    /// Takes the first sample's time and the trace's integer origin in nanoseconds
    /// (``integerOrigin(of:)``), for a command that read the trace before it writes.
    mutating func start(at time: Double, integerOrigin: Int64?) {
        guard first == nil else { return }
        first = time
        self.integerOrigin = integerOrigin
    }

    /// A trace's integer time column's first value in nanoseconds (`time_ns`, `time_us`), the
    /// origin its times are measured from; `nil` for a seconds column (or past 2⁶³ − 1 ns).
    static func integerOrigin(of reader: TraceReader) -> Int64? {
        guard let origin = reader.integerTimeOrigin, let unit = reader.columns?.timeUnit, unit.isInteger else {
            return nil
        }
        let (scaled, overflow) = origin.multipliedReportingOverflow(by: unit == .microseconds ? 1000 : 1)
        return overflow ? nil : scaled
    }

    /// `time` (seconds as read) on the clock, as a number: what ``write(_:to:)`` prints, to the
    /// double's precision (for comparing with a time the user gives on the printed clock, such
    /// as `animate --change-spring`).
    func seconds(_ time: Double) -> Double {
        switch clock {
        case .zero: integerOrigin != nil ? time : time - (first ?? time)
        case .recorder: integerOrigin.map { Double($0) / 1e9 + time } ?? time
        }
    }

    /// Writes `time` (seconds as read) on the clock, as the row's next value.
    func write(_ time: Double, to rows: RowWriter) {
        switch clock {
        case .zero:
            if integerOrigin != nil || first == 0 { return rows.addSeconds(time) }
            let nanoseconds = ((time - (first ?? 0)) * 1e9).rounded()
            rows.addSeconds(abs(nanoseconds) < 0x1p53 ? nanoseconds / 1e9 : time - (first ?? 0))
        case .recorder:
            guard let origin = integerOrigin else { return rows.addSeconds(time) }
            let (total, overflow) = origin.addingReportingOverflow(Int64((time * 1e9).rounded()))
            if overflow { return rows.addSeconds(time) }
            rows.add(decimal: ExactTime.seconds(nanoseconds: total))
        }
    }
}
