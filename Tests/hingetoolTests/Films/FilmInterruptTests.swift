import Foundation
import HingeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `film VIDEO` interrupted while ffmpeg streams frames into it: the tool dies of the signal,
/// ffmpeg's whole process group goes with it, and nothing is left in the temporary folder or
/// beside `-o`. `film` refuses a FIFO as its video (issue 21: nothing may wait on one), so the
/// test puts an `ffmpeg` of its own first on `PATH`: a script that runs the real ffmpeg on the
/// regular file, says so, and then holds the pipe to `film` open (`exec sleep`), so `film` waits
/// for more frames for as long as the test likes. Every process of the test runs in a group that
/// is killed on timeout.
@Suite("film VIDEO interrupted: ffmpeg does not survive", .serialized)
struct FilmInterruptTests {
    @Test(
        "INT, TERM and HUP mid-stream end film and its ffmpeg, and leave no temporary file", .slow,
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func interrupted(signal: Int32) throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc to find ffmpeg")
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let temporary = work + "/tmp"
        let outputs = work + "/out"
        for folder in [temporary, outputs] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // A small MPEG transport stream (it can be read from a pipe, unlike an mp4 whose index is at the end).
        let made = GuardedProcess(
            arguments: [
                "/usr/bin/env", "ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i",
                "testsrc=size=64x48:rate=25", "-t", "2", "-c:v", "mpeg1video", "-f", "mpegts", work + "/whole.ts",
            ], folder: work, timeLimit: 120
        ).run()
        try #require(made.status == 0, "ffmpeg could not make the test video: \(made.error)")
        let real = GuardedProcess(arguments: ["/bin/sh", "-c", "command -v ffmpeg"], folder: work, timeLimit: 30).run()
        let ffmpegPath = real.output.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(real.status == 0 && !ffmpegPath.isEmpty, "ffmpeg is not on PATH")
        // The stand-in: the real ffmpeg's frames, then a pipe held open (same process, same group).
        let bin = work + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // It writes its own id to `fed` (whole, by a rename) once the real ffmpeg is done: `film`
        // runs ffmpeg twice on so small a video (the first is stopped after one frame), and the
        // stand-in is named `ffmpeg` only until its `exec`, too briefly to be seen on a loaded machine.
        try
            "#!/bin/sh\n'\(ffmpegPath)' \"$@\" || exit $?\necho $$ >'\(work)/fed.part'\nmv '\(work)/fed.part' '\(work)/fed'\nexec sleep 600\n"
            .write(
                toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/ffmpeg")
        var child = GuardedProcess(
            arguments: [builtTool, "film", work + "/whole.ts", "-o", outputs + "/rows.dat"], folder: work,
            timeLimit: 120)
        child.environment = [
            "TMPDIR": temporary + "/",
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
        let film = child.start()
        // Whatever fails below, film's group (and so the test's ffmpeg, through film) is killed.
        var waited = false
        defer { if !waited { stopGroup(film) } }
        // Wait (a hang guard, not a speed assumption) until the ffmpeg that film reads has sent it all.
        var fed: pid_t?
        let deadline = Date().addingTimeInterval(100)
        while Date() < deadline, film.isRunning(), fed == nil {
            fed = (try? String(contentsOfFile: work + "/fed", encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if fed == nil { usleep(20_000) }
        }
        // If the test fails before the signal, ffmpeg (a group of its own) goes too.
        defer { if let fed { kill(-fed, SIGKILL) } }
        let ffmpeg = try #require(fed, "the stand-in ffmpeg never finished under film")
        let stat = try #require(Self.processes().first { $0.pid == ffmpeg }, "the stand-in ffmpeg (\(ffmpeg)) is gone")
        try #require(stat.parent == film.pid, "the stand-in ffmpeg (\(ffmpeg)) is not film's child")
        let group = try #require(stat.group, "no group for the stand-in ffmpeg (\(ffmpeg))")
        try #require(group == ffmpeg, "ffmpeg runs in film's group, not a group of its own")
        // ffmpeg has decoded every frame and its stand-in holds the pipe open; film waits on it.
        usleep(300_000)
        #expect(film.isRunning(), "film ended before the signal: it should wait for the rest of the stream")
        film.send(signal)
        let run = film.wait()
        waited = true
        #expect(!run.timedOut)
        #expect(run.signal == signal, "status \(run.status ?? -1), signal \(run.signal ?? 0): \(run.error)")
        // ffmpeg itself is gone, and not one process of its group is left alive. A killed process
        // whose parent died first waits as a zombie until init reaps it (film's first ffmpeg is
        // stopped once the first frame shows a tiny video, while the stand-in's real ffmpeg
        // still runs under it); a zombie runs nothing, so only live members count.
        errno = 0
        #expect(kill(group, 0) == -1 && errno == ESRCH, "ffmpeg (\(group)) survived film")
        let alive = Self.members(of: group)
        #expect(alive.isEmpty, "ffmpeg's group \(group) survived film: \(alive)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs).isEmpty)
    }

    /// Every process now: its pid, command name, state, parent and group (from /proc/PID/stat).
    static func processes() -> [(pid: pid_t, name: Substring, state: Substring, parent: pid_t?, group: pid_t?)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the name: state, parent, group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2 else { return nil }
            return (pid, stat[stat.index(after: open)..<close], fields[0], pid_t(fields[1]), pid_t(fields[2]))
        }
    }

    /// The processes of group `group` that are not zombies, as `pid (name) state`.
    static func members(of group: pid_t) -> [String] {
        processes().filter { $0.group == group && $0.state != "Z" }.map { "\($0.pid) (\($0.name)) \($0.state)" }
    }

    /// The first process whose parent is `parent` and whose command name is `name`.
    static func child(of parent: pid_t, named name: String) -> pid_t? {
        processes().first { $0.name == name && $0.parent == parent }?.pid
    }
}
