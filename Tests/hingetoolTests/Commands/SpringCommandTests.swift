import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool spring")
struct SpringCommandTests {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let run = runTool(["spring"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    @Test("--report --format json has exactly the documented keys, with the library's values")
    func reportJSON() throws {
        let object = try json(["--preset", "bend", "--report"])
        let required = [
            "mass", "stiffness", "damping", "damping_ratio", "response", "bounce", "regime", "overshoot", "peak_time",
            "rise_time", "settling_duration", "frames_to_settle_60", "frames_to_settle_120",
        ]
        for key in required { #expect(object[key] != nil, "missing \(key)") }
        let report = DampedSpring.bend.report()
        #expect(object["mass"] as? Double == 0.9)
        #expect(object["stiffness"] as? Double == 280)
        #expect(object["damping"] as? Double == 24)
        #expect(object["regime"] as? String == "underdamped")
        // JSON carries the shortest exact text; Foundation's parser on Linux may read it back
        // one ulp off, hence the 1e-15 relative tolerance.
        #expect(abs(try #require(object["overshoot"] as? Double) / report.overshoot - 1) < 1e-15)
        #expect(abs(try #require(object["settling_duration"] as? Double) / report.settlingTime - 1) < 1e-15)
        #expect(object["frames_to_settle_60"] as? Int == report.framesToSettleAt60Hz)
        #expect(object["frames_to_settle_120"] as? Int == report.framesToSettleAt120Hz)
    }

    @Test("Apple's own examples come out of the command line")
    func appleExamples() throws {
        // Apple's documentation of SwiftUI's Spring: Spring(duration: 0.5, bounce: 0.3) is
        // (mass, stiffness, damping) = (1, 157.9, 17.6).
        let byDuration = try json(["--duration", "0.5", "--bounce", "0.3", "--report"])
        #expect(abs(try #require(byDuration["stiffness"] as? Double) - 157.9) < 0.05)
        #expect(abs(try #require(byDuration["damping"] as? Double) - 17.6) < 0.05)
        // And (m 1, k 100, c 10) is (duration, bounce) = (0.63, 0.5).
        let physical = try json(["--mass", "1", "--stiffness", "100", "--damping", "10", "--report"])
        #expect(abs(try #require(physical["response"] as? Double) - 0.63) < 0.005)
        #expect(abs(try #require(physical["bounce"] as? Double) - 0.5) < 1e-12)
    }

    @Test("Overdamping is lowered to critical unless allowed, as SwiftUI does")
    func overdamping() throws {
        #expect(try json(["--stiffness", "100", "--damping", "50", "--report"])["damping"] as? Double == 20)
        let allowed = try json(["--stiffness", "100", "--damping", "50", "--allow-overdamping", "--report"])
        #expect(allowed["damping"] as? Double == 50)
        #expect(allowed["regime"] as? String == "overdamped")
    }

    @Test("Rows are t value velocity at k/rate, gnuplot-ready, equal to the closed form, and end settled")
    func rows() throws {
        let run = runTool(["spring", "--preset", "snappy", "--from", "180", "--to", "110", "--rate", "60"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.prefix { $0.hasPrefix("#") }.count == 2)
        #expect(lines[1] == "# t value velocity")
        let rows = lines.dropFirst(2).map { $0.split(separator: " ").map { Double($0)! } }
        let spring = DampedSpring.snappy
        let frames = try #require(spring.report(from: 180, to: 110).framesToSettle(atRate: 60))
        #expect(rows.count == frames + 1)
        for (k, row) in rows.enumerated() {
            #expect(row.count == 3)
            #expect(row[0] == Double(k) / 60)
            #expect(row[1] == spring.value(from: 180, to: 110, time: row[0]))
            #expect(row[2] == spring.velocity(from: 180, to: 110, time: row[0]))
        }
        #expect(abs(rows.last![1] - 110) <= 0.001 * 70)
    }

    @Test("CSV and JSON carry the same rows")
    func formats() throws {
        let csv = runTool(["spring", "--preset", "bend", "--length", "0.05", "--format", "csv"]).output
        #expect(csv.hasPrefix("t,value,velocity\n"))
        #expect(csv.split(separator: "\n").count == 1 + 7)
        let object = try json(["--preset", "bend", "--length", "0.05"])
        let samples = try #require(object["samples"] as? [[Double]])
        #expect(samples.count == 7)
        #expect(samples[6][0] == 0.05)
    }

    @Test(
        "Clashing or invalid parameters are usage errors that name the options",
        arguments: [
            (
                ["--preset", "bend", "--stiffness", "3"],
                "'--stiffness' and '--preset' describe the spring in two different ways"
            ),
            (
                ["--duration", "0.5", "--response", "0.3"],
                "'--duration' and '--response' describe the spring in two different ways"
            ),
            (
                ["--mass", "-1", "--stiffness", "1", "--damping", "1"],
                "The value '-1' is invalid for '--mass': it must be positive and finite"
            ),
            (["--stiffness", "100"], "'--damping' is needed with the physical form"),
            (["--response", "0.3"], "'--damping-ratio' is needed with '--response'"),
            (
                ["--response", "0.3", "--damping-ratio", "-0.5"],
                "The value '-0.5' is invalid for '--damping-ratio': it must be zero or positive"
            ),
            (
                ["--duration", "0.5", "--bounce", "-1"],
                "The value '-1' is invalid for '--bounce': it must be greater than -1 and at most 1"
            ),
            (["--stiffness", "nan", "--damping", "1"], "The value 'nan' is invalid for '--stiffness'"),
            (["--preset", "bend", "--extra-bounce", "0.1"], "the 'bend' preset has a fixed bounce"),
            (
                ["--response", "0.3", "--damping-ratio", "1", "--bounce", "0.2"],
                "'--bounce' goes with '--duration', '--visual-duration' or '--preset'"
            ),
            (["--preset", "jelly"], "--preset: 'jelly' is not one of "),
            (["--rate", "0"], "The value '0' is invalid for '--rate'"),
            (["--length", "1e9"], "The value '1e9' is invalid for '--length'"),
        ])
    func clashes(arguments: [String], message: String) {
        let run = runTool(["spring"] + arguments)
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("Error: " + message), "\(run.error)")
    }

    @Test("Extra bounce adds to the preset's bounce")
    func extraBounce() throws {
        let object = try json(["--preset", "snappy", "--extra-bounce", "0.1", "--report"])
        #expect(abs(try #require(object["bounce"] as? Double) - 0.25) < 1e-12)
    }
}
