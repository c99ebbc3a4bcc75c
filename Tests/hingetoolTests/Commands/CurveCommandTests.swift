import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool curve")
struct CurveCommandTests {
    private func rows(_ run: ToolRun) -> [[Double]] {
        run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ").map { Double($0)! }
        }
    }

    @Test("curve --effect bloom --step 10 prints the exact 80–170° curve")
    func bloomSteps() {
        let run = runTool(["curve", "--effect", "bloom", "--step", "10"])
        #expect(run.status == 0, "\(run.error)")
        // The oracle: the issue's formula, row by row, as the shortest decimal of (a − 80) / 90.
        var expected = "# hingetool curve --effect bloom: bloom from 80° to 170°, status none\n"
        expected += "# no hinge (no angle): 1\n# angle value\n"
        for angle in stride(from: 0, through: 180, by: 10) {
            let value = angle <= 80 ? "0" : angle >= 170 ? "1" : "\((Double(angle) - 80) / 90)"
            expected += "\(angle) \(value)\n"
        }
        #expect(run.output == expected)
        #expect(run.output.contains("\n125") == false)
        #expect(run.output.contains("\n130 0.5555555555555556\n"))
    }

    @Test(
        "The status overrides the angle as the effect says",
        arguments: [("closed", 0.0), ("fully-open", 1), ("partially-open", 0.5), ("none", 0.5)])
    func status(name: String, expected: Double) {
        let table = rows(runTool(["curve", "--effect", "bloom", "--from", "125", "--to", "125", "--status", name]))
        #expect(table == [[125, expected]])
    }

    @Test("ramp, lean and unfold at hand-computed points")
    func others() {
        #expect(
            rows(
                runTool([
                    "curve", "--effect", "ramp", "--lower", "20", "--upper", "100", "--easing", "smoothstep",
                    "--from", "40", "--to", "80", "--step", "20",
                ])) == [[40, 0.15625], [60, 0.5], [80, 0.84375]])
        #expect(
            rows(runTool(["curve", "--effect", "lean", "--from", "90", "--to", "180", "--step", "45"]))
                == [[90, 6], [135, 3], [180, 0]])
        #expect(
            rows(runTool(["curve", "--effect", "lean", "--maximum", "4", "--from", "135", "--to", "135"])) == [
                [135, 2]
            ])
        #expect(
            rows(runTool(["curve", "--effect", "unfold", "--from", "0", "--to", "198", "--step", "16.5"])).map { $0[1] }
                == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1, 1].map { $0 })
    }

    @Test("The rows reach --to despite rounding, and stop there")
    func grid() {
        let table = rows(runTool(["curve", "--effect", "unfold", "--from", "0", "--to", "1", "--step", "0.1"]))
        #expect(table.count == 11)
        #expect(abs(table.last![0] - 1) <= 1e-12)
    }

    @Test(
        "Bad effects and options are usage errors (64)",
        arguments: [
            (["tilt"], "Error: --effect: 'tilt' is not one of "),
            (["bloom", "--easing", "smoothstep"], "Error: '--easing' does not apply to the bloom effect"),
            (["ramp", "--maximum", "3"], "Error: '--maximum' does not apply to the ramp effect"),
            (["unfold", "--lower", "3"], "Error: '--lower' does not apply to the unfold effect"),
            // The effects' own rules (their throwing initialisers), in the options' names.
            (
                ["bloom", "--lower", "170", "--upper", "80"],
                "Error: the bloom's '--lower', 170, must be below '--upper' (80)"
            ),
            (
                ["ramp", "--lower", "90", "--upper", "90"],
                "Error: the ramp's '--lower', 90, must be different from '--upper' (90)"
            ),
            (
                ["lean", "--lower", "120", "--upper", "100"],
                "Error: the lean's '--lower', 120, must be below '--upper' (100)"
            ),
            (["bloom", "--from", "10", "--to", "0"], "Error: '--from' must not be above '--to'"),
            (["bloom", "--step", "0"], "Error: The value '0' is invalid for '--step'"),
            (["bloom", "--step", "1e-9"], "Error: --from, --to and --step ask for"),
            (
                ["bloom", "--status", "open"],
                "Error: --status: 'open' is not one of closed, partially-open, fully-open, none."
            ),
            ([], "Error: Missing expected option '--effect <effect>'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        // The effect as --effect (the word is deprecated: its note would come first).
        let run = runTool(["curve"] + (arguments.first.map { ["--effect", $0] + arguments.dropFirst() } ?? []))
        #expect(run.status == 64)
        #expect(run.error.hasPrefix(message), "\(run.error)")
    }
}

@Suite("hingetool animate --effect")
struct AnimateEffectTests {
    private func rows(_ run: ToolRun) -> [[Double]] {
        run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ").map { Double($0)! }
        }
    }

    @Test("--effect lean keeps the value at 0 under every Reduce Motion policy but 'off'")
    func leanUpright() {
        for policy in ["jump", "tighten"] {
            let run = runTool(["animate", dataset("flat-to-laptop.csv"), "--effect", "lean", "--reduce-motion", policy])
            #expect(run.status == 0)
            let table = rows(run)
            #expect(!table.isEmpty && table.allSatisfy { $0[1] == 0 && $0[2] == 0 && $0[3] == 0 })
        }
        let moving = rows(runTool(["animate", dataset("flat-to-laptop.csv"), "--effect", "lean"]))
        // The bundled trace rests at 110° from 1.05 s to 2.47 s: a lean of 6 · 70 / 90 = 4.667°,
        // which the critically damped spring approaches (within 0.01° by 2.4 s). Velocity carried
        // over from the 1° steps may take it past by a hair; never by 0.1 % of the 6° range.
        let plateau = moving.first { $0[0] >= 2.4 }!
        #expect(abs(plateau[2] - 6 * 70.0 / 90) <= 0.01 && moving.allSatisfy { $0[2] <= 6 * 70.0 / 90 + 6e-3 })
        #expect(moving.last![2] == 0, "back to flat: upright")
    }

    @Test("--effect bloom under Reduce Motion follows the hinge directly: the value is the bloom of each sample")
    func bloomDirect() throws {
        let samples = try TraceReader(
            source: try FileByteSource(path: dataset("flat-to-laptop.csv")), fileName: "trace"
        ).readAll().map(\.sample)
        let bloom = BloomEffect()
        for policy in ["jump", "tighten"] {
            let table = rows(
                runTool(["animate", dataset("flat-to-laptop.csv"), "--effect", "bloom", "--reduce-motion", policy]))
            for row in table {
                // The newest sample at or before the row's time.
                let sample = samples.last { $0.time <= row[0] }!
                #expect(row[2] == bloom.value(angle: sample.angle, status: sample.status) && row[3] == 0)
            }
        }
    }

    @Test("--effect bloom without Reduce Motion runs the smooth spring toward the bloom of each angle")
    func bloomSpring() {
        let run = runTool(["animate", dataset("flat-to-laptop.csv"), "--effect", "bloom"])
        #expect(run.output.contains("effect bloom"))
        #expect(run.output.contains("stiffness 157.91367041742973"))
        let table = rows(run)
        #expect(table.first![2] == 1)
        // On the 110° plateau the bloom approaches (110 − 80) / 90 = 1/3 (within 1e-3 by 2.4 s);
        // back at 180° (fully open) it ends exactly on 1. Velocity carried over from the steps
        // may take it past 1/3 by a hair, never by 0.1 % of the range; never past 1.
        #expect(abs(table.first { $0[0] >= 2.4 }![2] - 1.0 / 3) <= 1e-3)
        #expect(table.last![2] == 1)
        #expect(table.allSatisfy { $0[2] >= 1.0 / 3 - 1e-3 && $0[2] <= 1 })
    }

    @Test("--effect unfold uses Android's spring unless a spring is given")
    func unfold() {
        let own = runTool(["animate", dataset("flat-to-laptop.csv"), "--effect", "unfold"])
        #expect(own.output.contains("stiffness 600 "))
        let given = runTool(["animate", dataset("flat-to-laptop.csv"), "--effect", "unfold", "--preset", "bend"])
        #expect(given.output.contains("mass 0.9 stiffness 280 damping 24"))
        let table = rows(own)
        #expect(abs(table.first { $0[0] >= 2.4 }![2] - 110.0 / 165) <= 1e-3 && table.last![2] == 1)
    }

    @Test("With an effect, a sample with neither angle nor status is no hinge: bloom goes to 1")
    func noHinge() {
        let trace = "time,angle\n0,125\n0.5,\n"
        let table = rows(
            runTool(["animate", "-", "--effect", "bloom", "--reduce-motion", "jump", "--tail", "0.1"], input: trace))
        #expect(table.first![2] == 0.5)
        #expect(table.last![1] == 1 && table.last![2] == 1)
    }
}
