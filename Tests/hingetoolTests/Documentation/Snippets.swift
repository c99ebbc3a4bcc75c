import Foundation
import HingeTestSupport

/// A ```swift block of a page, with what the harness does with it (docs/snippets.md).
struct Snippet: CustomStringConvertible {
    /// What the harness does with a block, from the `<!-- snippet: MODE -->` marker before it.
    enum Mode: String, CaseIterable {
        /// Top-level code in its own executable target of the outside package, built and run
        /// (exit 0). The default.
        case run
        /// Built like `run`, not run: it needs files or a device the test does not have.
        case build
        /// Declarations with `@Test`/`@Suite` (found, not marked): one file of the outside
        /// package's test target, built and run with `swift test`.
        case test
        /// Needs Apple frameworks: `swiftc -typecheck` against the stand-ins in
        /// Tests/SnippetStandIns and the outside package's HingeKit modules.
        case apple
        /// Package.swift lines: the version and product names must be this package's.
        case manifest
        /// Declarations as docs/api/<Module>.txt lists them: each line must be there.
        case api
    }

    /// The page, relative to the package root.
    var page: String
    /// The line of the opening fence (1-based).
    var line: Int
    var mode: Mode
    /// Code from the marker's further lines, compiled before the block but not shown.
    var prelude: String
    /// Lines of the marker comment the prelude starts on.
    var preludeLine: Int
    var code: String

    /// A name usable as a target: the page's path and the block's position on it.
    var name: String

    var description: String { "\(page):\(line)" }

    /// The block with its prelude, with `#sourceLocation` so that errors point into the page.
    var source: String {
        var text = ""
        if !prelude.isEmpty {
            text += "#sourceLocation(file: \"\(page)\", line: \(preludeLine))\n" + prelude
        }
        text += "#sourceLocation(file: \"\(page)\", line: \(line + 1))\n" + code + "#sourceLocation()\n"
        return text
    }

    /// The library products the block imports.
    var imports: [String] {
        (prelude + code).split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count == 2, words[0] == "import" else { return nil }
            let module = String(words[1])
            return Snippets.products.contains(module) ? module : nil
        }
    }

    /// Every ```swift block of README.md, docs/*.md and the DocC articles.
    static func all() throws -> [Snippet] {
        try pages().flatMap { try blocks(of: $0) }
    }

    static func pages() throws -> [String] {
        let manager = FileManager.default
        var pages = ["README.md"]
        pages += try manager.contentsOfDirectory(atPath: packageRoot + "/docs").filter { $0.hasSuffix(".md") }
            .sorted().map { "docs/" + $0 }
        for module in try manager.contentsOfDirectory(atPath: packageRoot + "/Sources").sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let articles = try? manager.contentsOfDirectory(atPath: packageRoot + "/" + catalog) else { continue }
            pages += articles.filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
        }
        return pages
    }

    /// The blocks of one page, each with the marker that precedes it (blank lines between are
    /// allowed).
    static func blocks(of page: String) throws -> [Snippet] {
        let text = try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)
        return try blocks(ofText: text, page: page)
    }

    static func blocks(ofText text: String, page: String) throws -> [Snippet] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var snippets: [Snippet] = []
        var index = 0
        let stem = page.replacingOccurrences(of: ".md", with: "").split { !$0.isLetter && !$0.isNumber }
            .joined(separator: "_")
        while index < lines.count {
            let fence = lines[index]
            guard fence.hasPrefix("```") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            defer { index = end + 1 }
            guard fence == "```swift" else { continue }
            let code = lines[(index + 1)..<end].map { $0 + "\n" }.joined()
            var snippet = Snippet(
                page: page, line: index + 1, mode: .run, prelude: "", preludeLine: 0, code: code,
                name: "\(stem)_\(snippets.count + 1)")
            try snippet.readMarker(lines: lines, fence: index)
            snippets.append(snippet)
        }
        return snippets
    }

    /// Reads `<!-- snippet: MODE` … `-->` just before the fence: the mode, then prelude lines.
    mutating func readMarker(lines: [String], fence: Int) throws {
        var last = fence - 1
        while last >= 0, lines[last].trimmingCharacters(in: .whitespaces).isEmpty { last -= 1 }
        if last >= 0, lines[last].hasSuffix("-->") {
            var first = last
            while first > 0, !lines[first].hasPrefix("<!--") { first -= 1 }
            let opening = lines[first]
            if opening.hasPrefix("<!-- snippet:") {
                var header = String(opening.dropFirst("<!-- snippet:".count))
                if first == last { header = String(header.dropLast(3)) }
                let word = header.trimmingCharacters(in: .whitespaces)
                guard let mode = Mode(rawValue: word), mode != .test else {
                    throw SnippetError("\(page):\(first + 1): unknown snippet mode '\(word)'")
                }
                self.mode = mode
                if last > first {
                    prelude = lines[(first + 1)..<last].map { $0 + "\n" }.joined()
                    preludeLine = first + 2
                }
                return
            }
        }
        if code.contains("@Test") || code.contains("@Suite") { mode = .test }
    }
}

struct SnippetError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The outside package the blocks are compiled in: `.build/doc-snippets` of this package,
/// depending on it by path, one executable target per `run`/`build` block and one test target
/// for the `test` blocks. Files are rewritten only when they change, so a second build only
/// compiles what changed.
enum Snippets {
    static let products = ["HingeKit", "HingeAnalysis", "Frames", "FilmAnalysis", "ImageStandIns"]
    static let folder = packageRoot + "/.build/doc-snippets"
    /// SwiftPM names a path dependency after its folder.
    static let dependency = URL(fileURLWithPath: packageRoot).lastPathComponent

    /// Writes the package for `snippets`.
    static func writePackage(_ snippets: [Snippet]) throws {
        let executables = snippets.filter { $0.mode == .run || $0.mode == .build }
        let tests = snippets.filter { $0.mode == .test }
        func dependencies(_ modules: [String]) -> String {
            Set(modules).sorted().map { ".product(name: \"\($0)\", package: \"\(dependency)\")" }
                .joined(separator: ", ")
        }
        var targets = executables.map { snippet in
            "        .executableTarget(name: \"\(snippet.name)\", dependencies: [\(dependencies(snippet.imports))]),\n"
        }
        // The libraries the type-checked blocks import, built through a target of their own.
        let typeChecked = Set(snippets.filter { $0.mode == .apple }.flatMap(\.imports))
        if !typeChecked.isEmpty {
            targets.append(
                "        .target(name: \"TypeCheckedModules\", dependencies: [\(dependencies(Array(typeChecked)))]),\n")
        }
        if !tests.isEmpty {
            targets.append(
                "        .testTarget(name: \"SnippetTests\", dependencies: [\(dependencies(tests.flatMap(\.imports)))]),\n"
            )
        }
        let manifest = """
            // swift-tools-version: 6.0
            // Generated by Tests/hingetoolTests/Documentation/Snippets.swift: every ```swift block of
            // the pages, compiled as an app would compile it, depending on HingeKit by path.
            import PackageDescription

            let package = Package(
                name: "DocSnippets",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(packageRoot)")],
                targets: [
            \(targets.joined())    ],
                swiftLanguageModes: [.v6]
            )

            """
        try write(manifest, to: folder + "/Package.swift")
        var wanted: Set<String> = [folder + "/Package.swift"]
        if !typeChecked.isEmpty {
            let path = folder + "/Sources/TypeCheckedModules/Modules.swift"
            try write("// Builds the modules the `apple` blocks are type-checked against.\n", to: path)
            wanted.insert(path)
        }
        for snippet in executables {
            let path = folder + "/Sources/\(snippet.name)/main.swift"
            try write(snippet.source, to: path)
            wanted.insert(path)
        }
        for snippet in tests {
            let path = folder + "/Tests/SnippetTests/\(snippet.name).swift"
            try write(snippet.source, to: path)
            wanted.insert(path)
        }
        // Blocks that went away take their targets with them.
        for sub in ["Sources", "Tests/SnippetTests"] {
            let base = folder + "/" + sub
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
                let path = base + "/" + entry
                let kept = wanted.contains { $0 == path || $0.hasPrefix(path + "/") }
                if !kept { try FileManager.default.removeItem(atPath: path) }
            }
        }
    }

    /// Writes `text` unless the file already holds it (its date then stays, and SwiftPM skips it).
    static func write(_ text: String, to path: String) throws {
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The `swift` driver: on PATH, else the project's toolchain folder.
    static let swift: String = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"] {
            let candidate = folder + "/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/swift"
    }()

    /// `swiftc` beside `swift`.
    static var swiftc: String { (swift as NSString).deletingLastPathComponent + "/swiftc" }

    /// Runs a command in `directory` in its own process group, with a generous hang guard.
    static func run(_ arguments: [String], in directory: String, timeLimit: Double) -> ChildRun {
        let scratch = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return GuardedProcess(
            arguments: ["/bin/sh", "-c", "cd '\(directory)' && exec " + quoted.joined(separator: " ")],
            folder: scratch, memoryLimit: 1 << 40, timeLimit: timeLimit
        ).run()
    }

    /// Builds the stand-in modules (CoreGraphics, ImageIO, SwiftUI, UIKit) into `folder`.
    static func buildStandIns(in folder: String) -> ChildRun? {
        for module in ["CoreGraphics", "ImageIO", "SwiftUI", "UIKit"] {
            let run = run(
                [
                    swiftc, "-emit-module", "-parse-as-library", "-enable-library-evolution", "-swift-version", "6",
                    "-suppress-warnings", "-module-name", module, "-I", folder,
                    "-emit-module-path", folder + "/\(module).swiftmodule",
                    packageRoot + "/Tests/SnippetStandIns/\(module).swift",
                ], in: folder, timeLimit: 600)
            if run.status != 0 { return run }
        }
        return nil
    }

    /// Type-checks `source` against the stand-ins in `standIns` and the modules in `modules`.
    static func typeCheck(_ source: String, name: String, standIns: String, modules: String) throws -> ChildRun {
        let file = standIns + "/\(name).swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        return run(
            [swiftc, "-typecheck", "-swift-version", "6", "-I", standIns, "-I", modules, file],
            in: standIns, timeLimit: 300)
    }
}
