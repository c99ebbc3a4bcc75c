// The examples of docs/springs.md, "Cookbook: unit-testing spring parameters", verbatim.
// Keep the two in step: the page promises that these compile and pass under `swift test`.

import HingeKit
import Testing

@Suite("Spring cookbook (docs/springs.md)")
struct SpringCookbookTests {
    @Test("The bend spring settles within 500 ms and overshoots a 0→180° open by under 3 %")
    func bendBudget() {
        let report = DampedSpring.bend.report(from: 0, to: 180)
        #expect(report.settlingTime < 0.5)
        #expect(report.overshoot < 0.03)
        // In degrees: the overshoot is a fraction of the reference distance (180°).
        #expect(report.overshoot * report.referenceDistance < 5)
        #expect(report.framesToSettleAt120Hz! <= 60)
    }

    @Test("A flick at the target settles as quickly as a release")
    func flickAtTarget() {
        // from == to: the band is 0.1 % of the largest excursion the flick causes.
        let flick = DampedSpring.bend.report(from: 90, to: 90, initialVelocity: 300)
        #expect(flick.settlingTime < 0.55)
        #expect(flick.referenceDistance < 8)  // degrees: 300 °/s moves the hinge under 8°
    }

    @Test("Designing from a budget: settle in 300 ms with a damping ratio of 0.9")
    func designFromBudget() {
        let spring = DampedSpring(settlingDuration: 0.3, dampingRatio: 0.9)
        #expect(abs(spring.settlingDuration - 0.3) < 1e-9)
        #expect(spring.report().overshoot < 0.002)
    }

    @Test("Snappy's one visible wobble on a 180° open, at Compose's 0.1° threshold")
    func visibleWobble() {
        let report = DampedSpring.snappy.report(from: 0, to: 180, epsilon: 0.1 / 180)
        #expect(report.oscillationCount == 1)
        #expect(
            DampedSpring.smooth.report(from: 0, to: 180, epsilon: 0.1 / 180).oscillationCount == 0)
    }

    @Test("The interactive spring rises 10→90 % within four 60 Hz frames")
    func interactiveRise() {
        #expect(DampedSpring.interactive.report().riseTime! < 4.0 / 60)
    }

    @Test(
        "Every preset settles within a second", arguments: [DampedSpring.smooth, .snappy, .bouncy])
    func presetsSettle(spring: DampedSpring) {
        #expect(spring.settlingDuration < 1)
    }

    @Test("Frame-by-frame updates at irregular intervals stay on the curve")
    func frameByFrame() {
        let spring = DampedSpring.bend
        var state = (value: 0.0, velocity: 0.0)
        var time = 0.0
        for interval in [0.008, 0.017, 0.016, 0.033, 0.004, 0.1] {
            state = spring.update(
                value: state.value, velocity: state.velocity, target: 180, deltaTime: interval)
            time += interval
            #expect(abs(state.value - spring.value(from: 0, to: 180, time: time)) < 1e-9)
        }
    }
}
