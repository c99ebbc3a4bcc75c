import HingeKit
import Testing

/// One call of a throwing initialiser, and what it must do: be accepted, or be refused naming
/// `parameter`, its value and `requirement`.
struct ParameterCall: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// The parameter and the rule the error must name; `nil` when the call must be accepted.
    var refusal: (parameter: String, value: Double, requirement: String)?
    /// Builds the value and returns what it shows at a few angles (an effect's values, a
    /// driver's progress after a fold), each of which must be finite.
    var build: @Sendable () throws(EffectParameterError) -> [Double]

    /// A call that must be accepted.
    static func accepts(
        _ description: String, _ build: @escaping @Sendable () throws(EffectParameterError) -> [Double]
    ) -> ParameterCall {
        ParameterCall(testDescription: "accepts " + description, refusal: nil, build: build)
    }

    /// A call that must be refused for `parameter`, whose value is `value`, under `requirement`.
    static func refuses(
        _ description: String, _ parameter: String, _ value: Double, _ requirement: String,
        _ build: @escaping @Sendable () throws(EffectParameterError) -> [Double]
    ) -> ParameterCall {
        ParameterCall(testDescription: "refuses " + description, refusal: (parameter, value, requirement), build: build)
    }
}

/// The values just inside and just outside each bound, and the calls they make.
///
/// A finite parameter's bounds are ±`greatestFiniteMagnitude` (inside) and ±∞ (outside), with
/// NaN outside too; an ordering rule (`lower < upper`) is tried one ulp either side of the
/// other parameter and at it; a positive one at the smallest subnormal and at 0 and −0.
enum ParameterCalls {
    static let huge = Double.greatestFiniteMagnitude
    static let tiny = Double.leastNonzeroMagnitude
    /// Values a finite parameter must refuse.
    static let notFinite: [Double] = [.nan, .infinity, -.infinity]

    /// The angles an effect is read at; every value must be finite.
    static let angles: [Double?] = [nil, -720, 0, 45, 80, 90, 125, 165, 170, 180, 720]

    static func values(_ effect: some HingeEffect) -> [Double] {
        angles.flatMap { angle in
            [nil, HingeStatus.closed, .partiallyOpen, .fullyOpen].map { effect.value(angle: angle, status: $0) }
        }
    }

    /// A finite parameter: accepted at `inside` (by default ±greatestFiniteMagnitude), refused
    /// at NaN and ±∞.
    static func finite(
        _ effect: String, _ parameter: String, inside: [Double] = [huge, -huge],
        _ make: @escaping @Sendable (Double) throws(EffectParameterError) -> [Double]
    ) -> [ParameterCall] {
        inside.map { value in
            .accepts("\(effect) \(parameter) \(value)") { () throws(EffectParameterError) in try make(value) }
        }
            + notFinite.map { value in
                .refuses("\(effect) \(parameter) \(value)", parameter, value, "finite") {
                    () throws(EffectParameterError) in try make(value)
                }
            }
    }

    static let bloom: [ParameterCall] =
        finite("bloom", "lower", inside: [-huge]) { (lower) throws(EffectParameterError) in
            values(try BloomEffect(lower: lower, upper: huge))
        }
        + finite("bloom", "upper", inside: [huge]) { (upper) throws(EffectParameterError) in
            values(try BloomEffect(lower: -huge, upper: upper))
        }
        + [
            .accepts("bloom lower one ulp below upper") { () throws(EffectParameterError) in
                values(try BloomEffect(lower: Double(170).nextDown, upper: 170))
            },
            .refuses("bloom lower equal to upper", "lower", 170, "below upper (170)") {
                () throws(EffectParameterError) in
                values(try BloomEffect(lower: 170, upper: 170))
            },
            .refuses("bloom lower one ulp above upper", "lower", Double(170).nextUp, "below upper (170)") {
                () throws(EffectParameterError) in values(try BloomEffect(lower: Double(170).nextUp, upper: 170))
            },
        ]

    static let ramp: [ParameterCall] =
        finite("ramp", "lower") { (lower) throws(EffectParameterError) in
            values(try RampEffect(lower: lower, upper: 90))
        }
        + finite("ramp", "upper") { (upper) throws(EffectParameterError) in
            values(try RampEffect(lower: 90, upper: upper))
        }
        + finite("ramp", "noHingeValue") { (value) throws(EffectParameterError) in
            values(try RampEffect(noHingeValue: value))
        }
        + [
            .accepts("ramp lower one ulp below upper") { () throws(EffectParameterError) in
                values(try RampEffect(lower: Double(90).nextDown, upper: 90, easing: .smoothstep))
            },
            .accepts("ramp lower one ulp above upper") { () throws(EffectParameterError) in
                values(try RampEffect(lower: Double(90).nextUp, upper: 90, easing: .easeInOut))
            },
            .refuses("ramp lower equal to upper", "lower", 90, "different from upper (90)") {
                () throws(EffectParameterError) in values(try RampEffect(lower: 90, upper: 90))
            },
        ]

    static let lean: [ParameterCall] =
        finite("lean", "maximum") { (maximum) throws(EffectParameterError) in values(try LeanEffect(maximum: maximum)) }
        + finite("lean", "flat", inside: [huge]) { (flat) throws(EffectParameterError) in
            values(try LeanEffect(flat: flat, full: -huge))
        }
        + finite("lean", "full", inside: [-huge]) { (full) throws(EffectParameterError) in
            values(try LeanEffect(flat: huge, full: full))
        }
        + [
            .accepts("lean full one ulp below flat") { () throws(EffectParameterError) in
                values(try LeanEffect(flat: 100, full: Double(100).nextDown))
            },
            .refuses("lean full equal to flat", "full", 100, "below flat (100)") { () throws(EffectParameterError) in
                values(try LeanEffect(flat: 100, full: 100))
            },
            .refuses("lean full one ulp above flat", "full", Double(100).nextUp, "below flat (100)") {
                () throws(EffectParameterError) in values(try LeanEffect(flat: 100, full: Double(100).nextUp))
            },
        ]

    /// A parameter that must be positive and finite, built by `make`.
    static func positive(
        _ name: String, _ parameter: String,
        _ make: @escaping @Sendable (Double) throws(EffectParameterError) -> [Double]
    ) -> [ParameterCall] {
        [tiny, huge].map { value in
            .accepts("\(name) \(parameter) \(value)") { () throws(EffectParameterError) in try make(value) }
        }
            + ([0, -0.0, -tiny] + notFinite).map { value in
                .refuses("\(name) \(parameter) \(value)", parameter, value, "positive and finite") {
                    () throws(EffectParameterError) in try make(value)
                }
            }
    }

    static let unfold: [ParameterCall] = positive("unfold progress", "unfoldedAngle") {
        (angle) throws(EffectParameterError) in
        values(try UnfoldProgressEffect(unfoldedAngle: angle))
    }

    /// The driver's progress over a quick fold and a rest, with `configuration`.
    static func progress(_ configuration: UnfoldDriver.Configuration) -> [Double] {
        var driver = UnfoldDriver(configuration: configuration)
        var shown: [Double] = []
        for step in 0...20 {
            let time = Double(step) * 0.01
            try? driver.ingest(HingeSample(time: time, angle: 180 - Double(step) * 4))
            shown.append(driver.value(at: time + 0.005))
        }
        shown.append(driver.value(at: 5))
        return shown
    }

    /// A number of stages: accepted at 1 and ``UnfoldDriver/maximumStages``, refused one beyond.
    static func stages(
        _ parameter: String, _ make: @escaping @Sendable (Int) throws(EffectParameterError) -> [Double]
    ) -> [ParameterCall] {
        let most = UnfoldDriver.maximumStages
        return [1, most].map { count in
            .accepts("unfold driver \(parameter) \(count)") { () throws(EffectParameterError) in try make(count) }
        }
            + [0, most + 1, -1].map { count in
                .refuses("unfold driver \(parameter) \(count)", parameter, Double(count), "in 1…\(most)") {
                    () throws(EffectParameterError) in try make(count)
                }
            }
    }

    /// A parameter that must be finite and not negative: accepted at 0, −0 and the largest
    /// finite value, refused at −tiny, NaN and ±∞.
    static func notNegative(
        _ parameter: String, _ make: @escaping @Sendable (Double) throws(EffectParameterError) -> [Double]
    ) -> [ParameterCall] {
        [0, -0.0, huge].map { value in
            .accepts("unfold driver \(parameter) \(value)") { () throws(EffectParameterError) in try make(value) }
        }
            + ([-tiny] + notFinite).map { value in
                .refuses("unfold driver \(parameter) \(value)", parameter, value, "finite and not negative") {
                    () throws(EffectParameterError) in try make(value)
                }
            }
    }

    /// A parameter that must lie in `bounds`: accepted at both ends, refused one ulp outside
    /// either, at NaN and at ±∞.
    static func range(
        _ parameter: String, _ bounds: ClosedRange<Double>, requirement: String,
        _ make: @escaping @Sendable (Double) throws(EffectParameterError) -> [Double]
    ) -> [ParameterCall] {
        [bounds.lowerBound, bounds.upperBound].map { value in
            .accepts("unfold driver \(parameter) \(value)") { () throws(EffectParameterError) in try make(value) }
        }
            + ([bounds.lowerBound.nextDown, bounds.upperBound.nextUp] + notFinite).map { value in
                .refuses("unfold driver \(parameter) \(value)", parameter, value, requirement) {
                    () throws(EffectParameterError) in try make(value)
                }
            }
    }

    static let configuration: [ParameterCall] =
        positive("unfold driver", "omega") { (omega) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(omega: omega))
        }
        + positive("unfold driver", "coarseOmega") { (omega) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(coarseOmega: omega))
        }
        + positive("unfold driver", "unfoldedAngle") { (angle) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(unfoldedAngle: angle))
        }
        + stages("stages") { (count) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(stages: count))
        }
        + stages("coarseStages") { (count) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(coarseStages: count))
        }
        + notNegative("lead") { (lead) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(lead: lead))
        }
        + notNegative("leadSpeed") { (speed) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(leadSpeed: speed))
        }
        + positive("unfold driver", "carrySpeed") { (speed) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(carrySpeed: speed))
        }
        + range("carry", 0...10, requirement: "in 0…10 s") { (carry) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(carry: carry))
        }
        + range("carryGrowth", 1...100, requirement: "in 1…100") { (growth) throws(EffectParameterError) in
            progress(try UnfoldDriver.Configuration(carryGrowth: growth))
        }
        + [0, 1].map { value in
            .accepts("unfold driver responsiveness \(value)") { () throws(EffectParameterError) in
                progress(try UnfoldDriver.Configuration(responsiveness: value))
            }
        }
        + ([Double(0).nextDown, Double(1).nextUp] + notFinite).map { value in
            .refuses("unfold driver responsiveness \(value)", "responsiveness", value, "in 0…1") {
                () throws(EffectParameterError) in progress(try UnfoldDriver.Configuration(responsiveness: value))
            }
        }
        + [
            .refuses("unfold driver responsiveness's unfoldedAngle 0", "unfoldedAngle", 0, "positive and finite") {
                () throws(EffectParameterError) in
                progress(try UnfoldDriver.Configuration(responsiveness: 0.5, unfoldedAngle: 0))
            }
        ]
}

@Suite("Effects and the unfold driver's configuration validate in their throwing initialisers")
struct EffectValidationTests {
    @Test(
        "Each bound: just inside is accepted (every value shown finite), just outside, NaN and ±∞ throw",
        arguments: ParameterCalls.bloom + ParameterCalls.ramp + ParameterCalls.lean + ParameterCalls.unfold
            + ParameterCalls.configuration)
    func bound(call: ParameterCall) {
        do {
            let shown = try call.build()
            if let refusal = call.refusal {
                Issue.record("accepted; expected \(refusal.parameter) refused as \(refusal.requirement)")
            }
            #expect(!shown.isEmpty && shown.allSatisfy(\.isFinite), "\(shown.filter { !$0.isFinite })")
        } catch {
            guard let refusal = call.refusal else {
                Issue.record("refused: \(error)")
                return
            }
            #expect(error.parameter == refusal.parameter)
            #expect(error.requirement == refusal.requirement)
            // NaN is the one value not equal to itself; −0 must be named as given.
            #expect(
                error.value.isNaN && refusal.value.isNaN
                    || error.value == refusal.value && error.value.sign == refusal.value.sign, "\(error.value)")
            #expect(error.description.hasSuffix("must be \(refusal.requirement)"))
        }
    }

    @Test("The message names the effect, the parameter, its value and the rule")
    func message() {
        #expect(throws: EffectParameterError.self) { try BloomEffect(lower: 170, upper: 80) }
        do {
            _ = try BloomEffect(lower: 170, upper: 80)
        } catch {
            #expect(error.description == "the bloom's lower, 170, must be below upper (80)")
        }
        let most = UnfoldDriver.maximumStages
        do {
            _ = try UnfoldDriver.Configuration(stages: most + 1)
            Issue.record("\(most + 1) stages accepted")
        } catch {
            #expect(error.description == "the unfold driver's stages, \(most + 1), must be in 1…\(most)")
            #expect(error.effect == "unfold driver")
        }
    }

    @Test("The parameterless initialisers are the throwing ones with their defaults")
    func defaults() throws {
        #expect(try BloomEffect(lower: 80, upper: 170) == BloomEffect())
        #expect(try RampEffect(lower: 0, upper: 180, easing: .linear, noHingeValue: 1) == RampEffect())
        #expect(try LeanEffect(maximum: 6, flat: 180, full: 90) == LeanEffect())
        #expect(try UnfoldProgressEffect(unfoldedAngle: 165) == UnfoldProgressEffect())
        #expect(
            try UnfoldDriver.Configuration(
                omega: 30, stages: 3, lead: 1, leadSpeed: 6, coarseOmega: 38, coarseStages: 3, unfoldedAngle: 165,
                carry: 0.4, carrySpeed: 30, carryGrowth: 8)
                == UnfoldDriver.Configuration())
    }
}
