import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// Options are declared once as typed keys (``OptionKey``) and read as `arguments[key]`. What
/// the compiler cannot see is checked here: every declared key is read, every option a spec
/// lists is declared as a key, no option is read by a string, and a key its command does not
/// declare fails when read. The source checks read `Sources/hingetool` as text: a declaration
/// is `static let NAME = OptionKey…(… ["--flag"] …)`, a read is `[NAME]`, `isGiven(NAME)`,
/// `declared(NAME)`, `spelling(of: NAME)` or `given(NAME)`, qualified or not.
@Suite("hingetool: typed option keys")
struct OptionKeyTests {
    struct Declaration {
        var name: String
        var flags: [String]
        var file: String
    }

    /// Every Swift file of the tool, by path relative to the package, with its text.
    static let sources: [(path: String, text: String)] = {
        let root = packageRoot + "/Sources/hingetool"
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)).map { (path, $0) }
        }
    }()

    /// The keys declared in the sources, with the spellings their declarations name.
    static let declarations: [Declaration] = {
        let pattern = #/static let (\w+)\s*=\s*(?:Keys\.\w+\.\w+\(|OptionKey)/#
        return sources.flatMap { source in
            source.text.matches(of: pattern).map { match in
                let name = String(match.output.1)
                // The spellings: the first bracketed list of the declaration (up to the next one).
                let after = source.text[match.range.upperBound...]
                let rest = after.range(of: "static ").map { after[..<$0.lowerBound] } ?? after
                let list = rest.firstIndex(of: "[").flatMap { open in
                    rest[open...].firstIndex(of: "]").map { rest[open...$0] }
                }
                let flags = (list ?? "").split(separator: "\"").filter { $0.hasPrefix("-") }.map(String.init)
                return Declaration(name: name, flags: flags, file: source.path)
            }
        }
    }()

    /// Whether `text` reads the key `name` (`Self.name`, `Type.name` or `name`).
    static func reads(_ text: String, _ name: String, qualifiedOnly: Bool) throws -> Bool {
        let qualifier = qualifiedOnly ? #"[\w.]*\."# : #"(?:[\w.]*\.)?"#
        let key = qualifier + name + #"\b"#
        let forms = [
            #"\[\s*"# + key + #"\s*\]"#, #"isGiven\(\s*"# + key, #"declared\(\s*"# + key,
            #"spelling\(of:\s*"# + key, #"given\(\s*"# + key,
        ]
        return try forms.contains { text.contains(try Regex($0)) }
    }

    @Test("The sources declare the keys this test reads (the scan finds them)")
    func scanFindsDeclarations() {
        #expect(Self.declarations.count > 100, "\(Self.declarations.count)")
        let flags = Set(Self.declarations.flatMap(\.flags))
        for flag in ["--rate", "--velocity", "--output", "--max-rows", "--easing", "--preset", "--clock"] {
            #expect(flags.contains(flag), "\(flag)")
        }
    }

    @Test("Every declared key is read: in its own file, or by its qualified name elsewhere")
    func everyKeyIsRead() throws {
        for declaration in Self.declarations {
            let own = Self.sources.first { $0.path == declaration.file }?.text ?? ""
            let read =
                try Self.reads(own, declaration.name, qualifiedOnly: false)
                || Self.sources.contains { try Self.reads($0.text, declaration.name, qualifiedOnly: true) }
            #expect(read, "\(declaration.file): '\(declaration.name)' (\(declaration.flags)) is never read")
        }
    }

    @Test("Every option a command lists is declared as a key (-h and --version are the parser's own)")
    func everyOptionIsAKey() {
        let declared = Set(Self.declarations.flatMap(\.flags))
        for entry in HingeTool.catalogue where !entry.path.isEmpty {
            for option in entry.spec.options {
                #expect(
                    declared.contains(option.longName),
                    "\(entry.path.joined(separator: " ")) \(option.longName) is not declared as an OptionKey")
            }
        }
    }

    @Test("No option is read by a string key")
    func noStringReads() {
        let pattern =
            #/\.(?:value|has|values|declaredValue)\(\s*"[a-z]|(?:[nN]umber|[wW]holeNumber|[uU]nsignedInteger)\(\s*arguments,\s*"/#
        for source in Self.sources {
            for match in source.text.matches(of: pattern) {
                let line = source.text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                Issue.record("\(source.path):\(line): an option read by a string; read its OptionKey")
            }
        }
    }

    @Test("A key the command does not declare fails when read, naming it; a declared one reads typed")
    func undeclaredKeyFails() throws {
        let parsed = try ArgumentParser.parse(["bloom", "--step", "0.5"], for: HingeTool.Curve.spec)
        #expect(try parsed[HingeTool.Curve.step] == 0.5)
        #expect(try parsed[HingeTool.Curve.status] == .none)
        #expect(throws: ToolError.self) { try parsed[HingeTool.Resample.method] }
        do {
            _ = try parsed[HingeTool.Resample.method]
        } catch {
            #expect("\(error)".contains("is read but not declared"), "\(error)")
            #expect("\(error)".contains("--method"), "\(error)")
        }
    }

    @Test("A choice's words are its cases, in order, and the spec allows exactly them")
    func choicesFromCases() {
        #expect(ReadOptions.Velocity.words == ReadOptions.Velocity.allCases.map(\.rawValue))
        #expect(ReadOptions.velocity.option.allowedValues == ReadOptions.Velocity.words)
        #expect(HingeTool.Plot.terminal.option.allowedValues == ["png", "svg", "dumb"])
        #expect(HingeTool.Spring.format.option.allowedValues == ["dat", "csv", "json", "jsonl", "markdown", "css"])
    }
}
