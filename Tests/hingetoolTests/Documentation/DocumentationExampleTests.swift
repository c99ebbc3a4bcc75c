import Foundation
import HingeTestSupport
import Testing

/// The `hingetool` lines of README.md and docs/getting-started.md run as written, in order,
/// with the built tool, from a fresh folder that holds only links to `Datasets/` and `Tests/`
/// (so the examples cannot lean on files a developer happens to have).
@Suite("Documentation examples run as written")
struct DocumentationExampleTests {
    /// The command lines of the ```sh blocks, without comments; `make` lines are left out
    /// (they build the tool these lines run).
    static func commands(in file: String) throws -> [String] {
        let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
        var inBlock = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
                continue
            }
            guard inBlock else { continue }
            let command = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            if command.isEmpty || command.hasPrefix("make ") { continue }
            lines.append(command)
        }
        return lines
    }

    @Test("Every example line exits 0", arguments: ["README.md", "docs/getting-started.md"])
    func examplesRun(file: String) throws {
        let folder = temporaryFolder()
        for name in ["Datasets", "Tests"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/" + name, withDestinationPath: packageRoot + "/" + name)
        }
        let commands = try Self.commands(in: file)
        #expect(commands.count >= 5)
        for command in commands {
            // `hingetool` is the built one; a shell runs the line so redirections work.
            let line = command.replacingOccurrences(of: "hingetool ", with: "'\(builtTool)' ")
            let run = GuardedProcess(
                arguments: ["/bin/sh", "-c", "cd '\(folder)' && \(line)"], folder: folder, timeLimit: 300
            ).run()
            #expect(run.status == 0, "\(file): \(command)\n\(run.error)")
        }
    }
}
