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
        // Compared as bytes: the text is ASCII, and a Unicode-aware suffix test costs more
        // than the conversion on output with millions of numbers.
        let bytes = text.utf8
        guard bytes.count >= 2, bytes.last == UInt8(ascii: "0"),
            bytes[bytes.index(bytes.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
        else { return text }
        return String(text.dropLast(2))
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
        // Integer arithmetic on the scaled value, then one string: this runs once per number
        // of every output row, so it builds no intermediate strings.
        var power: UInt64 = 1
        for _ in 0..<places { power *= 10 }
        let whole = UInt64(scaled) / power
        var fraction = UInt64(scaled) % power
        var fractionDigits = places
        while fractionDigits > 0, fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        let negative = value < 0 && (whole != 0 || fractionDigits > 0)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var position = buffer.count
            func prepend(_ byte: UInt8) {
                position -= 1
                buffer[position] = byte
            }
            for _ in 0..<fractionDigits {
                prepend(0x30 + UInt8(fraction % 10))
                fraction /= 10
            }
            if fractionDigits > 0 { prepend(UInt8(ascii: ".")) }
            var integer = whole
            repeat {
                prepend(0x30 + UInt8(integer % 10))
                integer /= 10
            } while integer > 0
            if negative { prepend(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[position...]), as: UTF8.self)
        }
    }
}
