import HingeKit
import HingeTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("DampedSpring settling duration")
struct DampedSpringSettlingTests {
    @Test("Outside the band just before the settling time, inside it on a fine grid after")
    func settlingIsTheLastExit() {
        let epsilon = 1e-3
        for seed in 0..<UInt64(600) {
            let c = SpringCase(seed: seed)
            let report = c.spring.report(
                from: c.from, to: c.to, initialVelocity: c.velocity, epsilon: epsilon)
            let settle = report.settlingTime
            let band = epsilon * report.referenceDistance
            func distance(_ t: Double) -> Double {
                abs(
                    c.spring.value(from: c.from, to: c.to, initialVelocity: c.velocity, time: t)
                        - c.to)
            }
            #expect(settle > 0 && settle.isFinite, "\(c)")
            // The boundary is found to the last bit; one ulp earlier the value is outside
            // (up to the rounding of |x − to|, a few ulps of |to|).
            let rounding = 4 * abs(c.to).ulp
            #expect(distance(settle.nextDown) > band - rounding, "\(c)")
            #expect(distance(settle) <= band + rounding, "\(c)")
            let tau = c.timeScale
            let grid = (1...2_000).map { settle + tau * 0.01 * Double($0) }
            #expect(grid.allSatisfy { distance($0) <= band + rounding }, "\(c)")
        }
    }

    @Test("The band is relative: a small range settles exactly when a large one does")
    func rangeInvariance() {
        for spring in [DampedSpring.bend, .smooth, .bouncy, .interactive] {
            let unit = spring.settlingDuration(from: 0, to: 1)
            for (from, to) in [(0.0, 1e-3), (0, 1e3), (100, 101), (180, 90), (-5e-6, 5e-6)] {
                let settle = spring.settlingDuration(from: from, to: to)
                #expect(abs(settle - unit) <= 1e-9 * unit)
            }
            #expect(spring.settlingDuration == unit)
        }
    }

    @Test("Kicked at its target: settled when the swings are within ε of the first peak")
    func kickedAtTarget() {
        for spring in [
            DampedSpring.bend, .smooth,
            DampedSpring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true),
        ] {
            let report = spring.report(from: 2, to: 2, initialVelocity: 30)
            // The reference is the first peak: no sampled point goes farther.
            let peak = stride(from: 0.0, through: 3, by: 1e-4).map {
                abs(spring.value(from: 2, to: 2, initialVelocity: 30, time: $0) - 2)
            }.max()!
            #expect(peak <= report.referenceDistance * (1 + 1e-12))
            #expect(peak >= report.referenceDistance * (1 - 1e-6))
            // Neither the size of the kick nor the unit of time changes the rule.
            let twice = spring.settlingDuration(from: 2, to: 2, initialVelocity: 60)
            #expect(abs(twice - report.settlingTime) <= 1e-9 * report.settlingTime)
            #expect(report.settlingTime > 0)
        }
        #expect(DampedSpring.bend.settlingDuration(from: 3, to: 3, initialVelocity: 0) == 0)
    }

    @Test("The real settling time is never later than the exponential envelope's bound")
    func envelopeIsAnUpperBound() {
        for ratio in [0.05, 0.2, 0.5, 0.7559, 0.9, 0.99] {
            let spring = DampedSpring(response: 0.5, dampingRatio: ratio)
            // From rest: y = A·e^(−λt)·cos(ω_d t − φ) with A = 1/√(1 − ζ²).
            let amplitude = 1 / (1 - ratio * ratio).squareRoot()
            let envelope = log(amplitude / 1e-3) / spring.decayRate
            let settle = spring.settlingDuration
            #expect(settle <= envelope)
            // …but not much earlier: from rest the turning points are at ±e^(−λt), below the
            // envelope by √(1 − ζ²), and the last one above the band is at most half a period
            // before the settling time.
            let halfPeriod = Double.pi / spring.dampedAngularFrequency
            #expect(settle >= envelope - log(amplitude) / spring.decayRate - halfPeriod)
        }
    }

    @Test("An undamped spring never settles")
    func undamped() {
        #expect(DampedSpring(duration: 0.5, bounce: 1).settlingDuration == .infinity)
    }

    @Test(
        "init(settlingDuration:dampingRatio:) settles in the requested time (1e-9)",
        arguments: [(0.3, 0.5), (1, 0.9), (0.05, 1), (2, 3), (10, 0.2), (0.5, 0.01), (4, 200)])
    func settlingDurationInitialiser(duration: Double, ratio: Double) {
        let spring = DampedSpring(settlingDuration: duration, dampingRatio: ratio)
        #expect(abs(spring.settlingDuration - duration) <= 1e-9 * duration)
        #expect(abs(spring.dampingRatio - ratio) <= 1e-12 * ratio)
        #expect(spring.mass == 1)
        let loose = DampedSpring(settlingDuration: duration, dampingRatio: ratio, epsilon: 0.01)
        #expect(
            abs(loose.settlingDuration(from: 0, to: 1, epsilon: 0.01) - duration) <= 1e-9 * duration
        )
    }

    @Test("Requested settling durations are clamped to 0.01…10 s, as SwiftUI does")
    func settlingDurationClamp() {
        #expect(
            abs(DampedSpring(settlingDuration: 60, dampingRatio: 1).settlingDuration - 10) <= 1e-8)
        #expect(
            abs(DampedSpring(settlingDuration: 1e-4, dampingRatio: 1).settlingDuration - 0.01)
                <= 1e-11)
    }
}
