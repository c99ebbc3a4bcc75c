/// Decimal text for numbers in trace files, without Foundation.
public enum DecimalNumber {
    /// Whether `text` is a plain decimal: an optional sign, digits with an optional point
    /// (at least one digit in all), and an optional exponent. No spaces, no hex, no `nan`.
    public static func isPlainDecimal(_ text: some Collection<UInt8>) -> Bool {
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
        if value == 0 { return "0" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `value` rounded to `places` decimals, written without an exponent and without
    /// trailing zeros (`0.0125` with 3 places is `0.013`, halves away from zero).
    ///
    /// Values too large for exact fixed-point work (|value|·10^places ≥ 2^53) fall back to
    /// ``shortest(_:)``.
    public static func fixed(_ value: Double, places: Int) -> String {
        precondition((0...15).contains(places), "places must be 0…15")
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9_007_199_254_740_992 else { return shortest(value) }
        var digits = String(UInt64(scaled))
        if places > 0 {
            if digits.count <= places {
                digits = String(repeating: "0", count: places - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
            while digits.last == "0" { digits.removeLast() }
            if digits.last == "." { digits.removeLast() }
        }
        let negative = value < 0 && digits.contains { $0 != "0" && $0 != "." }
        return negative ? "-" + digits : digits
    }
}
