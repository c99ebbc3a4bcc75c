import HingeKit
import Testing

@Suite("Effects validate their parameters: validated(…) throws what the initialisers trap on")
struct EffectValidationTests {
    @Test("Good parameters give the effect the initialiser gives")
    func good() throws {
        #expect(try BloomEffect.validated(lower: 60, upper: 150) == BloomEffect(lower: 60, upper: 150))
        #expect(
            try RampEffect.validated(lower: 180, upper: 0, easing: .easeIn, noHingeValue: 0)
                == RampEffect(lower: 180, upper: 0, easing: .easeIn, noHingeValue: 0))
        #expect(
            try LeanEffect.validated(maximum: -4, flat: 170, full: 100) == LeanEffect(maximum: -4, flat: 170, full: 100)
        )
        #expect(try UnfoldProgressEffect.validated(unfoldedAngle: 150) == UnfoldProgressEffect(unfoldedAngle: 150))
    }

    /// Each bad parameter, the parameter the error names, and its rule.
    @Test(
        "A bad parameter is named with its value and the rule it broke",
        arguments: [
            ("bloom 170 80", "lower", "below upper (80)"), ("bloom nan 80", "lower", "finite"),
            ("bloom 80 inf", "upper", "finite"), ("ramp 90 90", "lower", "different from upper (90)"),
            ("ramp 0 180 nan", "noHingeValue", "finite"), ("lean 6 100 120", "full", "below flat (100)"),
            ("lean inf 180 90", "maximum", "finite"), ("unfold 0", "unfoldedAngle", "positive and finite"),
            ("unfold -inf", "unfoldedAngle", "positive and finite"),
        ])
    func bad(call: String, parameter: String, requirement: String) {
        let words = call.split(separator: " ")
        let numbers = words.dropFirst().map { Double(String($0)) ?? .nan }
        do {
            switch words[0] {
            case "bloom": _ = try BloomEffect.validated(lower: numbers[0], upper: numbers[1])
            case "ramp":
                _ = try RampEffect.validated(
                    lower: numbers[0], upper: numbers[1], noHingeValue: numbers.count > 2 ? numbers[2] : 1)
            case "lean": _ = try LeanEffect.validated(maximum: numbers[0], flat: numbers[1], full: numbers[2])
            default: _ = try UnfoldProgressEffect.validated(unfoldedAngle: numbers[0])
            }
            Issue.record("\(call) was accepted")
        } catch {
            #expect(error.parameter == parameter)
            #expect(error.requirement == requirement)
            #expect(error.description.hasSuffix("must be \(requirement)"))
        }
    }
}
