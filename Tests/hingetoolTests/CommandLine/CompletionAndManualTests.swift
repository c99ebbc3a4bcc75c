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

    // MARK: Completions as people type

    /// What `shell` (bash or zsh) offers when each of `lines` and a tab are typed into it, run
    /// interactively on a terminal (zsh's zpty), so readline and zle split the words as they do
    /// for a user (bash: `--option=value` is three words). Each completion is captured where
    /// the completion function ends: bash's `COMPREPLY` (the word that replaces the one typed
    /// after the last word break), zsh's `compadd` calls (each word with its `IPREFIX` and the
    /// description the listing shows). Nothing is inserted or listed; the line is cleared
    /// before the next. The interactive shell is a session of its own (zpty): it exits when the
    /// driver's terminal closes (SIGHUP), and after 30 s without input (TMOUT).
    static func typed(_ shell: String, _ lines: [String]) throws -> [String: [Offer]] {
        let folder = temporaryFolder()
        let capture = folder + "/offered.txt"
        let setup: String
        switch shell {
        case "bash":
            let script = try write(
                runTool(["--generate-completion-script", "bash"]).output, named: "hingetool.bash", in: folder)
            setup = #"""
                unset HISTFILE; TMOUT=30
                source '\#(script)'
                _hingetool_capture() {
                    _hingetool
                    local word
                    for word in "${COMPREPLY[@]}"; do printf '%s\t\n' "$word" >> '\#(capture)'; done
                    COMPREPLY=()
                }
                complete -F _hingetool_capture hingetool
                """#
        default:
            let functions = folder + "/functions"
            try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
            _ = try write(runTool(["--generate-completion-script", "zsh"]).output, named: "_hingetool", in: functions)
            setup = #"""
                # A terminal (zpty's own) wide enough that no description is cut to fit it.
                stty columns 1000 2>/dev/null
                PS1='' RPS1='' TMOUT=30 COLUMNS=1000
                fpath=('\#(functions)' $fpath)
                autoload -Uz compinit && compinit -u -D
                # Every word a completion function adds, with IPREFIX and the description its
                # display string shows after ' -- '; calls that only test words (-O, -A, -D) pass.
                compadd() {
                    local -a __options=("${@[1,${@[(i)--]}]}")
                    if (( ${__options[(I)-[OAD]]} )); then
                        builtin compadd "$@"
                        return
                    fi
                    local -a __hits __shown
                    local __at=${__options[(I)-d]}
                    if (( __at )); then
                        local __name=${@[__at+1]}
                        if [[ $__name == \(* ]]; then eval "__shown=$__name"; else __shown=("${(@P)__name}"); fi
                    fi
                    builtin compadd -A __hits -D __shown "$@"
                    local -A __prefix
                    zparseopts -E -A __prefix P: p:
                    local __i __text
                    for (( __i = 1; __i <= $#__hits; __i++ )); do
                        __text=${__shown[__i]}
                        [[ $__text == *' -- '* ]] && __text=${__text#* -- } || __text=''
                        print -r -- "$IPREFIX${__prefix[-P]}${__prefix[-p]}$__hits[__i]"$'\t'"$__text" >> '\#(capture)'
                    done
                    builtin compadd "$@"
                }
                _hingetool_capture() {
                    _main_complete
                    compstate[insert]=''
                    compstate[list]=''
                }
                zle -C hingetool-capture complete-word _hingetool_capture
                bindkey '^I' hingetool-capture
                """#
        }
        let setupPath = try write(setup, named: "setup." + shell, in: folder)
        let command = shell == "bash" ? "bash --norc --noprofile -i" : "zsh -f -i"
        // Marks a line in the capture file, types it and a tab, then clears the line and waits
        // for an echo (the completion has run by then: the shell reads its input in order).
        let driver = #"""
            zmodload zsh/zpty || exit 2
            zpty child \#(command)
            zpty -w child "source '\#(setupPath)'; echo setup-do''ne"
            zpty -r child reply '*setup-done*' || exit 3
            for line in "$@"; do
                print -r -- "@@ $line" >> '\#(capture)'
                zpty -w -n child "$line"$'\t'
                zpty -w child $'\C-a\C-k'"echo line-do''ne"
                zpty -r child reply '*line-done*' || exit 4
            done
            zpty -d child
            """#
        let driverPath = try write(driver, named: "drive.zsh", in: folder)
        var process = GuardedProcess(
            arguments: ["/usr/bin/env", "zsh", "-f", driverPath] + lines, folder: temporaryFolder(), timeLimit: 60)
        process.environment = ["HOME": folder, "TERM": "dumb"]
        process.workingFolder = folder
        let run = process.run()
        #expect(run.status == 0, "\(shell): \(run.error)")
        return Self.offers(in: (try? String(contentsOfFile: capture, encoding: .utf8)) ?? "")
    }

    /// A word a completion offers and the description shown beside it (empty where none).
    struct Offer: Hashable, CustomStringConvertible {
        var word: String
        var help: String
        var description: String { help.isEmpty ? word : word + " (" + help + ")" }
    }

    /// The capture file's sections: `@@ line`, then a `word<TAB>description` line per offer.
    static func offers(in text: String) -> [String: [Offer]] {
        var offers: [String: [Offer]] = [:]
        var line = ""
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if row.hasPrefix("@@ ") {
                line = String(row.dropFirst(3))
                offers[line] = []
            } else if let tab = row.firstIndex(of: "\t") {
                offers[line, default: []].append(
                    Offer(word: String(row[..<tab]), help: String(row[row.index(after: tab)...])))
            }
        }
        return offers
    }

    /// What fish offers for `line` (`complete -C`), and what it printed on standard error.
    static func fishOffers(_ line: String, script: String) -> (offers: [Offer], error: String) {
        let run = shell(
            ["/usr/bin/env", "fish", "--no-config", "-c", "source '\(script)'; complete -C '\(line)'"],
            in: temporaryFolder())
        #expect(run.status == 0, "\(run.error)")
        let offers = run.output.split(separator: "\n").map { row in
            let parts = row.split(separator: "\t", maxSplits: 1).map(String.init)
            return Offer(word: parts[0], help: parts.count > 1 ? parts[1] : "")
        }
        return (offers, run.error)
    }

    /// The lines each shell is tried with: an option right after the subcommand, the next item
    /// of a comma-separated list, a value after '='; with the words expected (the catalogue's
    /// declarations are the oracle: `--fail-on`'s kinds, `--velocity`'s methods). `attached`
    /// is what the shell keeps in front of a word after '=' (zsh and fish the option, bash
    /// nothing: readline completes the word after the '=').
    static func typedCases(attached: (String) -> String) -> [(line: String, words: [String])] {
        let kinds = FilmGate.kinds
        let velocities = ReadOptions.Velocity.words
        let fresh = kinds.filter { !["cut", "blink"].contains($0) }
        return [
            ("hingetool read --velocity ", velocities),
            ("hingetool film --fail-on ", kinds),
            ("hingetool film clip.mp4 --fail-on bl", ["blank-frame", "blink"]),
            ("hingetool film clip.mp4 --fail-on blink,", kinds.filter { $0 != "blink" }.map { "blink," + $0 }),
            ("hingetool film --fail-on cut,blink,l", ["cut,blink,late-motion", "cut,blink,lead-in"]),
            ("hingetool film --fail-on=", kinds.map { attached("--fail-on=") + $0 }),
            ("hingetool film --fail-on=cut,blink,", fresh.map { attached("--fail-on=") + "cut,blink," + $0 }),
            (
                "hingetool read x.csv --velocity=lsq",
                velocities.filter { $0.hasPrefix("lsq") }.map { attached("--velocity=") + $0 }
            ),
            ("hingetool read --velocity=", velocities.map { attached("--velocity=") + $0 }),
        ]
    }

    @Test("bash, typed on a terminal: an option first, the next item after a comma, a value after '='")
    func bashAsTyped() throws {
        let cases = Self.typedCases { _ in "" }
        let offered = try Self.typed("bash", cases.map(\.line) + ["hingetool stats --quiet="])
        for (line, words) in cases {
            #expect(offered[line]?.map(\.word).sorted() == words.sorted(), "\(line)")
        }
        // A flag takes no value: nothing after its '='.
        #expect(offered["hingetool stats --quiet="] == [])
    }

    @Test("zsh, typed on a terminal: an option first, the next item after a comma, a value after '='")
    func zshAsTyped() throws {
        let cases = Self.typedCases { $0 }
        let offered = try Self.typed("zsh", cases.map(\.line))
        for (line, words) in cases {
            #expect(offered[line]?.map(\.word).sorted() == words.sorted(), "\(line)")
            #expect(offered[line]?.allSatisfy { !$0.help.isEmpty } == true, "\(line): \(offered[line] ?? [])")
        }
    }

    @Test("fish: an option first, the next item after a comma, a value after '=', and nothing on standard error")
    func fishAsTyped() throws {
        let script = try Self.write(runTool(["--generate-completion-script", "fish"]).output, named: "h.fish")
        for (line, words) in Self.typedCases(attached: { $0 }) {
            let (offers, error) = Self.fishOffers(line, script: script)
            #expect(error.isEmpty, "\(line): \(error.prefix(300))")
            #expect(offers.map(\.word).sorted() == words.sorted(), "\(line)")
        }
    }

    @Test("zsh describes every word of every choice and list, for options and arguments alike")
    func zshDescribesEveryWord() throws {
        // Each command's choice options, typed right after the command, and its first argument
        // where that is a choice.
        var expected: [String: (words: [String], help: [String: String])] = [:]
        for entry in HingeTool.catalogue where !entry.path.isEmpty {
            let command = (["hingetool"] + entry.path).joined(separator: " ")
            for option in entry.spec.visibleOptions {
                guard let words = option.kind.words else { continue }
                expected[command + " " + option.longName + " "] = (words, option.wordHelp)
            }
            if entry.spec.subcommands.isEmpty, let argument = entry.spec.arguments.first,
                let words = argument.kind.words
            {
                expected[command + " "] = (words, argument.wordHelp)
            }
        }
        #expect(expected.count > 30, "\(expected.count) lines")
        let offered = try Self.typed("zsh", expected.keys.sorted())
        for (line, (words, help)) in expected {
            let offers = offered[line] ?? []
            #expect(Set(offers.map(\.word)) == Set(words), "\(line)")
            for offer in offers {
                // The description zsh shows is the declaration's, not empty and not the word again.
                #expect(!offer.help.isEmpty && offer.help != offer.word, "\(line): \(offer)")
                #expect(offer.help == CompletionScript.plainDescription(help[offer.word] ?? ""), "\(line): \(offer)")
            }
        }
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
        // Each subcommand's examples, under its section, as --help prints them.
        for entry in HingeTool.catalogue where !entry.isGroup && !entry.path.isEmpty {
            for line in HelpFormatter.exampleLines(for: entry.spec, path: ["hingetool"] + entry.path) {
                #expect(page.output.contains("\n" + ManualPage.escaped(line) + "\n"), "\(line)")
            }
        }
        #expect(run.output.contains("Examples:\n"))
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
