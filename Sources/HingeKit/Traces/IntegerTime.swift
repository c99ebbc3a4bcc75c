/// Integer time columns (`time_ns`, `time_us`): read exactly as integers, then measured from
/// the first row.
///
/// Recorders write Android's `SensorEvent.timestamp` as integer nanoseconds, 15 to 19 digits.
/// A `Double` holds integers exactly only up to 2⁵³ (16 digits), and a 19-digit epoch
/// nanosecond value read as a `Double` is off by up to 128 ns before any arithmetic. So the
/// field is parsed into an `Int64`, the first row's value becomes the *origin*
/// (``TraceReader/integerTimeOrigin``), and each row's time is (value − origin) × unit in
/// seconds: the subtraction is exact, and the difference is exact in a `Double` for any trace
/// shorter than 104 days (2⁵³ ns), so every row keeps its nanosecond.
enum IntegerTime {
    /// Why a field is not an integer time.
    enum Problem: Error {
        /// Empty field.
        case empty
        /// Not a plain integer (a sign, then digits); `hasFraction` when it has a decimal point.
        case notInteger(hasFraction: Bool)
        /// More than an `Int64` holds.
        case tooLarge
    }

    /// Parses an optionally signed decimal integer from `bytes`, exactly.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, Problem> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return .failure(.notInteger(hasFraction: false)) }
        var value: Int64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else {
                return .failure(.notInteger(hasFraction: bytes.contains(UInt8(ascii: "."))))
            }
            let digit = Int64(byte - 0x30)
            // Accumulate negatively so that Int64.min is reachable.
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return .failure(.tooLarge) }
            value = next
            index += 1
        }
        if negative { return .success(value) }
        guard value != Int64.min else { return .failure(.tooLarge) }
        return .success(-value)
    }

    /// Seconds from `origin` to `value` in `unit` (exact subtraction, then one rounding: a
    /// division by the unit's exact ``TraceColumns/TimeUnit/perSecond``, so the result is the
    /// `Double` nearest the decimal and prints as it).
    /// `nil` when the difference overflows an `Int64`.
    static func seconds(_ value: Int64, from origin: Int64, unit: TraceColumns.TimeUnit) -> Double? {
        let (difference, overflow) = value.subtractingReportingOverflow(origin)
        guard !overflow else { return nil }
        return Double(difference) / unit.perSecond
    }

    /// The column name a `time` or `time_ms` value this large was probably meant to have:
    /// Unix-epoch times in 2001–2286 are 10 digits in seconds, 13 in milliseconds, 16 in
    /// microseconds and 19 in nanoseconds.
    static func suggestedName(forSeconds value: Double, unit: TraceColumns.TimeUnit) -> String? {
        let raw = value / unit.scale
        switch raw {
        case 1e18..<1e19: return "time_ns"
        case 1e15..<1e16: return "time_us"
        case 1e12..<1e13 where unit != .milliseconds: return "time_ms"
        default: return nil
        }
    }
}
