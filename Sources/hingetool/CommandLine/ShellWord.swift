/// Words of the command lines the tool suggests ("extract the frames yourself: …", "run: cd …
/// && gnuplot …"): the one quoting every such line goes through, so that pasting it into bash
/// hands each program the argument byte for byte and runs nothing else (issue 32: a file name
/// in plain single quotes could close them and run `$(…)`).
enum ShellWord {
    /// `text` as one bash word. Letters, digits and `_ . / : = + , % @ -` are printed as they
    /// are; printable text in single quotes, a quote written `'\''`; text with a character that
    /// must not reach a terminal raw (a control character, a bidi control, U+FFFD) or a
    /// backslash-free rendering could not carry in ANSI-C quotes `$'…'`, every such byte
    /// written `\xHH`, so the line stays one printable line and arrives as the bytes it stands for.
    static func quoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "_./:=+,%@-".utf8.contains(byte)
            }
        }
        if plain && !text.isEmpty { return text }
        guard text.unicodeScalars.contains(where: isHidden) else {
            return "'" + text.replacing("'", with: "'\\''") + "'"
        }
        var result = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case _ where isHidden(scalar):
                for byte in String(scalar).utf8 { result += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16) }
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    /// The words joined into one command line.
    static func line(_ words: [String]) -> String { words.map(quoted).joined(separator: " ") }

    /// Whether a scalar must not be printed raw: C0 and C1 controls, DEL, the bidi controls
    /// (which reorder what a terminal shows, U+202E among them) and U+FFFD (an undecodable byte).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFFFD: true
        default: false
        }
    }
}
