import HingeKit
import Testing

@testable import hingetool

/// The dumpsys row reader against an oracle built with the rows: each line is assembled from
/// generated parts (indent, event number, seconds, wall time, values), some of them broken on
/// purpose, and the outcome is known from the parts alone — the nanoseconds from the digits as
/// written (`Int64(whole + fraction padded to 9 digits)`, `nil` past `Int64.max`: the standard
/// library's parser, not ExactTime's arithmetic), the value as written, every column as a
/// UTF-8 offset counted on the parts. Tolerance: none — nanoseconds, values, columns and
/// messages must match exactly. The same lines also go through the `Character`-wise reader
/// (`row(_:line:)`), which must agree with the oracle too: on ASCII lines the byte reader is its
/// twin, and a line with any other byte is read by it.
@Suite("import dumpsys: rows read on their bytes, against an oracle")
struct DumpsysRowTests {
    /// What a line must read as.
    enum Outcome: Equatable, CustomStringConvertible {
        case row(nanoseconds: Int64, value: String?, column: Int, timeColumn: Int)
        case bad(column: Int, message: String)
        case notARow

        var description: String {
            switch self {
            case .row(let nanoseconds, let value, let column, let timeColumn):
                "row \(nanoseconds) ns, value \(value ?? "nil") at \(column), time at \(timeColumn)"
            case .bad(let column, let message): "bad at \(column): \(message)"
            case .notARow: "not a row"
            }
        }

        init(_ parsed: DumpsysSensorLog.ParsedLine) {
            switch parsed {
            case .row(let row):
                self = .row(
                    nanoseconds: row.nanoseconds, value: row.value, column: row.column, timeColumn: row.timeColumn)
            case .bad(let bad): self = .bad(column: bad.column, message: bad.message)
            case .notARow: self = .notARow
            }
        }
    }

    /// A generated line and its outcome.
    struct Case {
        var line: String
        var outcome: Outcome
    }

    /// Echo's escape of the one control character the generator uses.
    static func echoed(_ text: String) -> String { text.map { $0 == "\t" ? "\\x09" : String($0) }.joined() }

    static func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    static func digits(_ count: Int, _ random: inout SplitMix64) -> String {
        String((0..<count).map { _ in Character(String(random.next() % 10)) })
    }

    /// One line: mostly valid rows, each part broken now and then.
    static func generate(_ random: inout SplitMix64) -> Case {
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        let indent = pick(["", " ", "\t", "\t ", " \t  "], &random)
        var index = String(1 + random.next() % 1_000_000)
        var rowLike = true
        if chance(4) {
            index = pick(["", "x1", "\u{0661}2", "-3"], &random)
            rowLike = false
        }
        var open = " ("
        if chance(4) {
            open = pick(["(", "  (", " [", " \t("], &random)
            rowLike = false
        }
        var label = "ts="
        var labelGood = true
        if chance(4) {
            label = pick(["tz=", "ts:", "TS=", "ts", ""], &random)
            labelGood = false
        }
        // The seconds: digits, a point and up to 9 decimals; past Int64.max now and then.
        var whole = digits(Int(1 + random.next() % (chance(10) ? 22 : 10)), &random)
        var fraction: String? = chance(85) ? digits(Int(1 + random.next() % 9), &random) : nil
        var timeGood = true
        if chance(8) {
            // Broken, and short enough that no digit before the break can pass Int64.max.
            timeGood = false
            whole = digits(Int(1 + random.next() % 9), &random)
            fraction = fraction.map { String($0.prefix(8)) }
            switch random.next() % 7 {
            case 0: whole = "-" + whole
            case 1: whole = ""
            case 2: fraction = digits(10 + Int(random.next() % 3), &random)
            case 3: fraction = ""
            case 4: whole += "x"
            case 5: fraction = (fraction ?? "5") + ".1"
            default: whole = "1\t" + whole
            }
        }
        let time = whole + (fraction.map { "." + $0 } ?? "")
        let padded = pick(["", " ", "  "], &random) + time + pick(["", " ", "   "], &random)
        var wall = pick([", wall=09-15 17:20:07.930", ",wall=x", "", ", wall=01-01 00:00:00.000, more"], &random)
        if chance(5) { wall = ", wall=\u{00FC}\u{00DF}" }
        let close = chance(3) ? "" : ")"
        // The values: a number as written, masked, missing, or not a number.
        var value = pick(["90.00", "0", "-12.5", "+7", "1e3", "2.5E-2", "179.999", ".5", "5."], &random)
        var valueGood = true
        if chance(10) {
            value = pick(["abc", "1e999", "nan", "--5", "1.2.3", "0x10", "9 9", ".", "+", "9\u{00E9}"], &random)
            valueGood = false
        }
        var after = pick(
            [" \(value), 0.00, 0.00,", " \(value),", " \(value)", "  \(value) \t,", "\t\(value)"], &random)
        var masked = false
        if chance(5) {
            after = pick(["", " ", " [value masked]", " , 5", "\t[x]"], &random)
            masked = true
        }
        let line = indent + index + open + label + padded + wall + close + after
        guard rowLike else { return Case(line: line, outcome: .notARow) }
        let parenColumn = (indent + index + " ").utf8.count + 1
        guard labelGood, !close.isEmpty else {
            return Case(
                line: line,
                outcome: .bad(column: parenColumn, message: "expected '(ts=SECONDS, wall=…)' after the event number"))
        }
        let timeColumn = parenColumn + 4
        let shown = echoed(time)
        guard timeGood else {
            let message = "the time '\(shown)' is not seconds since boot (digits, up to 9 decimals, not negative)"
            return Case(line: line, outcome: .bad(column: timeColumn, message: message))
        }
        let decimals = (fraction ?? "") + String(repeating: "0", count: 9 - (fraction ?? "").count)
        guard let nanoseconds = Int64(whole + decimals) else {
            let message = "the time '\(shown)' is past 9223372036.854775807 s, the latest time held"
            return Case(line: line, outcome: .bad(column: timeColumn, message: message))
        }
        let closeEnd = (indent + index + open + label + padded + wall + close).utf8.count
        if masked {
            return Case(
                line: line, outcome: .row(nanoseconds: nanoseconds, value: nil, column: 1, timeColumn: timeColumn))
        }
        guard valueGood else {
            let message = "the value '\(value)' is not a finite number"
            return Case(line: line, outcome: .bad(column: closeEnd + 2, message: message))
        }
        return Case(
            line: line,
            outcome: .row(nanoseconds: nanoseconds, value: value, column: closeEnd + 2, timeColumn: timeColumn))
    }

    /// What the parser makes of `line` as the one line of a section: the section's row or bad
    /// row, or — the line ends the section — not a row (the valid row after it is then not counted).
    static func parse(_ line: String) -> Outcome? {
        let text = "hinge_angle: last 2 events\n\(line)\n 9 (ts=9.5, wall=x) 1.0,\n"
        let log = DumpsysSensorLog(text: text)
        guard let section = log.sections.first, section.name == "hinge_angle" else { return nil }
        if section.rowCount == 0 && section.badRowCount == 0 { return .notARow }
        guard section.rowCount + section.badRowCount == 2 else { return nil }
        if let row = section.rows.first, row.line == 2 { return Outcome(.row(row)) }
        if let bad = section.badRows.first, bad.line == 2 { return Outcome(.bad(bad)) }
        return nil
    }

    @Test("20,000 generated rows, valid and broken, read as the oracle says, by both readers")
    func generatedRows() {
        var random = SplitMix64(seed: 32)
        var seen: [String: Int] = [:]
        for _ in 0..<20_000 {
            let generated = Self.generate(&random)
            let parsed = Self.parse(generated.line)
            #expect(parsed == generated.outcome, "\(generated.line.debugDescription)")
            let characterWise = Outcome(DumpsysSensorLog.row(Substring(generated.line), line: 2))
            #expect(characterWise == generated.outcome, "Character-wise: \(generated.line.debugDescription)")
            let kind = "\(generated.outcome)".prefix(while: { $0 != " " })
            seen[String(kind), default: 0] += 1
        }
        // Every kind of outcome is drawn many times.
        #expect(seen["row", default: 0] > 10_000 && seen["bad", default: 0] > 2000, "\(seen)")
        #expect(seen["not", default: 0] > 500, "\(seen)")
    }

    @Test("The edges of Int64: the last nanosecond held is read, one past it is a located error")
    func int64Edges() {
        #expect(
            Self.parse("1 (ts=9223372036.854775807, wall=x) 1.0,")
                == .row(
                    nanoseconds: .max, value: "1.0", column: 37, timeColumn: 7))
        let past = "the time '9223372036.854775808' is past 9223372036.854775807 s, the latest time held"
        #expect(Self.parse("1 (ts=9223372036.854775808, wall=x) 1.0,") == .bad(column: 7, message: past))
        #expect(Self.parse("\t 1 (ts=0.000000001) 5") == .row(nanoseconds: 1, value: "5", column: 22, timeColumn: 9))
    }

    @Test("Columns count UTF-8 bytes on lines with other characters, which keep the Character-wise reading")
    func nonASCIIColumns() {
        // "é" is two bytes: the value's column moves by two, not one.
        #expect(
            Self.parse("1 (ts=1.5, wall=é) 9x,") == .bad(column: 21, message: "the value '9x' is not a finite number"))
        // A combining mark after ')' makes one Character of the two: no ')' closes the time.
        #expect(
            Self.parse("1 (ts=1.5, wall=x)\u{0301} 90,")
                == .bad(column: 3, message: "expected '(ts=SECONDS, wall=…)' after the event number"))
    }

    @Test("Headings read on bytes as Character-wise: the name trimmed, the count digits, 'event(s)' last")
    func headings() {
        var random = SplitMix64(seed: 31)
        for _ in 0..<5000 {
            let name = Self.pick(["hinge_angle  Wakeup", "Hinge Angle", "x", "a: last b", ""], &random)
            let count = Self.pick(["5", "1000000", "", "x5", "5x", "0"], &random)
            let ending = Self.pick([" events", " event", " eventsx", "events", " events "], &random)
            let spaces = Self.pick(["", " ", "\t", "  "], &random)
            let line = spaces + name + Self.pick(["", " "], &random) + ": last " + spaces + count + ending + spaces
            // Oracle: a name, digits, and the line (trimmed) ending in " event" or " events".
            let countGood = !count.isEmpty && count.allSatisfy { $0.isASCII && $0.isNumber } && spaces != "\t"
            let endingGood = [" events", " event", " events "].contains(ending)
            // The first ": last " is the one read: a name holding one reads no count.
            let expected = countGood && endingGood && !name.isEmpty && !name.contains(": last ") ? name : nil
            let log = DumpsysSensorLog(text: line)
            #expect(log.sections.first?.name == expected, "\(line.debugDescription)")
            #expect(DumpsysSensorLog.header(Substring(line.trimmingCharacters(" \t"))) == expected)
        }
    }

    @Test("ExactTime.seconds prints every nanosecond count as the plain decimal a String-built reference writes")
    func secondsText() {
        // Reference: the digits of the magnitude, a point 9 from the right, zeros padded in
        // front and trailing zeros (and a bare point) cut. Exact: the texts must be equal.
        func reference(_ nanoseconds: Int64) -> String {
            var digits = String(nanoseconds.magnitude)
            if digits.count < 10 { digits = String(repeating: "0", count: 10 - digits.count) + digits }
            var text = String(digits.dropLast(9)) + "." + String(digits.suffix(9))
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return (nanoseconds < 0 ? "-" : "") + text
        }
        var random = SplitMix64(seed: 2026)
        var values: [Int64] = [0, 1, -1, 3, 1_000_000_000, 268_003_965_013_815, .max, .min, .min + 1]
        for _ in 0..<20_000 { values.append(Int64(bitPattern: random.next()) >> (random.next() % 64)) }
        for value in values {
            #expect(ExactTime.seconds(nanoseconds: value) == reference(value), "\(value)")
        }
    }
}
