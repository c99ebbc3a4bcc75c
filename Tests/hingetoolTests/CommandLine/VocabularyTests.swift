import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// Issue 34's contract for the command line: one vocabulary across subcommands, errors that
/// fit on a line, and `help` for every name the completions offer (docs/hingetool.md, "Errors"
/// and "One vocabulary").
@Suite("hingetool: vocabulary and errors")
struct VocabularyTests {
    // MARK: One vocabulary

    /// What an option's name promises, mechanically: its kind of value (a flag, a number, a
    /// whole number, a word of a list, words of a list, a file read, a file or folder read, a
    /// file written, a folder, text) and its placeholder (`<hz>`, `<file>`). The words of a
    /// choice may differ between commands (`--format`'s formats); the kind may not.
    static func meaning(_ option: CommandSpec.Option) -> String {
        let kind =
            switch option.kind {
            case .flag: "flag"
            case .number: "number"
            case .wholeNumber: "whole number"
            case .choice: "choice"
            case .wordList: "word list"
            case .inputFile: "input file"
            case .inputFileOrFolder: "input file or folder"
            case .outputFile: "output file"
            case .directory: "folder"
            case .text: "text"
            }
        return kind + (option.valueName.map { " <\($0)>" } ?? "")
    }

    /// Names with two meanings on purpose, each with its reason (docs/hingetool.md).
    static let acceptedClashes: [String: String] = [
        "--report": "spring's flag prints the report, film's folder receives it: both mean 'the report'",
        "--truth": "both mean the ground truth: read's flag adds the trace's own, score's names a reference file",
        "--reduce-motion": "a flag where one behaviour follows (poses, preview), a policy where animate offers three",
        "--from": "the range's start, in the command's unit: an angle (curve), a value (spring)",
        "--to": "the range's end, in the command's unit: an angle (curve), a value (spring)",
        "--width": "a size in the command's unit: the screen's mm (fold-render), the frame's pixels (synth-film)",
        "--height": "a size in the command's unit: the screen's mm (fold-render), the frame's pixels (synth-film)",
    ]

    /// Every long option name used with more than one meaning, with the meanings and where.
    static func clashes() -> [String: [String: [String]]] {
        var meanings: [String: [String: [String]]] = [:]
        for entry in HingeTool.catalogue where !entry.isGroup {
            let command = ([HingeTool.name] + entry.path).joined(separator: " ")
            for option in entry.spec.options {
                meanings[option.longName, default: [:]][meaning(option), default: []].append(command)
            }
        }
        return meanings.filter { $0.value.count > 1 }
    }

    @Test("An option name means one thing in every subcommand (one kind of value, one placeholder)")
    func oneMeaningPerName() {
        let clashes = Self.clashes()
        for (name, meanings) in clashes.sorted(by: { $0.key < $1.key }) where Self.acceptedClashes[name] == nil {
            let listed = meanings.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: ", "))" }
            Issue.record("'\(name)' has \(meanings.count) meanings: \(listed.joined(separator: "; "))")
        }
        // An accepted exception that no longer clashes is taken off the list.
        for name in Self.acceptedClashes.keys { #expect(clashes[name] != nil, "\(name) no longer clashes") }
    }

    @Test("The clash check sees a clash: a name given a second kind of value is found")
    func clashCheckFindsOne() {
        let spec = CommandSpec(
            name: "x", abstract: "x", options: [.init(["--rate"], value: "file", kind: .outputFile, help: "x")])
        let rate = HingeTool.catalogue.lazy.flatMap(\.spec.options).first { $0.longName == "--rate" }
        #expect(rate.map { Self.meaning($0) != Self.meaning(spec.options[0]) } == true)
    }

    @Test("curve takes its effect as --effect, like animate and preview; the word still works, with a note")
    func curveEffectOption() {
        let option = runTool(["curve", "--effect", "bloom", "--from", "170", "--to", "170"])
        #expect(option.status == 0, "\(option.error)")
        #expect(option.output.hasSuffix("170 1\n"))
        #expect(option.error.isEmpty)
        let word = runTool(["curve", "bloom", "--from", "170", "--to", "170"])
        #expect(word.status == 0)
        #expect(word.output == option.output)
        #expect(
            word.error
                == "warning: 'curve bloom' is deprecated and will be removed in the next minor release; "
                + "use 'curve --effect bloom'\n")
        let both = runTool(["curve", "bloom", "--effect", "ramp"])
        #expect(both.status == 64)
        let none = runTool(["curve"])
        #expect(none.status == 64)
        #expect(none.error.hasPrefix("Error: Missing expected option '--effect <effect>'\nUsage: hingetool curve"))
        for command in ["animate", "preview", "curve"] {
            let spec = HingeTool.catalogue.first { $0.path == [command] }?.spec
            #expect(spec?.options.contains { $0.longName == "--effect" } == true, "\(command)")
        }
    }

    @Test("fold-render: -o is the rows, --png the picture; a PNG name for -o is refused, not filled with text")
    func foldRenderOutputs() throws {
        let folder = temporaryFolder()
        let run = runTool(["fold-render", "--tilt", "10", "-o", folder + "/render.png"])
        #expect(run.status == 64)
        #expect(
            run.error
                == "Error: '-o \(folder)/render.png' writes the rows as text; the picture goes to "
                + "'--png \(folder)/render.png'\nSee 'hingetool fold-render --help'.\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/render.png"))
        let png = runTool(["fold-render", "--tilt", "10", "--png", folder + "/render.png", "-o", folder + "/rows.dat"])
        #expect(png.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/render.png"))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    // MARK: help for every name the completions offer

    @Test("help takes every word completion offers after it: help help, help import logcat|dumpsys")
    func helpForEveryName() {
        let helpHelp = runTool(["help", "help"])
        #expect(helpHelp.status == 0, "\(helpHelp.error)")
        #expect(helpHelp.output.hasPrefix("OVERVIEW: Show help for a subcommand."))
        #expect(helpHelp.output.contains("USAGE: hingetool help [<subcommand>]"))
        let importHelp = runTool(["import", "--help"])
        #expect(importHelp.output.contains("<format>                What FILE holds. (values: dumpsys, logcat)"))
        for format in ["logcat", "dumpsys"] {
            let run = runTool(["help", "import", format])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output == importHelp.output)
            #expect(runTool(["import", format, "--help"]).output == importHelp.output)
        }
        let bad = runTool(["help", "import", "logcatt"])
        #expect(bad.status == 64)
        #expect(bad.error.hasPrefix("Error: Unknown subcommand 'logcatt'. Did you mean 'logcat'?"))
        // Every word the completions offer after `help` (the subcommands, and the names below
        // them) is one help explains.
        for entry in HingeTool.catalogue.dropFirst() {
            #expect(runTool(["help"] + entry.path).status == 0, "\(entry.path)")
        }
    }

    // MARK: Errors that fit

    @Test(
        "A mistake that is not in the command line's shape prints one line and where help is, no usage block",
        arguments: [
            (["film", "Tests/Fixtures/recording", "--fail-on", "nonsense"], "film"),
            (["stats", "a.csv", "--format", "xml"], "stats"),
            (["smooth", "a.csv", "--rate", "100", "--gaussian", "0.02", "--median", "0.05"], "smooth"),
            (["synth", "slow-bend", "--step", "0"], "synth"),
        ])
    func semanticErrorsFit(arguments: [String], command: String) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 2, "\(run.error)")
        #expect(lines.first?.hasPrefix("Error: ") == true)
        #expect(lines.last == "See 'hingetool \(command) --help'.")
    }

    @Test("An output in the way ('add --force', 'choose another output') is one line too")
    func outputErrorsFit() throws {
        let folder = temporaryFolder()
        try "x".write(toFile: folder + "/stranger.txt", atomically: false, encoding: .utf8)
        let full = runTool(["synth-film", "cut", "--out-dir", folder])
        #expect(full.status == 64, "\(full.error)")
        #expect(full.error.contains("add '--force'"))
        #expect(full.error.split(separator: "\n").count == 2, "\(full.error)")
        let trace = folder + "/t.csv"
        #expect(runTool(["synth", "slow-bend", "-o", trace]).status == 0)
        let same = runTool(["resample", trace, "--rate", "10", "-o", trace])
        #expect(same.status == 64)
        #expect(same.error.contains("choose another output"))
        #expect(same.error.hasSuffix("\nSee 'hingetool resample --help'.\n"), "\(same.error)")
        #expect(same.error.split(separator: "\n").count == 2)
    }

    @Test("A malformed command line keeps the usage block")
    func malformedShowsUsage() {
        for arguments in [["stats", "--formt", "json"], ["read", "a.csv", "b.csv"], ["stats", "a.csv", "--format"]] {
            let run = runTool(arguments)
            #expect(run.status == 64)
            #expect(run.error.contains("\nUsage: hingetool "), "\(arguments)")
        }
    }

    @Test("Folder and file errors name the path and the system's reason, never Foundation's wording")
    func noFoundationWording() throws {
        let folder = temporaryFolder()
        try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        let trace = folder + "/t.csv"
        #expect(runTool(["synth", "slow-bend", "-o", trace]).status == 0)
        let runs = [
            runTool(["synth-film", "cut", "--out-dir", folder + "/file/sub"]),
            runTool(["plot", "trace", trace, "--out-dir", folder + "/file/sub"]),
            runTool(["demo", trace, "--out-dir", folder + "/file"]),
            runTool(["stats", trace, "-o", folder + "/file/out.txt"]),
        ]
        for run in runs {
            #expect(run.status == 74, "\(run.error)")
            #expect(run.error.contains("Not a directory"), "\(run.error)")
            #expect(run.error.contains(folder + "/file"), "\(run.error)")
            for wording in ["could not be completed", "couldn’t be", "couldn't be", "NSCocoaErrorDomain"] {
                #expect(!run.error.contains(wording))
            }
        }
    }
}
