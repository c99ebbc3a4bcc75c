import Foundation

/// A JSON value as the tests parse it, independently of hingetool's writer.
indirect enum JSON: Equatable {
    case null
    case bool(Bool)
    /// The number and whether it was written without a fraction or exponent.
    case number(Double, integral: Bool)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Parses one JSON text (RFC 8259); `nil` for anything malformed or trailing.
    static func parse(_ text: String) -> JSON? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let value = parser.value() else { return nil }
        parser.skipSpace()
        return parser.index == parser.bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let word = Array(word.utf8)
            guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word else {
                return false
            }
            index += word.count
            return true
        }

        mutating func value() -> JSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map(JSON.string)
            case UInt8(ascii: "["):
                index += 1
                var items: [JSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                while true {
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: JSON] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
                        return nil
                    }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value(), members[key] == nil else { return nil }
                    members[key] = member
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            default: return number()
            }
        }

        mutating func string() -> String? {
            index += 1
            var raw: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: raw, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    let simple: [UInt8: String] = [
                        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
                        UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
                        UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}",
                    ]
                    if let text = simple[escape] {
                        raw += Array(text.utf8)
                    } else if escape == UInt8(ascii: "u"), bytes.count - index >= 4,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    {
                        index += 4
                        raw += Array(String(scalar).utf8)
                    } else {
                        return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    raw.append(byte)
                }
            }
            return nil
        }

        mutating func number() -> JSON? {
            let start = index
            let allowed = Set("+-0123456789.eE".utf8)
            while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            // JSON's grammar: no leading '+', no bare '.', no leading zeros before digits.
            guard !text.isEmpty, !text.hasPrefix("+"), !text.hasPrefix("."), let value = Double(text), value.isFinite
            else { return nil }
            return .number(value, integral: !text.contains(where: { ".eE".contains($0) }))
        }
    }
}

/// A validator for the subset of JSON Schema (draft 2020-12) that docs/schemas/ uses: `type`
/// (one name or a list), `const`, `enum`, `properties`, `required`, `additionalProperties`
/// (`false`), `items`, `minimum`, `oneOf` and `$ref` to `#/$defs/…`. Written here because the tests take
/// no outside packages; each keyword follows the specification's meaning.
struct SchemaValidator {
    let root: [String: JSON]

    init(file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        guard case .object(let root) = JSON.parse(text) else { throw CocoaError(.fileReadCorruptFile) }
        self.root = root
    }

    /// A schema given as a parsed object (the validator's own tests).
    init(root: [String: JSON]) { self.root = root }

    /// Every way `value` breaks the schema (or its `$defs` entry `definition`), as
    /// `path: problem`; empty when it conforms.
    func problems(_ value: JSON, definition: String? = nil) -> [String] {
        guard let definition else { return check(value, against: root, at: "$") }
        return check(value, against: ["$ref": .string("#/$defs/\(definition)")], at: "$")
    }

    private func check(_ value: JSON, against schema: [String: JSON], at path: String) -> [String] {
        if case .string(let reference) = schema["$ref"] {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard case .object(let definitions) = root["$defs"], case .object(let target) = definitions[name] else {
                return ["\(path): unknown $ref \(reference)"]
            }
            return check(value, against: target, at: path)
        }
        var problems: [String] = []
        if case .array(let choices) = schema["oneOf"] {
            let passing = choices.filter { choice in
                guard case .object(let option) = choice else { return false }
                return check(value, against: option, at: path).isEmpty
            }
            if passing.count != 1 { problems.append("\(path): matches \(passing.count) of oneOf, not 1") }
        }
        if let type = schema["type"] {
            var allowed: [String] = []
            if case .string(let one) = type { allowed = [one] }
            if case .array(let many) = type {
                allowed = many.compactMap { if case .string(let s) = $0 { s } else { nil } }
            }
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                return ["\(path): expected \(allowed.joined(separator: " or ")), found \(value)"]
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) {
            problems.append("\(path): expected \(constant), found \(value)")
        }
        if case .array(let choices) = schema["enum"], !choices.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(path): \(value) is none of \(choices)")
        }
        if case .number(let minimum, _) = schema["minimum"], case .number(let number, _) = value, number < minimum {
            problems.append("\(path): \(number) is below \(minimum)")
        }
        if case .object(let object) = value {
            var properties: [String: JSON] = [:]
            if case .object(let declared) = schema["properties"] { properties = declared }
            if case .array(let required) = schema["required"] {
                for case .string(let key) in required where object[key] == nil {
                    problems.append("\(path): missing '\(key)'")
                }
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if case .object(let property) = properties[key] {
                    problems += check(member, against: property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] == .bool(false) {
                    problems.append("\(path): unexpected '\(key)'")
                }
            }
        }
        if case .array(let array) = value, case .object(let items) = schema["items"] {
            for (index, item) in array.enumerated() { problems += check(item, against: items, at: "\(path)[\(index)]") }
        }
        return problems
    }

    private static func matches(_ value: JSON, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            return true
        case ("integer", .number(_, let integral)): return integral
        default: return false
        }
    }

    /// Numbers compare by value (1 and 1.0 are equal, as the specification says).
    private static func equal(_ a: JSON, _ b: JSON) -> Bool {
        if case .number(let x, _) = a, case .number(let y, _) = b { return x == y }
        return a == b
    }
}
