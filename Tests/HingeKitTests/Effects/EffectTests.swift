import HingeKit
import Testing

@Suite("Angle effects")
struct EffectTests {
    @Test("Bloom is exactly (angle − 80) / 90 between 80° and 170°, clamped outside, at every whole degree")
    func bloomCurve() {
        let bloom = BloomEffect()
        for degree in 0...360 {
            let angle = Double(degree)
            // The oracle is the formula of the issue, written out; both sides round once.
            let expected = angle <= 80 ? 0 : angle >= 170 ? 1 : (angle - 80) / 90
            #expect(bloom.value(angle: angle, status: .partiallyOpen) == expected)
            #expect(bloom.value(angle: angle, status: nil) == expected)
        }
        #expect(bloom.value(angle: 125, status: .partiallyOpen) == 0.5)
    }

    @Test("Bloom: closed → 0 and fully open → 1 whatever the angle; no hinge → 1")
    func bloomStatus() {
        let bloom = BloomEffect()
        for angle in [nil, 0, 100, 125, 180] as [Double?] {
            #expect(bloom.value(angle: angle, status: .closed) == 0)
            #expect(bloom.value(angle: angle, status: .fullyOpen) == 1)
        }
        #expect(bloom.value(angle: nil, status: nil) == 1)
        #expect(bloom.value(angle: nil, status: .partiallyOpen) == 1)
        #expect(bloom.reducedMotion == .trackHinge && bloom.preferredSpring == .smooth)
    }

    @Test("Bloom bounds are configurable")
    func bloomBounds() throws {
        let bloom = try BloomEffect(lower: 90, upper: 150)
        #expect(bloom.value(angle: 120, status: nil) == 0.5)
        #expect(bloom.value(angle: 105, status: nil) == 0.25)
        #expect(bloom.value(angle: 89, status: nil) == 0 && bloom.value(angle: 151, status: nil) == 1)
    }

    @Test(
        "Ramp easings at hand-computed points (exact binary fractions)",
        arguments: [
            (RampEffect.Easing.linear, [0.25, 0.5, 0.75]),
            (.smoothstep, [0.15625, 0.5, 0.84375]),
            (.easeIn, [0.0625, 0.25, 0.5625]),
            (.easeOut, [0.4375, 0.75, 0.9375]),
            (.easeInOut, [0.125, 0.5, 0.875]),
        ])
    func rampEasing(easing: RampEffect.Easing, expected: [Double]) throws {
        let ramp = try RampEffect(lower: 20, upper: 100, easing: easing)
        #expect([40.0, 60, 80].map { ramp.value(angle: $0, status: nil) } == expected)
        #expect(ramp.value(angle: 0, status: nil) == 0 && ramp.value(angle: 20, status: nil) == 0)
        #expect(ramp.value(angle: 100, status: nil) == 1 && ramp.value(angle: 300, status: .closed) == 1)
        #expect(ramp.value(angle: nil, status: nil) == 1)
        // Monotonic: every easing rises from 0 to 1 without turning back.
        let values = (0...800).map { ramp.value(angle: 20 + Double($0) / 10, status: nil) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("A ramp with lower > upper falls as the hinge opens; the no-hinge value is configurable")
    func fallingRamp() throws {
        let ramp = try RampEffect(lower: 150, upper: 30, noHingeValue: 0)
        #expect(ramp.value(angle: 90, status: nil) == 0.5)
        #expect(ramp.value(angle: 180, status: nil) == 0 && ramp.value(angle: 0, status: nil) == 1)
        #expect(ramp.value(angle: nil, status: nil) == 0)
    }

    @Test("Lean: 6° at 90° and below, 0 flat, linear between; holds upright under Reduce Motion")
    func lean() throws {
        let lean = LeanEffect()
        let cases: [(Double, Double)] = [(180, 0), (171, 0.6), (135, 3), (90, 6), (45, 6), (0, 6), (200, 0)]
        for (angle, expected) in cases {
            #expect(abs(lean.value(angle: angle, status: nil) - expected) <= 1e-14, "\(angle)")
        }
        #expect(lean.value(angle: 135, status: .fullyOpen) == 0 && lean.value(angle: 135, status: .closed) == 6)
        #expect(lean.value(angle: nil, status: nil) == 0)
        #expect(lean.reducedMotion == .holdNeutral && lean.neutralValue == 0)
        #expect(lean.target(angle: 135, status: nil, reduceMotion: true) == 0)
        #expect(lean.target(angle: 135, status: nil, reduceMotion: false) == 3)
        #expect(lean.preferredSpring.dampingRatio == 1 && abs(lean.preferredSpring.response - 0.8) <= 1e-12)
        #expect(try LeanEffect(maximum: 4, flat: 170, full: 110).value(angle: 140, status: nil) == 2)
    }

    @Test("Unfold progress is clamp(angle / 165), Android's convention; no hinge → 1")
    func unfold() {
        let unfold = UnfoldProgressEffect()
        #expect(unfold.value(angle: 82.5, status: nil) == 0.5)
        #expect(unfold.value(angle: 33, status: .closed) == 0.2)
        #expect(unfold.value(angle: 165, status: nil) == 1 && unfold.value(angle: 180, status: nil) == 1)
        #expect(unfold.value(angle: 0, status: nil) == 0 && unfold.value(angle: nil, status: nil) == 1)
        #expect(unfold.preferredSpring.stiffness == 600 && abs(unfold.preferredSpring.dampingRatio - 1) <= 1e-12)
    }

    @Test("Every effect maps Reduce Motion to jumping and leaves 'off' alone")
    func animatorPolicy() {
        for effect in [BloomEffect(), LeanEffect(), UnfoldProgressEffect(), RampEffect()] as [any HingeEffect] {
            #expect(effect.animatorPolicy(for: .off) == .off)
            #expect(effect.animatorPolicy(for: .jump) == .jump)
            #expect(effect.animatorPolicy(for: .tighten) == .jump)
        }
    }
}
