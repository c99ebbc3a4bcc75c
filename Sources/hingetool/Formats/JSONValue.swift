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
