import Foundation
import HingeKit
import Testing

@Suite("UnfoldDriver")
struct UnfoldDriverTests {
    @Test("A steady motion is shown where it is: the lead cancels the cascade's lag of 4/ω")
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
        #expect(driver.currentTarget < 120.0 / 165)  // ahead of the newest angle while moving
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
        // A 90° change is a coarse sensor's: the stages run at ω = 50. The acceleration of two
        // cascaded critically damped stages after a step h is ω²h·e^(−s)(s²/2 − s³/6), s = ωt,
        // largest at s = 3 − √3: 0.1306 ω²h. Per 120 Hz frame that is 0.1306 × 2500/14400 ×
        // 90/165 = 0.01237 (5 % allowed: a second difference is not quite acceleration × dt²);
        // Android's single stage kicks at ω²h dt² = 600/14400 × 90/165 = 0.0227.
        var values: [Double] = []
        for k in 0..<120 { values.append(driver.value(at: 0.01 + Double(k) / 120)) }
        var chop = 0.0
        for k in 1..<(values.count - 1) {
            let second: Double = values[k + 1] - 2 * values[k] + values[k - 1]
            chop = max(chop, abs(second))
        }
        let s = 3 - 3.0.squareRoot()
        let peak = exp(-s) * (s * s / 2 - s * s * s / 6) * 2500 / 14400 * 90 / 165
        #expect(abs(chop - peak) < 0.05 * peak)
        #expect(chop < 600.0 / 14400 * 90 / 165)
        #expect(abs(values.last! - 90.0 / 165) < 1e-6)
    }
}
