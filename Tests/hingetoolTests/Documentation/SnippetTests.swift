import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

/// The one snippet harness (docs/snippets.md): every ```swift block of README.md, docs/ and the
/// DocC articles is compiled as code outside this package would be — in an outside package that
/// depends on HingeKit by path — and run where it can be; blocks that need Apple frameworks are
/// type-checked against stand-ins with Apple's documented shapes.
@Suite("Every Swift block of the pages compiles", .serialized)
struct SnippetTests {
    /// The outside package, built once for the tests that need it.
    struct Build {
        var run: ChildRun
        var binPath: String
        var modules: String
    }

    static let build: Build = {
        let snippets = (try? Snippet.all()) ?? []
        do { try Snippets.writePackage(snippets) } catch { Issue.record("cannot write the package: \(error)") }
        let run = Snippets.run([Snippets.swift, "build", "--build-tests"], in: Snippets.folder, timeLimit: 3600)
        let bin = Snippets.run([Snippets.swift, "build", "--show-bin-path"], in: Snippets.folder, timeLimit: 600)
        let binPath = bin.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let modules =
            FileManager.default.fileExists(atPath: binPath + "/Modules/HingeKit.swiftmodule")
            ? binPath + "/Modules" : binPath
        return Build(run: run, binPath: binPath, modules: modules)
    }()

    /// The stand-in modules, built once into a temporary folder.
    static let standIns: (folder: String, failure: ChildRun?) = {
        let folder = temporaryFolder()
        return (folder, Snippets.buildStandIns(in: folder))
    }()

    @Test("Every block has a known mode, and every block of the iOS pages is type-checked")
    func inventory() throws {
        let snippets = try Snippet.all()
        #expect(snippets.count >= 25)
        for mode in Snippet.Mode.allCases where mode != .build {
            #expect(snippets.contains { $0.mode == mode }, "no block uses mode \(mode)")
        }
        for page in ["docs/swiftui.md", "docs/recording.md", "Sources/HingeKit/HingeKit.docc/DrivingASwiftUIView.md"] {
            let blocks = snippets.filter { $0.page == page }
            #expect(!blocks.isEmpty, "\(page) has no Swift block")
            for block in blocks { #expect(block.mode == .apple, "\(block) is not type-checked against the stand-ins") }
        }
        // Apple frameworks only where the stand-ins are used: elsewhere they cannot be compiled.
        for block in snippets where block.mode != .apple {
            for framework in ["SwiftUI", "UIKit", "ImageIO"] {
                #expect(
                    !(block.prelude + block.code).contains("import \(framework)\n"), "\(block) imports \(framework)")
            }
        }
    }

    @Test("Markers are read as documented: mode, prelude lines, blank lines before the fence")
    func markers() throws {
        let page = """
            <!-- snippet: build -->
            ```swift
            let a = 1
            ```

            <!-- snippet: apple
            func draw() {}
            -->

            ```swift
            draw()
            ```

            ```swift
            @Test func t() {}
            ```

            ```swift
            print(1)
            ```

            ```sh
            echo no
            ```
            """
        let blocks = try Snippet.blocks(ofText: page, page: "x.md")
        #expect(blocks.map(\.mode) == [.build, .apple, .test, .run])
        #expect(blocks[1].prelude == "func draw() {}\n")
        #expect(blocks[1].source.contains("#sourceLocation(file: \"x.md\", line: 11)\ndraw()\n"))
        #expect(throws: SnippetError.self) {
            try Snippet.blocks(ofText: "<!-- snippet: runn -->\n```swift\nlet a = 1\n```\n", page: "y.md")
        }
    }

    @Test("The outside package builds every block; run blocks exit 0; test blocks pass", .slow)
    func compileAndRun() throws {
        let build = Self.build
        try #require(
            build.run.status == 0, "the outside package does not build:\n\(build.run.output)\(build.run.error)")
        let snippets = try Snippet.all()
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // What the blocks open, as an app would have it: a recording named fold.csv, a folder of
        // film frames.
        try FileManager.default.copyItem(
            atPath: packageRoot + "/Datasets/flat-to-laptop.csv", toPath: folder + "/fold.csv")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/frames", withDestinationPath: packageRoot + "/Datasets/films/cut")
        var ran = 0
        for snippet in snippets where snippet.mode == .run {
            let run = Snippets.run([build.binPath + "/" + snippet.name], in: folder, timeLimit: 120)
            #expect(run.status == 0, "\(snippet) exits \(String(describing: run.status)):\n\(run.error)")
            ran += 1
        }
        #expect(ran >= 15)
        if snippets.contains(where: { $0.mode == .test }) {
            let run = Snippets.run([Snippets.swift, "test", "--skip-build"], in: Snippets.folder, timeLimit: 600)
            #expect(run.status == 0, "the pages' tests fail:\n\(run.output)\(run.error)")
        }
    }

    @Test("Every block that needs Apple frameworks type-checks against the stand-ins", .slow)
    func appleBlocks() throws {
        let build = Self.build
        try #require(build.run.status == 0, "the outside package does not build:\n\(build.run.error)")
        let standIns = Self.standIns
        try #require(standIns.failure == nil, "the stand-ins do not build:\n\(standIns.failure?.error ?? "")")
        let blocks = try Snippet.all().filter { $0.mode == .apple }
        #expect(blocks.count >= 8)
        for block in blocks {
            let run = try Snippets.typeCheck(
                block.source, name: block.name, standIns: standIns.folder, modules: build.modules)
            #expect(run.status == 0, "\(block) does not type-check:\n\(run.error)")
        }
    }

    @Test("A block with the old shapes fails the type-check, located in its page", .slow)
    func wrongBlocksFail() throws {
        let build = Self.build
        try #require(build.run.status == 0)
        let standIns = Self.standIns
        try #require(standIns.failure == nil)
        // The recipe as it was: a one-parameter action, the angle as radians in a Double.
        let oneParameter = """
            import HingeKit
            import SwiftUI

            struct Poster: View {
                @State private var bloom = EffectDriver(effect: BloomEffect())
                var body: some View {
                    Image("poster").onHingeChange { hinge in
                        try? bloom.ingest(HingeSample(time: 0, radians: hinge?.angle, status: nil))
                    }
                }
            }

            """
        // UIKit's angle (a CGFloat in radians) read as SwiftUI's Angle, an unwrapped optional, and a
        // switch without @unknown default.
        let uikit = """
            import HingeKit
            import UIKit

            @MainActor func sample(_ hinge: UIHinge) -> HingeSample {
                HingeSample(time: 0, angle: hinge.angle.degrees)
            }
            @MainActor func radians(_ update: UIHingeInteraction.Update) -> Double {
                update.hinge.angle
            }
            func name(_ status: UIHinge.Status) -> String {
                switch status {
                case .unknown: ""
                case .closed: "closed"
                case .partiallyOpen: "partiallyOpen"
                case .fullyOpen: "fullyOpen"
                }
            }

            """
        // SwiftUI's status is a struct: @unknown default is rejected.
        let unknownDefault = """
            import SwiftUI

            func name(_ hinge: DeviceHinge) -> String {
                switch hinge.status {
                case .closed: "closed"
                case .partiallyOpen: "partiallyOpen"
                case .fullyOpen: "fullyOpen"
                @unknown default: ""
                }
            }

            """
        let cases: [(String, [String])] = [
            (oneParameter, ["contextual closure type", "expects 2 arguments, but 1 was used in closure body"]),
            (
                uikit,
                [
                    "value of type 'CGFloat' has no member 'degrees'",
                    "value of optional type 'UIHinge?' must be unwrapped",
                    "may have additional unknown values",
                ]
            ),
            (unknownDefault, ["switch must be exhaustive"]),
        ]
        for (index, (code, messages)) in cases.enumerated() {
            let snippets = try Snippet.blocks(
                ofText: "<!-- snippet: apple -->\n```swift\n" + code + "```\n", page: "wrong\(index).md")
            let run = try Snippets.typeCheck(
                snippets[0].source, name: "wrong\(index)", standIns: standIns.folder, modules: build.modules)
            #expect(run.status != 0, "wrong block \(index) type-checks")
            #expect(run.error.contains("wrong\(index).md:"), "the error is not located in the page:\n\(run.error)")
            for message in messages {
                #expect(run.error.contains(message), "wrong block \(index): no '\(message)' in\n\(run.error)")
            }
        }
    }

    @Test("Package.swift lines on the pages name this version and these products")
    func manifestBlocks() throws {
        let blocks = try Snippet.all().filter { $0.mode == .manifest }
        #expect(blocks.count >= 2)
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        for block in blocks {
            #expect(
                block.code.contains("from: \"\(HingeTool.version)\""), "\(block) does not name \(HingeTool.version)")
            let products = block.code.components(separatedBy: ".product(name: \"").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(!products.isEmpty, "\(block) names no product")
            for product in products {
                #expect(manifest.contains(".library(name: \"\(product)\""), "\(block): no product \(product)")
                #expect(block.code.contains("package: \"HingeKit\""))
            }
        }
    }

    @Test("Declaration listings on the pages are the public API, line for line")
    func apiBlocks() throws {
        for block in try Snippet.all().filter({ $0.mode == .api }) {
            let module = block.prelude.trimmingCharacters(in: .whitespacesAndNewlines)
            let listing = try String(contentsOfFile: packageRoot + "/docs/api/\(module).txt", encoding: .utf8)
            let declarations = Set(
                listing.split(separator: "\n").compactMap { line in
                    line.range(of: ": ").map { String(line[$0.upperBound...]) }
                })
            for line in block.code.split(separator: "\n") {
                var declaration = line.components(separatedBy: "  //")[0].trimmingCharacters(in: .whitespaces)
                if declaration.hasPrefix("public ") { declaration.removeFirst("public ".count) }
                #expect(
                    declarations.contains(declaration), "\(block): '\(declaration)' is not in docs/api/\(module).txt")
            }
        }
    }

    @Test(
        "The iOS recorders' fixtures are what their string interpolation prints",
        arguments: [("ios-onhingechange.csv", "time,angle,status"), ("ios-uihinge.csv", "time,angle_rad,status")])
    func recorderFixtures(name: String, header: String) throws {
        let text = try String(contentsOfFile: fixture(name), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == header)
        #expect(lines.count >= 5)
        let statuses = ["closed", "partiallyOpen", "fullyOpen", ""]
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 3, "\(name): \(line)")
            let seconds = try #require(Double(fields[0]))
            let angle = try #require(Double(fields[1]))
            #expect(statuses.contains(fields[2]))
            // The recipes write "\(seconds),\(angle),\(status)".
            #expect("\(seconds),\(angle),\(fields[2])" == line)
        }
        let stats = runTool(["stats", fixture(name)])
        #expect(stats.status == 0)
        // hingetool reads the angles as the recipe meant them: 180° down to 142°.
        #expect(stats.output.contains("142"), "\(stats.output)")
    }
}
