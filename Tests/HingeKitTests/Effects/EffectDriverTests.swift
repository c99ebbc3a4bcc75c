import HingeKit
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("EffectDriver")
struct EffectDriverTests {
    /// The critically damped spring from rest, written out: the oracle for `.smooth`
    /// (duration 0.5 s, ω = 4π).
    private func smooth(from: Double, to: Double, after t: Double) -> Double {
        let omega = 4 * Double.pi
        return to + (from - to) * (1 + omega * t) * exp(-omega * t)
    }

    @Test("Before any sample the value is the effect with no hinge; the first sample is placed, not animated")
    func firstSample() throws {
        var bloom = EffectDriver(effect: BloomEffect())
        #expect(bloom.value(at: 0) == 1 && bloom.target == 1 && bloom.isSettled(at: 0))
        try bloom.ingest(HingeSample(time: 1, angle: 125, status: .partiallyOpen))
        #expect(bloom.value(at: 1) == 0.5 && bloom.value(at: 1.3) == 0.5 && bloom.isSettled(at: 1))
    }

    @Test("A bloom change follows the smooth spring's closed form (1e-12)")
    func springChase() throws {
        var bloom = EffectDriver(effect: BloomEffect())
        try bloom.ingest(HingeSample(time: 0, angle: 170, status: .partiallyOpen))
        try bloom.ingest(HingeSample(time: 0.1, angle: 80, status: .partiallyOpen))
        #expect(bloom.target == 0)
        var settled = false
        for t in stride(from: 0.1, through: 1.5, by: 0.05) {
            let expected = smooth(from: 1, to: 0, after: t - 0.1)
            if bloom.isSettled(at: t) {
                // The animator's settle rule: within 0.001 of the change, it rests on the target.
                settled = true
                #expect(bloom.value(at: t) == 0 && abs(expected) <= 1e-3, "\(t)")
            } else {
                // 1e-12: the two closed forms round differently; the values are of order 1.
                #expect(abs(bloom.value(at: t) - expected) <= 1e-12, "\(t)")
            }
        }
        #expect(settled)
    }

    @Test("Status alone moves the bloom: a closed report sends it to 0 with the last angle kept")
    func statusOnly() throws {
        var bloom = EffectDriver(effect: BloomEffect())
        try bloom.ingest(HingeSample(time: 0, angle: 125, status: .partiallyOpen))
        try bloom.ingest(HingeSample(time: 0.5, angle: nil, status: .closed))
        #expect(bloom.target == 0)
        #expect(bloom.reading(at: 0.5)?.angle == 125)
        try bloom.ingest(HingeSample(time: 1, angle: nil, status: nil))
        #expect(bloom.target == 1, "no hinge: bloom complete")
    }

    @Test("Under Reduce Motion the bloom tracks the hinge directly: no lag, no bounce")
    func bloomReduceMotion() throws {
        var bloom = EffectDriver(effect: BloomEffect(), spring: .bouncy, reduceMotion: true)
        let effect = BloomEffect()
        var time = 0.0
        for angle in stride(from: 180.0, through: 60, by: -7) {
            try bloom.ingest(HingeSample(time: time, angle: angle, status: .partiallyOpen))
            let expected = effect.value(angle: angle, status: .partiallyOpen)
            for dt in [0, 0.004, 0.011] { #expect(bloom.value(at: time + dt) == expected) }
            #expect(bloom.state(at: time).velocity == 0)
            time += 0.016
        }
    }

    @Test("Under Reduce Motion the lean holds upright throughout; turning it off springs from upright")
    func leanReduceMotion() throws {
        var lean = EffectDriver(effect: LeanEffect(), reduceMotion: true)
        for (index, angle) in [180.0, 150, 120, 90].enumerated() {
            try lean.ingest(HingeSample(time: Double(index) * 0.1, angle: angle))
            #expect(lean.value(at: Double(index) * 0.1 + 0.05) == 0 && lean.target == 0)
        }
        try lean.setReduceMotion(false, at: 1)
        #expect(lean.target == 6)
        #expect(lean.value(at: 1) == 0)
        let spring = LeanEffect.spring
        for t in [1.1, 1.4, 1.7] {
            let expected = spring.value(from: 0, to: 6, time: t - 1)
            #expect(abs(lean.value(at: t) - expected) <= 1e-12)
        }
        try lean.setReduceMotion(true, at: 1.2)
        #expect(lean.value(at: 1.2) == 0 && lean.isSettled(at: 1.2))
    }

    @Test("Turning Reduce Motion on mid-flight puts the bloom on the hinge's value at once")
    func bloomToggle() throws {
        var bloom = EffectDriver(effect: BloomEffect())
        try bloom.ingest(HingeSample(time: 0, angle: 180))
        try bloom.ingest(HingeSample(time: 0.01, angle: 80))
        #expect(bloom.value(at: 0.05) > 0.5)
        try bloom.setReduceMotion(true, at: 0.05)
        #expect(bloom.value(at: 0.05) == 0)
        try bloom.setReduceMotion(false, at: 0.06)
        try bloom.ingest(HingeSample(time: 0.07, angle: 170))
        #expect(bloom.value(at: 0.08) > 0 && bloom.value(at: 0.08) < 1)
    }

    @Test("Events out of order and bad samples are refused and change nothing")
    func errors() throws {
        var driver = EffectDriver(effect: UnfoldProgressEffect())
        try driver.ingest(HingeSample(time: 1, angle: 82.5))
        try driver.setReduceMotion(true, at: 2)
        let before = driver.value(at: 3)
        #expect(throws: EffectDriver<UnfoldProgressEffect>.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2)) {
            try driver.ingest(HingeSample(time: 1.5, angle: 100))
        }
        #expect(throws: EffectDriver<UnfoldProgressEffect>.EventError.timeNotFinite(.infinity)) {
            try driver.setReduceMotion(false, at: .infinity)
        }
        #expect(
            throws: EffectDriver<UnfoldProgressEffect>.EventError.sample(
                .angleOutOfRange(time: 3, angle: 400, range: 0...360))
        ) {
            try driver.ingest(HingeSample(time: 3, angle: 400))
        }
        #expect(driver.value(at: 3) == before && driver.value(at: 3) == 0.5)
    }

    @Test("Unfold progress runs Android's spring by default and settles on clamp(angle / 165)")
    func unfold() throws {
        var unfold = EffectDriver(effect: UnfoldProgressEffect())
        try unfold.ingest(HingeSample(time: 0, angle: 0))
        try unfold.ingest(HingeSample(time: 0.1, angle: 165))
        // Critically damped, ω = √600: the oracle written out.
        let omega = 600.0.squareRoot()
        let t = 0.2
        #expect(abs(unfold.value(at: 0.1 + t) - (1 - (1 + omega * t) * exp(-omega * t))) <= 1e-12)
        #expect(unfold.value(at: 5) == 1 && unfold.isSettled(at: 5))
    }
}
