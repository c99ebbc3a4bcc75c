import Testing

@testable import HingeKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("The spring's inline sine, cosine and exponential")
struct SpringMathTests {
    /// How many units in the last place of `expected` `actual` is from it.
    func units(_ actual: Double, _ expected: Double) -> Double { abs(actual - expected) / expected.ulp }

    @Test("sin and cos within one unit in the last place of the C library's (1,000,000 arguments)")
    func sineCosineAgrees() {
        var random = SplitMix64(seed: 31)
        var worst = 0.0
        for index in 0..<1_000_000 {
            // Phases of a spring: mostly a few turns, some up to the inline range's end.
            let x = index % 10 == 0 ? random.next(in: 0...0x1p16) : random.next(in: 0...40)
            let inline = sineCosine(x)
            worst = max(worst, units(inline.sin, sin(x)), units(inline.cos, cos(x)))
        }
        #expect(worst <= 1)
    }

    @Test("e^x within one unit in the last place of the C library's (1,000,000 arguments)")
    func exponentialAgrees() {
        var random = SplitMix64(seed: 32)
        var worst = 0.0
        for index in 0..<1_000_000 {
            let x = index % 10 == 0 ? random.next(in: -699...699) : random.next(in: -40...1)
            worst = max(worst, units(exponential(x), exp(x)))
        }
        #expect(worst <= 1)
    }

    @Test("e^x − 1 within two units in the last place of the C library's expm1 (1,000,000 arguments)")
    func exponentialMinusOneAgrees() {
        var random = SplitMix64(seed: 34)
        var worst = 0.0
        for index in 0..<1_000_000 {
            // The 1€ filter's arguments: −Te/τ, from a microsecond over τ up to long silences;
            // tiny ones, where 1 − e^x would lose every digit, and both signs.
            let x: Double
            switch index % 4 {
            case 0: x = -random.next(in: 0...0.02)
            case 1: x = random.next(in: -3...3)
            case 2: x = -exp(random.next(in: -40...0))
            default: x = index % 20 == 3 ? random.next(in: -699...699) : random.next(in: -40...1)
            }
            worst = max(worst, units(exponentialMinusOne(x), expm1(x)))
        }
        #expect(worst <= 2)
        #expect(exponentialMinusOne(0) == 0)
        #expect(exponentialMinusOne(-1e-300) == -1e-300)
        for x in [-700.0, 700, -745, 709.7] { #expect(exponentialMinusOne(x) == expm1(x)) }
        #expect(exponentialMinusOne(-.infinity) == -1 && exponentialMinusOne(.nan).isNaN)
    }

    @Test("Exact where the closed form needs it, and the C library outside the inline range")
    func edges() {
        #expect(sineCosine(0).sin == 0 && sineCosine(0).cos == 1)
        #expect(exponential(0) == 1)
        for x in [0x1p16.nextUp, 1e10, -1e300, Double.greatestFiniteMagnitude] {
            #expect(sineCosine(x).sin == sin(x) && sineCosine(x).cos == cos(x))
        }
        for x in [-700.0, 700, -745, 709.7] { #expect(exponential(x) == exp(x)) }
        #expect(exponential(-.infinity) == 0)
        #expect(exponential(.nan).isNaN && sineCosine(.nan).sin.isNaN)
    }

    @Test("The inline state is the general state to within a few units in the last place of its scale")
    func inlineStateIsGeneralState() {
        var random = SplitMix64(seed: 33)
        var inlined = 0
        for _ in 0..<20_000 {
            let spring = DampedSpring(
                response: random.next(in: 0.05...2), dampingRatio: [0.1, 0.5, 0.9, 1, 1, 1.5][Int(random.next() % 6)])
            let displacement = random.next(in: -200...200)
            let velocity = random.next(in: -2000...2000)
            let motion = SpringMotion(spring: spring, displacement: displacement, velocity: velocity)
            let t = random.next(in: 0...3)
            guard let state = motion.inlineState(at: t) else { continue }
            inlined += 1
            let general = motion.state(at: t)
            let omega = spring.undampedAngularFrequency
            let scale = abs(displacement) + abs(velocity) / omega
            #expect(abs(state.displacement - general.displacement) <= 1e-14 * scale)
            // What the animator's settling shortcut relies on, with a margin of 10.
            #expect(abs(state.displacement - general.displacement) <= motion.inlineErrorBound / 10)
            #expect(abs(state.velocity - general.velocity) <= 1e-14 * scale * omega)
        }
        #expect(inlined > 15_000)
    }
}
