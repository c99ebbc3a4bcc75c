import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// The completion scripts and the man page, run through the real shells and man-db.
@Suite("hingetool: completions, man page, install")
struct CompletionAndManualTests {
    /// Writes `text` to `name` in a fresh folder and returns the path.
    static func write(_ text: String, named name: String, in folder: String = temporaryFolder()) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func shell(_ arguments: [String], in folder: String) -> ChildRun {
        GuardedProcess(arguments: arguments, folder: folder, timeLimit: 60).run()
    }

    /// What bash's completion function offers for `line` (the last word is the one completed;
    /// a line ending in a space completes an empty word), run in `folder`.
    static func bashCompletions(_ line: String, in folder: String = temporaryFolder()) throws -> [String] {
        let script = try write(runTool(["--generate-completion-script", "bash"]).output, named: "hingetool.bash")
        var words = line.split(separator: " ").map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        // The child's own capture files go to another folder, so `folder` holds only the test's.
        let driver = """
            cd '\(folder)' || exit 1
            source '\(script)'
            COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
            _hingetool
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = shell(["/bin/bash", "-c", driver], in: temporaryFolder())
        #expect(run.status == 0, "\(run.error)")
        return run.output.split(separator: "\n").map(String.init).sorted()
    }

    @Test("bash completes subcommands, plot kinds, options and option values from the declarations")
    func bash() throws {
        #expect(try Self.bashCompletions("hingetool st") == ["stats"])
        let top = try Self.bashCompletions("hingetool ")
        #expect(top == (HingeTool.subcommands.map { $0.spec.name } + ["help"]).sorted())
        #expect(try Self.bashCompletions("hingetool plot r") == ["reading"])
        #expect(try Self.bashCompletions("hingetool read x.csv --vel") == ["--velocity"])
        #expect(
            try Self.bashCompletions("hingetool read x.csv --velocity ")
                == ["difference", "kalman", "lsq", "lsq2-android", "lsq2-android-held"])
        #expect(try Self.bashCompletions("hingetool plot reading x.csv --terminal s") == ["svg"])
        #expect(try Self.bashCompletions("hingetool plot reading x.csv --na") == ["--name"])
        #expect(try Self.bashCompletions("hingetool curve ") == ["bloom", "lean", "ramp", "unfold"])
        #expect(try Self.bashCompletions("hingetool spring --preset sn") == ["snappy"])
        // A number has nothing to offer; the deprecated --out is not offered.
        #expect(try Self.bashCompletions("hingetool read x.csv --rate ") == [])
        #expect(try Self.bashCompletions("hingetool plot spring --out") == ["--out-dir"])
        // Files for a trace or -o, folders only for --out-dir.
        let folder = temporaryFolder()
        _ = try Self.write("t,angle\n", named: "trace.csv", in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/plots", withIntermediateDirectories: true)
        #expect(try Self.bashCompletions("hingetool stats ", in: folder) == ["plots", "trace.csv"])
        #expect(try Self.bashCompletions("hingetool stats trace.csv -o ", in: folder) == ["plots", "trace.csv"])
        #expect(try Self.bashCompletions("hingetool demo --out-dir ", in: folder) == ["plots"])
    }

    @Test("Every word a script offers is plain, so the scripts need no quoting")
    func plainWords() {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:")
        for entry in HingeTool.catalogue {
            for word in entry.path { #expect(word.allSatisfy(plain.contains), "\(word)") }
            for option in entry.spec.allOptions {
                for word in option.names + (option.kind.words ?? []) {
                    #expect(word.allSatisfy(plain.contains), "\(entry.path) \(word)")
                }
            }
        }
        #expect(
            CompletionScript.plainDescription("Position: the 'raw' [x] $HOME `id`. More.")
                == "Position - the ’raw’ (x) HOME id")
    }

    @Test("zsh and fish accept their scripts (zsh -n, fish -n), and fish offers the declared words")
    func zshAndFish() throws {
        let folder = temporaryFolder()
        let zsh = try Self.write(
            runTool(["--generate-completion-script", "zsh"]).output, named: "_hingetool", in: folder)
        let zshCheck = Self.shell(["/usr/bin/env", "zsh", "-n", zsh], in: folder)
        #expect(zshCheck.status == 0, "\(zshCheck.error)")
        let fish = try Self.write(
            runTool(["--generate-completion-script", "fish"]).output, named: "h.fish", in: folder)
        let fishCheck = Self.shell(["/usr/bin/env", "fish", "-n", fish], in: folder)
        #expect(fishCheck.status == 0, "\(fishCheck.error)")
        let offered = Self.shell(
            [
                "/usr/bin/env", "fish", "--no-config", "-c",
                "source '\(fish)'; complete -C 'hingetool read x.csv --velocity '",
            ], in: folder)
        #expect(offered.status == 0, "\(offered.error)")
        #expect(offered.output.split(separator: "\n").map { $0.split(separator: "\t")[0] }.contains("lsq2-android"))
        let kinds = Self.shell(
            ["/usr/bin/env", "fish", "--no-config", "-c", "source '\(fish)'; complete -C 'hingetool plot '"],
            in: folder)
        #expect(kinds.output.contains("reading\t"))
        #expect(!kinds.output.contains("stats\t"))
    }

    @Test("The man page has a section per subcommand and man --warnings finds nothing")
    func manual() throws {
        let page = runTool(["--generate-manual"])
        #expect(page.status == 0)
        for entry in HingeTool.catalogue.dropFirst() {
            #expect(
                page.output.contains(
                    ".SS \"hingetool \(entry.path.joined(separator: " ").replacing("-", with: "\\-"))\""))
        }
        #expect(page.output.contains(".SH EXIT STATUS"))
        let path = try Self.write(page.output, named: "hingetool.1")
        // UTF-8 and plain ASCII output (a C locale): no glyph missing in either.
        for locale in ["C.UTF-8", "C"] {
            let check = Self.shell(
                ["/usr/bin/env", "LC_ALL=\(locale)", "MANWIDTH=80", "man", "--warnings", "-l", path],
                in: temporaryFolder())
            #expect(check.status == 0)
            #expect(check.error.isEmpty, "\(locale): \(check.error)")
        }
        let run = Self.shell(["/usr/bin/env", "MANWIDTH=80", "man", "-l", path], in: temporaryFolder())
        #expect(run.output.contains("hingetool plot reading"))
        #expect(run.output.contains("--max-points"))
    }

    @Test("make install-files puts the tool, man page and completions under PREFIX; uninstall removes exactly those")
    func install() throws {
        let prefix = temporaryFolder()
        let stranger = prefix + "/share/man/man1/other.1"
        try FileManager.default.createDirectory(
            atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try "keep".write(toFile: stranger, atomically: false, encoding: .utf8)
        let make = ["/usr/bin/env", "make", "--no-print-directory", "-C", packageRoot]
        let installed = Self.shell(
            make + ["install-files", "PREFIX=\(prefix)", "INSTALL_TOOL=\(builtTool)"], in: prefix)
        #expect(installed.status == 0, "\(installed.error)")
        let files = [
            "bin/hingetool", "share/man/man1/hingetool.1", "share/bash-completion/completions/hingetool",
            "share/zsh/site-functions/_hingetool", "share/fish/vendor_completions.d/hingetool.fish",
        ]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(permissions(prefix + "/bin/hingetool") == 0o755)
        // The installed tool runs from PATH with its completion, in a fresh bash.
        let session = Self.shell(
            [
                "/usr/bin/env", "PATH=\(prefix)/bin:/usr/bin:/bin", "/bin/bash", "-c",
                "source \(prefix)/share/bash-completion/completions/hingetool; hingetool --version; "
                    + "COMP_WORDS=(hingetool synth-f); COMP_CWORD=1; _hingetool; echo \"${COMPREPLY[@]}\"",
            ], in: prefix)
        #expect(session.output == HingeTool.version + "\nsynth-film\n", "\(session.error)")
        // DESTDIR stages the same tree under another root.
        let stage = temporaryFolder()
        let staged = Self.shell(
            make + ["install-files", "PREFIX=/usr/local", "DESTDIR=\(stage)", "INSTALL_TOOL=\(builtTool)"], in: stage)
        #expect(staged.status == 0, "\(staged.error)")
        #expect(FileManager.default.fileExists(atPath: stage + "/usr/local/share/man/man1/hingetool.1"))
        let removed = Self.shell(make + ["uninstall", "PREFIX=\(prefix)"], in: prefix)
        #expect(removed.status == 0, "\(removed.error)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(FileManager.default.fileExists(atPath: stranger))
    }

    @Test("make install's plan: the release build, then install-files with it; uninstall removes each file it installs")
    func installPlan() throws {
        let make = ["/usr/bin/env", "make", "--no-print-directory", "-n", "-C", packageRoot]
        let plan = Self.shell(make + ["install", "PREFIX=/opt/h", "DESTDIR=/stage"], in: temporaryFolder())
        #expect(plan.status == 0, "\(plan.error)")
        let lines = plan.output.split(separator: "\n").map(String.init)
        let build = try #require(
            lines.firstIndex { $0.contains("build -c release") && $0.contains("--product hingetool") })
        let files = try #require(
            lines.firstIndex { $0.contains("install-files INSTALL_TOOL=.build/release/hingetool") })
        #expect(build < files)
        #if os(Linux)
            // The installed tool runs without the toolchain: the Swift runtime is linked in.
            #expect(lines[build].contains("--static-swift-stdlib"))
        #endif
        // The files the plan writes (not the folders it makes), against what uninstall removes.
        func paths(_ lines: [String]) -> Set<String> {
            Set(lines.filter { !$0.hasPrefix("install -d") }.flatMap { $0.split(separator: " ") }.map(String.init))
                .filter { $0.hasPrefix("/stage/opt/h/") }
        }
        let installed = paths(lines)
        let removal = Self.shell(make + ["uninstall", "PREFIX=/opt/h", "DESTDIR=/stage"], in: temporaryFolder())
        #expect(removal.status == 0)
        #expect(installed.count == 5, "\(installed.sorted())")
        #expect(installed == paths(removal.output.split(separator: "\n").map(String.init)))
    }
}
