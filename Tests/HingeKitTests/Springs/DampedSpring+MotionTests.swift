import HingeKit
import HingeTestSupport
import Testing

@Suite("DampedSpring closed forms")
struct DampedSpringMotionTests {
    @Test("At t = 0 the value is exactly `from` and the velocity exactly the initial velocity")
    func exactStart() {
        for seed in 0..<UInt64(600) {
            let c = SpringCase(seed: seed)
            #expect(
                c.spring.value(from: c.from, to: c.to, initialVelocity: c.velocity, time: 0)
                    == c.from)
            #expect(
                c.spring.velocity(from: c.from, to: c.to, initialVelocity: c.velocity, time: 0)
                    == c.velocity)
            let state = c.spring.update(
                value: c.from, velocity: c.velocity, target: c.to, deltaTime: 0)
            #expect(state.value == c.from && state.velocity == c.velocity)
        }
        // 0.3 + (0.1 − 0.3) is 0.09999999999999998, not 0.1.
        for spring in [
            DampedSpring.bouncy, .smooth,
            DampedSpring(mass: 1, stiffness: 1, damping: 9, allowOverDamping: true),
        ] {
            #expect(spring.value(from: 0.1, to: 0.3, initialVelocity: 2, time: 0) == 0.1)
            #expect(spring.velocity(from: 0.1, to: 0.3, initialVelocity: 2, time: 0) == 2)
        }
    }

    @Test("Stepping with irregular intervals from 0.1 ms to 2 s lands on the one-shot curve")
    func irregularSteps() {
        for seed in 0..<UInt64(600) {
            let c = SpringCase(seed: seed)
            var random = SplitMix64(seed: seed &* 31 &+ 7)
            var state = (value: c.from, velocity: c.velocity)
            var time = 0.0
            let steps = Int(random.uniform(1, 40))
            for _ in 0..<steps {
                let dt = random.logUniform(1e-4, 2)
                state = c.spring.update(
                    value: state.value, velocity: state.velocity, target: c.to, deltaTime: dt)
                time += dt
            }
            let omega0 = c.spring.undampedAngularFrequency
            // Each step rounds the value (a few ulps of |x|) and the phase (ω₀·dt·ulp); a
            // lightly damped spring never forgets either, so both add up over the steps.
            let scale = Swift.max(c.displacementScale, abs(c.from), abs(c.to))
            let tolerance = 1e-14 * (Double(steps) + omega0 * time) * scale
            let value = c.spring.value(
                from: c.from, to: c.to, initialVelocity: c.velocity, time: time)
            let velocity = c.spring.velocity(
                from: c.from, to: c.to, initialVelocity: c.velocity, time: time)
            #expect(abs(state.value - value) <= tolerance, "\(c)")
            #expect(abs(state.velocity - velocity) <= tolerance * omega0, "\(c)")
        }
    }

    /// The motion of a response-0.4 s spring with damping ratio 1 + offset, on a grid.
    static func curve(offset: Double, velocity: Double) -> [Double] {
        let spring = DampedSpring(response: 0.4, dampingRatio: 1 + offset)
        return stride(from: 0.0, through: 3, by: 0.01).map {
            spring.value(from: 0, to: 1, initialVelocity: velocity, time: $0)
        }
    }

    @Test("Continuous across ζ = 1: 1 ± 1e-12 agree with 1 to 1e-11, and 1 ± 1e-7 show no jump")
    func continuityAcrossCritical() {
        for velocity in [0.0, -8, 15, 300] {
            let critical = Self.curve(offset: 0, velocity: velocity)
            let scale = Swift.max(1, abs(velocity) * 0.4 / (2 * Double.pi))
            for offset in [-1e-12, 1e-12] {
                let near = Self.curve(offset: offset, velocity: velocity)
                #expect(zip(near, critical).allSatisfy { abs($0 - $1) <= 1e-11 * scale })
            }
            // ∂x/∂ζ is of the order of the distance, so a 1e-7 change of ζ really moves the
            // curve by ~1e-8; the two sides must move by the same amount in opposite
            // directions (the second difference is O(δ²) ≈ 1e-14), or the formulas jump.
            let above = Self.curve(offset: 1e-7, velocity: velocity)
            let below = Self.curve(offset: -1e-7, velocity: velocity)
            for index in critical.indices {
                let secondDifference = above[index] - 2 * critical[index] + below[index]
                #expect(abs(secondDifference) <= 1e-9 * scale)
                #expect(abs(above[index] - critical[index]) <= 1e-6 * scale)
            }
        }
    }

    @Test(
        "No NaN or infinity for m 1e-4…1e4, k 1e-6…1e7, ζ 0…1e3, t up to 1e6 s; energy never grows")
    func extremeParameters() {
        let masses = [1e-4, 1e-2, 1, 1e2, 1e4]
        let stiffnesses = [1e-6, 1e-3, 1, 1e3, 1e7]
        let ratios = [0, 1e-9, 0.3, 1 - 1e-12, 1, 1 + 1e-12, 3, 1e3]
        let times = [1e-12, 1e-6, 1e-3, 0.1, 1, 60, 1e3, 1e6]
        for mass in masses {
            for stiffness in stiffnesses {
                for ratio in ratios {
                    let spring = DampedSpring(
                        mass: mass, stiffness: stiffness,
                        damping: 2 * ratio * (mass * stiffness).squareRoot(), allowOverDamping: true
                    )
                    for velocity in [0.0, 1e3, -1e3] {
                        let energy0 = 0.5 * mass * velocity * velocity + 0.5 * stiffness
                        for time in times {
                            let x = spring.value(
                                from: 0, to: 1, initialVelocity: velocity, time: time)
                            let v = spring.velocity(
                                from: 0, to: 1, initialVelocity: velocity, time: time)
                            let f = spring.force(
                                from: 0, to: 1, initialVelocity: velocity, time: time)
                            #expect(x.isFinite && v.isFinite && f.isFinite, "\(spring) t \(time)")
                            let energy = 0.5 * mass * v * v + 0.5 * stiffness * (x - 1) * (x - 1)
                            #expect(energy <= energy0 * (1 + 1e-9), "\(spring) t \(time)")
                        }
                    }
                    let report = spring.report(from: 0, to: 1, initialVelocity: 5)
                    #expect(report.settlingTime.isFinite == (ratio > 0), "\(spring)")
                    #expect(
                        !report.overshoot.isNaN && report.riseTime?.isFinite == true, "\(spring)")
                }
            }
        }
    }

    @Test("The velocity is the derivative of the value, and the force is mass × its derivative")
    func derivatives() {
        for seed in 0..<UInt64(300) {
            let c = SpringCase(seed: seed)
            var random = SplitMix64(seed: seed &+ 99)
            let time = c.timeScale * random.uniform(0.1, 5)
            let h = c.timeScale * 1e-5
            func x(_ t: Double) -> Double {
                c.spring.value(from: c.from, to: c.to, initialVelocity: c.velocity, time: t)
            }
            func v(_ t: Double) -> Double {
                c.spring.velocity(from: c.from, to: c.to, initialVelocity: c.velocity, time: t)
            }
            let omega0 = c.spring.undampedAngularFrequency
            let velocityScale = omega0 * Swift.max(c.displacementScale, abs(c.from), abs(c.to))
            // Central differences: truncation ~ (ωh)² ≈ 1e-10, rounding ~ ulp(x)/h ≈ 1e-11·scale.
            #expect(
                abs((x(time + h) - x(time - h)) / (2 * h) - v(time)) <= 1e-6 * velocityScale, "\(c)"
            )
            let acceleration = (v(time + h) - v(time - h)) / (2 * h)
            let force = c.spring.force(
                from: c.from, to: c.to, initialVelocity: c.velocity, time: time)
            #expect(
                abs(force / c.spring.mass - acceleration) <= 1e-6 * omega0 * velocityScale, "\(c)")
        }
    }

    @Test("The force on a state is −k·(x − target) − c·v")
    func forceOnState() {
        let spring = DampedSpring(mass: 2, stiffness: 50, damping: 6)
        #expect(spring.force(value: 3, velocity: -1, target: 1) == -50 * 2 + 6)
        #expect(spring.force(from: 3, to: 1, initialVelocity: -1, time: 0) == -94)
    }

    @Test("A spring kicked at its target moves (start equals target, velocity not zero)")
    func kickAtTarget() {
        for spring in [
            DampedSpring.bend, .smooth,
            DampedSpring(mass: 1, stiffness: 10, damping: 30, allowOverDamping: true),
        ] {
            #expect(spring.value(from: 5, to: 5, initialVelocity: 10, time: 0.01) > 5)
            #expect(spring.value(from: 5, to: 5, initialVelocity: -10, time: 0.01) < 5)
        }
    }

    @Test("A 2 s frame on a stiff spring is exact, not an explicit-Euler explosion")
    func largeStepStability() {
        let stiff = DampedSpring(mass: 1e-4, stiffness: 1e7, damping: 2, allowOverDamping: true)
        let state = stiff.update(value: 0, velocity: 1e4, target: 180, deltaTime: 2)
        #expect(abs(state.value - 180) <= 1e-9 && abs(state.velocity) <= 1e-6)
        let slow = DampedSpring.bouncy.update(value: 0, velocity: 0, target: 1, deltaTime: 2)
        #expect(abs(slow.value - DampedSpring.bouncy.value(from: 0, to: 1, time: 2)) == 0)
    }
}
