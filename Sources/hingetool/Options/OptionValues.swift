import HingeKit
internal import HingeSupport

/// Typed reads of option values. The type and range come from the option's declaration
/// (``CommandSpec/Option/kind``), which the parser has already checked a given value against;
/// these read it, and check again so that a value set by a command itself (a plot kind's
/// default) obeys the same declaration.
extension HingeTool {
    /// The number an option holds, or `nil` when it is neither given nor has a default.
    static func number(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Double? {
        guard let text = try checkedValue(arguments, key) else { return nil }
        // A declared word (`inf`) reads as Double does; the kind has checked everything else.
        return Double(text)
    }

    /// The number an option with a declared default holds.
    static func declaredNumber(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Double {
        try declared(key, try number(arguments, key))
    }

    /// A whole-number option, or `nil`.
    static func wholeNumber(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Int? {
        guard let text = try checkedValue(arguments, key) else { return nil }
        guard let value = Int(text) else {
            throw .usage("The value '\(Echo.quoted(text))' is invalid for '--\(key)': expected a whole number")
        }
        return value
    }

    /// The whole number an option with a declared default holds.
    static func declaredWholeNumber(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Int {
        try declared(key, try wholeNumber(arguments, key))
    }

    /// A whole-number option of any size (a seed), or `nil`.
    static func unsignedInteger(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> UInt64? {
        guard let text = try checkedValue(arguments, key) else { return nil }
        guard let value = UInt64(text) else {
            throw .usage("The value '\(Echo.quoted(text))' is invalid for '--\(key)': expected a whole number ≥ 0")
        }
        return value
    }

    /// The whole number an option with a declared default holds.
    static func declaredUnsignedInteger(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> UInt64 {
        try declared(key, try unsignedInteger(arguments, key))
    }

    /// The value of an option that declares a default; `nil` would mean the declaration lacks
    /// one, which the catalogue tests rule out.
    private static func declared<Value>(_ key: String, _ value: Value?) throws(ToolError) -> Value {
        guard let value else { throw .failure("'--\(key)' has no value and no declared default") }
        return value
    }

    /// The option's value checked against its declaration; a key the command does not
    /// declare is a mistake in the command.
    private static func checkedValue(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> String? {
        guard let text = arguments.value(key) else { return nil }
        guard let option = arguments.declarations[key] else {
            throw .failure("'--\(key)' is read but not declared by the command")
        }
        do {
            try option.kind.check(text, option: option.longName, synopsis: option.synopsis)
        } catch {
            throw .usage(error)
        }
        return text
    }
}
