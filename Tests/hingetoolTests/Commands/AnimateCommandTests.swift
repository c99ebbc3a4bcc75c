import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool animate")
struct AnimateCommandTests {
    /// The numeric rows of a run, as `[t, target, value, velocity]`.
    private func rows(_ run: ToolRun) -> [[Double]] {
        run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ").map { Double($0)! }
        }
    }

    @Test("The bundled trace with the bend spring gives a smooth curve that ends on the target")
    func flatToLaptop() throws {
        let run = runTool(["animate", dataset("flat-to-laptop.csv"), "--preset", "bend"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("\n# t target value velocity\n"))
        let table = rows(run)
        let samples = try TraceReader(
            source: try FileByteSource(path: dataset("flat-to-laptop.csv")), fileName: "trace"
        ).readAll().map(\.sample)
        #expect(table.first! == [samples[0].time, 180, 180, 0])
        for (index, row) in table.enumerated() {
            #expect(abs(row[0] - (samples[0].time + Double(index) / 120)) <= 1e-12)
            #expect(row.allSatisfy { $0.isFinite })
        }
        // Smooth: the bend spring moves at most ~300 °/s here, so no frame jumps more than
        // 3°, and the second difference stays small although the targets come in 1° steps.
        for pair in zip(table, table.dropFirst()) { #expect(abs(pair.1[2] - pair.0[2]) < 3) }
        let last = try #require(table.last)
        #expect(last[0] >= samples.last!.time && last[2] == last[1] && last[3] == 0)
        // The value follows: within a few degrees of the 110° plateau while it is held.
        let plateau = table.filter { $0[0] > 1.5 && $0[0] < 2.5 }
        #expect(plateau.allSatisfy { abs($0[2] - 110) < 2 })
    }

    @Test("--tail prints exactly that long after the last sample, at --rate")
    func tail() {
        let run = runTool(["animate", dataset("coarse-sensor.csv"), "--tail", "0.5", "--rate", "60"])
        #expect(run.status == 0)
        let table = rows(run)
        let lastSample = SyntheticScenario.named("coarse-sensor")!.trace.motion.duration  // the closing row
        #expect(table.last![0] <= lastSample + 0.5 && table.last![0] > lastSample + 0.5 - 1.0 / 60)
    }

    @Test("Additive mode with one spring prints exactly what persistent mode prints")
    func modesAgree() {
        let persistent = runTool(["animate", dataset("five-degree-steps.csv"), "--preset", "snappy"])
        let additive = runTool([
            "animate", dataset("five-degree-steps.csv"), "--preset", "snappy", "--mode", "additive",
        ])
        #expect(rows(persistent) == rows(additive))
    }

    @Test("A spring change mid-flight separates the two modes")
    func springChange() {
        let arguments = [
            "animate", dataset("flat-to-laptop.csv"), "--preset", "bouncy", "--change-spring", "0.3:smooth",
        ]
        let persistent = runTool(arguments)
        let additive = runTool(arguments + ["--mode", "additive"])
        #expect(persistent.status == 0 && additive.status == 0)
        #expect(persistent.output.contains("# from t = 0.3 s: mass 1 stiffness"))
        #expect(rows(persistent) != rows(additive))
        #expect(rows(persistent).last![2] == rows(additive).last![2])
    }

    @Test("Reduce Motion 'jump' prints the target as the value")
    func jump() {
        let table = rows(runTool(["animate", dataset("coarse-sensor.csv"), "--reduce-motion", "jump"]))
        #expect(table.allSatisfy { $0[1] == $0[2] && $0[3] == 0 })
    }

    @Test("Samples without an angle hold the last target; a trace without any prints no rows")
    func noHinge() {
        let trace = "time,angle\n0,100\n0.1,\n0.2,\n0.3,120\n"
        let table = rows(runTool(["animate", "-", "--tail", "0"], input: trace))
        #expect(table.filter { $0[0] < 0.3 }.allSatisfy { $0[1] == 100 && $0[2] == 100 })
        #expect(table.last![1] == 120)
        let none = runTool(["animate", dataset("no-hinge.csv")])
        #expect(none.status == 0)
        #expect(none.output.contains("# no sample has an angle: nothing to animate\n"))
        #expect(rows(none).isEmpty)
    }

    @Test("--input position chases the reader's filtered angle, smoothly, to the final angle")
    func followsPosition() {
        let run = runTool(["animate", dataset("five-degree-steps.csv"), "--preset", "bend", "--input", "position"])
        #expect(run.status == 0)
        #expect(run.output.contains("input position"))
        let table = rows(run)
        let raw = rows(runTool(["animate", dataset("five-degree-steps.csv"), "--preset", "bend"]))
        // The raw targets jump in 5° steps; the position targets move less than a step a frame.
        let rawJump = zip(raw, raw.dropFirst()).map { abs($0.1[1] - $0.0[1]) }.max()!
        let positionJump = zip(table, table.dropFirst()).map { abs($0.1[1] - $0.0[1]) }.max()!
        #expect(rawJump >= 5)
        #expect(positionJump < 4)
        #expect(abs(table.last![2] - 180) < 1e-3)
    }

    @Test(
        "Bad values are usage errors (64)",
        arguments: [
            (["--input", "filtered"], "Error: --input: 'filtered' is not one of "),
            (["--effect", "tilt"], "Error: --effect: 'tilt' is not one of "),
            (["--mode", "both"], "Error: --mode: 'both' is not one of "),
            (["--change-spring", "0.3"], "Error: The value '0.3' is invalid for '--change-spring'"),
            (["--change-spring", "x:smooth"], "Error: The value 'x:smooth' is invalid for '--change-spring'"),
            (["--rate", "0"], "Error: The value '0' is invalid for '--rate'"),
            (["--duration", "0.4", "--preset", "bend"], "Error: '--duration' and '--preset' describe the spring"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let run = runTool(["animate", dataset("flat-to-laptop.csv")] + arguments)
        #expect(run.status == 64)
        #expect(run.error.hasPrefix(message), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test("Trace errors exit 65 with their location, a missing trace 66")
    func traceErrors() {
        let bad = runTool(["animate", dataset("malformed/time-backwards.csv")])
        #expect(bad.status == 65)
        #expect(bad.error.hasPrefix("Error: \(dataset("malformed/time-backwards.csv")):"))
        #expect(runTool(["animate", "/nonexistent.csv"]).status == 66)
    }
}
