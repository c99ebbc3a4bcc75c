import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

func fixture(_ name: String) -> String { packageRoot + "/Tests/Fixtures/recording/" + name }

@Suite("hingetool import, unfold, posture and score --unfold")
struct DeviceCommandTests {
    @Test("import dumpsys writes the hinge section's rows as a trace, byte for byte the checked-in one")
    func importDumpsys() throws {
        let run = runTool(["import", "dumpsys", fixture("dumpsys-sensorservice.txt")])
        #expect(run.status == 0)
        let expected = try String(contentsOfFile: fixture("dumpsys-hinge.csv"), encoding: .utf8)
        #expect(
            run.output
                == expected.replacingOccurrences(
                    of: "Tests/Fixtures/recording/", with: packageRoot + "/Tests/Fixtures/recording/"))
    }

    @Test("No hinge section: exit 65 listing the sensors found; masked values: a clear error")
    func importFailures() {
        let text = "Light Sensor: last 1 events\n\t 1 (ts=10.000000001, wall=12-01 07:41:05.692) 212.00, \n"
        let none = runTool(["import", "dumpsys", "-"], input: text)
        #expect(none.status == 65)
        #expect(none.error.contains("sensors found: 'Light Sensor'"))
        let masked = "Hinge Angle: last 1 events\n\t 1 (ts=10.000000001, wall=12-01 07:41:05.692) [value masked]\n"
        let run = runTool(["import", "dumpsys", "-"], input: masked)
        #expect(run.status == 65)
        #expect(run.error.contains("<stdin>:2:"))
        #expect(run.error.contains("without values"))
        #expect(
            runTool(["import", "dumpsys", "-", "--sensor", "light sensor", "--clock", "recorder"], input: text).output
                .contains(
                    "10.000000001,212.00"))
    }

    @Test(
        "Each recipe's output in docs/recording.md goes through stats unchanged",
        arguments: [
            "android-listener.csv", "ios-onhingechange.csv", "ios-uihinge.csv", "dumpsys-hinge.csv",
        ])
    func recipes(name: String) {
        let run = runTool(["stats", fixture(name)])
        #expect(run.status == 0)
        #expect(run.output.contains("samples "))
    }

    @Test("stats warns of CTS failures: duplicates, values above range, non-multiples of the resolution")
    func sensorChecks() {
        let trace = "time,angle\n0,10\n0.01,10\n0.02,185\n0.03,12.5\n"
        let run = runTool(["stats", "-", "--resolution", "1"], input: trace)
        #expect(run.status == 0)
        #expect(run.error.contains("1 of 4 values repeat the value just before them"))
        #expect(run.error.contains("1 of 4 values lie outside 0…180°"))
        #expect(run.error.contains("1 of 4 values are not multiples of the resolution 1°"))
        #expect(
            !runTool(["stats", "-", "--max-range", "360"], input: "time,angle\n0,10\n0.01,185\n").error.contains(
                "outside"))
    }

    @Test("Bad input: a malformed trace is 65 with its location, a missing file 66, a wrong format 64")
    func badInput() {
        let malformed = runTool(["unfold", "-"], input: "time_ns,angle\n100,10\n200.5,11\n")
        #expect(malformed.status == 65)
        #expect(malformed.error.contains("<stdin>:3:1: time_ns '200.5' is not an integer"))
        #expect(runTool(["posture", "/nonexistent/trace.csv"]).status == 66)
        #expect(runTool(["import", "dumpsys", "/nonexistent/dumpsys.txt"]).status == 66)
        #expect(runTool(["import", "syslog", "-"]).status == 64)
        #expect(runTool(["unfold", dataset("flat-to-laptop.csv"), "--half-folded-timeout", "0"]).status == 64)
    }

    @Test("unfold prints t angle hingekit android truth, and the fold updates with --events")
    func unfold() {
        let run = runTool(["unfold", dataset("close-and-open.csv"), "--events"])
        #expect(run.status == 0)
        #expect(run.output.contains("# t angle hingekit android truth\n"))
        #expect(run.output.contains(" START_CLOSING "))
        #expect(run.output.contains(" FINISH_CLOSED "))
        #expect(run.output.contains(" START_OPENING "))
        #expect(!run.output.contains("nan"))
    }

    @Test("unfold follows the clock rule: from zero by default, the recorder's digits with --clock recorder")
    func unfoldClock() {
        // A seconds column starting at 5 s, and boot-clock nanoseconds.
        let seconds = runTool(["unfold", "-"], input: "time,angle\n5,170\n5.25,120\n")
        #expect(seconds.status == 0)
        let rows = seconds.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.first?.hasPrefix("0 170 ") == true && rows.last?.hasPrefix("0.25 120 ") == true, "\(rows)")
        let recorded = runTool(["unfold", "-", "--clock", "recorder"], input: "time,angle\n5,170\n5.25,120\n")
        #expect(recorded.output.contains("\n5 170 ") && recorded.output.contains("\n5.25 120 "))
        let nanoseconds = "time_ns,angle\n269436964991237,90\n269440965045456,0\n"
        let boot = runTool(["unfold", "-", "--clock", "recorder", "--events"], input: nanoseconds)
        #expect(boot.status == 0)
        #expect(boot.output.contains("\n269436.964991237 90 "))
        #expect(boot.output.contains("\n269440.965045456 0 "))
        let zero = runTool(["unfold", "-"], input: nanoseconds)
        #expect(zero.output.contains("\n0 90 ") && zero.output.contains("\n4.000054219 0 "))
    }

    @Test("posture prints t angle posture under both policies; Android's holds closed until 90°")
    func posture() {
        let trace = "time,angle\n0,180\n0.1,3\n0.2,60\n0.3,95\n"
        let android = runTool(["posture", "-", "--policy", "android-book-style"], input: trace)
        #expect(android.status == 0)
        #expect(android.output.contains("0.2 60 closed\n"))
        #expect(android.output.contains("0.3 95 half-opened\n"))
        let kit = runTool(["posture", "-"], input: trace)
        #expect(kit.output.contains("0.2 60 halfOpen\n"))
        // The clock rule: from zero by default, the recorder's digits with --clock recorder.
        let late = "time,angle\n7,180\n7.1,3\n"
        #expect(runTool(["posture", "-"], input: late).output.contains("\n0.1 3 closed\n"))
        #expect(runTool(["posture", "-", "--clock", "recorder"], input: late).output.contains("\n7.1 3 closed\n"))
    }

    /// The goal of issue 14 on the reported seed-1 datasets, against Android's spring: RMSE at
    /// most 0.5× on the 1° scenarios. (The other goals are measured in docs/effects.md.)
    @Test(
        "score --unfold: HingeKit's RMSE is at most half Android's spring's on the 1° scenarios",
        arguments: [
            "flat-to-laptop.csv", "close-and-open.csv", "slow-bend.csv", "jitter-at-boundary.csv",
        ])
    func unfoldGoal(name: String) {
        let run = runTool(["score", "--unfold", dataset(name), "--format", "json"])
        #expect(run.status == 0)
        guard let data = run.output.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let files = object["files"] as? [[String: Any]], files.count == 1,
            let rows = files[0]["rows"] as? [[String: Any]]
        else {
            Issue.record("no JSON")
            return
        }
        let ratio = rows.first { $0["display"] as? String == "hingekit" }?["ratio"] as? Double
        #expect((ratio ?? 1) <= 0.5)
    }
}
