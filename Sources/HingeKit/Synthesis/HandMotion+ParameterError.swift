extension HandMotion {
    /// Why a hand motion refused its steps: which value, in which step, and the rule it broke.
    ///
    /// ```swift
    /// do {
    ///     _ = try HandMotion(start: 180, [.hold(0.5), .move(to: 110, over: -0.6)])
    /// } catch {
    ///     print(error)   // the hand motion's step 1 move duration, -0.6, must be positive and finite
    /// }
    /// ```
    public struct ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The values of ``HandMotion/init(start:_:)``.
        public enum Parameter: String, Sendable, Hashable, CaseIterable {
            /// The angle before the first step.
            case start
            /// A hold's duration.
            case holdDuration = "hold duration"
            /// A move's target angle.
            case moveTarget = "move target"
            /// A move's duration.
            case moveDuration = "move duration"
        }

        /// The value that broke its rule.
        public var parameter: Parameter
        /// The step it belongs to, counted from 0; `nil` for ``Parameter/start``.
        public var step: Int?
        /// The value passed.
        public var value: Double
        /// The rule broken, as a phrase following "must be".
        public var requirement: String

        /// An error for `parameter` of `step`, which had `value` but must be `requirement`.
        public init(parameter: Parameter, step: Int?, value: Double, requirement: String) {
            self.parameter = parameter
            self.step = step
            self.value = value
            self.requirement = requirement
        }

        public var description: String {
            let place = step.map { "step \($0) " } ?? ""
            let value = DecimalNumber.shortest(value)
            return "the hand motion's \(place)\(parameter.rawValue), \(value), must be \(requirement)"
        }

        /// Throws for `parameter` of `step` unless `rule` holds for `value`.
        static func require(
            _ value: Double, _ parameter: Parameter, step: Int?, _ requirement: String, _ rule: (Double) -> Bool
        ) throws(ParameterError) {
            guard rule(value) else {
                throw ParameterError(parameter: parameter, step: step, value: value, requirement: requirement)
            }
        }
    }
}
