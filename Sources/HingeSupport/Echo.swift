/// Input echoed in a message: cut to a few dozen characters and with control characters,
/// bidi controls, invalid UTF-8 and other non-printing bytes escaped, so that a hostile file cannot fill the
/// terminal with megabytes of message or raw binary.
///
/// The one rule every module quotes input with: HingeKit's trace errors, FilmAnalysis's
/// frame errors and hingetool's messages.
package enum Echo {
    /// The longest echo, in characters, before it is cut with `…`.
    package static let limit = 40

    /// `text` as it is safe to print inside quotes.
    package static func quoted(_ text: some StringProtocol, limit: Int = Echo.limit) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar.value {
            case 0x20..<0x7F where scalar != "\\": result.unicodeScalars.append(scalar)
            case 0x5C: result += "\\\\"
            case 0..<0x20, 0x7F..<0xA0: result += "\\x" + hex(scalar.value, width: 2)
            case 0xFFFD: result += "\\u{FFFD}"
            // A byte of a file name that is not UTF-8 (FileName), shown as the byte it is.
            case FileName.escapeBase + 0x80...FileName.escapeBase + 0xFF:
                result += "\\x" + hex(scalar.value - FileName.escapeBase, width: 2)
            // Bidi controls reorder what a terminal shows after them ("\u{202E}gpj.exe").
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + hex(scalar.value, width: 4) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The bytes of `bytes`, decoded as UTF-8 (invalid sequences read as U+FFFD), then quoted.
    package static func quoted(bytes: some Collection<UInt8>, limit: Int = Echo.limit) -> String {
        quoted(String(decoding: bytes.prefix(4 * limit + 4), as: UTF8.self), limit: limit)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Echo {
    /// A file name as it may appear on a `#` comment line of gnuplot data: control characters
    /// escaped (a newline would end the comment and start a data row), nothing cut.
    package static func comment(_ text: some StringProtocol) -> String {
        quoted(text, limit: Int.max)
    }
}
