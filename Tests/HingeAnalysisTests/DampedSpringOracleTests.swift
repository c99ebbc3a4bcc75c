import HingeAnalysis
import HingeKit
import HingeTestSupport
import Testing

/// The closed forms of ``DampedSpring`` against ``SpringODE``, an independent numerical
/// solution of the same equation.
@Suite("DampedSpring against the rk8pd oracle")
struct DampedSpringOracleTests {
    /// The oracle for one case, with an absolute tolerance that suits both components.
    ///
    /// GSL applies one `epsabs` to the value and the velocity alike; the velocity's scale is
    /// ω₀ times the value's, so for a slow spring (ω₀ ≪ 1) the tolerance is lowered by ω₀ to
    /// keep the velocity as accurate, relative to its scale, as the value.
    static func oracle(for springCase: SpringCase) throws -> SpringODE {
        let scale = toleranceScale(springCase)
        return try SpringODE(
            pieces: [.init(startTime: 0, target: springCase.to, spring: springCase.spring)],
            absoluteTolerance: 1e-13 * scale
                * Swift.min(1, springCase.spring.undampedAngularFrequency))
    }

    /// The scale errors are measured against: the case's displacement scale, and |from|, |to|,
    /// because the oracle integrates the value itself, so its relative error control acts on
    /// |x| rather than on the distance to the target.
    static func toleranceScale(_ springCase: SpringCase) -> Double {
        Swift.max(springCase.displacementScale, abs(springCase.from), abs(springCase.to))
    }

    @Test("2,000 random springs in every regime: value and velocity within 1e-9 of the oracle")
    func closedFormMatchesOracle() throws {
        for seed in 0..<UInt64(2_000) {
            let springCase = SpringCase(seed: seed)
            var random = SplitMix64(seed: seed &+ 0x5EED)
            // Horizons in units of the spring's own time scale, so extreme masses and
            // stiffnesses cost the oracle no more steps than ordinary ones.
            let horizon = springCase.timeScale * random.logUniform(0.3, 20)
            let times = (0..<6).map { _ in random.uniform(0, horizon) }.sorted()
            let samples = try Self.oracle(for: springCase).solve(
                value: springCase.from, velocity: springCase.velocity, at: times)
            let scale = Self.toleranceScale(springCase)
            // Velocities scale with ω₀: a displacement of 1 at ω₀ rad/s moves at up to ω₀.
            let velocityScale = scale * springCase.spring.undampedAngularFrequency
            for sample in samples {
                let value = springCase.spring.value(
                    from: springCase.from, to: springCase.to, initialVelocity: springCase.velocity,
                    time: sample.time)
                let velocity = springCase.spring.velocity(
                    from: springCase.from, to: springCase.to, initialVelocity: springCase.velocity,
                    time: sample.time)
                #expect(abs(value - sample.value) <= 1e-9 * scale, "\(springCase) t \(sample.time)")
                #expect(
                    abs(velocity - sample.velocity) <= 1e-9 * velocityScale,
                    "\(springCase) t \(sample.time)")
            }
        }
    }

    @Test("Settling duration: outside the band just before it, never outside after it (oracle)")
    func settlingMatchesOracle() throws {
        let epsilon = 1e-3
        var checked = 0
        for seed in 0..<UInt64(180) {
            let springCase = SpringCase(seed: seed)
            let spring = springCase.spring
            let report = spring.report(
                from: springCase.from, to: springCase.to, initialVelocity: springCase.velocity,
                epsilon: epsilon)
            let settle = report.settlingTime
            let band = epsilon * report.referenceDistance
            guard settle > 0 else {
                #expect(abs(springCase.from - springCase.to) <= band, "\(springCase)")
                continue
            }
            let tau = springCase.timeScale
            // An explicit integrator pays for the fastest rate, 2ζω₀, over the whole span;
            // a heavily overdamped spring that settles at its slow rate ω₀/(2ζ) would cost
            // millions of steps, so those few cases are left to the closed-form tests.
            let fastRate = spring.decayRate + spring.undampedAngularFrequency
            guard fastRate * (settle + 20 * tau) < 1e5 else { continue }
            checked += 1
            // Just before: a geometric ladder toward the settling time, so that even a swing
            // that barely pokes out of the band is caught.
            let ladder = [3e-1, 3e-2, 3e-3, 3e-4, 3e-5, 3e-6, 3e-7, 3e-8, 3e-9, 3e-10]
            let before = ladder.map { settle - Swift.min(settle, tau * $0) }
            let after = (1...400).map { settle + tau * 0.05 * Double($0) }
            let samples = try Self.oracle(for: springCase).solve(
                value: springCase.from, velocity: springCase.velocity, at: before + after)
            let distances = samples.map { abs($0.value - springCase.to) }
            // The oracle is good to ~1e-12 of the scale; allow ten times more near the band.
            let slack = 1e-11 * Self.toleranceScale(springCase)
            #expect(distances.prefix(before.count).max()! > band - slack, "\(springCase)")
            #expect(distances.suffix(after.count).max()! <= band + slack, "\(springCase)")
        }
        #expect(checked >= 150)
    }

    @Test(
        "Across ζ = 1 every side of the boundary matches the oracle to 1e-12",
        arguments: [-1e-7, -1e-12, 0, 1e-12, 1e-7])
    func continuityAgainstOracle(offset: Double) throws {
        let spring = DampedSpring(response: 0.4, dampingRatio: 1 + offset)
        let times = stride(from: 0.0, through: 2, by: 0.05).map { $0 }
        for velocity in [0.0, -8, 15] {
            let samples = try SpringODE(spring: spring, target: 1).solve(
                value: 0, velocity: velocity, at: times)
            for sample in samples {
                let value = spring.value(
                    from: 0, to: 1, initialVelocity: velocity, time: sample.time)
                #expect(abs(value - sample.value) <= 1e-12 * 5)
            }
        }
    }
}
