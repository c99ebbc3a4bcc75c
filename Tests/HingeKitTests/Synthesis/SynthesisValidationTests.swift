import HingeKit
import Testing

/// `HandMotion` and `SensorModel.Ladder` check what they are given and throw a typed error
/// naming the value, where they used to trap; what they accept behaves as before.
@Suite("HandMotion and SensorModel.Ladder refuse bad parameters with a typed error")
struct SynthesisValidationTests {
    typealias MotionError = HandMotion.ParameterError
    typealias LadderError = SensorModel.Ladder.ParameterError

    /// The minimum-jerk position written out here, not taken from `HandMotion`: a + (b − a) ×
    /// (10s³ − 15s⁴ + 6s⁵) with s the fraction of the move done.
    static func minimumJerk(from a: Double, to b: Double, fraction s: Double) -> Double {
        a + (b - a) * (10 * s * s * s - 15 * s * s * s * s + 6 * s * s * s * s * s)
    }

    @Test("A valid motion is the hold, move and hold it describes, at every step's bounds and between")
    func acceptsValidSteps() throws {
        let motion = try HandMotion(start: 180, [.hold(0.5), .move(to: 110, over: 0.6), .hold(2.5)])
        #expect(motion.startAngle == 180)
        #expect(motion.duration == 3.6)
        #expect(motion.state(at: 0.25) == (180, 0))
        #expect(motion.state(at: 1.1).angle == 110)
        #expect(motion.state(at: 3.6) == (110, 0))
        // Inside the move, to the rounding of a handful of operations on numbers near 180.
        for fraction in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let expected = Self.minimumJerk(from: 180, to: 110, fraction: fraction)
            #expect(abs(motion.state(at: 0.5 + 0.6 * fraction).angle - expected) < 1e-9, "\(fraction)")
        }
        // The bounds of the rules are inside them: angles 0 and 360, the smallest duration.
        let edges = try HandMotion(
            start: 0, [.move(to: 360, over: .leastNonzeroMagnitude), .hold(.greatestFiniteMagnitude)])
        #expect(edges.destination(at: 1) == 360)
        #expect(try HandMotion(start: 360, []).duration == 0)
    }

    @Test("Each bad value is refused with its parameter, its step, the value and the rule")
    func refusesBadSteps() {
        // (the start, the steps, the parameter, the step, the message).
        let cases: [(Double, [HandMotion.Step], MotionError.Parameter, Int?, String)] = [
            (-1, [.hold(1)], .start, nil, "the hand motion's start, -1, must be within 0…360"),
            (360.5, [.hold(1)], .start, nil, "the hand motion's start, 360.5, must be within 0…360"),
            (.nan, [.hold(1)], .start, nil, "the hand motion's start, nan, must be within 0…360"),
            (
                180, [.hold(1), .hold(0)], .holdDuration, 1,
                "the hand motion's step 1 hold duration, 0, must be positive and finite"
            ),
            (
                180, [.hold(-0.5)], .holdDuration, 0,
                "the hand motion's step 0 hold duration, -0.5, must be positive and finite"
            ),
            (
                180, [.hold(.infinity)], .holdDuration, 0,
                "the hand motion's step 0 hold duration, inf, must be positive and finite"
            ),
            (
                180, [.move(to: 400, over: 1)], .moveTarget, 0,
                "the hand motion's step 0 move target, 400, must be within 0…360"
            ),
            (
                180, [.hold(1), .move(to: -.infinity, over: 1)], .moveTarget, 1,
                "the hand motion's step 1 move target, -inf, must be within 0…360"
            ),
            (
                180, [.hold(0.5), .move(to: 110, over: -0.6)], .moveDuration, 1,
                "the hand motion's step 1 move duration, -0.6, must be positive and finite"
            ),
            (
                180, [.move(to: 110, over: .nan)], .moveDuration, 0,
                "the hand motion's step 0 move duration, nan, must be positive and finite"
            ),
            // Each finite, but together longer than a Double holds.
            (
                180, [.hold(.greatestFiniteMagnitude), .hold(.greatestFiniteMagnitude)], .holdDuration, 1,
                "the hand motion's step 1 hold duration, \(DecimalNumber.shortest(.greatestFiniteMagnitude)), must be short enough that"
                    + " the motion's length stays finite"
            ),
        ]
        for (start, steps, parameter, step, message) in cases {
            do {
                _ = try HandMotion(start: start, steps)
                Issue.record("\(message): accepted")
            } catch {
                #expect(error.parameter == parameter, "\(message)")
                #expect(error.step == step, "\(message)")
                #expect(error.description == message, "\(error.description)")
            }
        }
    }

    @Test("The library's motions are built: every scenario's, the devices' and the documented lengths")
    func libraryMotions() {
        #expect(SyntheticScenario.all.allSatisfy { $0.trace.motion.duration > 0 })
        // The lengths their documentation states, to rounding of the sums.
        #expect(abs(HandMotion.humanFolds.duration - 19.55) < 1e-9)
        #expect(abs(HandMotion.fold8Folds.duration - 39.45) < 1e-9)
        for device in SensorModel.Device.allCases {
            #expect(device.motion.duration > 0, "\(device)")
        }
    }

    /// The level a hysteresis ladder holds after a poll, written out here: up one level per up
    /// threshold reached, then down one per down threshold reached.
    static func level(up: [Double], down: [Double], from start: Int, measured: Double) -> Int {
        var level = start
        while level < up.count && measured >= up[level] { level += 1 }
        while level > 0 && measured <= down[level - 1] { level -= 1 }
        return level
    }

    @Test("A valid ladder keeps its lists and moves between levels as the thresholds say")
    func acceptsValidLadders() throws {
        let ladder = try SensorModel.Ladder(levels: [0, 90, 180], up: [30, 165], down: [20, 146])
        #expect(ladder.levels == [0, 90, 180] && ladder.up == [30, 165] && ladder.down == [20, 146])
        for start in 0..<3 {
            for measured in stride(from: -10.0, through: 190, by: 0.5) {
                #expect(
                    ladder.level(from: start, measured: measured)
                        == Self.level(up: [30, 165], down: [20, 146], from: start, measured: measured),
                    "\(start) \(measured)")
            }
        }
        // The bounds: thresholds on the levels themselves, down just below up.
        let tight = try SensorModel.Ladder(levels: [0, 10], up: [10], down: [Double(10).nextDown])
        #expect(tight.level(from: 0, measured: 10) == 1)
        _ = try SensorModel.Ladder(levels: [-5, 0], up: [0], down: [-5])
        // The devices' ladders are the ones documented.
        guard case .ladder(let fold8) = SensorModel.Device.fold8.sensor.quantisation else {
            Issue.record("the Fold 8 has no ladder")
            return
        }
        #expect(fold8.up == [31, 161] && fold8.down == [21, 145])
        for device in SensorModel.Device.allCases {
            if case .ladder(let ladder) = device.sensor.quantisation { #expect(ladder.levels.count >= 2) }
        }
    }

    @Test("Each bad list or entry is refused with the list, the entry, the value and the rule")
    func refusesBadLadders() {
        // (levels, up, down, the parameter, the index, the message).
        let cases: [([Double], [Double], [Double], LadderError.Parameter, Int?, String)] = [
            ([90], [], [], .levels, nil, "the ladder's levels count, 1, must be at least 2"),
            ([0, .infinity], [30], [20], .levels, 1, "the ladder's levels[1], inf, must be finite"),
            ([.nan, 90], [30], [20], .levels, 0, "the ladder's levels[0], nan, must be finite"),
            (
                [0, 90, 90], [30, 90], [20, 90], .levels, 2,
                "the ladder's levels[2], 90, must be above levels[1] (90)"
            ),
            (
                [0, 90, 180], [30], [20, 146], .up, nil,
                "the ladder's up count, 1, must be one per gap between levels (2)"
            ),
            (
                [0, 90, 180], [30, 165], [20, 146, 170], .down, nil,
                "the ladder's down count, 3, must be one per gap between levels (2)"
            ),
            (
                [0, 90, 180], [30, 190], [20, 146], .up, 1,
                "the ladder's up[1], 190, must be within 90…180 (its gap's levels)"
            ),
            (
                [0, 90, 180], [30, 165], [-5, 146], .down, 0,
                "the ladder's down[0], -5, must be within 0…90 (its gap's levels)"
            ),
            (
                [0, 90, 180], [30, 165], [20, .nan], .down, 1,
                "the ladder's down[1], nan, must be within 90…180 (its gap's levels)"
            ),
            (
                [0, 90, 180], [30, 165], [30, 146], .down, 0,
                "the ladder's down[0], 30, must be below up[0] (30)"
            ),
        ]
        for (levels, up, down, parameter, index, message) in cases {
            do {
                _ = try SensorModel.Ladder(levels: levels, up: up, down: down)
                Issue.record("\(message): accepted")
            } catch {
                #expect(error.parameter == parameter, "\(message)")
                #expect(error.index == index, "\(message)")
                #expect(error.description == message, "\(error.description)")
            }
        }
    }
}
