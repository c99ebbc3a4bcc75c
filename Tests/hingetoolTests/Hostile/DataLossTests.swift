import Foundation
import HingeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, "data loss": each finding, run as a user would (the built tool in a child
/// process of its own group, under a memory limit and a hang guard). Every output goes
/// through one layer (`FileOutput`, `OutputSet`, `ChildProgram`, `TemporaryFolder`), so
/// these tests also stand for the commands that use it later.
@Suite("Data loss: outputs onto inputs, owned folders, children and temporary folders on signals", .serialized)
struct DataLossTests {
    static let trace = dataset("flat-to-laptop.csv")

    func contents(_ path: String) -> Data? { try? Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("demo TRACE --out D does not overwrite its input when it carries an output's name")
    func demoOverwritesItsOwnInput() throws {
        let folder = temporaryFolder()
        let input = folder + "/demo-effects.dat"
        try FileManager.default.copyItem(atPath: Self.trace, toPath: input)
        let before = contents(input)
        let run = runChild(["demo", input, "--out-dir", folder, "--force"], in: folder)
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("is the input"), "\(run.error)")
        #expect(contents(input) == before)
    }

    @Test("demo into its own folder again replaces its files; into someone else's it refuses without --force")
    func demoOwnsItsFolder() throws {
        let folder = temporaryFolder()
        #expect(runChild(["demo", "--out-dir", folder + "/d"], in: folder).status == 0)
        #expect(runChild(["demo", "--out-dir", folder + "/d"], in: folder).status == 0)
        let theirs = folder + "/e"
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: theirs + "/demo-reading.gp"))
        let refused = runChild(["demo", "--out-dir", theirs], in: folder)
        #expect(refused.status == 64, "\(refused.error)")
        #expect(String(decoding: contents(theirs + "/demo-reading.gp") ?? Data(), as: UTF8.self) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs) == ["demo-reading.gp"])
        #expect(runChild(["demo", "--out-dir", theirs, "--force"], in: folder).status == 0)
    }

    @Test("plot film does not overwrite its --hinge trace, nor a frame named like its output")
    func plotFilmOverwritesHinge() throws {
        let folder = temporaryFolder()
        #expect(runChild(["synth-film", "late-motion", "--out-dir", folder + "/film"], in: folder).status == 0)
        let hinge = folder + "/plots/film.dat"
        try FileManager.default.createDirectory(atPath: folder + "/plots", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/film/hinge.csv", toPath: hinge)
        let before = contents(hinge)
        let run = runChild(
            [
                "plot", "film", folder + "/film", "--hinge", hinge, "--name", "film", "--out-dir", folder + "/plots",
                "--force",
            ],
            in: folder)
        #expect(run.status == 64, "\(run.error)")
        #expect(contents(hinge) == before)
        // Into the frame folder itself: refused, nothing added to the frames.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/film").sorted()
        let into = runChild(["plot", "film", folder + "/film", "--out-dir", folder + "/film", "--force"], in: folder)
        #expect(into.status == 64, "\(into.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/film").sorted() == names)
    }

    @Test("synth-film into a folder with files it did not write refuses, and never mixes two films")
    func synthFilmIntoExistingFolder() throws {
        let folder = temporaryFolder()
        let film = folder + "/film"
        try FileManager.default.createDirectory(atPath: film, withIntermediateDirectories: true)
        try Data("someone's frame".utf8).write(to: URL(fileURLWithPath: film + "/000000.png"))
        let refused = runChild(["synth-film", "cut", "--out-dir", film], in: folder)
        #expect(refused.status == 64, "\(refused.error)")
        #expect(refused.error.contains("--force"), "\(refused.error)")
        #expect(String(decoding: contents(film + "/000000.png") ?? Data(), as: UTF8.self) == "someone's frame")
        // Its own earlier film is replaced whole: the second film's frames only.
        let own = folder + "/own"
        #expect(runChild(["synth-film", "crossfade", "--out-dir", own], in: folder).status == 0)
        #expect(runChild(["synth-film", "cut", "--out-dir", own], in: folder).status == 0)
        let alone = folder + "/alone"
        #expect(runChild(["synth-film", "cut", "--out-dir", alone], in: folder).status == 0)
        let visible = { (path: String) in
            try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        }
        #expect(try visible(own) == visible(alone))
        for name in try visible(alone) { #expect(contents(own + "/" + name) == contents(alone + "/" + name)) }
    }

    @Test("synth-film never follows a planted link out of its folder, even with --force")
    func synthFilmFollowsPlantedSymlinks() throws {
        let folder = temporaryFolder()
        let film = folder + "/film"
        #expect(runChild(["synth-film", "cut", "--out-dir", film], in: folder).status == 0)
        let victim = folder + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        unlink(film + "/truth.json")
        symlink(victim, film + "/truth.json")
        let refused = runChild(["synth-film", "cut", "--out-dir", film], in: folder)
        #expect(refused.status == 64, "\(refused.error)")
        let forced = runChild(["synth-film", "cut", "--out-dir", film, "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.error)")
        #expect(String(decoding: contents(victim) ?? Data(), as: UTF8.self) == "precious")
        #expect(fileType(film + "/truth.json") == S_IFREG)
    }

    @Test("synth-film onto a FIFO at a frame's name refuses at once instead of hanging")
    func synthFilmHangsOnFIFO() throws {
        let folder = temporaryFolder()
        let film = folder + "/film"
        try FileManager.default.createDirectory(atPath: film, withIntermediateDirectories: true)
        try #require(makeNode(film + "/truth.json"))
        let run = runChild(["synth-film", "cut", "--out-dir", film], in: folder, timeLimit: 30)
        #expect(!run.timedOut)
        #expect(run.status == 64, "\(run.error)")
        let forced = runChild(["synth-film", "cut", "--out-dir", film, "--force"], in: folder, timeLimit: 30)
        #expect(!forced.timedOut)
        #expect(forced.status == 0, "\(forced.error)")
        #expect(fileType(film + "/truth.json") == S_IFREG)
    }

    @Test("fold-render --png X -o X is refused before either is written")
    func foldRenderPngOverOutput() throws {
        let folder = temporaryFolder()
        let both = folder + "/x"
        try Data("previous".utf8).write(to: URL(fileURLWithPath: both))
        let run = runChild(["fold-render", "--tilt", "10", "--png", both, "-o", both], in: folder)
        #expect(run.status == 64, "\(run.error)")
        #expect(String(decoding: contents(both) ?? Data(), as: UTF8.self) == "previous")
    }

    /// The processes whose command line mentions `marker`, from /proc.
    static func processes(mentioning marker: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(marker) ? line : nil
        }
    }

    @Test(
        "An interrupted film VIDEO leaves nothing in TMPDIR and no ffmpeg behind",
        .slow, arguments: [SIGINT, SIGTERM, SIGUSR1])
    func filmVideoInterruptLeavesFrames(signal: Int32) throws {
        let folder = temporaryFolder()
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is needed")
        let video = folder + "/clip.mp4"
        let made = GuardedProcess(
            arguments: [
                "/usr/bin/ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "60",
                "-pix_fmt", "yuv420p", video,
            ], folder: folder, timeLimit: 120
        ).run()
        try #require(made.status == 0, "\(made.error)")
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var child = GuardedProcess(arguments: [builtTool, "film", video, "-o", folder + "/out.dat"], folder: folder)
        child.environment = ["TMPDIR": temporary + "/"]
        let started = child.start()
        // Once ffmpeg streams frames into the tool's pipe (issue 24: no frame file is written).
        var ffmpeg: pid_t?
        for _ in 0..<6000 where started.isRunning() {
            ffmpeg = FilmInterruptTests.child(of: started.pid, named: "ffmpeg")
            if ffmpeg != nil { break }
            usleep(5000)
        }
        usleep(200_000)
        started.send(signal)
        let run = started.wait()
        #expect(ffmpeg != nil, "no ffmpeg ran under film")
        #expect(run.signal == signal, "status \(String(describing: run.status)) error \(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
        #expect(Self.processes(mentioning: video).isEmpty)
        #expect(fileType(folder + "/out.dat") == nil)
    }

    @Test("SIGQUIT ends the run by SIGQUIT, with no crash report and no output left")
    func sigquitCrashReportExit0() throws {
        let folder = temporaryFolder()
        let big = folder + "/big.csv"
        #expect(runChild(["synth", "flat-to-laptop", "--repeat", "200", "-o", big], in: folder).status == 0)
        let child = GuardedProcess(
            arguments: [builtTool, "read", big, "--rate", "2000", "-o", folder + "/out.dat"], folder: folder
        ).start()
        usleep(300_000)
        child.send(SIGQUIT)
        let run = child.wait()
        #expect(run.signal == SIGQUIT, "status \(String(describing: run.status))")
        #expect(!run.error.contains("crashed"), "\(run.error)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("out.dat") } == [])
    }
}
