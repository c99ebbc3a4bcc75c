import HingeKit
import HingeTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The oracle of these tests: the textbook step response of `m·x″ + c·x′ + k·x = k` from rest
/// at 0, written here without HingeKit's closed form (no shared code, no shared rearrangement):
/// separate under-, critically and overdamped branches with the roots of the characteristic
/// equation, in the plain form every textbook gives.
struct TextbookSpring: CustomStringConvertible {
    var mass: Double
    var stiffness: Double
    var damping: Double

    var description: String { "m \(mass) k \(stiffness) c \(damping)" }

    private var omega0: Double { (stiffness / mass).squareRoot() }
    private var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// x(t) and x′(t).
    func state(at t: Double) -> (value: Double, velocity: Double) {
        let w = omega0
        let z = zeta
        if abs(z - 1) < 1e-12 {
            // x = 1 − (1 + ωt)·e^(−ωt)
            let e = exp(-w * t)
            return (1 - (1 + w * t) * e, w * w * t * e)
        }
        if z < 1 {
            // x = 1 − e^(−ζωt)·(cos ω_d t + ζω/ω_d · sin ω_d t)
            let wd = w * (1 - z * z).squareRoot()
            let e = exp(-z * w * t)
            let value = 1 - e * (cos(wd * t) + z * w / wd * sin(wd * t))
            return (value, e * (w * w / wd) * sin(wd * t))
        }
        // Roots r₁,₂ = −ζω ± ω√(ζ² − 1); x = 1 + (r₂e^(r₁t) − r₁e^(r₂t)) / (r₁ − r₂).
        let root = w * (z * z - 1).squareRoot()
        let r1 = -z * w + root
        let r2 = -z * w - root
        let value = 1 + (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r1 - r2)
        return (value, r1 * r2 * (exp(r1 * t) - exp(r2 * t)) / (r1 - r2))
    }

    /// For each (distance, speed) pair, the last time on a grid of `step` at which the distance
    /// exceeds `distance` or the speed exceeds `speed`: brute-force rest times, in one pass.
    func lastExceeding(_ thresholds: [(distance: Double, speed: Double?)], step: Double, until end: Double) -> [Double]
    {
        let distances = thresholds.map(\.distance)
        let speeds = thresholds.map { $0.speed ?? .infinity }
        var last = [Double](repeating: 0, count: thresholds.count)
        var k = 0.0
        while k * step <= end {
            let t = k * step
            let (value, velocity) = state(at: t)
            let (distance, speed) = (abs(value - 1), abs(velocity))
            for i in 0..<last.count where distance > distances[i] || speed > speeds[i] { last[i] = t }
            k += 1
        }
        return last
    }
}

/// Each preset's (m, k, c), from each library's own formula as its source states it (ANCHORS.md,
/// "SwiftUI `Spring`" and "Other springs"), computed here rather than by HingeKit.
let platformFormulas: [(DampedSpring.Preset, TextbookSpring)] = {
    let twoPi = 2 * Double.pi
    func swiftUI(duration d: Double, bounce b: Double) -> TextbookSpring {
        TextbookSpring(mass: 1, stiffness: pow(twoPi / d, 2), damping: 4 * Double.pi * (1 - b) / d)
    }
    func ratio(_ k: Double, _ z: Double) -> TextbookSpring {
        TextbookSpring(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot())
    }
    func react(_ tension: Double, _ friction: Double) -> TextbookSpring {
        TextbookSpring(mass: 1, stiffness: tension, damping: friction)
    }
    let interactive = twoPi / 0.15
    return [
        (.smooth, swiftUI(duration: 0.5, bounce: 0)), (.snappy, swiftUI(duration: 0.5, bounce: 0.15)),
        (.bouncy, swiftUI(duration: 0.5, bounce: 0.3)),
        (.interactive, TextbookSpring(mass: 1, stiffness: interactive * interactive, damping: 2 * 0.86 * interactive)),
        (.bend, TextbookSpring(mass: 0.9, stiffness: 280, damping: 24)), (.androidUnfold, ratio(600, 1)),
        (.material3ExpressiveSpatial, ratio(380, 0.8)), (.material3ExpressiveSpatialFast, ratio(800, 0.6)),
        (.material3ExpressiveSpatialSlow, ratio(200, 0.8)), (.material3ExpressiveEffects, ratio(1600, 1)),
        (.material3ExpressiveEffectsFast, ratio(3800, 1)), (.material3ExpressiveEffectsSlow, ratio(800, 1)),
        (.material3StandardSpatial, ratio(700, 0.9)), (.material3StandardSpatialFast, ratio(1400, 0.9)),
        (.material3StandardSpatialSlow, ratio(300, 0.9)), (.composeDefault, ratio(1500, 1)),
        (.androidSpringForceDefault, ratio(1500, 0.5)), (.reactSpringDefault, react(170, 26)),
        (.reactSpringGentle, react(120, 14)), (.reactSpringWobbly, react(180, 12)), (.reactSpringStiff, react(210, 20)),
        (.reactSpringSlow, react(280, 60)), (.reactSpringMolasses, react(280, 120)),
        (.motionDefault, TextbookSpring(mass: 1, stiffness: 100, damping: 10)),
    ]
}()

/// Motion's visualDuration/bounce formula, written from its source's text.
func motionFormula(visualDuration: Double, bounce: Double) -> TextbookSpring {
    let k = pow(2 * Double.pi / (1.2 * visualDuration), 2)
    return TextbookSpring(mass: 1, stiffness: k, damping: 2 * min(max(1 - bounce, 0.05), 1) * k.squareRoot())
}

/// The largest difference between the spring's step response and the oracle's at 1 ms steps
/// over `seconds`.
func largestDeviation(_ spring: DampedSpring, _ oracle: TextbookSpring, seconds: Double = 3) -> Double {
    (0...Int(seconds * 1000)).reduce(0.0) { largest, k in
        let t = Double(k) / 1000
        return max(largest, abs(spring.value(from: 0, to: 1, time: t) - oracle.state(at: t).value))
    }
}

@Suite("Springs every platform speaks")
struct SpringPlatformsTests {
    @Test("The catalogue names every preset exactly as the issue asks, each with a source and its own words")
    func catalogue() {
        let names = DampedSpring.Preset.allCases.map(\.rawValue)
        let required = [
            "material3-expressive-spatial", "material3-expressive-spatial-fast", "material3-expressive-spatial-slow",
            "material3-expressive-effects", "material3-expressive-effects-fast", "material3-expressive-effects-slow",
            "material3-standard-spatial", "material3-standard-spatial-fast", "material3-standard-spatial-slow",
            "compose-default", "android-springforce-default", "react-spring-default", "react-spring-gentle",
            "react-spring-wobbly", "react-spring-stiff", "react-spring-slow", "react-spring-molasses", "motion-default",
        ]
        for name in required { #expect(names.contains(name), "\(name)") }
        #expect(Set(names).count == names.count)
        for preset in DampedSpring.Preset.allCases {
            #expect(!preset.source.isEmpty && !preset.definition.isEmpty, "\(preset)")
        }
        #expect(platformFormulas.map(\.0) == DampedSpring.Preset.allCases, "every preset has an oracle")
    }

    // 1e-9: both sides are double-precision closed forms of the same motion (the library's
    // agrees with rk8pd to ~1e-14); the slack covers the textbook form's cancellation near
    // ζ = 1 and its sin/cos/exp of larger arguments.
    @Test("Each preset's step response is the textbook solution of its platform's formula, at 1 ms steps")
    func presetsMatchTheirFormulas() {
        for (preset, oracle) in platformFormulas {
            #expect(largestDeviation(preset.spring, oracle) < 1e-9, "\(preset) \(oracle)")
        }
    }

    @Test("Each platform's initialiser follows that platform's formula", arguments: [0.0, 0.3, 0.6, 1, 1.8, 4])
    func initialisersMatchTheirFormulas(ratio: Double) {
        guard ratio > 0 else {
            // Undamped: the Compose form accepts ζ = 0, and so does the oracle.
            let spring = DampedSpring(stiffness: 400, dampingRatio: 0)
            #expect(largestDeviation(spring, TextbookSpring(mass: 1, stiffness: 400, damping: 0)) < 1e-9)
            return
        }
        for (mass, stiffness) in [(1.0, 1500.0), (0.7, 300.0), (2.5, 60.0)] {
            let damping = 2 * ratio * (stiffness * mass).squareRoot()
            let oracle = TextbookSpring(mass: mass, stiffness: stiffness, damping: damping)
            let compose = DampedSpring(mass: mass, stiffness: stiffness, dampingRatio: ratio)
            let react = DampedSpring(mass: mass, tension: stiffness, friction: damping)
            #expect(largestDeviation(compose, oracle) < 1e-9, "\(oracle)")
            #expect(largestDeviation(react, oracle) < 1e-9, "\(oracle)")
        }
        for visualDuration in [0.15, 0.3, 0.8] {
            // Motion's bounce: 1 − ζ, plus values its clamp folds back (−0.5 → ζ 1, 0.99 → ζ 0.05).
            for bounce in [1 - min(ratio, 1), -0.5, 0.99] {
                let oracle = motionFormula(visualDuration: visualDuration, bounce: bounce)
                let spring = DampedSpring(visualDuration: visualDuration, bounce: bounce)
                #expect(largestDeviation(spring, oracle, seconds: 2) < 1e-9, "\(visualDuration) \(bounce)")
            }
        }
    }

    @Test("Motion's bounce clamps the damping ratio to 0.05…1; SwiftUI's negative bounce overdamps")
    func motionClamp() {
        #expect(DampedSpring(visualDuration: 0.3, bounce: -0.5).dampingRatio == 1)
        #expect(abs(DampedSpring(visualDuration: 0.3, bounce: 2).dampingRatio - 0.05) < 1e-15)
        #expect(DampedSpring(duration: 0.3, bounce: -0.5).dampingRatio == 2)
        #expect(throws: DampedSpring.ParameterError.self) { try DampedSpring.validated(visualDuration: 0, bounce: 0) }
        let error = #expect(throws: DampedSpring.ParameterError.self) {
            try DampedSpring.validated(tension: -1, friction: 3)
        }
        #expect(error?.parameter == .tension)
    }

    @Test("Translations round-trip to 1e-12 relative in every vocabulary that can say the spring")
    func roundTrips() {
        var random = SplitMix64(seed: 37)
        var springs = DampedSpring.Preset.allCases.map(\.spring)
        for _ in 0..<300 {
            let mass = random.logUniform(0.1, 10)
            let stiffness = random.logUniform(1, 1e5)
            let ratio = random.logUniform(0.01, 20)
            springs.append(DampedSpring(mass: mass, stiffness: stiffness, dampingRatio: ratio))
        }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(abs(a), abs(b)) }
        // The per-unit-mass parameters a spring's motion depends on.
        func same(_ a: DampedSpring, _ b: DampedSpring) -> Bool {
            close(a.stiffness / a.mass, b.stiffness / b.mass) && close(a.damping / a.mass, b.damping / b.mass)
        }
        for spring in springs {
            let words = spring.translation
            let swiftUI = DampedSpring(duration: words.swiftUI.duration, bounce: words.swiftUI.bounce)
            #expect(same(swiftUI, spring), "\(spring)")
            let compose = DampedSpring(stiffness: words.compose.stiffness, dampingRatio: words.compose.dampingRatio)
            #expect(same(compose, spring), "\(spring)")
            let react = DampedSpring(
                mass: words.reactSpring.mass, tension: words.reactSpring.tension, friction: words.reactSpring.friction)
            #expect(react == spring, "react-spring's words are the spring's own")
            let motion = words.motion
            #expect(
                motion.stiffness == spring.stiffness && motion.damping == spring.damping && motion.mass == spring.mass)
            let ratio = spring.dampingRatio
            if ratio >= 0.05, ratio <= 1 {
                let duration = try! #require(motion.visualDuration)
                let bounce = try! #require(motion.bounce)
                #expect(same(DampedSpring(visualDuration: duration, bounce: bounce), spring), "\(spring)")
            } else {
                #expect(motion.visualDuration == nil && motion.bounce == nil)
                #expect(words.notes.contains { $0.hasPrefix("motion:") })
            }
        }
    }

    @Test("Each platform's rest time is the last time its thresholds are exceeded (brute force at 20 µs)")
    func restTimes() {
        let rules: [(SpringRestRule, Double, Double?, Bool)] = [
            (.swiftUI, 1e-3, nil, false), (.flutter, 1e-3, 1e-3, false), (.androidUnfold, 7.5e-4, 0.046875, false),
            (.reactSpring, 1e-3, 0.1, false), (.motion, 0.005, 0.01, true),
        ]
        let step = 2e-5
        for (preset, oracle) in platformFormulas {
            let spring = preset.spring
            let thresholds = rules.map { _, distance, speed, onlyUnderdamped in
                (distance: distance, speed: !onlyUnderdamped || spring.dampingRatio < 1 ? speed : nil)
            }
            let expected = oracle.lastExceeding(thresholds, step: step, until: 5)
            for ((rule, distance, speed, _), expected) in zip(rules, expected) {
                #expect(rule.displacement == distance && rule.speed == speed)
                let found = spring.restTime(rule)
                #expect(abs(found - expected) <= 2 * step, "\(preset) \(rule): \(found) vs \(expected)")
            }
            #expect(spring.restTime(.swiftUI) == spring.settlingDuration)
        }
        #expect(DampedSpring(stiffness: 100, dampingRatio: 0).restTime(.flutter) == .infinity)
    }

    @Test("The linear() easing stays within its bound of the spring everywhere, with at least 30 stops")
    func linearEasing() throws {
        for preset in DampedSpring.Preset.allCases {
            let spring = preset.spring
            let easing = try #require(spring.linearEasing())
            #expect(easing.stops.count >= 30)
            #expect(easing.duration == spring.settlingDuration)
            #expect(easing.stops.first?.progress == 0 && easing.stops.last?.progress == 1)
            #expect(zip(easing.stops, easing.stops.dropFirst()).allSatisfy { $0.progress < $1.progress })
            var largest = 0.0
            for k in 0...20_000 {
                let u = Double(k) / 20_000
                let exact = TextbookSpring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
                    .state(at: u * easing.duration).value
                largest = max(largest, abs(easing.value(atProgress: u) - exact))
            }
            #expect(largest <= 8e-4 + 1e-6, "\(preset): \(largest)")
            // Overshoot survives: the highest stop is within the bound of the spring's peak, and a
            // spring that never passes 1 has no stop above it.
            let overshoot = spring.report().overshoot
            let highest = easing.stops.map(\.value).max() ?? 0
            if overshoot > 1e-3 {
                #expect(highest > 1 && abs(highest - (1 + overshoot)) <= 8e-4, "\(preset)")
            } else {
                #expect(highest <= 1 + overshoot, "\(preset)")
            }
        }
        #expect(DampedSpring(stiffness: 100, dampingRatio: 0).linearEasing() == nil)
    }
}
