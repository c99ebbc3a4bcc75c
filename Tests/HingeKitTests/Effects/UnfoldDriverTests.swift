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
    static func integrated(
        targets: [(time: Double, target: Double)], stages: Int, omega: Double, at times: [Double]
    ) -> [Double] {
        var x = [Double](repeating: targets[0].target, count: stages)
        var t = targets[0].time
        var next = 1
        var out: [Double] = []
        let h = 1e-4
        func derivative(_ x: [Double], _ u: Double) -> [Double] {
            (0..<x.count).map { i in omega * ((i == 0 ? u : x[i - 1]) - x[i]) }
        }
        for time in times {
            while t < time - 1e-12 {
                let u = targets[next - 1].target
                let limit = next < targets.count ? targets[next].time : .infinity
                let step = min(h, time - t, limit - t)
                let k1 = derivative(x, u)
                let k2 = derivative(zip(x, k1).map { $0 + step / 2 * $1 }, u)
                let k3 = derivative(zip(x, k2).map { $0 + step / 2 * $1 }, u)
                let k4 = derivative(zip(x, k3).map { $0 + step * $1 }, u)
                for i in x.indices { x[i] += step / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) }
                t += step
                if next < targets.count, t >= targets[next].time - 1e-12 { next += 1 }
            }
            out.append(x[stages - 1])
        }
        return out
    }

    @Test("The closed form matches the stages integrated numerically, for 1 to 8 stages", arguments: 1...8)
    func closedFormMatchesIntegration(stages: Int) throws {
        let configuration = try UnfoldDriver.Configuration(omega: 30, stages: stages, leadSpeed: 0)
        var driver = UnfoldDriver(configuration: configuration)
        // A bend with a lead, 1° steps every 10 ms; the queries stay within six intervals of a
        // sample, so the lead is on throughout.
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
