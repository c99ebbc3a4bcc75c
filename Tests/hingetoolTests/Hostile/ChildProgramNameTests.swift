import Foundation
import HingeSupport
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 32, "a path becomes a URL" and "a hint that runs code": every name handed to ffmpeg is
/// a file (`file:`), whatever protocol it looks like, and every command line the tool suggests
/// hands its arguments to the program byte for byte when pasted into bash.
@Suite("Names handed to child programs and printed for the shell", .serialized)
struct ChildProgramNameTests {
    /// A testsrc clip of `seconds` (different lengths give different rows).
    static func clip(_ path: String, seconds: String, source: String) throws {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"), "ffmpeg is not installed (run make deps)")
        let made = ChildProcess.run(
            ffmpeg,
            ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "\(source)=size=160x120:rate=30", "-t", seconds, path],
            timeLimit: 60)
        try #require(made.status == 0, "\(made.error)")
    }

    /// `film NAME` run from inside `folder` (so that NAME is relative, as a user types it).
    static func film(_ name: String, in folder: String, timeLimit: Double = 60) -> ChildRun {
        GuardedProcess(
            arguments: [
                "/bin/sh", "-c", "cd -- \"$1\" && shift && exec \"$@\"", "sh", folder, builtTool, "film", name,
            ],
            folder: folder, timeLimit: timeLimit
        ).run()
    }

    /// The data rows of `film`'s output (the comment lines name the input).
    static func rows(_ output: String) -> [Substring] {
        output.split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    @Test(
        "film measures the file it was given, named like an ffmpeg protocol (concat:, subfile,)",
        arguments: ["concat:a.mp4|b.mp4", "subfile,,start,0,end,0,,:a.mp4"])
    func protocolLikeNames(name: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The named file is one clip; a.mp4 and b.mp4 (what the protocol would read) are others.
        try Self.clip(folder + "/named.mp4", seconds: "0.3", source: "testsrc2")
        try Self.clip(folder + "/a.mp4", seconds: "0.6", source: "testsrc")
        try Self.clip(folder + "/b.mp4", seconds: "0.4", source: "testsrc")
        try FileManager.default.copyItem(atPath: folder + "/named.mp4", toPath: folder + "/" + name)
        let expected = Self.film("named.mp4", in: folder)
        try #require(expected.status == 0, "\(expected.error)")
        let run = Self.film(name, in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.rows(run.output) == Self.rows(expected.output), "\(run.output)\n\(run.error)")
    }

    @Test("film of a local file named http://127.0.0.1:PORT/x.mp4 reads the file and opens no socket")
    func httpLikeName() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A listener of our own on a free port of 127.0.0.1: it must see no connection.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let name = "http://127.0.0.1:\(port)/x.mp4"
        try FileManager.default.createDirectory(
            atPath: folder + "/http:/127.0.0.1:\(port)", withIntermediateDirectories: true)
        try Self.clip(folder + "/named.mp4", seconds: "0.3", source: "testsrc2")
        try FileManager.default.copyItem(atPath: folder + "/named.mp4", toPath: folder + "/" + name)
        let expected = Self.film("named.mp4", in: folder)
        try #require(expected.status == 0, "\(expected.error)")
        // ffmpeg reading it as a URL would wait on our silent listener: the guard ends that.
        let run = Self.film(name, in: folder, timeLimit: 20)
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.rows(run.output) == Self.rows(expected.output))
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        let accepted = accept(listener, nil, nil)
        if accepted >= 0 { close(accepted) }
        #expect(accepted < 0, "ffmpeg connected to 127.0.0.1:\(port)")
    }

    /// Names no shell quoting must lose or run: quotes, `$(…)`, backquotes, a newline, an
    /// escape sequence, a bidi override, a leading dash, an ffmpeg protocol.
    static let hostileNames = [
        "a'$(touch pwned)'b.mp4", "`touch pwned`.mp4", "x\n$(touch pwned)\u{1B}[31m.mp4", "\u{202E}4pm.exe",
        "-i.mp4", "concat:a.mp4|b.mp4", "it's a \"film\" \\ $HOME.mp4", "tab\there.mp4",
    ]

    @Test("ShellWord.quoted: bash receives every hostile word byte for byte and runs nothing", arguments: hostileNames)
    func shellWordRoundTrip(name: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let word = ShellWord.quoted(name)
        #expect(!word.unicodeScalars.contains { ShellWord.isHidden($0) }, "\(word)")
        let run = GuardedProcess(
            arguments: ["/bin/bash", "-c", "cd -- \"$1\" && printf %s \(word) > arg", "bash", folder], folder: folder
        ).run()
        #expect(run.status == 0, "\(run.error)")
        let arrived = try Data(contentsOf: URL(fileURLWithPath: folder + "/arg"))
        #expect(arrived == Data(name.utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    }

    @Test(
        "film without ffmpeg: the printed line, run by bash, hands ffmpeg the name as a file and runs nothing else",
        arguments: hostileNames)
    func extractHint(name: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data("video".utf8)))
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        var child = GuardedProcess(arguments: [builtTool, "film", path], folder: folder)
        child.environment = ["PATH": folder + "/empty"]
        let run = child.run()
        #expect(run.status != 0 && run.signal == nil, "\(run.status ?? -1) \(run.error)")
        #expect(!run.error.contains("\u{1B}") && !run.error.contains("\u{202E}"), "\(run.error)")
        let lines = run.error.split(separator: "\n", omittingEmptySubsequences: false)
        let hint = try #require(lines.first { $0.hasPrefix("  mkdir frames && ffmpeg ") }, "\(run.error)")
        // A stand-in ffmpeg that writes the argument after -i, in a folder of its own.
        let work = folder + "/work"
        try FileManager.default.createDirectory(atPath: work + "/bin", withIntermediateDirectories: true)
        try "#!/bin/sh\nprintf %s \"$2\" > ../arg\n".write(
            toFile: work + "/bin/ffmpeg", atomically: false, encoding: .utf8)
        chmod(work + "/bin/ffmpeg", 0o755)
        var bash = GuardedProcess(
            arguments: ["/bin/bash", "-c", "cd -- \"$1\" && eval \"$2\"", "bash", work, String(hint)], folder: folder)
        bash.environment = ["PATH": work + "/bin:/usr/bin:/bin"]
        let pasted = bash.run()
        #expect(pasted.status == 0, "\(pasted.error)")
        let arrived = try Data(contentsOf: URL(fileURLWithPath: folder + "/arg"))
        #expect(arrived == Data(("file:" + path).utf8))
        #expect(!FileManager.default.fileExists(atPath: work + "/pwned"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    }

    /// The CI flake of 2026-12-03: a stand-in ffmpeg written while another test started a long
    /// child could not be run ("Text file busy"), because the child had inherited the writer's
    /// descriptor. The same order, made deterministic: a file open for writing without
    /// close-on-exec, a long child started, the file closed and run. Without the closing of
    /// descriptors above 2 in the child the last step fails with ETXTBSY.
    @Test("a script being written when a long child starts can be run once written (no ETXTBSY)")
    func noInheritedWriter() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/tool"
        let writer = open(script, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        try #require(writer >= 0)
        let text = Array("#!/bin/sh\nexit 7\n".utf8)
        try #require(write(writer, text, text.count) == text.count)
        let long = try ChildProgram("/bin/sleep", arguments: ["30"], convention: .plain)
        defer { long.stop() }
        close(writer)
        let ran = try ChildProgram.run(script, arguments: [], convention: .plain)
        #expect(ran.status == 7, "\(String(decoding: ran.error, as: UTF8.self))")
    }
}
