import HingeKit
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Each input `make fuzz` found that broke an invariant, reduced to its calls, so that it stays
/// fixed (Fuzz/corpus/<target> keeps the raw input too).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(
        "Reports 2.3e-308 s apart give a finite finite-difference velocity (hinge_reader crash fb65a4f0)",
        arguments: [2.328152987103458e-308, 5e-324, 1e-9])
    func finiteDifferenceOverATinyInterval(interval: Double) throws {
        var configuration = HingeReader.Configuration()
        configuration.velocity = .finiteDifference
        var reader = HingeReader(configuration: configuration)
        try reader.ingest(HingeSample(time: 0, angle: 5.6250858319981685))
        try reader.ingest(HingeSample(time: interval, angle: 166.58823529411765, status: .fullyOpen))
        for time in [interval, interval + 0.9254901960784314] {
            let reading = try #require(reader.reading(at: time))
            #expect(reading.velocity.isFinite && reading.position.isFinite && reading.projected.isFinite)
            // Taken over a microsecond: the change per microsecond, not per 1e-308 s.
            #expect(reading.velocity == (166.58823529411765 - 5.6250858319981685) / 1e-6)
            #expect((5.6250858319981685...166.58823529411765).contains(reading.position))
        }
    }

    @Test(
        "An extremely overdamped spring (mass 1e-264) moves to its target without NaN (spring_animator crash 9e8b1b1a)",
        arguments: SpringAnimator.Mode.allCases)
    func extremelyOverdampedSpring(mode: SpringAnimator.Mode) throws {
        let spring = try DampedSpring.validated(
            mass: 1.029735957791951e-264, stiffness: 77441.06225351339, damping: 127.19920653086136,
            allowOverDamping: true)
        var animator = SpringAnimator(value: 0, time: 0, spring: .smooth, mode: mode)
        try animator.retarget(to: 605.8289463645381, at: 16.14655985351339, spring: .smooth)
        try animator.retarget(to: -2.0508215783585222e+169, at: 16.2093797207599, spring: spring)
        try animator.retarget(to: -720.0579842832074, at: 16.27706721599146)
        try animator.setReduceMotion(.tighten, at: 16.364715037766082)
        for time in [16.364715037766082, 16.3647151, 16.5, 24.52966506446937] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite, "\(mode) at \(time): \(state)")
        }
        #expect(animator.value(at: 24.52966506446937) == -720.0579842832074)
        // The slow mode of x″ + (c/m)x′ + (k/m)x = 0 decays at k/c ≈ 608.8 per second.
        let value = spring.value(from: 0, to: 100, time: 1e-7)
        #expect(abs(value - 100 * -expm1(-77441.06225351339 / 127.19920653086136 * 1e-7)) < 1e-9)
    }
}
