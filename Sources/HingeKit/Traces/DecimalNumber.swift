/// Decimal text for numbers in trace files, without Foundation.
public enum DecimalNumber {
    /// Whether `text` is a plain decimal: an optional sign, digits with an optional point
    /// (at least one digit in all), and an optional exponent. No spaces, no hex, no `nan`.
    package static func isPlainDecimal(_ text: some Collection<UInt8>) -> Bool {
        var iterator = text.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
        var digits = 0
        while let current = byte, isDigit(current) {
            digits += 1
            byte = iterator.next()
        }
        if byte == UInt8(ascii: ".") {
            byte = iterator.next()
            while let current = byte, isDigit(current) {
                digits += 1
                byte = iterator.next()
            }
        }
        guard digits > 0 else { return false }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = iterator.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
            var exponentDigits = 0
            while let current = byte, isDigit(current) {
                exponentDigits += 1
                byte = iterator.next()
            }
            guard exponentDigits > 0 else { return false }
        }
        return byte == nil
    }

    /// Whether `text` spells NaN or infinity the way `strtod` would accept it.
    static func namesNonFinite(_ text: String) -> Bool {
        var word = text.lowercased()
        if word.hasPrefix("+") || word.hasPrefix("-") { word.removeFirst() }
        return word == "nan" || word == "inf" || word == "infinity"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The shortest text that reads back as exactly `value`, without a trailing `.0`
    /// (`180`, not `180.0`; `0.1`; `1e-05`).
    public static func shortest(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            // The allocation has room for maximumLength (32) bytes, so it has an address.
            // swift-format-ignore: NeverForceUnwrap
            let count = writeShortest(value, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// `value` rounded to `places` decimals, written without an exponent and without
    /// trailing zeros (`0.0125` with 3 places is `0.013`, halves away from zero).
    ///
    /// Values too large for exact fixed-point work (|value|·10^places ≥ 2^53) fall back to
    /// ``shortest(_:)``.
    public static func fixed(_ value: Double, places: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            // The allocation has room for maximumLength (32) bytes, so it has an address.
            // swift-format-ignore: NeverForceUnwrap
            let count = writeFixed(value, places: places, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    // MARK: Bytes

    /// The most bytes ``writeShortest(_:to:)`` and ``writeFixed(_:places:to:)`` write for one
    /// number.
    package static let maximumLength = 32

    /// Writes the text of ``shortest(_:)`` as ASCII bytes, for output that is assembled in a
    /// byte buffer rather than in strings.
    ///
    /// - Parameters:
    ///   - value: any `Double`.
    ///   - destination: room for at least ``maximumLength`` bytes.
    /// - Returns: the number of bytes written.
    package static func writeShortest(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if value == 0 {
            destination[0] = UInt8(ascii: "0")
            return 1
        }
        if let count = writePlainShortest(value, to: destination) { return count }
        // Exponents, tiny and huge values: the standard library's shortest form, less ".0".
        var text = value.description
        return text.withUTF8 { bytes in
            var count = bytes.count
            if count >= 2, bytes[count - 1] == UInt8(ascii: "0"), bytes[count - 2] == UInt8(ascii: ".") {
                count -= 2
            }
            // A Double's description is never empty, so its UTF-8 has an address.
            // swift-format-ignore: NeverForceUnwrap
            destination.update(from: bytes.baseAddress!, count: count)
            return count
        }
    }

    /// Writes a time in seconds: the text of ``writeShortest(_:to:)``, but without an exponent
    /// down to 10⁻¹² s, so that 3 ns reads `0.000000003` (a time column is read by people and
    /// by tools that expect plain decimals).
    package static func writeSeconds(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if value != 0, abs(value) < 1e-4, let count = writePlainShortest(value, smallest: 1e-12, to: destination) {
            return count
        }
        return writeShortest(value, to: destination)
    }

    /// ``writeSeconds(_:to:)`` as a string.
    package static func seconds(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            // The allocation has room for maximumLength (32) bytes, so it has an address.
            // swift-format-ignore: NeverForceUnwrap
            let count = writeSeconds(value, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The shortest form of `value` for `smallest` ≤ |value| < 2⁵⁰ without an exponent (from
    /// 1e-4, where `description` writes none), or `nil`.
    ///
    /// For d = 0, 1, 2, … it rounds |value|·10^d to a whole number m and takes the first d at
    /// which m/10^d reads back as `value` (a correctly rounded quotient of two exact numbers, so
    /// exactly what parsing the digits gives). Below 2⁵⁰ the unit in the last place of `value`
    /// is under a quarter of 10^−d, so at most one such m exists for each d, and the rounding
    /// of |value|·10^d cannot miss it: the digits are the shortest that read back, the same as
    /// the standard library's.
    private static func writePlainShortest(
        _ value: Double, smallest: Double = 1e-4, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        let magnitude = abs(value)
        guard magnitude >= smallest, magnitude < 0x1p50 else { return nil }
        var places = 0
        var whole: UInt64 = 0
        while true {
            guard places <= 22 else { return nil }
            let scaled = magnitude * powersOfTen[places]
            guard scaled < 0x1p50 else { return nil }
            // Nearest whole number without a call (baseline x86-64 has no rounding instruction).
            let rounded = (scaled + 0x1p52) - 0x1p52
            // Only a near miss can read back: skip the division otherwise.
            if abs(scaled - rounded) <= 2 * scaled.ulp, rounded / powersOfTen[places] == magnitude {
                whole = UInt64(rounded)
                break
            }
            places += 1
        }
        var count = 0
        if value < 0 {
            destination[0] = UInt8(ascii: "-")
            count = 1
        }
        return count + writeDigits(whole, places: places, to: destination + count)
    }

    /// Writes `places` decimals of `value` (rounded half away from zero, trailing zeros dropped)
    /// as ASCII bytes: the text of ``fixed(_:places:)``.
    ///
    /// - Parameters:
    ///   - value: any `Double`.
    ///   - places: 0…15.
    ///   - destination: room for at least ``maximumLength`` bytes.
    /// - Returns: the number of bytes written.
    package static func writeFixed(
        _ value: Double, places: Int, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        precondition((0...15).contains(places), "places must be 0…15")
        guard value.isFinite else { return writeShortest(value, to: destination) }
        let product = abs(value) * powersOfTen[places]
        guard product < 9_007_199_254_740_992 else { return writeShortest(value, to: destination) }
        // Rounded half away from zero without a call: the whole part by truncation, then the
        // fraction, both exact below 2⁵³.
        let truncated = UInt64(product)
        var scaled = product - Double(truncated) >= 0.5 ? truncated + 1 : truncated
        // Integer arithmetic on the scaled value, without its trailing zero decimals.
        var fractionDigits = places
        while fractionDigits > 0, scaled % 10 == 0 {
            scaled /= 10
            fractionDigits -= 1
        }
        var count = 0
        // Not "-0": a value that rounds to zero has no sign.
        if value < 0 && scaled != 0 {
            destination[0] = UInt8(ascii: "-")
            count = 1
        }
        return count + writeDigits(scaled, places: fractionDigits, to: destination + count)
    }

    /// Writes the decimal digits of `number`, with a point before the last `places` of them
    /// (and `0.` and zeros in front where it has fewer digits than that).
    private static func writeDigits(
        _ number: UInt64, places: Int, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var length = 1
        while length < 20, number >= wholePowersOfTen[length] { length += 1 }
        let total = Swift.max(1, length - places) + (places > 0 ? places + 1 : 0)
        // Backwards from the end, two digits per division: the divisions are the slow part.
        var position = total
        var remaining = number
        func pair() {
            let last = Int(truncatingIfNeeded: remaining % 100)
            remaining /= 100
            destination[position - 1] = 0x30 + UInt8(truncatingIfNeeded: last % 10)
            destination[position - 2] = 0x30 + UInt8(truncatingIfNeeded: last / 10)
            position -= 2
        }
        func single() {
            destination[position - 1] = 0x30 + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            position -= 1
        }
        var fraction = places
        while fraction >= 2 {
            pair()
            fraction -= 2
        }
        if fraction == 1 { single() }
        if places > 0 {
            position -= 1
            destination[position] = UInt8(ascii: ".")
        }
        while position >= 2 { pair() }
        if position == 1 { single() }
        return total
    }

    /// 10⁰ … 10²², each exact (written out, so that the table needs no setting up).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 10⁰ … 10¹⁹ as whole numbers.
    private static let wholePowersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// The value of `bytes` when they are a plain decimal (``isPlainDecimal(_:)``) whose
    /// digits fit the exact fast path — at most 19 significant digits, a whole number below
    /// 2⁵³ scaled by at most 10^±22 — and `nil` otherwise.
    ///
    /// In the fast path both the digits and the power of ten are exact `Double`s, so one
    /// correctly rounded product or quotient is the correctly rounded value, the same as
    /// `Double(String)` gives; everything else is left to it.
    static func plainValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        var index = 0
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var significantDigits = 0
        var fractionDigits = 0
        while index < count, bytes[index] &- 0x30 < 10 {
            significand = significand &* 10 &+ UInt64(bytes[index] &- 0x30)
            if significand != 0 { significantDigits += 1 }
            digits += 1
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, bytes[index] &- 0x30 < 10 {
                significand = significand &* 10 &+ UInt64(bytes[index] &- 0x30)
                if significand != 0 { significantDigits += 1 }
                digits += 1
                fractionDigits += 1
                index += 1
            }
        }
        guard digits > 0, significantDigits <= 19 else { return nil }
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponentDigits = 0
            while index < count, bytes[index] &- 0x30 < 10 {
                guard exponent < 10000 else { return nil }
                exponent = exponent * 10 + Int(bytes[index] &- 0x30)
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == count, significand <= 1 << 53 else { return nil }
        exponent -= fractionDigits
        guard exponent >= -22, exponent <= 22 else { return significand == 0 ? (negative ? -0.0 : 0) : nil }
        let magnitude =
            exponent >= 0 ? Double(significand) * powersOfTen[exponent] : Double(significand) / powersOfTen[-exponent]
        return negative ? -magnitude : magnitude
    }
}
