import HingeKit

/// Just enough JSON for hingetool's reports: keys keep their order, numbers are written in
/// their shortest exact form, and non-finite numbers (which JSON cannot hold) become `null`.
enum JSONValue {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }

    func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .number(let value): return value.isFinite ? DecimalNumber.shortest(value) : "null"
        case .integer(let value): return String(value)
        case .string(let text): return Self.quoted(text)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            let body = items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n")
            return "[\n" + body + "\n" + pad + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let body = members.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
            return "{\n" + body.joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    /// This object with `"schema": name` first (each object of an array gets it): every JSON
    /// output names its schema, a file in docs/schemas/ (`hingetool/film/1` is
    /// docs/schemas/film.json, version 1).
    func withSchema(_ name: String) -> JSONValue {
        switch self {
        case .object(let members): .object([("schema", .string(name))] + members)
        case .array(let items): .array(items.map { $0.withSchema(name) })
        default: self
        }
    }

    /// The document of a command that takes several inputs: `{"schema": name, "files": […]}`,
    /// the array even for one input, so a reader never tells one from several by its shape
    /// (docs/schemas/README.md).
    static func files(_ files: [JSONValue], schema name: String) -> JSONValue {
        .object([("schema", .string(name)), ("files", .array(files))])
    }

    /// On one line, without spaces: one record of JSON Lines.
    func compact() -> String {
        switch self {
        case .array(let items): return "[" + items.map { $0.compact() }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quoted($0.0) + ":" + $0.1.compact() }.joined(separator: ",") + "}"
        default: return rendered()
        }
    }

    /// `"key"`, quoted as a JSON string.
    static func quotedKey(_ key: String) -> String { quoted(key) }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
