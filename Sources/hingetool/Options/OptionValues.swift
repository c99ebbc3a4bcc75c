import HingeKit
internal import HingeSupport

/// Typed reads of option values. The type and range come from the option's declaration
/// (``CommandSpec/Option/kind``), which the parser has already checked a given value against;
/// these read it, and check again so that a value set by a command itself (a plot kind's
/// default) obeys the same declaration.
extension HingeTool {
    /// The number an option holds, or `nil` when it is neither given nor has a default.
    static func number(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Double? {
        try value(arguments, key, as: Double.self)
    }

    /// The number an option with a declared default holds.
    static func declaredNumber(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Double {
        try declared(arguments, key, as: Double.self)
    }

    /// A whole-number option, or `nil`.
    static func wholeNumber(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Int? {
        try value(arguments, key, as: Int.self)
    }

    /// The whole number an option with a declared default holds.
    static func declaredWholeNumber(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> Int {
        try declared(arguments, key, as: Int.self)
    }

    /// A whole-number option of any size (a seed), or `nil`.
    static func unsignedInteger(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> UInt64? {
        try value(arguments, key, as: UInt64.self)
    }

    /// The whole number of any size an option with a declared default holds.
    static func declaredUnsignedInteger(_ arguments: ParsedArguments, _ key: String) throws(ToolError) -> UInt64 {
        try declared(arguments, key, as: UInt64.self)
    }

    /// The value of an option read as `type`, or `nil` when it is neither given nor has a
    /// default: the one reading behind ``number(_:_:)``, ``wholeNumber(_:_:)`` and
    /// ``unsignedInteger(_:_:)``.
    static func value<Value: OptionNumber>(
        _ arguments: ParsedArguments, _ key: String, as type: Value.Type
    ) throws(ToolError) -> Value? {
        guard let text = try checkedValue(arguments, key) else { return nil }
        guard let value = Value(text) else {
            throw .usage("The value '\(Echo.quoted(text))' is invalid for '--\(key)': expected \(Value.expectation)")
        }
        return value
    }

    /// The value of an option that declares a default, read as `type`; no value would mean
    /// the declaration lacks a default, which the catalogue tests rule out.
    static func declared<Value: OptionNumber>(
        _ arguments: ParsedArguments, _ key: String, as type: Value.Type
    ) throws(ToolError) -> Value {
        guard let value = try value(arguments, key, as: type) else {
            throw .failure("'--\(key)' has no value and no declared default")
        }
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
            try option.kind.check(text, option: option.longName)
        } catch {
            throw .usage(error)
        }
        return text
    }
}

/// A type an option's value can be read as: the declaration's kind has checked the text, and
/// the type reads it (a declared word such as `inf` reads as `Double` does).
protocol OptionNumber: LosslessStringConvertible {
    /// What the message of a value the type cannot read says was expected.
    static var expectation: String { get }
}

extension Double: OptionNumber {
    static var expectation: String { "a number" }
}

extension Int: OptionNumber {
    static var expectation: String { "a whole number" }
}

extension UInt64: OptionNumber {
    static var expectation: String { "a whole number ≥ 0" }
}
