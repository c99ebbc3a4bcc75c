import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool: options declared once")
struct OptionDeclarationTests {
    static let commands = HingeTool.catalogue.filter { !$0.isGroup && !$0.path.isEmpty }

    @Test("Every declared default passes its own declaration's check")
    func defaultsAreValid() throws {
        for entry in Self.commands {
            for option in entry.spec.allOptions {
                guard let value = option.defaultValue else { continue }
                #expect(throws: Never.self, "\(entry.path) \(option.longName) \(value)") {
                    try option.kind.check(value, option: option.longName)
                }
            }
        }
    }

    @Test("Every option that takes a value has a kind other than a flag, and every flag takes none")
    func kindsMatchValues() {
        for entry in Self.commands {
            for option in entry.spec.allOptions {
                #expect((option.valueName == nil) == (option.kind == .flag), "\(entry.path) \(option.longName)")
            }
        }
    }

    @Test("--rate is one declaration: the same range everywhere, the default only differs")
    func rateDeclaredOnce() {
        let rates = Self.commands.compactMap { entry in entry.spec.options.first { $0.key == "rate" } }
        #expect(rates.count >= 7)
        for rate in rates { #expect(rate.kind == HingeTool.rateOption.kind) }
        let readingPlot = HingeTool.ReadingPlot.spec.options.first { $0.key == "rate" }
        #expect(readingPlot?.defaultValue == "120")
        #expect(HingeTool.Read.spec.options.first { $0.key == "rate" }?.defaultValue == nil)
        #expect(runTool(["plot", "reading", "--help"]).output.contains("(0.001…1000000; default: 120)"))
    }

    @Test("The reader's defaults are HingeKit's, not restated")
    func readerDefaultsFromLibrary() throws {
        // Parsing no options and building the configuration gives HingeKit's default reader.
        let parsed = try ArgumentParser.parse(["x.csv"], for: HingeTool.Read.spec)
        let configuration = try ReadOptions.configuration(parsed)
        #expect(configuration == HingeReader.Configuration())
    }

    @Test(
        "A number outside its declared range is refused by the parser, naming the range",
        arguments: [
            (["read", "x.csv", "--rate", "0"], "Error: The value '0' is invalid for '--rate': expected 0.001…1000000"),
            (["read", "x.csv", "--beta", "-1"], "Error: The value '-1' is invalid for '--beta': expected 0…1000"),
            (
                ["read", "x.csv", "--coarse-step", "nan"],
                "Error: The value 'nan' is invalid for '--coarse-step': expected a number"
            ),
            (
                ["read", "x.csv", "--max-points", "0"],
                "Error: The value '0' is invalid for '--max-points': expected a whole number 1…2^40"
            ),
            (["fold-render", "--width", "20"], "Error: Missing expected option '--tilt <deg>'"),
            (["resample", "x.csv"], "Error: Missing expected option '--rate <hz>'"),
        ])
    func rangeErrors(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        #expect(run.error.hasPrefix(message), "\(run.error)")
    }

    @Test("--coarse-step takes 'inf', declared as a word of its kind")
    func declaredWord() throws {
        let parsed = try ArgumentParser.parse(["x.csv", "--coarse-step", "inf"], for: HingeTool.Read.spec)
        #expect(try ReadOptions.configuration(parsed).coarseStep == .infinity)
    }

    @Test("--help shows each option's range and default, hidden defaults included")
    func helpShowsDeclarations() {
        // Joined across the help's line breaks.
        func words(_ text: String) -> String {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        let help = words(runTool(["read", "--help"]).output)
        #expect(help.contains("(0.005…1; default: 0.12)"))
        #expect(help.contains("(0.001…360 or inf; default: 30)"))
        #expect(words(runTool(["animate", "--help"]).output).contains("(0…1000000; default: until settled)"))
        let synthFilm = runTool(["synth-film", "--help"]).output
        #expect(synthFilm.contains("USAGE: hingetool synth-film [<scene>] --out-dir <dir>"))
    }

    @Test("--version works on every subcommand and prints the one version")
    func versionEverywhere() {
        for entry in HingeTool.catalogue {
            let run = runTool(entry.path + ["--version"])
            #expect(run.status == 0, "\(entry.path)")
            #expect(run.output == HingeTool.version + "\n", "\(entry.path)")
        }
    }

    // The fuzzer's input `\257\0a\0-\0\1aM\0-\0--version\0\0\0\0u\20\314`: its first byte picks
    // a spec without a repeating argument, the rest split at NUL bytes is the command line. The
    // target expected at most two positionals from any parse that succeeded.
    @Test("--version answers a line with nine arguments where one is allowed (argument_parser fuzz finding)")
    func versionWithSurplusArguments() throws {
        let arguments = ["", "a", "-", "\u{1}aM", "-", "--version", "", "", "", "u\u{10}\u{FFFD}"]
        let parsed = try ArgumentParser.parse(arguments, for: HingeTool.Posture.spec)
        #expect(parsed.wantsVersion)
        #expect(parsed.positionals.count == 9)
        let run = runTool(["posture"] + arguments)
        #expect(run.status == 0)
        #expect(run.output == HingeTool.version + "\n")
        // Without --version the surplus is a usage error, exit 64.
        #expect(runTool(["posture"] + arguments.filter { $0 != "--version" }).status == 64)
    }

    @Test("The catalogue lists every subcommand once, groups before their members")
    func catalogue() {
        let paths = HingeTool.catalogue.map { $0.path.joined(separator: " ") }
        #expect(Set(paths).count == paths.count)
        #expect(paths.first == "")
        #expect(paths.firstIndex(of: "plot")! < paths.firstIndex(of: "plot reading")!)
        #expect(HingeTool.subcommands.allSatisfy { paths.contains($0.spec.name) })
    }
}

@Suite("hingetool: exit statuses and progress")
struct ExitAndProgressTests {
    @Test("The exit table lists each status once, and 1 is only a gate")
    func exitTable() {
        let codes = ExitStatus.table.map(\.code.rawValue)
        #expect(codes == [0, 1, 64, 65, 66, 74])
        #expect(ExitStatus.table.first { $0.code == .failure }?.meaning.hasPrefix("a gate found something") == true)
        #expect(ToolError.failure("cannot write").exitCode == .ioError)
        let reference = (try? String(contentsOfFile: packageRoot + "/docs/hingetool.md", encoding: .utf8)) ?? ""
        for entry in ExitStatus.table { #expect(reference.contains("| \(entry.code.rawValue) | \(entry.meaning) |")) }
    }

    @Test("Progress is drawn in place and erased before the command's output")
    func progressErased() throws {
        final class Sink: @unchecked Sendable {
            var progress = ""
            var output = ""
        }
        let sink = Sink()
        var context = ToolContext(
            write: { sink.output += $0 }, writeError: { _ in },
            openStandardInput: { () throws(FileByteSource.FileError) in InMemoryByteSource([]) })
        context.progress = { sink.progress += $0 }
        let status = HingeTool.run(["film", dataset("films/cut")], context: context)
        #expect(status == 0)
        #expect(sink.progress.hasPrefix("\rfilm: "))
        #expect(sink.progress.hasSuffix("\r\u{1B}[K"))
        #expect(!sink.progress.contains("\n"))
        #expect(!sink.output.isEmpty)
    }

    @Test("Progress stays off standard error when it is not a terminal")
    func progressOnlyOnTerminal() {
        let run = runChild(["film", dataset("films/cut")], in: temporaryFolder())
        #expect(run.status == 0)
        #expect(!run.error.contains("film: "), "\(run.error)")
    }
}
