import HingeKit
import Testing

/// `|a − b| ≤ tolerance·max(1, |b|)`: relative for large numbers, absolute near 0.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * Swift.max(1, abs(b))
}

@Suite("DampedSpring parameterisations")
struct DampedSpringTests {
    @Test(
        "A duration or response whose stiffness (2π/d)² underflows to 0 is refused (issue 13: stiffness 0, bounce −1)",
        arguments: [1e155, 1e300, Double.greatestFiniteMagnitude])
    func durationTooLongForAStiffness(duration: Double) {
        #expect(throws: DampedSpring.ParameterError.self) { try DampedSpring.validated(duration: duration) }
        #expect(throws: DampedSpring.ParameterError.self) {
            try DampedSpring.validated(response: duration, dampingRatio: 1)
        }
    }

    @Test("A long but representable duration is kept, with the bounce it was given")
    func longDurationKept() throws {
        // (2π/1e150)² = 3.9e-299 is a normal Double: the spring exists, and reads back as given.
        let spring = try DampedSpring.validated(duration: 1e150, bounce: 0.25)
        #expect(spring.stiffness > 0 && spring.stiffness.isNormal)
        #expect(abs(spring.bounce - 0.25) < 1e-12)
        #expect(abs(spring.duration / 1e150 - 1) < 1e-12)
    }

    @Test("Apple's example: duration 0.5, bounce 0.3 is (m, k, c) = (1, 157.9, 17.6)")
    func appleDurationBounceExample() {
        let spring = DampedSpring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect((spring.stiffness * 10).rounded() / 10 == 157.9)
        #expect((spring.damping * 10).rounded() / 10 == 17.6)
    }

    @Test("Apple's example: (m 1, k 100, c 10) is duration 0.63, bounce 0.5")
    func appleMassStiffnessExample() {
        let spring = DampedSpring(mass: 1, stiffness: 100, damping: 10)
        #expect((spring.duration * 100).rounded() / 100 == 0.63)
        #expect(spring.bounce == 0.5)
    }

    @Test(
        "Duration and bounce round-trip to 1e-12",
        arguments: [
            (0.5, 0.0), (0.5, 0.3), (0.2, 0.99), (1.7, 1), (0.35, -0.4), (3, -0.95), (0.01, 0.5),
        ])
    func durationBounceRoundTrip(duration: Double, bounce: Double) {
        let spring = DampedSpring(duration: duration, bounce: bounce)
        #expect(isClose(spring.duration, duration, 1e-12))
        #expect(isClose(spring.response, duration, 1e-12))
        // Bounce lives in −1…1, so an absolute 1e-12 is the relative error on that scale.
        #expect(abs(spring.bounce - bounce) <= 1e-12)
        #expect(spring.mass == 1)
    }

    @Test(
        "Response and damping ratio round-trip to 1e-12",
        arguments: [
            (0.5, 0.825), (0.15, 0.86), (1, 0), (0.3, 1), (2, 7.5), (1e-3, 0.2), (1e3, 1e3),
        ])
    func responseRatioRoundTrip(response: Double, dampingRatio: Double) {
        let spring = DampedSpring(response: response, dampingRatio: dampingRatio)
        #expect(isClose(spring.response, response, 1e-12))
        #expect(isClose(spring.dampingRatio, dampingRatio, 1e-12))
        #expect(isClose(spring.undampedAngularFrequency, 2 * Double.pi / response, 1e-12))
    }

    @Test("Mass, stiffness and damping are kept as given and drive every derived figure")
    func physicalParameters() {
        let spring = DampedSpring(mass: 2, stiffness: 50, damping: 6)
        #expect(spring.mass == 2 && spring.stiffness == 50 && spring.damping == 6)
        #expect(spring.undampedAngularFrequency == 5)
        #expect(isClose(spring.dampingRatio, 0.3, 1e-15))
        #expect(spring.decayRate == 1.5)
        #expect(isClose(spring.dampedAngularFrequency, (25 - 2.25).squareRoot(), 1e-15))
        #expect(isClose(spring.response, 2 * Double.pi / 5, 1e-15))
        #expect(isClose(spring.bounce, 0.7, 1e-15))
    }

    @Test("Overdamping is clamped to critical unless allowed, as SwiftUI does")
    func overdampingClamp() {
        let clamped = DampedSpring(mass: 1, stiffness: 100, damping: 50)
        #expect(clamped.damping == 20)
        #expect(clamped.dampingRatio == 1)
        #expect(clamped.regime == .criticallyDamped)
        let allowed = DampedSpring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true)
        #expect(allowed.damping == 50)
        #expect(allowed.regime == .overdamped)
        #expect(isClose(allowed.bounce, 1 / 2.5 - 1, 1e-15))
        #expect(allowed.dampedAngularFrequency == 0)
        // The stiffness is the stiffness; SwiftUI's getter reports m(ω_d² + λ²) instead.
        #expect(allowed.stiffness == 100)
    }

    @Test(
        "Regimes follow the damping ratio",
        arguments: [
            (0.0, DampedSpring.Regime.underdamped), (0.5, .underdamped), (1 - 1e-15, .underdamped),
            (1, .criticallyDamped), (1 + 1e-15, .overdamped), (40, .overdamped),
        ])
    func regimes(dampingRatio: Double, regime: DampedSpring.Regime) {
        #expect(DampedSpring(response: 1, dampingRatio: dampingRatio).regime == regime)
    }

    @Test("Presets are SwiftUI's: smooth, snappy, bouncy, interactive")
    func presets() {
        #expect(DampedSpring.smooth == DampedSpring(duration: 0.5, bounce: 0))
        #expect(DampedSpring.snappy == DampedSpring(duration: 0.5, bounce: 0.15))
        #expect(DampedSpring.bouncy == DampedSpring(duration: 0.5, bounce: 0.3))
        #expect(DampedSpring.smooth.regime == .criticallyDamped)
        #expect(DampedSpring.smooth() == .smooth)
        #expect(
            DampedSpring.snappy(duration: 0.3, extraBounce: 0.1)
                == DampedSpring(duration: 0.3, bounce: 0.25))
        #expect(DampedSpring.bouncy(extraBounce: -0.3) == .smooth)
        #expect(DampedSpring.smooth(duration: 1, extraBounce: -0.5).regime == .overdamped)
        #expect(isClose(DampedSpring.interactive.response, 0.15, 1e-15))
        #expect(isClose(DampedSpring.interactive.dampingRatio, 0.86, 1e-15))
    }

    @Test(
        "The bend spring is SwiftUI's interpolatingSpring(mass: 0.9, stiffness: 280, damping: 24)"
    )
    func bendSpring() {
        let bend = DampedSpring.bend
        #expect(bend.mass == 0.9 && bend.stiffness == 280 && bend.damping == 24)
        #expect(bend.regime == .underdamped)
        // ζ = 24 / (2·√252) = 0.7559…, duration 2π·√(0.9/280) = 0.35622… s.
        #expect(isClose(bend.dampingRatio, 0.755928946018454, 1e-14))
        #expect(isClose(bend.duration, 0.35622312351711777, 1e-14))
    }

    @Test("Invalid parameters are named errors from validated(…)")
    func invalidParameters() {
        func expect(
            _ parameter: DampedSpring.ParameterError.Parameter,
            _ make: () throws(DampedSpring.ParameterError) -> DampedSpring,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            do {
                let spring = try make()
                Issue.record("accepted \(spring)", sourceLocation: sourceLocation)
            } catch {
                #expect(error.parameter == parameter, sourceLocation: sourceLocation)
            }
        }
        expect(.mass) { () throws(DampedSpring.ParameterError) in
            try .validated(mass: 0, stiffness: 1, damping: 1)
        }
        expect(.mass) { () throws(DampedSpring.ParameterError) in
            try .validated(mass: .nan, stiffness: 1, damping: 1)
        }
        expect(.stiffness) { () throws(DampedSpring.ParameterError) in
            try .validated(mass: 1, stiffness: -1, damping: 1)
        }
        expect(.stiffness) { () throws(DampedSpring.ParameterError) in
            try .validated(mass: 1, stiffness: .infinity, damping: 1)
        }
        expect(.damping) { () throws(DampedSpring.ParameterError) in
            try .validated(mass: 1, stiffness: 1, damping: -0.1)
        }
        // Each parameter is fine on its own; k/m overflows.
        expect(.stiffness) { () throws(DampedSpring.ParameterError) in
            try .validated(mass: 1e-300, stiffness: 1e300, damping: 0)
        }
        expect(.duration) { () throws(DampedSpring.ParameterError) in
            try .validated(duration: 0, bounce: 0)
        }
        expect(.duration) { () throws(DampedSpring.ParameterError) in
            try .validated(duration: 1e-200, bounce: 0)
        }
        expect(.bounce) { () throws(DampedSpring.ParameterError) in
            try .validated(duration: 0.5, bounce: -1)
        }
        expect(.bounce) { () throws(DampedSpring.ParameterError) in
            try .validated(duration: 0.5, bounce: 1.2)
        }
        expect(.bounce) { () throws(DampedSpring.ParameterError) in
            try .validated(duration: 0.5, bounce: .nan)
        }
        expect(.response) { () throws(DampedSpring.ParameterError) in
            try .validated(response: -0.5, dampingRatio: 1)
        }
        expect(.dampingRatio) { () throws(DampedSpring.ParameterError) in
            try .validated(response: 0.5, dampingRatio: -1)
        }
        expect(.settlingDuration) { () throws(DampedSpring.ParameterError) in
            try .validated(settlingDuration: .nan, dampingRatio: 1)
        }
        expect(.dampingRatio) { () throws(DampedSpring.ParameterError) in
            try .validated(settlingDuration: 1, dampingRatio: 0)
        }
        expect(.epsilon) { () throws(DampedSpring.ParameterError) in
            try .validated(settlingDuration: 1, dampingRatio: 1, epsilon: 1)
        }
    }

    @Test("The error reads as a usage message")
    func errorMessage() {
        #expect(
            throws: DampedSpring.ParameterError(
                parameter: .bounce, value: -1.5, requirement: "greater than -1 and at most 1")
        ) {
            try DampedSpring.validated(duration: 0.5, bounce: -1.5)
        }
        let error = DampedSpring.ParameterError(
            parameter: .bounce, value: -1.5, requirement: "greater than -1 and at most 1")
        #expect(error.description == "bounce must be greater than -1 and at most 1, got -1.5")
    }

    @Test("The plain initialisers trap on invalid parameters")
    func initialiserTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = DampedSpring(duration: 0.5, bounce: -2)
        }
    }
}
