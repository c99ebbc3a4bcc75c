import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("The clock rule, exact times, angle units and stats --strict")
struct ClockAndUnitTests {
    @Test("read prints integer times exactly: 3 ns is 0.000000003; --clock recorder keeps the boot clock's digits")
    func exactTimes() {
        let trace = "time_ns,angle\n268003965013815,10\n268003965013818,11\n268004058573094,12\n"
        let zero = runTool(["read", "-"], input: trace)
        #expect(zero.status == 0)
        let times = zero.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ")[0] }
        #expect(times == ["0", "0.000000003", "0.093559279"])
        let recorder = runTool(["read", "-", "--clock", "recorder"], input: trace)
        let recorded = recorder.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ")[0]
        }
        #expect(recorded == ["268003.965013815", "268003.965013818", "268004.058573094"])
        // A seconds column counts from its first row under the default clock, to the nanosecond.
        let seconds = runTool(["read", "-"], input: "time,angle\n0.5,10\n0.6,11\n")
        #expect(seconds.output.contains("\n0 10 ") && seconds.output.contains("\n0.1 11 "))
        let kept = runTool(["read", "-", "--clock", "recorder"], input: "time,angle\n0.5,10\n0.6,11\n")
        #expect(kept.output.contains("\n0.5 10 ") && kept.output.contains("\n0.6 11 "))
    }

    @Test("--angle-unit rad reads an 'angle' column as radians; a column naming another unit is refused")
    func angleUnit() {
        let trace = "time,angle\n0,3.141592\n0.1,3.106686\n0.2,3.036873\n0.3,2.932153\n0.4,2.792527\n0.5,2.652900\n"
        let run = runTool(["stats", "-", "--angle-unit", "rad", "--strict"], input: trace)
        #expect(run.status == 0)
        #expect(run.output.contains("2° steps"))
        #expect(run.error.isEmpty)
        let conflict = runTool(["stats", "-", "--angle-unit", "rad"], input: "time,angle_deg\n0,10\n")
        #expect(conflict.status == 65)
        #expect(conflict.error.contains("<stdin>:1:6: column 'angle_deg' names its own unit"))
    }

    @Test("A radian recording raises no 'no resolution' warning; a real half degree still does")
    func radianResolution() {
        let run = runTool(["stats", testFixture("ios-onhingechange.csv"), "--strict"])
        #expect(run.status == 0)
        #expect(!run.error.contains("share no resolution"))
        let half = runTool(
            ["stats", "-", "--strict"],
            input: "time,angle_rad\n0,0.5\n0.1,0.5123\n0.2,0.5301\n0.3,0.5411\n0.4,0.5577\n0.5,0.5702\n"
        )
        #expect(half.status == 1)
        #expect(half.error.contains("share no resolution"))
    }

    @Test(
        "stats --strict passes every dataset and recipe output, and fails (exit 1) on a duplicate",
        arguments: [
            "Datasets/flat-to-laptop.csv", "Datasets/close-and-open.csv", "Datasets/slow-bend.csv",
            "Datasets/coarse-sensor.csv", "Datasets/five-degree-steps.csv", "Datasets/dropouts.csv",
            "Datasets/no-hinge.csv", "Datasets/real/fold8-public.csv",
            "Tests/Fixtures/recording/android-listener.csv", "Tests/Fixtures/recording/ios-onhingechange.csv",
            "Tests/Fixtures/recording/dumpsys-hinge.csv",
        ])
    func strict(path: String) {
        let run = runTool(["stats", packageRoot + "/" + path, "--strict"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty)
    }

    /// jitter-at-boundary's noise reaches 181° near flat: its sensor (360° range, as the first
    /// scenarios were made) really does break the 180° range, and --strict says so.
    @Test("stats --strict exits 1 on jitter-at-boundary's 181°, a real breach of the 180° range")
    func strictRange() {
        let run = runTool(["stats", packageRoot + "/Datasets/jitter-at-boundary.csv", "--strict"])
        #expect(run.status == 1)
        #expect(run.error.contains("values lie outside 0…180°"))
        #expect(!run.error.contains("repeat"))
    }

    @Test("stats --strict exits 1 on a back-to-back duplicate inside the trace")
    func strictFails() {
        let run = runTool(["stats", "-", "--strict"], input: "time,angle\n0,10\n0.1,10\n0.2,11\n")
        #expect(run.status == 1)
        #expect(run.error.contains("1 of 3 values repeat"))
    }
}

private func testFixture(_ name: String) -> String { packageRoot + "/Tests/Fixtures/recording/" + name }
