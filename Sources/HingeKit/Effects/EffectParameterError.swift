/// Why an effect's or a driver's configuration refused its parameters: which parameter, its
/// value, and the rule it broke.
///
/// ```swift
/// do {
///     let bloom = try BloomEffect(lower: 170, upper: 80)
/// } catch {
///     print(error)   // the bloom's lower, 170, must be below upper (80)
/// }
/// ```
///
/// Each effect (and ``UnfoldDriver/Configuration``) states its rules once, in its throwing
/// initialiser, so a bad value from anywhere — a command line, a settings screen, a typo — is
/// an error the caller handles, not a trap. The parameterless initialisers (`BloomEffect()`,
/// …) build the defaults, which pass the rules, and do not throw.
public struct EffectParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The effect or driver, as its documentation names it (`bloom`, `ramp`, `lean`,
    /// `unfold progress`, `unfold driver`).
    public var effect: String
    /// The parameter's label in the initialiser (`lower`, `upper`, `maximum`, `stages`, …).
    public var parameter: String
    /// The value passed (an integer parameter's as a `Double`).
    public var value: Double
    /// The rule broken, as a phrase following "must be" (`finite`, `below upper (80)`).
    public var requirement: String

    /// An error for `parameter` of `effect`, which had `value` but must be `requirement`.
    public init(effect: String, parameter: String, value: Double, requirement: String) {
        self.effect = effect
        self.parameter = parameter
        self.value = value
        self.requirement = requirement
    }

    public var description: String {
        "the \(effect)'s \(parameter), \(DecimalNumber.shortest(value)), must be \(requirement)"
    }

    /// Throws for `parameter` unless `rule` holds for `value`.
    static func require(
        _ value: Double, _ parameter: String, of effect: String, _ requirement: String, _ rule: (Double) -> Bool
    ) throws(EffectParameterError) {
        guard rule(value) else {
            throw EffectParameterError(effect: effect, parameter: parameter, value: value, requirement: requirement)
        }
    }

    /// Throws unless `value` is finite.
    static func requireFinite(_ value: Double, _ parameter: String, of effect: String) throws(EffectParameterError) {
        try require(value, parameter, of: effect, "finite") { $0.isFinite }
    }
}
