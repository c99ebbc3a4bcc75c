import Foundation
import HingeKit
import Testing

@Suite("UnfoldDriver")
struct UnfoldDriverTests {
    @Test("A steady motion is shown where it is: the lead cancels the stages' lag of n/ω")
    func steadyMotionHasNoLag() throws {
        var driver = UnfoldDriver()
        // 60°/s from 160° down, exact angles every 5 ms (no quantisation).
        for k in 0...300 {
            try driver.ingest(HingeSample(time: 0.005 * Double(k), angle: 160 - 0.3 * Double(k)))
        }
        let time = 1.5
        let truth = (160 - 60 * time) / 165
        // Android's spring trails by 2/ω·speed = 0.082 s × 60/165 ≈ 0.03; the driver, whose
        // reader needs a few samples to settle on the speed, is within 0.003 after 1.5 s.
        #expect(abs(driver.value(at: time) - truth) < 0.003)
    }

    @Test("When the sensor goes quiet the hinge has stopped: the lead goes and the value settles on the last angle")
    func silenceDropsTheLead() throws {
        var driver = UnfoldDriver()
        // 5° steps every 25 ms at 200°/s, then silence (an on-change sensor at rest).
        for k in 0...10 { try driver.ingest(HingeSample(time: 0.025 * Double(k), angle: 170 - 5 * Double(k))) }
        #expect(driver.target < 120.0 / 165)  // ahead of the newest angle while moving
        // Tolerance 1e-6: e^(−40 × 1.5) leaves nothing of the approach.
        #expect(abs(driver.value(at: 2) - 120.0 / 165) < 1e-6)
    }

    @Test("At rest the value settles on the angle's progress; no hinge reads 1; Reduce Motion shows the angle")
    func rest() throws {
        var driver = UnfoldDriver()
        #expect(driver.value(at: 0) == 1)
        try driver.ingest(HingeSample(time: 0, angle: 82.5))
        #expect(driver.value(at: 0) == 0.5)
        try driver.ingest(HingeSample(time: 0.01, angle: 99))
        #expect(driver.value(at: 0.011) < 0.6)
        #expect(abs(driver.value(at: 3) - 0.6) < 1e-9)
        var reduced = UnfoldDriver(reduceMotion: true)
        try reduced.ingest(HingeSample(time: 0, angle: 82.5))
        try reduced.ingest(HingeSample(time: 0.01, angle: 99))
        #expect(reduced.value(at: 0.011) == 0.6)
    }

    @Test("A step reaches the screen with continuous acceleration: no frame jumps more than a smooth curve")
    func stepIsSmooth() throws {
        var driver = UnfoldDriver()
        try driver.ingest(HingeSample(time: 0, angle: 0))
        try driver.ingest(HingeSample(time: 0.01, angle: 90))
        // A 90° change is a coarse sensor's: three stages at ω = 38. After a step h the last of
        // three first-order stages is h(1 − e^(−s)(1 + s + s²/2)), s = ωt, whose acceleration
        // ω²h·e^(−s)(s − s²/2) is largest at s = 2 − √2. Per 120 Hz frame that is
        // 0.2306 × 38²/14400 × 90/165 (5 % allowed: a second difference is not quite
        // acceleration × dt²); Android's single spring kicks at ω²h dt² = 600/14400 × 90/165.
        var values: [Double] = []
        for k in 0..<120 { values.append(driver.value(at: 0.01 + Double(k) / 120)) }
        var chop = 0.0
        for k in 1..<(values.count - 1) {
            let second: Double = values[k + 1] - 2 * values[k] + values[k - 1]
            chop = max(chop, abs(second))
        }
        let s = 2 - 2.0.squareRoot()
        let peak = exp(-s) * (s - s * s / 2) * 38 * 38 / 14400 * 90 / 165
        #expect(abs(chop - peak) < 0.05 * peak)
        #expect(chop < 600.0 / 14400 * 90 / 165)
        #expect(abs(values.last! - 90.0 / 165) < 1e-5)
    }

    /// The stages integrated numerically (RK4, 0.1 ms steps) toward the targets the driver
    /// reports after each sample: the oracle for the closed form.
    /// The last stage, by RK4 at 0.1 ms, of first-order stages chasing a goal that from each
    /// entry's time is `target`, moving at `slope` per second until `rampEnd`, then held.
    static func integrated(
        targets: [(time: Double, target: Double)], stages: Int, omega: Double, at times: [Double]
    ) -> [Double] {
        integrated(
            segments: targets.map { ($0.time, $0.target, 0, $0.time) }, stages: stages, omega: omega, at: times)
    }

    static func integrated(
        segments: [(time: Double, target: Double, slope: Double, rampEnd: Double)], stages: Int, omega: Double,
        from start: [Double]? = nil, at times: [Double]
    ) -> [Double] {
        var x = start ?? [Double](repeating: segments[0].target, count: stages)
        var t = segments[0].time
        var next = 1
        var out: [Double] = []
        let h = 1e-4
        func derivative(_ x: [Double], _ u: Double) -> [Double] {
            (0..<x.count).map { i in omega * ((i == 0 ? u : x[i - 1]) - x[i]) }
        }
        for time in times {
            while t < time - 1e-12 {
                let segment = segments[next - 1]
                func goal(_ at: Double) -> Double {
                    segment.target + segment.slope * max(min(at, segment.rampEnd) - segment.time, 0)
                }
                let limit = next < segments.count ? segments[next].time : .infinity
                // Steps end on the ramp's end, where the goal has a kink.
                let kink = segment.rampEnd > t + 1e-12 ? segment.rampEnd : .infinity
                let step = min(h, time - t, limit - t, kink - t)
                let k1 = derivative(x, goal(t))
                let k2 = derivative(zip(x, k1).map { $0 + step / 2 * $1 }, goal(t + step / 2))
                let k3 = derivative(zip(x, k2).map { $0 + step / 2 * $1 }, goal(t + step / 2))
                let k4 = derivative(zip(x, k3).map { $0 + step * $1 }, goal(t + step))
                for i in x.indices { x[i] += step / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) }
                t += step
                if next < segments.count, t >= segments[next].time - 1e-12 { next += 1 }
            }
            out.append(x[stages - 1])
        }
        return out
    }

    @Test("A move the sensor stops reporting is carried on through the silence, then stops at the newest angle")
    func silenceAfterMotionIsCarried() throws {
        var driver = UnfoldDriver()
        // 60°/s from 160° down, exact angles every 5 ms for 0.3 s, then a 0.3 s dropout.
        for k in 0...60 { try driver.ingest(HingeSample(time: 0.005 * Double(k), angle: 160 - 0.3 * Double(k))) }
        // Halfway through the dropout the hinge is at 130°: the carried value is within 0.01
        // of it (the reader's velocity is 60 °/s to within a few per cent, its carried part
        // v²/(v² + 30²) = 0.8 of it), while stopping at the newest angle would show 142°.
        let truth = 130.0 / 165
        #expect(abs(driver.value(at: 0.45) - truth) < 0.02)
        #expect(driver.value(at: 0.45) < 136.0 / 165)
        // Past the carry (0.4 s) the hinge is taken to have stopped at the newest angle.
        #expect(abs(driver.value(at: 3) - 142.0 / 165) < 1e-6)
    }

    /// One stretch of the carry's goal: from `time` it is `target`, moving at `slope` per second
    /// and speeding up by `2 × curvature` per second² until `accelerationEnd`, on at the slope
    /// reached until `rampEnd`, held after that; from `due` on it is `stop` (the newest angle's
    /// progress).
    struct CarrySegment {
        var time: Double
        var target: Double
        var slope: Double
        var curvature = 0.0
        var accelerationEnd: Double
        var rampEnd: Double
        var due: Double
        var stop: Double

        func goal(at t: Double) -> Double {
            guard t < due else { return stop }
            let elapsed = max(min(t, rampEnd) - time, 0)
            let accelerated = max(min(t, accelerationEnd) - time, 0)
            // Position under constant acceleration until accelerationEnd, constant speed after.
            let speedReached = slope + 2 * curvature * accelerated
            return target + slope * accelerated + curvature * accelerated * accelerated
                + speedReached * (elapsed - accelerated)
        }
    }

    /// The carry as docs/effects.md states it, from the reader's readings at the reports: the
    /// velocity trend is the least-squares slope of the reader's velocity over the newest eight
    /// reports within 80 ms that have the newest one's sign (0 with fewer than three).
    struct CarryRule {
        var times: [Double] = []
        var velocities: [Double] = []

        mutating func trend(adding velocity: Double, at time: Double) -> Double {
            times.append(time)
            velocities.append(velocity)
            var used: [(Double, Double)] = []
            for (t, v) in zip(times, velocities).reversed() {
                guard used.count < 8, time - t <= 0.08, v * velocity > 0 || used.isEmpty else { break }
                used.append((t, v))
            }
            guard used.count >= 3 else { return 0 }
            let meanT = used.map(\.0).reduce(0, +) / Double(used.count)
            let meanV = used.map(\.1).reduce(0, +) / Double(used.count)
            let covariance = used.map { ($0.0 - meanT) * ($0.1 - meanV) }.reduce(0, +)
            let variance = used.map { ($0.0 - meanT) * ($0.0 - meanT) }.reduce(0, +)
            return covariance / variance
        }
    }

    /// The last stage of first-order stages x′ᵢ = ω(xᵢ₋₁ − xᵢ) chasing the segments' goal, by
    /// classical RK4 at 10 µs with every step ending on a kink of the goal (a sample, the ramp's
    /// end, the stop): written apart from the closed form and from `integrated(targets:)`.
    static func integratedCarry(segments: [CarrySegment], stages: Int, omega: Double, at times: [Double]) -> [Double] {
        var x = [Double](repeating: segments[0].target, count: stages)
        var t = segments[0].time
        var index = 0
        var out: [Double] = []
        func slopes(_ x: [Double], _ u: Double) -> [Double] {
            (0..<x.count).map { i in omega * ((i == 0 ? u : x[i - 1]) - x[i]) }
        }
        for time in times {
            while t < time {
                while index + 1 < segments.count, segments[index + 1].time <= t { index += 1 }
                let segment = segments[index]
                let next = index + 1 < segments.count ? segments[index + 1].time : .infinity
                let edge =
                    [time, segment.accelerationEnd, segment.rampEnd, segment.due, next].filter { $0 > t }.min() ?? time
                let step = min(1e-5, edge - t)
                let end = step == edge - t ? edge : t + step
                // Within a step the goal is a polynomial of degree two at most (RK4 is exact to
                // fourth order). At a jump (the stop) the step that ends there
                // takes the goal from before it and the next one the goal from after: RK4's k₁
                // weighs a whole step, so a goal read on the wrong side of a jump, even 10⁻¹⁴ s
                // away, costs ωh·jump/6 (1e-5 here).
                let (first, middle, last) = (
                    segment.goal(at: t), segment.goal(at: t + step / 2), segment.goal(at: end.nextDown)
                )
                let k1 = slopes(x, first)
                let k2 = slopes(zip(x, k1).map { $0 + step / 2 * $1 }, middle)
                let k3 = slopes(zip(x, k2).map { $0 + step / 2 * $1 }, middle)
                let k4 = slopes(zip(x, k3).map { $0 + step * $1 }, last)
                for i in x.indices { x[i] += step / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) }
                t = end
            }
            out.append(x[stages - 1])
        }
        return out
    }

    @Test(
        "The carry's closed form matches the stages integrated numerically (RK4 at 10 µs), uniform steps and a bend",
        arguments: [1, 3, 8], [0.0, 0.001])
    func carryMatchesIntegration(stages: Int, bend: Double) throws {
        let configuration = try UnfoldDriver.Configuration(omega: 30, stages: stages)
        var driver = UnfoldDriver(configuration: configuration)
        // Exact angles every 5 ms (steps of 0.30°, or 0.30–0.42° on the bend: never more than 1.5
        // times the smallest); the queries reach into the carry after each sample, along the
        // 0.4 s ramp after the last and past the stop. Which reports are carried depends on
        // the reader's velocity (a report slower than the one before is not, unless the
        // velocity's trend speeds the move up), and the oracle follows the same rule. On the
        // bend the move speeds up (80 °/s²), so its carry accelerates.
        var segments: [CarrySegment] = []
        var times: [Double] = []
        var shown: [Double] = []
        var lastSpeed = 0.0
        var carriedCount = 0
        var acceleratedCount = 0
        var rule = CarryRule()
        for k in 0..<60 {
            let time = 0.005 * Double(k)
            let angle = 150 - 0.3 * Double(k) - bend * Double(k * k)
            try driver.ingest(HingeSample(time: time, angle: angle))
            // The goal as docs/effects.md states it: the lead's velocity (the reader's, faded by
            // v²/(v² + 6²)) weighted again by v²/(v² + 30²), growing with the velocity's trend
            // (faded by v²/(v² + 6²) alone) while that speeds the move up, to at most
            // carryGrowth (8) times the carried velocity, for 0.4 s, then the reader's newest
            // angle without a lead; the first report has no step before it and is not carried.
            // A report slower than the one before is not carried unless the trend speeds the move
            // up (six mean intervals, 30 ms, then).
            let reading = try #require(driver.reader.reading(at: time))
            let velocity = reading.velocity
            let trend = rule.trend(adding: velocity, at: time)
            let speedsUp = trend * velocity > 0
            let carried = k > 0 && (abs(velocity) >= lastSpeed || speedsUp) && velocity < 0
            lastSpeed = abs(velocity)
            let square = velocity * velocity
            let fade = square / (square + 36)
            // The carried velocity and its speed-up stop at the top speed, 300 °/s.
            let top = 300.0 / 165
            let weighted = carried ? velocity * fade * square / (square + 900) / 165 : 0
            let slope = min(max(weighted, -top), top)
            let curvature = carried && speedsUp ? trend * fade / 165 / 2 : 0
            let accelerating =
                curvature == 0
                ? 0 : min(7 * abs(weighted) / abs(2 * curvature), (top - abs(slope)) / abs(2 * curvature), 0.4)
            carriedCount += carried ? 1 : 0
            acceleratedCount += curvature != 0 ? 1 : 0
            segments.append(
                CarrySegment(
                    time: time, target: driver.target, slope: slope, curvature: curvature,
                    accelerationEnd: time + accelerating, rampEnd: time + (carried ? 0.4 : 0),
                    due: time + (carried ? 0.4 : k == 0 ? 0.001 : 0.03), stop: reading.angle / 165))
            for q in [0.0, 0.0021, 0.0049] {
                times.append(time + q)
                shown.append(driver.value(at: time + q))
            }
            // The reports stop at the first carried one from the 30th on, so that the whole
            // 0.4 s ramp after it, and the stop, are checked too.
            if k >= 29, carried { break }
        }
        let last = try #require(segments.last)
        for q in [0.01, 0.05, 0.1, 0.25, 0.399, 0.41, 0.5, 0.8] {
            times.append(last.time + q)
            shown.append(driver.value(at: last.time + q))
        }
        let oracle = Self.integratedCarry(segments: segments, stages: stages, omega: 30, at: times)
        // RK4's error at 10 µs is ~(ωh)⁴ ≈ 1e-14 per unit of a step's change; 1e-9 as for the
        // constant goal's stages.
        for (time, (value, expected)) in zip(times, zip(shown, oracle)) {
            #expect(abs(value - expected) < 1e-9, "at \(time) s")
        }
        // The ramp is what is checked: most reports are carried, the last one too; on the bend
        // the acceleration too.
        #expect(carriedCount >= 15 && last.slope != 0)
        if bend > 0 { #expect(acceleratedCount >= 10) }
    }

    /// A minimum-jerk move from 180° to 110° over 0.6 s from 0.5 s (the dropouts scenario's
    /// first move): the angle at `time`, from the closed form s(τ) = 10τ³ − 15τ⁴ + 6τ⁵.
    static func minimumJerk(_ time: Double) -> Double {
        let tau = min(max((time - 0.5) / 0.6, 0), 1)
        return 180 - 70 * tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
    }

    /// The minimum-jerk move reported on change (whole degrees) at 4 ms polls, the polls 0…`last`.
    static func reportOnChange(polls last: Int, _ ingest: (HingeSample) throws -> Void) rethrows {
        try reportOnChange(every: 0.004, polls: last, of: minimumJerk, ingest)
    }

    /// The hinge `angle(t)` polled every `spacing` seconds (polls 0…`last`) and reported on
    /// change in whole degrees.
    static func reportOnChange(
        every spacing: Double, polls last: Int, of angle: (Double) -> Double, _ ingest: (HingeSample) throws -> Void
    ) rethrows {
        var reported: Double?
        for k in 0...last {
            let time = spacing * Double(k)
            let rounded = angle(time).rounded()
            guard rounded != reported else { continue }
            reported = rounded
            try ingest(HingeSample(time: time, angle: rounded))
        }
    }

    @Test("A move that speeds up into a silence is carried with its speed-up, closer than at its velocity")
    func speedingUpMoveIsCarriedWithItsAcceleration() throws {
        var accelerated = UnfoldDriver()
        var plain = UnfoldDriver(configuration: try .init(carryGrowth: 1))
        // The move reported on change (whole degrees) at 4 ms polls until 0.62 s (τ = 0.2, 90 °/s
        // and speeding up at 1100 °/s²), then nothing until 0.95 s.
        try Self.reportOnChange(polls: 155) { sample in
            try accelerated.ingest(sample)
            try plain.ingest(sample)
        }
        // In the silence's middle and at its end the hinge is 27° and 59° past the newest report:
        // the carry at the velocity alone falls behind it; with the speed-up it is at least twice
        // as close (the margins are the test's, not a tuned figure).
        for time in [0.8, 0.95] {
            let truth = Self.minimumJerk(time) / 165
            let errorAccelerated = abs(accelerated.value(at: time) - truth)
            let errorPlain = abs(plain.value(at: time) - truth)
            #expect(errorAccelerated < 0.5 * errorPlain, "at \(time) s")
            #expect(errorAccelerated < 0.06, "at \(time) s")
        }
    }

    @Test("A fast move that steps several degrees a poll on a fast sensor is carried through a silence")
    func fastMoveIsCarried() throws {
        // A minimum-jerk move 180° → 60° over 0.4 s from 0.5 s (peak 562 °/s, dropouts-varied seed
        // 61's kind), polled every 6 ms and reported on change in whole degrees: 2–3° a report
        // from τ = 0.2 on. The sensor goes silent after its report at 0.618 s (τ = 0.3) for
        // 0.12 s. The reports come every 6 ms, so the driver's mean interval is under 20 ms and
        // a step of up to 1.5 steps + 1.5 × |v| × interval is carried.
        func hinge(_ time: Double) -> Double {
            let tau = min(max((time - 0.5) / 0.4, 0), 1)
            return 180 - 120 * tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
        }
        var carried = UnfoldDriver()
        var stopped = UnfoldDriver(configuration: try .init(carry: 0))
        var reported: Double?
        var lastStep = 0.0
        for k in 0...103 {
            let time = 0.006 * Double(k)
            let angle = hinge(time).rounded()
            guard angle != reported else { continue }
            lastStep = abs(angle - (reported ?? angle))
            reported = angle
            try carried.ingest(HingeSample(time: time, angle: angle))
            try stopped.ingest(HingeSample(time: time, angle: angle))
        }
        // The newest report moved more than 1.5 steps: the rule before this one carried nothing.
        #expect(lastStep >= 2)
        // In the silence the hinge runs on from 161° to 98° (the closed form s(τ) at 0.74 s), at
        // 450–560 °/s. From 0.7 s on, when the driver that stops at the newest angle (carry 0) has
        // dropped its lead, the carried value is closer to the hinge than that one, and within
        // 0.15 of it (25°; the hinge moves 63° in the silence). Without the rule the newest
        // report's 2° step is not carried and both drivers show the same value. The carry goes
        // at most ``UnfoldDriver/carryTopSpeed`` (300 °/s), slower than this hinge, so it falls
        // behind as the silence goes on. The margins are the test's, not a tuned figure
        // (measured: 0.101, 0.124, 0.146 against 0.126, 0.172, 0.26; 0.088, 0.095, 0.092 before
        // the top speed).
        for time in [0.70, 0.72, 0.74] {
            let truth = hinge(time) / 165
            let errorCarried = abs(carried.value(at: time) - truth)
            let errorStopped = abs(stopped.value(at: time) - truth)
            #expect(errorCarried < errorStopped, "at \(time) s: \(errorCarried) against \(errorStopped)")
            #expect(errorCarried < 0.15, "at \(time) s")
        }
    }

    @Test("A carry never moves the target faster than the top speed, however fast the move sped up before the silence")
    func carryStopsAtTheTopSpeed() throws {
        // A fold that speeds up from 150 to 350 °/s over 0.1 s (178° → 153°, 1° reports on
        // change, 1 ms polls), then silence: carried on with its speed-up (growth 8), its goal
        // would reach 750 °/s within 0.2 s. With the top speed the goal moves at most 300 °/s;
        // the stages are averages of the goal's past with positive weights, so 0.1 s into the
        // silence the value moves at the goal's speed plus what is left of the stages' catch-up
        // (under 8° over the next 0.1 s here: the margin is the test's). Without the top speed
        // it moves 40° or more in that 0.1 s.
        var driver = UnfoldDriver()
        var last = 0.0
        try Self.reportOnChange(every: 0.001, polls: 100, of: { 178 - 150 * $0 - 1000 * $0 * $0 }) { sample in
            last = sample.time
            try driver.ingest(sample)
        }
        let moved = (driver.value(at: last + 0.1) - driver.value(at: last + 0.2)) * 165
        #expect(moved <= 300 * 0.1 + 8, "moved \(moved)° from 0.1 s to 0.2 s into the silence")
        // The silence is carried (the value runs on past the newest report), so the bound
        // above is not met by standing still.
        #expect(moved > 15, "moved \(moved)°")
    }

    @Test("A flicker at rest after a move is not carried on as a speed-up of the reversal")
    func flickerAfterStopIsNotAccelerated() throws {
        var drivers = [UnfoldDriver(), UnfoldDriver(configuration: try .init(carryGrowth: 1))]
        // The move to 110° reported on change at 4 ms polls, then at rest the sensor flickers to
        // 109° and back (flat-to-laptop seed 9 does this 70 ms after the hand stops): the reader's
        // velocity turns from the move's −°/s to +°/s, a trend that is a reversal, not a move.
        try Self.reportOnChange(polls: 275) { sample in
            for index in drivers.indices { try drivers[index].ingest(sample) }
        }
        for index in drivers.indices {
            try drivers[index].ingest(HingeSample(time: 1.118, angle: 109))
            try drivers[index].ingest(HingeSample(time: 1.123, angle: 110))
        }
        // Over the next 0.5 s the driver strays from 110° no further than the carry of the
        // velocity alone does (the flicker's own carry, v²/(v² + 30²) of a few °/s, is the old
        // rule's): the speed-up adds nothing to it.
        let strays = drivers.map { driver in
            (0...50).map { abs(driver.value(at: 1.123 + 0.01 * Double($0)) - 110.0 / 165) }.max() ?? 0
        }
        #expect(strays[0] <= strays[1] + 1e-12, "\(strays)")
        #expect(strays[0] < 0.03, "\(strays)")
    }

    @Test("A report that jumps back after a silence gets no lead against its jump")
    func noLeadAgainstJump() throws {
        var driver = UnfoldDriver()
        // dropouts-varied seed 32's move back: a minimum-jerk move 165° → 113° in 0.4 s (peak
        // 244 °/s), reported on change every 4 ms until 135°, then silent for 0.35 s; the next
        // report is 113°, where the hand rests. The reader's velocity there points back up (its
        // prediction ran far past 113°), which as a lead would push the target toward 1.
        var reported: Double?
        var lastTime = 0.0
        for k in 0...300 {
            let time = 0.004 * Double(k)
            let tau = min(max((time - 0.5) / 0.4, 0), 1)
            let angle = (165 - 52 * tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)).rounded()
            guard angle >= 135 else { break }
            guard angle != reported else { continue }
            reported = angle
            lastTime = time
            try driver.ingest(HingeSample(time: time, angle: angle))
        }
        let jump = lastTime + 0.35
        let before = driver.value(at: jump)
        try driver.ingest(HingeSample(time: jump, angle: 113))
        // The stages never leave the range of their targets: with the target at 113°'s progress
        // (no lead), the shown value stays at or below the larger of the value at the jump and
        // 113/165, and settles on 113/165 (within 0.005 after 0.5 s).
        let rest = 113.0 / 165
        let highest = (0...50).map { driver.value(at: jump + 0.01 * Double($0)) }.max() ?? 0
        #expect(highest <= max(before, rest) + 1e-9, "\(highest) after \(before)")
        #expect(abs(driver.value(at: jump + 0.5) - rest) < 0.005)
    }

    @Test("A jump after a silence read as a stop starts the first stage half-way to its target")
    func jumpAfterStopGetsAHeadStart() throws {
        var driver = UnfoldDriver()
        // A 1° sensor flickers at rest (100° → 101° → 100°, 50 ms apart), then is silent for 2 s:
        // past six mean intervals the hinge is taken to have stopped at 100°, and the stages
        // settle there (to e^(−30 × 1.7) of the flicker). The hand moved in the silence: the
        // next report has jumped to 120°.
        for (k, angle) in [100.0, 101, 100].enumerated() {
            try driver.ingest(HingeSample(time: 0.05 * Double(k), angle: angle))
        }
        let jump = 2.1
        let rest = 100.0 / 165
        try driver.ingest(HingeSample(time: jump, angle: 120))
        let target = driver.target
        // The oracle: three stages at ω = 30 integrated by RK4 (0.1 ms steps) toward the target,
        // from the first stage moved half-way (the driver's head start, 0.5) to it and the other
        // two at rest; the target holds until six mean intervals (0.6 s) after the jump.
        let times = (1...40).map { jump + 0.01 * Double($0) }
        let segment = [(time: jump, target: target, slope: 0.0, rampEnd: jump)]
        let headStart = Self.integrated(
            segments: segment, stages: 3, omega: 30, from: [rest + 0.5 * (target - rest), rest, rest], at: times)
        let atRest = Self.integrated(segments: segment, stages: 3, omega: 30, from: [rest, rest, rest], at: times)
        let shown = times.map { driver.value(at: $0) }
        // RK4 at 0.1 ms is good to ~1e-12 here; 1e-9 leaves room for rounding and the flicker's rest.
        for (value, expected) in zip(shown, headStart) { #expect(abs(value - expected) < 1e-9) }
        // Without the head start the stages trail it by more than 0.01 of progress 50 ms in.
        #expect(shown[4] - atRest[4] > 0.01, "\(shown[4]) against \(atRest[4])")
        #expect(shown.allSatisfy { $0 >= rest && $0 <= target }, "never outside its targets")
    }

    @Test("A move that slows before the silence is not carried: the hand is coming to rest")
    func slowingMoveIsNotCarried() throws {
        var carried = UnfoldDriver()
        var slowing = UnfoldDriver()
        // Both reach 82.5° at 1.1 s, exact angles every 5 ms: one at 60 °/s throughout, one at
        // 90 °/s that slowed to 60 °/s over the last 0.1 s (long enough after the start for the
        // reader's velocity to have settled, so it falls report by report); then silence.
        for k in 0...220 {
            let time = 0.005 * Double(k)
            try carried.ingest(HingeSample(time: time, angle: 148.5 - 60 * time))
            let late = max(time - 1, 0)
            try slowing.ingest(HingeSample(time: time, angle: 180 - 90 * time + 150 * late * late))
        }
        // 0.2 s into the silence the steady move is carried well past 82.5° (to about 73°); the
        // slowing one settles on 82.5° within the stages' approach to it (0.01).
        #expect(carried.value(at: 1.3) < 78.0 / 165)
        #expect(abs(slowing.value(at: 1.3) - 82.5 / 165) < 0.01)
    }

    @Test(
        "The closed form matches the stages integrated numerically, for every number of stages allowed",
        arguments: 1...UnfoldDriver.maximumStages)
    func closedFormMatchesIntegration(stages: Int) throws {
        let configuration = try UnfoldDriver.Configuration(omega: 30, stages: stages, leadSpeed: 0, carry: 0)
        var driver = UnfoldDriver(configuration: configuration)
        // A bend with a lead, 1° steps every 10 ms; the queries stay within six intervals of a
        // sample, so the lead is on throughout (and not carried: the goal is constant between
        // samples).
        var targets: [(time: Double, target: Double)] = []
        var expectedTimes: [Double] = []
        var shown: [Double] = []
        for k in 0..<40 {
            let time = 0.01 * Double(k)
            let angle = (150 - 40 * sin(Double(k) / 8)).rounded()
            try driver.ingest(HingeSample(time: time, angle: angle))
            targets.append((time, driver.target))
            for q in [0.0, 0.003, 0.0071] {
                expectedTimes.append(time + q)
                shown.append(driver.value(at: time + q))
            }
        }
        let oracle = Self.integrated(targets: targets, stages: stages, omega: 30, at: expectedTimes)
        // RK4 at 0.1 ms is good to ~1e-12 here; 1e-9 leaves room for rounding.
        for (value, expected) in zip(shown, oracle) { #expect(abs(value - expected) < 1e-9) }
    }

    @Test("The lead is the reader's velocity × n/ω, faded by v²/(v² + leadSpeed²)")
    func leadRule() throws {
        var driver = UnfoldDriver()
        for k in 0...20 { try driver.ingest(HingeSample(time: 0.01 * Double(k), angle: 160 - 0.5 * Double(k))) }
        let reading = try #require(driver.reader.reading(at: 0.2))
        let v = reading.velocity
        let expected = min(max(reading.angle / 165 + 3.0 / 30 * v * (v * v / (v * v + 36)) / 165, 0), 1)
        #expect(abs(driver.target - expected) < 1e-12)
        #expect(v < -20)  // the reader sees the 50 °/s bend, so the lead is nearly whole
    }

    @Test("The value never leaves the range of the targets it was given, and never jumps")
    func noOvershootAndContinuous() throws {
        var driver = UnfoldDriver()
        // Fast swings end to end (0° ↔ 180° within 0.2 s), stops, and reversals.
        var low: Double
        var high: Double
        var angles: [Double] = []
        for k in 0..<200 {
            let phase = Double(k) / 20
            angles.append((90 + 90 * sin(phase * 2.3) * (k % 50 < 40 ? 1 : 0.2)).rounded())
        }
        // The first sample is placed, not animated.
        try driver.ingest(HingeSample(time: 0, angle: angles[0]))
        low = driver.target
        high = driver.target
        var previous = driver.value(at: 0)
        var frame = 0.0
        for (k, angle) in angles.enumerated().dropFirst() {
            let time = 0.005 * Double(k) + (k > 100 ? 0.5 : 0)
            while frame < time {
                let value = driver.value(at: frame)
                #expect(value >= low - 1e-12 && value <= high + 1e-12 && value.isFinite)
                // Three stages at 30 rad/s move at most 30 × 0.27 (the peak of the last stage's
                // response to a unit step) ≈ 8 progress per second: under 0.01 per ms.
                #expect(abs(value - previous) < 0.01)
                previous = value
                frame += 0.001
            }
            try driver.ingest(HingeSample(time: time, angle: angle))
            low = min(low, driver.target, min(max(angle / 165, 0), 1))
            high = max(high, driver.target, min(max(angle / 165, 0), 1))
        }
    }

    @Test("The value does not depend on how often frames ask, and is continuous where the lead goes")
    func frameRateAndDue() throws {
        var a = UnfoldDriver()
        var b = UnfoldDriver()
        for k in 0...30 {
            let sample = HingeSample(time: 0.008 * Double(k), angle: 170 - 2 * Double(k))
            try a.ingest(sample)
            try b.ingest(sample)
        }
        // a is asked at 240 Hz, b at 60 Hz: every common frame agrees exactly.
        for k in 0..<240 {
            let time = 0.24 + Double(k) / 240
            let value = a.value(at: time)
            if k % 4 == 0 { #expect(value == b.value(at: time)) }
        }
        // Across the end of the lead (six mean intervals after the last sample, 0.288 s): a jump
        // would not shrink with the sampling step; a continuous value's largest step does, by
        // the same factor.
        func largestStep(_ step: Double) -> Double {
            var last = a.value(at: 0.24)
            var largest = 0.0
            for k in 1...Int((0.1 / step).rounded()) {
                let value = a.value(at: 0.24 + step * Double(k))
                largest = max(largest, abs(value - last))
                last = value
            }
            return largest
        }
        let coarse = largestStep(1e-4)
        let fine = largestStep(1e-5)
        #expect(coarse > 0)
        #expect(fine < 0.11 * coarse)
    }

    /// 5° steps every 25 ms at 200 °/s from 170° down, starting at `start`, then silence.
    static func bend(from start: Double) -> [HingeSample] {
        (0...10).map { HingeSample(time: start + 0.025 * Double($0), angle: 170 - 5 * Double($0)) }
    }

    @Test(
        "A trace in epoch seconds is shown as the same trace starting at 0: the first sample has no interval before it",
        arguments: [1.0, 60.0, 1_764_547_200.0])
    func epochTimes(start: Double) throws {
        var atZero = UnfoldDriver()
        var shifted = UnfoldDriver()
        for sample in Self.bend(from: 0) { try atZero.ingest(sample) }
        for sample in Self.bend(from: start) { try shifted.ingest(sample) }
        // The oracle is the driver itself on the trace starting at 0: the driver is invariant
        // under a shift of time. Counting a first interval of (start − 0) stretched the mean
        // interval and kept the lead (0.12 of progress here) up to 0.1 s past the stop. 1e-4
        // covers the rounding of times near 1.8 × 10⁹ s (2.4 × 10⁻⁷ s) times ω = 30 rad/s.
        for k in 0...60 {
            let elapsed = 0.25 + 0.005 * Double(k)
            #expect(abs(shifted.value(at: start + elapsed) - atZero.value(at: elapsed)) < 1e-4)
        }
    }

    @Test("Turning Reduce Motion on shows the newest angle's progress; turning it off starts the stages from there")
    func reduceMotionSwitch() throws {
        var driver = UnfoldDriver()
        for sample in Self.bend(from: 0) { try driver.ingest(sample) }
        let moving = driver.value(at: 0.26)
        try driver.setReduceMotion(true, at: 0.26)
        #expect(driver.reduceMotion)
        #expect(driver.value(at: 0.26) == 120.0 / 165)
        #expect(moving != 120.0 / 165)
        try driver.setReduceMotion(false, at: 0.3)
        // The stages start at rest on what was shown and, once the silence says the hinge
        // stopped, settle there. Tolerance 1e-9: e^(−30 × 2) leaves nothing of the start.
        #expect(driver.value(at: 0.3) == 120.0 / 165)
        #expect(abs(driver.value(at: 2.3) - 120.0 / 165) < 1e-9)
        // A new sample after the switch moves the value on from there without a jump.
        let justBefore = driver.value(at: 0.31)
        try driver.ingest(HingeSample(time: 0.31, angle: 110))
        #expect(abs(driver.value(at: 0.31) - justBefore) < 1e-12)
        #expect(driver.value(at: 0.5) < 120.0 / 165)
        #expect(abs(driver.value(at: 3) - 110.0 / 165) < 1e-9)
    }

    @Test("Samples and switches are events in time order; a refused one changes nothing")
    func eventErrors() throws {
        var driver = UnfoldDriver()
        try driver.ingest(HingeSample(time: 1, angle: 150))
        try driver.setReduceMotion(true, at: 2)
        let before = driver.value(at: 3)
        #expect(throws: UnfoldDriver.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2)) {
            try driver.ingest(HingeSample(time: 1.5, angle: 100))
        }
        #expect(throws: UnfoldDriver.EventError.timeNotFinite(.infinity)) {
            try driver.setReduceMotion(false, at: .infinity)
        }
        #expect(throws: UnfoldDriver.EventError.sample(.nonFiniteAngle(time: 2.5, angle: .infinity))) {
            try driver.ingest(HingeSample(time: 2.5, angle: .infinity))
        }
        #expect(driver.value(at: 3) == before)
        #expect(driver.reduceMotion)
        #expect(
            UnfoldDriver.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2).description
                == "time 1.5 lies before the last event at 2.0")
    }

    @Test("responsiveness runs through its tuned points; 0.8 is the default configuration")
    func responsiveness() throws {
        #expect(try UnfoldDriver.Configuration(responsiveness: 0.8) == UnfoldDriver.Configuration())
        #expect(UnfoldDriver.Configuration.defaultResponsiveness == 0.8)
        let ends = (
            try UnfoldDriver.Configuration(responsiveness: 0), try UnfoldDriver.Configuration(responsiveness: 1)
        )
        #expect(ends.0.omega == 20 && ends.0.lead == 0.25)
        #expect(ends.1.omega == 40 && ends.1.lead == 1)
        // Halfway between the points at 0.4 (25 rad/s, lead ½) and 0.6 (25, ¾).
        let middle = try UnfoldDriver.Configuration(responsiveness: 0.5)
        #expect(abs(middle.omega - 25) < 1e-12 && abs(middle.lead - 0.625) < 1e-12)
        // More responsive never means slower stages or less lead.
        var previous = ends.0
        for step in 1...100 {
            let next = try UnfoldDriver.Configuration(responsiveness: Double(step) / 100)
            #expect(next.omega >= previous.omega && next.lead >= previous.lead, "\(step)")
            #expect(next.stages == 3 && next.coarseOmega == 38)
            previous = next
        }
    }
}
