extension SensorModel.Ladder {
    /// Why a ladder refused its levels or thresholds: which list, which entry, its value, and
    /// the rule it broke.
    ///
    /// ```swift
    /// do {
    ///     _ = try SensorModel.Ladder(levels: [0, 90, 180], up: [30, 190], down: [20, 146])
    /// } catch {
    ///     print(error)   // the ladder's up[1], 190, must be within 90…180 (its gap's levels)
    /// }
    /// ```
    public struct ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The lists of ``SensorModel/Ladder/init(levels:up:down:)``, by their labels.
        public enum Parameter: String, Sendable, Hashable, CaseIterable {
            /// The levels reported.
            case levels
            /// The up thresholds.
            case up
            /// The down thresholds.
            case down
        }

        /// The list that broke its rule.
        public var parameter: Parameter
        /// The entry that broke it, counted from 0; `nil` when the list's length did.
        public var index: Int?
        /// The entry's value; the list's length when ``index`` is `nil`.
        public var value: Double
        /// The rule broken, as a phrase following "must be".
        public var requirement: String

        /// An error for entry `index` of `parameter` (`nil`: its length), which had `value`
        /// but must be `requirement`.
        public init(parameter: Parameter, index: Int?, value: Double, requirement: String) {
            self.parameter = parameter
            self.index = index
            self.value = value
            self.requirement = requirement
        }

        public var description: String {
            let name = index.map { "\(parameter.rawValue)[\($0)]" } ?? "\(parameter.rawValue) count"
            return "the ladder's \(name), \(DecimalNumber.shortest(value)), must be \(requirement)"
        }

        /// Throws for entry `index` of `parameter` unless `rule` holds for `value`.
        static func require(
            _ value: Double, _ parameter: Parameter, _ index: Int?, _ requirement: String, _ rule: (Double) -> Bool
        ) throws(ParameterError) {
            guard rule(value) else {
                throw ParameterError(parameter: parameter, index: index, value: value, requirement: requirement)
            }
        }
    }
}
