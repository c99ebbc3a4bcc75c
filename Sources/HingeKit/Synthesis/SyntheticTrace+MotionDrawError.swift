extension SyntheticTrace.MotionDraw {
    /// Why a motion draw refused its ranges: which parameter, the value that broke the rule,
    /// and the rule.
    ///
    /// ```swift
    /// do {
    ///     _ = try SyntheticTrace.MotionDraw(
    ///         open: 165...400, bent: 60...140, moveDuration: 0.35...1.2, firstHold: 0.3...0.8,
    ///         pause: 0.6...2.5, dropoutLength: 0.15...0.4, dropoutStart: 0.05...0.6, length: 6.5)
    /// } catch {
    ///     print(error)   // the motion draw's open, 400, must be within 0…360
    /// }
    /// ```
    public struct ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The parameters of ``SyntheticTrace/MotionDraw``, by their labels in its initialiser.
        public enum Parameter: String, Sendable, Hashable, CaseIterable {
            /// The open angles.
            case open
            /// The bent angles.
            case bent
            /// A move's duration.
            case moveDuration
            /// The hold before the first move.
            case firstHold
            /// The pause between the moves.
            case pause
            /// A dropout window's length.
            case dropoutLength
            /// Where in its move a dropout starts.
            case dropoutStart
            /// The whole motion's length.
            case length
        }

        /// The parameter that broke its rule.
        public var parameter: Parameter
        /// The value passed; for a range, the bound that broke the rule.
        public var value: Double
        /// The rule broken, as a phrase following "must be".
        public var requirement: String

        /// An error for `parameter`, which had `value` but must be `requirement`.
        public init(parameter: Parameter, value: Double, requirement: String) {
            self.parameter = parameter
            self.value = value
            self.requirement = requirement
        }

        public var description: String {
            "the motion draw's \(parameter.rawValue), \(DecimalNumber.shortest(value)), must be \(requirement)"
        }

        /// Throws for `parameter` unless `rule` holds for `value`.
        static func require(
            _ value: Double, _ parameter: Parameter, _ requirement: String, _ rule: (Double) -> Bool
        ) throws(ParameterError) {
            guard rule(value) else {
                throw ParameterError(parameter: parameter, value: value, requirement: requirement)
            }
        }

        /// Throws for `parameter` unless `rule` holds for both bounds of `range` (the lower
        /// bound reported first).
        static func require(
            _ range: ClosedRange<Double>, _ parameter: Parameter, _ requirement: String, _ rule: (Double) -> Bool
        ) throws(ParameterError) {
            try require(range.lowerBound, parameter, requirement, rule)
            try require(range.upperBound, parameter, requirement, rule)
        }
    }
}
