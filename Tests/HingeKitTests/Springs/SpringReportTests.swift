import HingeKit
import HingeTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("SpringReport")
struct SpringReportTests {
    @Test(
        "From rest: overshoot e^(−πζ/√(1−ζ²)) at the peak time π/ω_d",
        arguments: [0.05, 0.3, 0.5, 0.7559289460184544, 0.9, 0.999])
    func textbookOvershoot(ratio: Double) {
        let spring = DampedSpring(response: 0.5, dampingRatio: ratio)
        let report = spring.report(from: 10, to: 30)
        let expected = exp(-Double.pi * ratio / (1 - ratio * ratio).squareRoot())
        #expect(abs(report.overshoot - expected) <= 1e-12)
        #expect(abs(report.peakTime! - Double.pi / spring.dampedAngularFrequency) <= 1e-12)
        #expect(report.regime == .underdamped)
        #expect(report.referenceDistance == 20)
    }

    @Test("Kicked at its target: the swing back is the same fraction of the first swing")
    func kickedOvershoot() {
        let spring = DampedSpring.bouncy
        let report = spring.report(from: 0, to: 0, initialVelocity: -3)
        let ratio = spring.dampingRatio
        #expect(
            abs(report.overshoot - exp(-Double.pi * ratio / (1 - ratio * ratio).squareRoot()))
                <= 1e-12)
        #expect(report.riseTime == nil)
    }

    @Test("Critically damped from rest: no overshoot and the 10–90 % rise time 3.3579/ω₀")
    func criticalRiseTime() {
        let spring = DampedSpring.smooth
        let report = spring.report()
        #expect(report.overshoot == 0 && report.peakTime == nil)
        #expect(report.oscillationCount == 0)
        // Progress 1 − (1 + u)·e^(−u) in u = ω₀t, solved here by plain bisection.
        func time(toReach progress: Double) -> Double {
            var low = 0.0
            var high = 20.0
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if 1 - (1 + middle) * exp(-middle) < progress {
                    low = middle
                } else {
                    high = middle
                }
            }
            return high
        }
        let expected = (time(toReach: 0.9) - time(toReach: 0.1)) / spring.undampedAngularFrequency
        #expect(abs(report.riseTime! - expected) <= 1e-12)
        #expect(abs(expected * spring.undampedAngularFrequency - 3.3579) <= 1e-4)
    }

    @Test("An overdamped spring thrown toward the target can overshoot once")
    func overdampedThrow() {
        let spring = DampedSpring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        let report = spring.report(from: 0, to: 1, initialVelocity: 80)
        #expect(report.regime == .overdamped)
        #expect(report.overshoot > 0.01)
        #expect(report.oscillationCount == 1)
        let peak = spring.value(from: 0, to: 1, initialVelocity: 80, time: report.peakTime!)
        #expect(
            abs(spring.velocity(from: 0, to: 1, initialVelocity: 80, time: report.peakTime!))
                <= 1e-9)
        #expect(abs(peak - 1 - report.overshoot) <= 1e-12)
        // Thrown away from the target first, it turns on the start side and never overshoots.
        let away = spring.report(from: 0, to: 1, initialVelocity: -80)
        #expect(away.overshoot == 0 && away.peakTime == nil && away.oscillationCount == 0)
    }

    @Test("Every figure agrees with a densely sampled curve (150 random springs)", .slow)
    func agreesWithSampling() {
        let epsilon = 1e-3
        for seed in 0..<UInt64(150) {
            let c = SpringCase(seed: seed)
            let report = c.spring.report(
                from: c.from, to: c.to, initialVelocity: c.velocity, epsilon: epsilon)
            let horizon = Swift.min(report.settlingTime * 1.5, c.timeScale * 400)
            let step = horizon / 20_000
            let times = (0...20_000).map { Double($0) * step }
            let displacements = times.map {
                c.spring.value(from: c.from, to: c.to, initialVelocity: c.velocity, time: $0) - c.to
            }
            let side = c.from != c.to ? (c.from > c.to ? 1.0 : -1.0) : (c.velocity > 0 ? 1.0 : -1.0)
            // Overshoot: the farthest sampled point past the target, below the located peak
            // by at most the curvature over half a sample, (ω₀·step)²/8 of the reference.
            let sampledOvershoot =
                Swift.max(0, displacements.map { -side * $0 }.max()!) / report.referenceDistance
            let omegaStep = c.spring.undampedAngularFrequency * step
            #expect(sampledOvershoot <= report.overshoot + 1e-12, "\(c)")
            #expect(sampledOvershoot >= report.overshoot - omegaStep * omegaStep - 1e-12, "\(c)")
            // Swings past the target beyond the band, counted as sign changes of the velocity
            // at sampled points outside the band, on the far side of a first crossing.
            let band = epsilon * report.referenceDistance
            var swings = 0
            var crossed = false
            for index in 1..<(displacements.count - 1) {
                let here = displacements[index]
                if side * here < 0 { crossed = true }
                let isTurn =
                    (here - displacements[index - 1]) * (displacements[index + 1] - here) < 0
                if crossed, isTurn, abs(here) > band * (1 + 1e-6) { swings += 1 }
            }
            // A turn whose peak lies within a sample of the band can go either way; a horizon
            // cut short of the settling time (very light damping) cannot count them all.
            if horizon > report.settlingTime {
                #expect(abs(swings - (report.oscillationCount ?? -1)) <= 1, "\(c)")
            }
        }
    }

    @Test("Frames to settle round up the settling time; undamped springs never settle")
    func frames() {
        let report = DampedSpring.bend.report()
        #expect(report.framesToSettleAt60Hz == Int((report.settlingTime * 60).rounded(.up)))
        #expect(report.framesToSettleAt120Hz == Int((report.settlingTime * 120).rounded(.up)))
        #expect(report.framesToSettle(atRate: 90) == Int((report.settlingTime * 90).rounded(.up)))
        let undamped = DampedSpring(duration: 0.5, bounce: 1).report()
        #expect(undamped.settlingTime == .infinity)
        #expect(undamped.framesToSettleAt60Hz == nil && undamped.oscillationCount == nil)
    }

    @Test("A spring resting on its target reports nothing to do")
    func atRest() {
        let report = DampedSpring.bouncy.report(from: 4, to: 4)
        #expect(report.settlingTime == 0 && report.overshoot == 0 && report.referenceDistance == 0)
        #expect(
            report.framesToSettleAt60Hz == 0 && report.riseTime == nil && report.peakTime == nil)
    }
}
