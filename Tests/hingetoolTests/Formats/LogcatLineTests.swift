import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// `import logcat` reads an ASCII line on its bytes and any other line `Character`-wise (the
/// reading it had before, kept as the reference). The two must agree on every ASCII line —
/// stream, time, angle, detail, every problem's column and message, every ignored line's tag —
/// and a column must count `Character`s whichever way the line was read. Tolerance: none, the
/// readings are compared for equality.
@Suite("import logcat: lines read on their bytes, as the Character-wise reading reads them")
struct LogcatLineTests {
    /// Both readings of `line` (ASCII, non-blank).
    static func readings(_ line: String) -> (bytes: SamsungHALLog.Reading, characters: SamsungHALLog.Reading) {
        var text = line
        let bytes = text.withUTF8 { SamsungHALLog.reading(ascii: $0, number: 7) }
        return (bytes, SamsungHALLog.reading(Substring(line), number: 7))
    }

    static func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    /// One of the three numbers after 'value', broken now and then.
    static func field(_ random: inout SplitMix64) -> String {
        random.next() % 100 < 8
            ? pick(["", "x", "+5", "-1", "361", "1e2", " 9 ", "\t9", "99999999999999999999"], &random)
            : pick(["0", "90", "180", "  9", "360", " 40"], &random)
    }

    /// A line of the HAL or the framework, built from parts of which some are broken.
    static func generate(_ random: inout SplitMix64) -> String {
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        let stamp = pick(["09-15 17:20:07.930", "09-15", "", "09-15 17:20:07.930 "], &random)
        let ids = pick(["  1963  3959", " 1 1", "1963", "\t2503\t2503"], &random)
        let level = pick([" I ", " D ", " II ", " ", "\tW\t"], &random)
        let tag = pick(
            [
                "sensors-hal: ", "sensors-hal:", "FlexibleDeviceStateProvider: ", "a:b: ", "Foo ", ":",
                String(repeating: "t", count: 60) + ": ", "sensors-halx: ",
            ], &random)
        let head = stamp + ids + level + tag
        switch random.next() % 4 {
        case 0:
            let body = pick(
                [
                    "submit_sensors_hal_event posture 3", "lid_angle_fusion  Wakeup : [0.0, 1.0, 1.0]",
                    "hinge_angle ts", "", "\r", "ts=5 ns value 1/2/3",
                ], &random)
            return head + body
        default:
            let fused = chance(50)
            let marker = fused ? "[0]lid_angle_fusion ts=" : "handle_sns_client_event:50, hinge_angle ts="
            var time = String(random.next() % 1_000_000_000_000_000)
            if chance(8) {
                time = pick(["", "x", "-5", "99999999999999999999", "9223372036854775807", "1 2"], &random)
            }
            var unit = " ns value "
            if chance(6) { unit = pick([" ns  value ", "ns value ", " ns value", " NS value "], &random) }
            let a = Self.field(&random)
            let b = Self.field(&random)
            let c = Self.field(&random)
            var fields = "\(a)/\(b)/\(c)"
            if chance(5) { fields = pick(["\(a)/\(b)", "\(a)/\(b)/\(c)/1", "", "///"], &random) }
            let value =
                fused
                ? (chance(95) ? "[\(fields)] [  9/3] ([0/0/1/1])" : pick(["\(fields)]", "[\(fields)"], &random))
                : fields
            let padding = pick(["", " ", "  ", "   \t ", String(repeating: " ", count: 300)], &random)
            let tail = pick(["", " ", "\t", "  \t", " x"], &random)
            return head + marker + time + unit + padding + value + tail
        }
    }

    @Test("Both readings agree on 30,000 generated ASCII lines, valid and broken")
    func generatedLines() {
        var random = SplitMix64(seed: 3232)
        var kinds: [String: Int] = [:]
        for _ in 0..<30_000 {
            let line = Self.generate(&random)
            guard !line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            let (bytes, characters) = Self.readings(line)
            #expect(bytes == characters, "\(line.debugDescription)")
            switch characters {
            case .event: kinds["event", default: 0] += 1
            case .problem: kinds["problem", default: 0] += 1
            case .ignored: kinds["ignored", default: 0] += 1
            }
        }
        // Every kind of line is drawn many times.
        #expect(kinds.values.allSatisfy { $0 > 2000 } && kinds.count == 3, "\(kinds)")
    }

    @Test("Both readings agree on every line of the real Fold 8 log and the fuzz corpus")
    func realLines() throws {
        var files = [dataset("real/galaxy-z-fold8-hal.logcat")]
        for name in ["crlf.logcat", "public-events.logcat", "fused-events.logcat"] {
            files.append(packageRoot + "/Fuzz/corpus/logcat/" + name)
        }
        var read = 0
        for file in files {
            let text = DumpsysSensorLog.text(of: [UInt8](try #require(FileManager.default.contents(atPath: file))))
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            where line.utf8.allSatisfy({ $0 < 0x80 }) {
                guard !line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
                let (bytes, characters) = Self.readings(String(line))
                #expect(bytes == characters, "\(file): \(line.debugDescription)")
                read += 1
            }
        }
        #expect(read >= 200)
    }

    @Test(
        "A column counts Characters before it: the same column as the ASCII twin of the line, read on its bytes",
        arguments: [
            ("é", "e"),  // two bytes, one Character
            ("e\u{0301}", "e"),  // two scalars, one Character
            ("🇫🇷", "F"),  // eight bytes, one Character
            ("日本", "JP"),
        ])
    func nonASCIIColumns(other: String, twin: String) {
        let brokenTail = "handle_sns_client_event:50, hinge_angle ts=268004165013815 ns value  9x/ 40/0"
        let head = "09-15 17:20:08.130  1963  3959 I sensors-hal: caf"
        let line = head + other + " " + brokenTail
        let ascii = head + twin + " " + brokenTail
        // The oracle: the Characters before the field list '9x/ 40/0', plus one.
        let before = head + other + " " + brokenTail[..<brokenTail.firstRange(of: "9x/")!.lowerBound]
        let expected = before.count + 1
        #expect(expected < before.utf8.count + 1)
        let log = SamsungHALLog(text: line + "\n" + ascii + "\n")
        #expect(log.problems.map(\.line) == [1, 2])
        #expect(log.problems.map(\.column) == [expected, expected], "\(log.problems)")
        // Through the tool: the located message names that column.
        let run = runTool(["import", "logcat", "-"], input: line + "\n")
        #expect(run.status == 65)
        #expect(run.error.contains("<stdin>:1:\(expected): expected three '/'-separated integers"), "\(run.error)")
    }
}
