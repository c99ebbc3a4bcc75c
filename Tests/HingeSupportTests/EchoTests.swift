import HingeSupport
import Testing

/// The echo rule, against texts whose quoted form is written out by hand.
@Suite("Echo: input quoted in a message")
struct EchoTests {
    @Test(
        "Printable ASCII and non-ASCII letters stay; controls, DEL, C1, backslashes and U+FFFD are escaped",
        arguments: [
            ("angle", "angle"),
            ("ångström °C", "ångström °C"),
            ("a\tb\nc\r", "a\\x09b\\x0Ac\\x0D"),
            ("\u{1B}[31mred", "\\x1B[31mred"),
            ("del\u{7F} c1\u{85}", "del\\x7F c1\\x85"),
            ("C:\\temp", "C:\\\\temp"),
            ("bad \u{FFFD}", "bad \\u{FFFD}"),
            // Issue 32: bidi controls would reorder the terminal's text ("\u{202E}gpj.exe" shows as "exe.jpg").
            ("\u{202E}gpj.exe", "\\u{202E}gpj.exe"),
            ("\u{2066}a\u{2069}\u{200F}\u{061C}", "\\u{2066}a\\u{2069}\\u{200F}\\u{061C}"),
            ("", ""),
        ])
    func quoted(text: String, expected: String) {
        #expect(Echo.quoted(text) == expected)
    }

    @Test("Forty characters are kept whole; the forty-first is cut with an ellipsis")
    func cut() {
        let forty = String(repeating: "x", count: 40)
        #expect(Echo.quoted(forty) == forty)
        #expect(Echo.quoted(forty + "y") == forty + "…")
        #expect(Echo.quoted(String(repeating: "é", count: 100_000)) == String(repeating: "é", count: 40) + "…")
        #expect(Echo.quoted("abcdef", limit: 3) == "abc…")
    }

    @Test("Bytes are decoded as UTF-8 with invalid sequences shown as \\u{FFFD}, and a huge input is read only in part")
    func bytes() {
        #expect(Echo.quoted(bytes: Array("P7".utf8) + [0xFF, 0x00]) == "P7\\u{FFFD}\\x00")
        let huge = [UInt8](repeating: 0x41, count: 10_000_000)
        #expect(Echo.quoted(bytes: huge) == String(repeating: "A", count: 40) + "…")
    }

    @Test("A comment echo is never cut but still escapes the newline that would end the comment")
    func comment() {
        let long = String(repeating: "n", count: 500) + "\nrow"
        #expect(Echo.comment(long) == String(repeating: "n", count: 500) + "\\x0Arow")
    }
}
