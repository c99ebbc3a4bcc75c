import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

/// One clock rule (issue 36): every command that prints times from an input takes
/// `--clock zero|recorder`, and prints them from the input's first timestamp or on the input's
/// own clock. The expected times are computed here from the input's rows and each command's
/// documented grid, not by the tool's clock code.
@Suite("--clock zero|recorder on every command that prints an input's times")
struct ClockRuleTests {
    /// Starts at 5.5 s, with a first row without an angle (the clock starts there, the grids of
    /// resample, smooth and animate at the first angle, 5.6 s) and uneven gaps.
    static let seconds = "time,angle\n5.5,\n5.6,20\n5.75,31\n5.8,40\n6.05,52\n6.1,60\n"
    static let secondsTimes = [5.5, 5.6, 5.75, 5.8, 6.05, 6.1]
    /// The same rows on an integer nanosecond clock (an Android boot clock).
    static let nanoseconds =
        "time_ns,angle\n268003500000000,\n268003600000000,20\n268003750000000,31\n268003800000000,40\n"
        + "268004050000000,52\n268004100000000,60\n"
    static let nanosecondsOrigin = 268_003.5

    /// The first column of every row that is not a comment.
    static func times(_ output: String) -> [Double] {
        output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            $0.split(separator: " ").first.flatMap { Double($0) }
        }
    }

    /// `first + k/rate` for every k with the time at most `last` (within a nanosecond).
    static func grid(from first: Double, to last: Double, rate: Double) -> [Double] {
        var grid: [Double] = []
        var k = 0.0
        while first + k / rate <= last + 1e-9 {
            grid.append(first + k / rate)
            k += 1
        }
        return grid
    }

    /// What a command prints for the input whose times (as read, seconds) are `input`: the
    /// times on the input's clock, before the clock rule picks an origin.
    static func expected(_ command: String, input: [Double]) -> [Double] {
        let angles = Array(input.dropFirst())  // the first row has no angle
        switch command {
        case "read", "unfold", "posture": return angles  // a row per sample with an angle
        case "resample", "smooth": return grid(from: angles[0], to: angles.last!, rate: 20)
        case "animate": return grid(from: angles[0], to: angles.last!, rate: 40)
        default: return []
        }
    }

    static func arguments(_ command: String) -> [String] {
        switch command {
        case "resample": ["--rate", "20"]
        case "smooth": ["--rate", "20", "--median", "0.1"]
        case "animate": ["--rate", "40", "--tail", "0"]
        default: []
        }
    }

    @Test(
        "A seconds column: zero counts from the first row (5.5 s), recorder prints the times as read",
        arguments: ["read", "unfold", "posture", "resample", "smooth", "animate"])
    func secondsColumn(command: String) {
        let expected = Self.expected(command, input: Self.secondsTimes)
        for clock in ["zero", "recorder"] {
            let run = runTool([command, "-", "--clock", clock] + Self.arguments(command), input: Self.seconds)
            #expect(run.status == 0, "\(command) --clock \(clock): \(run.error)")
            let origin = clock == "zero" ? Self.secondsTimes[0] : 0
            let printed = Self.times(run.output)
            #expect(printed.count == expected.count, "\(command) --clock \(clock): \(printed)")
            // Printed to the nanosecond (9 places) at most: 1e-9 plus the double's rounding.
            for (time, truth) in zip(printed, expected) {
                #expect(abs(time - (truth - origin)) <= 2e-9, "\(command) --clock \(clock): \(time)")
            }
        }
        // Without --clock, the default is zero.
        let plain = runTool([command, "-"] + Self.arguments(command), input: Self.seconds)
        #expect(Self.times(plain.output).first.map { abs($0 - (expected[0] - Self.secondsTimes[0])) <= 2e-9 } == true)
    }

    @Test(
        "An integer nanosecond column: zero from its first row, recorder on the boot clock",
        arguments: ["read", "unfold", "posture", "resample", "smooth", "animate"])
    func integerColumn(command: String) {
        // The same rows' times counted from the first, then the boot clock's origin added back.
        let fromFirst = Self.secondsTimes.map { $0 - Self.secondsTimes[0] }
        let expected = Self.expected(command, input: fromFirst)
        for clock in ["zero", "recorder"] {
            let run = runTool([command, "-", "--clock", clock] + Self.arguments(command), input: Self.nanoseconds)
            #expect(run.status == 0, "\(command) --clock \(clock): \(run.error)")
            let origin = clock == "zero" ? 0 : Self.nanosecondsOrigin
            let printed = Self.times(run.output)
            #expect(printed.count == expected.count, "\(command) --clock \(clock): \(printed)")
            // On the boot clock a double holds 268003.x to about 6e-11 s; printed to 1e-9 s.
            for (time, truth) in zip(printed, expected) {
                #expect(abs(time - (truth + origin)) <= 2e-9, "\(command) --clock \(clock): \(time)")
            }
        }
    }

    @Test("poses: 't' from the first stage under zero, as the log gives it under recorder")
    func poses() {
        let log = "time,content_width,content_height\n2.5,900,956\n3.25,956,900\n4,900,956\n"
        for (clock, expected) in [("zero", [0, 0.75, 1.5]), ("recorder", [2.5, 3.25, 4])] {
            let run = runTool(["poses", "-", "--clock", clock], input: log)
            #expect(run.status == 0, "\(run.error)")
            #expect(Self.times(run.output) == expected, "--clock \(clock)")
        }
    }

    @Test("animate --change-spring's time is on the printed clock")
    func changeSpringClock() {
        // The change at 0.25 s from the first row (5.75 s as read): the same rows as with
        // --clock recorder and 5.75.
        let zero = runTool(
            ["animate", "-", "--rate", "40", "--tail", "0", "--change-spring", "0.25:bouncy"], input: Self.seconds)
        let recorder = runTool(
            ["animate", "-", "--rate", "40", "--tail", "0", "--change-spring", "5.75:bouncy", "--clock", "recorder"],
            input: Self.seconds)
        let unchanged = runTool(["animate", "-", "--rate", "40", "--tail", "0"], input: Self.seconds)
        #expect(zero.status == 0 && recorder.status == 0, "\(zero.error) \(recorder.error)")
        func values(_ output: String) -> [String] {
            output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                $0.split(separator: " ").dropFirst().joined(separator: " ")
            }
        }
        #expect(values(zero.output) == values(recorder.output))
        #expect(values(zero.output) != values(unchanged.output))
    }
}
