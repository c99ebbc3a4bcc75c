import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("Documentation stays in step with the tool")
struct DocumentationTests {
    @Test(
        "docs/hingetool.md holds every help text verbatim",
        arguments: [[]] + HingeTool.subcommandPaths())
    func cliReference(subcommand: [String]) throws {
        let reference = try String(contentsOfFile: packageRoot + "/docs/hingetool.md", encoding: .utf8)
        let help = runTool(subcommand + ["--help"]).output
        #expect(reference.contains("```\n" + help + "```\n"), "run `make docs` to regenerate docs/hingetool.md")
    }

    @Test("--list-subcommands names every subcommand once, as cli-reference.sh reads it")
    func listSubcommands() {
        let run = runTool(["--list-subcommands"])
        let names = run.output.split(separator: "\n").map(String.init)
        #expect(run.status == 0)
        #expect(names == HingeTool.subcommandPaths().map { $0.joined(separator: " ") })
        #expect(names.count == Set(names).count)
        #expect(names.contains("stats") && names.contains("plot fold-render") && names.contains("demo"))
    }

    @Test("The cookbook in docs/springs.md is the test file, verbatim")
    func cookbook() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/springs.md", encoding: .utf8)
        let tests = try String(
            contentsOfFile: packageRoot + "/Tests/HingeKitTests/Springs/SpringCookbookTests.swift", encoding: .utf8)
        #expect(guide.contains("```swift\n" + tests + "```\n"))
    }

    /// Runs a scoring command through the release hingetool, which `make test` builds first:
    /// the same code as the in-process run, without the debug build's minutes on the frontier.
    static func runScoring(_ arguments: [String]) throws -> ChildRun {
        let tool = packageRoot + "/.build/release/hingetool"
        try #require(
            FileManager.default.isExecutableFile(atPath: tool),
            "build the release hingetool first: swift build -c release --product hingetool (make test does)")
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        return GuardedProcess(arguments: [tool] + arguments, folder: work, timeLimit: 600).run()
    }

    @Test("docs/reading.md holds the current score tables (make score)", .slow)
    func scoreTables() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/reading.md", encoding: .utf8)
        let traces = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets")
            .filter { $0.hasSuffix(".csv") && $0 != "no-hinge.csv" }.sorted().map { dataset($0) }
        // The Markdown names traces by file name only, so absolute paths print the same tables.
        let run = try Self.runScoring(["score"] + traces + ["--format", "markdown"])
        #expect(run.status == 0)
        #expect(guide.contains("<!-- score:begin -->\n" + run.output + "<!-- score:end -->"), "run `make score`")
    }

    @Test("docs/effects.md holds the current unfold comparison (make score)", .slow)
    func unfoldTable() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/effects.md", encoding: .utf8)
        let traces = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets")
            .filter { $0.hasSuffix(".csv") && $0 != "no-hinge.csv" }.sorted().map { dataset($0) }
        let run = try Self.runScoring(["score", "--unfold"] + traces + ["--format", "markdown"])
        #expect(run.status == 0)
        #expect(guide.contains("<!-- unfold:begin -->\n" + run.output + "<!-- unfold:end -->"), "run `make score`")
    }

    @Test("docs/effects.md holds the current frontier table (make score)", .slow)
    func frontierTable() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/effects.md", encoding: .utf8)
        let traces = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets")
            .filter { $0.hasSuffix(".csv") && $0 != "no-hinge.csv" }.sorted().map { dataset($0) }
        let run = try Self.runScoring(["score", "--frontier"] + traces + ["--format", "markdown"])
        #expect(run.status == 0)
        #expect(guide.contains("<!-- frontier:begin -->\n" + run.output + "<!-- frontier:end -->"), "run `make score`")
    }

    @Test(
        "docs/reading.md holds the current tables of the real Fold 8 logs (make score)", .slow,
        arguments: ["held", "linear", "change"], [("real", "fold8"), ("part1", "fold8-session-part1")])
    func realLogTables(interpolation: String, log: (marker: String, file: String)) throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/reading.md", encoding: .utf8)
        let scored = [
            "score", "--unfold", dataset("real/\(log.file)-public.csv"), "--truth",
            dataset("real/\(log.file)-fused.csv"), "--truth-interpolation", interpolation, "--format", "markdown",
        ]
        let markers = [
            ("\(log.marker)-\(interpolation)", []), ("\(log.marker)-moves-\(interpolation)", ["--per-move"]),
        ]
        for (marker, extra) in markers {
            let run = try Self.runScoring(scored + extra)
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output.hasPrefix("| "), "\(run.output.prefix(200))")
            #expect(
                guide.contains("<!-- \(marker):begin -->\n" + run.output + "<!-- \(marker):end -->"), "run `make score`"
            )
        }
    }

    /// The suite's one run of the leave-one-fold-out fit (about 38 s of CPU): scripts/figures.sh
    /// quotes this table's pooled rows rather than fitting again, so FiguresTests' check of those
    /// figures and this check of the table together hold them to the tool.
    @Test("docs/reading.md holds the current leave-one-fold-out table of the real logs (make score)", .slow)
    func leaveOneFoldOutTable() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/reading.md", encoding: .utf8)
        let run = try Self.runScoring(
            ["score", "--unfold", "--leave-one-fold-out"]
                + ["fold8", "fold8-session-part1"].flatMap {
                    [dataset("real/\($0)-public.csv"), dataset("real/\($0)-fused.csv")]
                } + ["--format", "markdown"])
        #expect(run.status == 0, "\(run.error)")
        #expect(guide.contains("<!-- lofo:begin -->\n" + run.output + "<!-- lofo:end -->"), "run `make score`")
        // The default tracker is the one fitted on every fold, change-triggered.
        #expect(
            run.output.split(separator: "\n").contains { $0.hasPrefix("- change: ") && $0.contains("(the default)") })
    }

    @Test("docs/getting-started.md compiles: its test example is the one run here")
    func gettingStarted() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/getting-started.md", encoding: .utf8)
        #expect(guide.contains("DampedSpring.bend.report(from: 180, to: 110)"))
        let report = DampedSpring.bend.report(from: 180, to: 110)
        #expect(report.settlingTime < 0.5)
        #expect(report.overshoot < 0.03)
    }

    @Test("Every page in docs/ is in the index, and every picture in Plots/ in its README")
    func indexes() throws {
        let index = try String(contentsOfFile: packageRoot + "/docs/README.md", encoding: .utf8)
        for page in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")
        where page.hasSuffix(".md") && page != "README.md" {
            #expect(index.contains("(\(page))"), "\(page) is not in docs/README.md")
        }
        let plots = try String(contentsOfFile: packageRoot + "/Plots/README.md", encoding: .utf8)
        for picture in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Plots")
        where picture.hasSuffix(".png") {
            #expect(plots.contains("`\(picture)`"), "\(picture) is not in Plots/README.md")
        }
    }

    @Test("README's first screen: what HingeKit is, then make demo and make install, then the rest")
    func readme() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let parts = readme.components(separatedBy: "```")
        // Before the first code block: the title and at least one paragraph of prose.
        let prose = parts[0].split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(prose.joined(separator: " ").split(separator: " ").count >= 40)
        #expect(prose.joined().contains("foldable"))
        // The first block is the two commands a user needs, in that order, and nothing else.
        let commands = parts[1].split(separator: "\n").dropFirst().map {
            $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(commands.count == 2)
        #expect(commands.first == "make demo")
        #expect(commands.last?.hasPrefix("make install") == true)
        #expect(readme.range(of: "make test")!.lowerBound > readme.range(of: "make install")!.lowerBound)
    }

    @Test("docs/getting-started.md says how to put hingetool on PATH before it first names it")
    func gettingStartedPath() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/getting-started.md", encoding: .utf8)
        let before = guide[..<guide.range(of: "hingetool")!.lowerBound]
        #expect(before.contains("make install"))
        #expect(before.contains("PATH"))
    }

    @Test("Every scenario and malformed example is described in Datasets/README.md")
    func datasetsReadme() throws {
        let readme = try String(contentsOfFile: packageRoot + "/Datasets/README.md", encoding: .utf8)
        let files =
            try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets")
            + FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets/malformed")
        for file in files where file.hasSuffix(".csv") {
            #expect(readme.contains("`\(file)`"), "\(file) is not described")
        }
    }
}
