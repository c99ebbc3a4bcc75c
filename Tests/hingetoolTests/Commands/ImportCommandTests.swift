import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// The real Galaxy Z Fold 8 HAL logcat (gizmax/FoldDuo, MIT) in Datasets/real/.
private let fold8Log = dataset("real/galaxy-z-fold8-hal.logcat")

/// Two hinge sections, as phones list them: a wake-up and a non-wake-up sensor, the second's
/// name a prefix of the first's.
private let twoHingeSensors = """
    Recent Sensor events:
    Hinge Angle Sensor Wakeup: last 2 events
    \t 1 (ts=100.000000000, wall=12-01 07:41:10.204) 90.00, 
    \t 2 (ts=100.200000000, wall=12-01 07:41:10.404) 180.00, 
    Hinge Angle Sensor: last 1 events
    \t 1 (ts=100.000000003, wall=12-01 07:41:10.204) 90.00, 

    """

@Suite("hingetool import logcat and the dumpsys sensor choice")
struct ImportCommandTests {
    @Test("import logcat reproduces the checked-in public and fused traces of the real Fold 8 log, byte for byte")
    func realLogMatchesDatasets() throws {
        for (stream, file) in [("public", "fold8-public.csv"), ("fused", "fold8-fused.csv")] {
            let run = runTool(["import", "logcat", fold8Log, "--stream", stream])
            #expect(run.status == 0)
            let expected = try String(contentsOfFile: dataset("real/" + file), encoding: .utf8)
            // The checked-in files were made from inside Datasets/real/.
            #expect(
                run.output.replacingOccurrences(of: fold8Log, with: "galaxy-z-fold8-hal.logcat")
                    .replacingOccurrences(of: " --stream public", with: "") == expected)
        }
    }

    @Test("Every hinge line of the real log is imported, every other line counted, at the times the log gives")
    func realLogCounts() throws {
        let text = try String(contentsOfFile: fold8Log, encoding: .utf8)
        let lines = text.split(separator: "\n")
        // The oracle: plain substring counts over the file.
        let publicCount = lines.filter { $0.contains(" hinge_angle ts=") }.count
        let fusedCount = lines.filter { $0.contains("lid_angle_fusion ts=") }.count
        let framework = lines.filter { $0.contains("FlexibleDeviceStateProvider:") }.count
        let posture = lines.filter { $0.contains("submit_sensors_hal_event") }.count
        #expect(publicCount + fusedCount + framework + posture == lines.count)
        let run = runTool(["import", "logcat", fold8Log, "--clock", "recorder"])
        #expect(run.status == 0)
        let rows = run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
        #expect(rows.count == publicCount)
        #expect(run.output.contains("\(publicCount) public hinge_angle events"))
        #expect(run.output.contains("\(fusedCount) private lid_angle_fusion events"))
        #expect(
            run.output.contains(
                "# ignored lines: \(framework) FlexibleDeviceStateProvider, \(posture) sensors-hal posture states"))
        // The first public line: ts=268003965013815 ns value  90/ 40/0, with the fused angle of
        // the line before it (42° at ts=268003875496835).
        #expect(rows.first == "268003.965013815,90,40,42")
        let fused = runTool(["import", "logcat", fold8Log, "--stream", "fused"])
        // Zero is the earliest hinge line of either stream: the first fused one.
        #expect(fused.output.contains("time,angle,state\n0,9,0\n0.160038229,22,1\n"))
    }

    @Test("logcat times are exact: 3 ns apart prints 0.000000003; CRLF reads the same as LF")
    func exactTimesAndCRLF() {
        let log = """
            09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268003965013815 ns value  90/ 40/0
            09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268003965013818 ns value 180/167/0 
            09-15 17:20:07.931  1000  1000 D SomethingElse: unrelated

            """
        let run = runTool(["import", "logcat", "-"], input: log)
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("time,angle,raw_angle,fused_angle\n0,90,40,\n0.000000003,180,167,\n"))
        #expect(run.output.contains("# ignored lines: 1 SomethingElse\n"))
        let crlf = runTool(["import", "logcat", "-"], input: log.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf.output == run.output)
    }

    @Test("A broken hinge line is an error at its line and column, not a silent drop")
    func brokenLine() {
        let log = """
            09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268003965013815 ns value  90/ 40/0
            09-15 17:20:08.130  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268004165013815 ns value  9x/ 40/0

            """
        let run = runTool(["import", "logcat", "-"], input: log)
        #expect(run.status == 65)
        #expect(run.error.contains("<stdin>:2:"))
        #expect(run.error.contains("expected three '/'-separated integers"))
        let noHinge = runTool(["import", "logcat", "-"], input: "09-15 17:20:07.930  1 1 I Foo: bar\n")
        #expect(noHinge.status == 65)
        #expect(noHinge.error.contains("no hinge_angle line"))
        #expect(noHinge.error.contains("ignored lines: 1 Foo"))
    }

    @Test("A broken hinge line or a repeated timestamp is left out with --skip-bad-rows, counted and listed")
    func skipBadLogcatLines() {
        let log = """
            09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268003965013815 ns value  90/ 40/0
            09-15 17:20:08.130  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268004165013815 ns value  9x/ 40/0
            09-15 17:20:08.130  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268003965013815 ns value 180/170/0
            09-15 17:20:08.330  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=268004365013815 ns value 180/171/0

            """
        let strict = runTool(["import", "logcat", "-"], input: log)
        #expect(strict.status == 65)
        #expect(strict.error.contains("<stdin>:2:"), "\(strict.error)")
        #expect(strict.error.contains("and 1 more"), "\(strict.error)")
        let skipped = runTool(["import", "logcat", "-", "--skip-bad-rows"], input: log)
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(skipped.error.contains("skipped 2 malformed rows"), "\(skipped.error)")
        #expect(skipped.error.contains("<stdin>:3:1: ts=268003965013815 repeats the timestamp of line 1"))
        #expect(skipped.output.contains("# skipped lines: 2"))
        // The first of two lines at one time is kept: the rows an app would have seen first.
        #expect(skipped.output.hasSuffix("time,angle,raw_angle,fused_angle\n0,90,40,\n0.4,180,171,\n"))
    }

    /// Found by fuzzing (`Fuzz/corpus/logcat/crash-times-1ns-apart-at-2.7e8s`): two public
    /// events 1 ns apart, 2.68e8 s after the earliest (fused) event, were written as
    /// `267735961.999999999` and `267735962`, which read as one `Double` (a step of 30 ns there):
    /// `read` refused the trace the import wrote. The oracle is `hingetool read` on the written
    /// trace, on both clocks (on the recorder's the times are 2.68e8 s as well).
    @Test("Found by fuzzing: logcat times 1 ns apart that read as one Double are a repeat, never a trace read refuses")
    func logcatTimesOneDoubleApart() throws {
        let line = "09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, "
        let log = """
            09-15 17:20:07.961  1963  3959 I sensors-hal: handle_sns_client_event:197, [0]lid_angle_fusion ts=268003875496835 ns value [1/ 42/3] [0])
            \(line)hinge_angle ts=268003965875496834 ns value  90/ 40/0
            \(line)hinge_angle ts=268003965875496835 ns value 180/170/0
            \(line)hinge_angle ts=268003965975496835 ns value  90/ 91/0

            """
        let folder = temporaryFolder()
        for clock in ["zero", "recorder"] {
            let strict = runTool(["import", "logcat", "-", "--clock", clock], input: log)
            #expect(strict.status == 65, "\(clock): \(strict.error)")
            #expect(
                strict.error.contains(
                    "<stdin>:3:1: ts=268003965875496835 is 1 ns after the event at line 2 and reads as the same time"),
                "\(clock): \(strict.error)")
            let trace = folder + "/\(clock).csv"
            let skipped = runTool(
                ["import", "logcat", "-", "--clock", clock, "--skip-bad-rows", "-o", trace], input: log)
            #expect(skipped.status == 0, "\(clock): \(skipped.error)")
            #expect(skipped.error.contains("skipped 1 malformed row"), "\(clock): \(skipped.error)")
            let read = runTool(["read", trace, "--format", "csv"])
            #expect(read.status == 0, "\(clock): \(read.error)")
            // The first of the two is kept, then the event 0.1 s later.
            let angles = read.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
                .map { $0.split(separator: ",")[1] }
            #expect(angles.map(String.init).map { Double($0) } == [90, 90], "\(clock): \(read.output)")
        }
    }

    /// The dumpsys twin of ``logcatTimesOneDoubleApart()``: rows 1 ns apart 2.68e8 s after the
    /// first row (`--clock zero`) or after boot (`--clock recorder`).
    @Test("Found by fuzzing: dumpsys times 1 ns apart that read as one Double are a repeat, never a trace read refuses")
    func dumpsysTimesOneDoubleApart() throws {
        let log = """
            Hinge Angle: last 4 events
            \t 1 (ts=0.500000000, wall=12-01 07:41:10.204) 0.00, 
            \t 2 (ts=267735962.499999999, wall=12-01 07:41:10.204) 90.00, 
            \t 3 (ts=267735962.500000000, wall=12-01 07:41:10.204) 180.00, 
            \t 4 (ts=267735962.600000000, wall=12-01 07:41:10.304) 90.00, 

            """
        let folder = temporaryFolder()
        for clock in ["zero", "recorder"] {
            let strict = runTool(["import", "dumpsys", "-", "--clock", clock], input: log)
            #expect(strict.status == 65, "\(clock): \(strict.error)")
            #expect(
                strict.error.contains(
                    "<stdin>:4:1: the time 267735962.5 is 1 ns after the event at line 3 and reads as the same time"),
                "\(clock): \(strict.error)")
            let trace = folder + "/\(clock).csv"
            let skipped = runTool(
                ["import", "dumpsys", "-", "--clock", clock, "--skip-bad-rows", "-o", trace], input: log)
            #expect(skipped.status == 0, "\(clock): \(skipped.error)")
            #expect(skipped.error.contains("skipped 1 malformed row"), "\(clock): \(skipped.error)")
            let read = runTool(["read", trace, "--format", "csv"])
            #expect(read.status == 0, "\(clock): \(read.error)")
            let angles = read.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
                .map { Double($0.split(separator: ",")[1]) }
            #expect(angles == [0, 90, 90], "\(clock): \(read.output)")
        }
    }

    @Test(
        "The real-device files read the same with CRLF line ends and as UTF-16 (either byte order)",
        arguments: [
            (["import", "dumpsys"], "Tests/Fixtures/recording/dumpsys-sensorservice.txt"),
            (["import", "logcat"], "Datasets/real/galaxy-z-fold8-hal.logcat"),
            (["import", "logcat", "--stream", "fused"], "Datasets/real/galaxy-z-fold8-hal.logcat"),
        ])
    func lineEndsAndEncodings(command: [String], file: String) throws {
        let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
        #expect(!text.contains("\r"))
        let folder = temporaryFolder()
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        var copies = [(folder + "/crlf.txt", Data(crlf.utf8))]
        for (name, bom, little) in [("le", [UInt8(0xFF), 0xFE], true), ("be", [0xFE, 0xFF], false)] {
            var bytes = bom
            for unit in crlf.utf16 {
                let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                bytes += little ? pair : pair.reversed()
            }
            copies.append((folder + "/utf16\(name).txt", Data(bytes)))
        }
        let expected = runTool(command + [packageRoot + "/" + file])
        #expect(expected.status == 0, "\(expected.error)")
        // The rows after the first comment line (which names the file).
        let body = expected.output.split(separator: "\n").dropFirst()
        #expect(body.count > 6)
        for (path, bytes) in copies {
            try bytes.write(to: URL(fileURLWithPath: path))
            let run = runTool(command + [path])
            #expect(run.status == 0, "\(path): \(run.error)")
            #expect(run.output.split(separator: "\n").dropFirst() == body, "\(path)")
        }
    }

    @Test("dumpsys: an exact name wins over a longer one it prefixes; a unique prefix is taken")
    func dumpsysExactThenPrefix() {
        let exact = runTool(["import", "dumpsys", "-", "--sensor", "hinge angle sensor"], input: twoHingeSensors)
        #expect(exact.status == 0)
        #expect(exact.output.contains("# sensor 'Hinge Angle Sensor', 1 events"))
        let prefix = runTool(["import", "dumpsys", "-", "--sensor", "Hinge Angle Sensor W"], input: twoHingeSensors)
        #expect(prefix.output.contains("# sensor 'Hinge Angle Sensor Wakeup', 2 events"))
        #expect(prefix.output.hasSuffix("time,angle\n0,90.00\n0.2,180.00\n"))
        let recorder = runTool(
            ["import", "dumpsys", "-", "--sensor", "Hinge Angle Sensor", "--clock", "recorder"], input: twoHingeSensors)
        #expect(recorder.output.hasSuffix("time,angle\n100.000000003,90.00\n"))
    }

    @Test("dumpsys: an ambiguous choice is refused with the candidates; --list shows every section")
    func dumpsysAmbiguous() {
        for arguments in [["import", "dumpsys", "-"], ["import", "dumpsys", "-", "--sensor", "hinge"]] {
            let run = runTool(arguments, input: twoHingeSensors)
            #expect(run.status == 64)
            #expect(run.error.contains("'Hinge Angle Sensor Wakeup' (line 2, 2 events)"))
            #expect(run.error.contains("'Hinge Angle Sensor' (line 5, 1 events)"))
            #expect(run.error.contains("--sensor"))
        }
        let list = runTool(["import", "dumpsys", "-", "--list"], input: twoHingeSensors)
        #expect(list.status == 0)
        #expect(
            list.output.hasSuffix("# line events sensor\n2 2 'Hinge Angle Sensor Wakeup'\n5 1 'Hinge Angle Sensor'\n"))
    }
}

/// The goal of issue 23 on the real Galaxy Z Fold 8 log: HingeKit's unfold progress, from the
/// public events, has at most half the RMSE of Android's whole pipeline against the private
/// fused angle, held or interpolated; its largest chop is below the pipeline's.
@Suite("score --unfold on the real Fold 8 log, against its private angle")
struct RealFold8ScoreTests {
    @Test("HingeKit's RMSE is at most half Android's pipeline's, held and linear", arguments: ["held", "linear"])
    func goal(interpolation: String) throws {
        let run = runTool([
            "score", "--unfold", dataset("real/fold8-public.csv"), "--truth", dataset("real/fold8-fused.csv"),
            "--truth-interpolation", interpolation, "--format", "json",
        ])
        #expect(run.status == 0, "\(run.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let object = try #require((document["files"] as? [[String: Any]])?.first)
        let rows = try #require(object["rows"] as? [[String: Any]])
        func value(_ display: String, _ key: String) -> Double {
            rows.first { $0["display"] as? String == display }?[key] as? Double ?? .nan
        }
        #expect(value("hingekit", "rmse") <= 0.5 * value("android", "rmse"))
        #expect(value("hingekit", "chop_max") < value("android", "chop_max"))
    }

    @Test("--per-move scores each fold of the truth; every display has a row per move")
    func perMove() {
        let run = runTool([
            "score", "--unfold", dataset("real/fold8-public.csv"), "--truth", dataset("real/fold8-fused.csv"),
            "--per-move",
        ])
        #expect(run.status == 0, "\(run.error)")
        let rows = run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count % UnfoldComparison.names.count == 0 && rows.count >= UnfoldComparison.names.count * 8)
    }
}

/// A change-triggered reference (issue 36): read with `--truth-interpolation change` when it says
/// so in a comment line before its header, linearly otherwise; integer time columns of the trace
/// and the reference lined up on the recorder's clock.
@Suite("score --truth: the reference's declaration and clock")
struct ReferenceTruthTests {
    static let publicPart1 = dataset("real/fold8-session-part1-public.csv")
    static let fusedPart1 = dataset("real/fold8-session-part1-fused.csv")

    /// The RMSE of each display, in the order of the rows.
    static func rmses(_ arguments: [String]) throws -> [Double] {
        let run = runTool(["score", "--unfold"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let object = try #require((document["files"] as? [[String: Any]])?.first)
        let rows = try #require(object["rows"] as? [[String: Any]])
        return rows.compactMap { $0["rmse"] as? Double }
    }

    @Test("A declared reference defaults to change; the same rows undeclared default to linear")
    func defaults() throws {
        let fused = try String(contentsOfFile: dataset("real/fold8-fused.csv"), encoding: .utf8)
        #expect(fused.contains("\n# change-triggered: "))
        let trace = dataset("real/fold8-public.csv")
        let declared = try Self.rmses([trace, "--truth", dataset("real/fold8-fused.csv")])
        let change = try Self.rmses([
            trace, "--truth", dataset("real/fold8-fused.csv"), "--truth-interpolation", "change",
        ])
        let linear = try Self.rmses([
            trace, "--truth", dataset("real/fold8-fused.csv"), "--truth-interpolation", "linear",
        ])
        #expect(declared == change && declared != linear)
        let folder = temporaryFolder()
        let undeclared = folder + "/fused.csv"
        try fused.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("# change-triggered") }.joined(separator: "\n")
            .write(toFile: undeclared, atomically: true, encoding: .utf8)
        #expect(try Self.rmses([trace, "--truth", undeclared]) == linear)
    }

    /// The oracle: both files rewritten in seconds from one origin (the earlier first time),
    /// which the tool compares as read; the tolerance, 1e-9, is the rounding of nanoseconds
    /// to seconds in the two readings.
    @Test("time_ns trace and reference are compared on the recorder's clock, not each from its own first row")
    func integerClocks() throws {
        let folder = temporaryFolder()
        func rows(_ path: String) throws -> (header: [String], rows: [[String]]) {
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("#") }
            return (
                lines[0].split(separator: ",").map(String.init),
                lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            )
        }
        let trace = try rows(Self.publicPart1)
        let reference = try rows(Self.fusedPart1)
        let origin = min(Int64(trace.rows[0][0])!, Int64(reference.rows[0][0])!)
        func write(_ table: (header: [String], rows: [[String]]), to path: String) throws {
            var text = (["time"] + table.header.dropFirst()).joined(separator: ",") + "\n"
            for row in table.rows {
                let seconds = Double(Int64(row[0])! - origin) / 1e9
                text += (["\(seconds)"] + row.dropFirst()).joined(separator: ",") + "\n"
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try write(trace, to: folder + "/public.csv")
        try write(reference, to: folder + "/fused.csv")
        for mode in ["held", "linear", "change"] {
            let integer = try Self.rmses([Self.publicPart1, "--truth", Self.fusedPart1, "--truth-interpolation", mode])
            let seconds = try Self.rmses([
                folder + "/public.csv", "--truth", folder + "/fused.csv", "--truth-interpolation", mode,
            ])
            #expect(integer.count == seconds.count && !integer.isEmpty)
            for (a, b) in zip(integer, seconds) { #expect(abs(a - b) < 1e-9, "\(mode): \(a) against \(b)") }
        }
    }
}
