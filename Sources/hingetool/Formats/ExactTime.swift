import HingeKit

/// Times as exact decimal text, and the one place the importers turn such text into integer
/// nanoseconds: every product and every sum checked, so no text, however long, can trap.
enum ExactTime {
    /// Why a time could not be read.
    enum ParseError: Error, Equatable {
        /// Not digits with up to 9 decimals (a sign, a second point, a letter, nothing).
        case malformed
        /// Digits, but past `Int64.max` nanoseconds (about 292 years).
        case tooLarge
    }

    /// The largest time the importers hold: `Int64.max` nanoseconds, as text.
    static let largest = seconds(nanoseconds: .max)

    /// `seconds.fraction` (up to 9 decimals, no sign) as integer nanoseconds, exactly:
    /// `268003.965013815` → 268003965013815.
    static func nanoseconds<Text: StringProtocol>(seconds text: Text) throws(ParseError) -> Int64 {
        try nanoseconds(secondsText: text.utf8)
    }

    /// ``nanoseconds(seconds:)`` on the text's UTF-8 bytes (a parser's slice of a line).
    static func nanoseconds<Bytes: Collection<UInt8>>(secondsText utf8: Bytes) throws(ParseError) -> Int64 {
        let point = utf8.firstIndex(of: UInt8(ascii: "."))
        let whole = utf8[..<(point ?? utf8.endIndex)]
        let fraction = point.map { utf8[utf8.index(after: $0)...] }
        guard !whole.isEmpty else { throw .malformed }
        if let fraction {
            guard !fraction.isEmpty, fraction.count <= 9 else { throw .malformed }
        }
        var value = try integer(whole)
        let decimals = fraction ?? utf8[utf8.endIndex...]
        for _ in 0..<9 { value = try checked(value.multipliedReportingOverflow(by: 10)) }
        var scale: Int64 = 100_000_000
        for byte in decimals {
            guard let digit = digit(byte) else { throw .malformed }
            value = try checked(value.addingReportingOverflow(digit * scale))
            scale /= 10
        }
        return value
    }

    /// Plain decimal digits (no sign) as an integer: logcat's `ts=<nanoseconds>`.
    static func integer<Digits: Collection<UInt8>>(_ digits: Digits) throws(ParseError) -> Int64 {
        guard !digits.isEmpty else { throw .malformed }
        var value: Int64 = 0
        for byte in digits {
            guard let digit = digit(byte) else { throw .malformed }
            value = try checked(value.multipliedReportingOverflow(by: 10))
            value = try checked(value.addingReportingOverflow(digit))
        }
        return value
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    private static func checked(_ result: (partialValue: Int64, overflow: Bool)) throws(ParseError) -> Int64 {
        guard !result.overflow else { throw .tooLarge }
        return result.partialValue
    }

    /// `nanoseconds` as seconds in plain decimal without trailing zeros: 3 → `0.000000003`,
    /// 268003965013815 → `268003.965013815`, 2000000000 → `2`.
    static func seconds(nanoseconds: Int64) -> String {
        // Written from the last digit backwards into 32 bytes (a sign, 11 digits of whole
        // seconds, a point and 9 decimals at most): an importer prints a million of these, and
        // the `String` steps (a zero `removeLast()` at a time) were a third of its time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let zero = UInt8(ascii: "0")
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            var whole = nanoseconds.magnitude / 1_000_000_000
            var fraction = nanoseconds.magnitude % 1_000_000_000
            if fraction != 0 {
                var decimals = 9
                while fraction % 10 == 0 {
                    fraction /= 10
                    decimals -= 1
                }
                for _ in 0..<decimals {
                    put(zero + UInt8(fraction % 10))
                    fraction /= 10
                }
                put(UInt8(ascii: "."))
            }
            repeat {
                put(zero + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if nanoseconds < 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}

extension ExactTime {
    /// The latest time a trace holds, in nanoseconds from its origin: 2³² s
    /// (`TraceReadOptions.clockRange`, which `read` and `stats` apply).
    static let latestTraceTime: Int64 = 4_294_967_296 * 1_000_000_000

    /// The first of `times` (nanoseconds, with whatever the caller tags them with) that lies
    /// outside 0…2³² s once measured from `origin` — what an importer must refuse before it
    /// writes a trace `read` would then reject (issue 32) — with the time from the origin, or
    /// `nil` (past `Int64` when the subtraction overflows); `nil` when every time fits.
    static func firstOutsideTrace<Tag>(
        _ times: some Sequence<(nanoseconds: Int64, tag: Tag)>, origin: Int64
    ) -> (time: Int64?, tag: Tag)? {
        for (nanoseconds, tag) in times {
            let (time, overflow) = nanoseconds.subtractingReportingOverflow(origin)
            if overflow { return (nil, tag) }
            if time < 0 || time > latestTraceTime { return (time, tag) }
        }
        return nil
    }
}

extension ExactTime {
    /// How far from its origin a time must be before two times a nanosecond apart can read as
    /// one: below 2²³ s (97 days) a `Double`'s step is at most 2⁻³⁰ s, under a nanosecond.
    private static let nanosecondResolved: Int64 = 8_388_608 * 1_000_000_000

    /// The time `later` (not before `earlier`) reads as when it is written from `origin` and
    /// that is the same `Double` `earlier` reads as — `nil` when the two read apart. The trace
    /// reader reads a time as the `Double` nearest its decimal text (`Double(String)`), so past
    /// 2²³ s from the origin times a few nanoseconds apart read as one, and the reader refuses
    /// the second as a repeat (at 2.7e8 s a `Double` resolves 60 ns; issue 32). An importer
    /// treats such a time as a repeat, as it treats equal nanoseconds.
    static func readsAsSame(_ later: Int64, as earlier: Int64, origin: Int64) -> Double? {
        let (from, overflow) = later.subtractingReportingOverflow(origin)
        let (earlierFrom, earlierOverflow) = earlier.subtractingReportingOverflow(origin)
        // A time past Int64 or outside 0…2³² s is refused whole (firstOutsideTrace).
        guard !overflow, !earlierOverflow, from >= nanosecondResolved else { return nil }
        guard let time = Double(seconds(nanoseconds: from)), Double(seconds(nanoseconds: earlierFrom)) == time
        else { return nil }
        return time
    }

    /// Why `later` is a repeat of `earlier` (at `line`) once written from `origin`, or `nil`
    /// when the two read apart (``readsAsSame(_:as:origin:)``): the tail of both importers'
    /// message, after the time as each names it.
    static func repeatNote(_ later: Int64, after earlier: Int64, origin: Int64, line: Int) -> String? {
        guard let time = readsAsSame(later, as: earlier, origin: origin) else { return nil }
        return readsAsSameMessage(time, nanosecondsApart: later - earlier, line: line)
    }

    /// The message of a time that reads as an earlier one (``readsAsSame(_:as:origin:)``).
    static func readsAsSameMessage(_ time: Double, nanosecondsApart: Int64, line: Int) -> String {
        "is \(nanosecondsApart) ns after the event at line \(line) and reads as the same time in a trace "
            + "(\(DecimalNumber.shortest(time)) s from the origin, where a Double resolves "
            + "\(DecimalNumber.shortest((time.ulp * 1e9 * 10).rounded() / 10)) ns)"
    }
}
