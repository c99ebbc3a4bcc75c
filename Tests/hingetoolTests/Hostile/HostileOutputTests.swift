import Foundation
import HingeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 13, "data loss": where `-o` and standard output go, run as a user would run the
/// tool: the built executable in a child process of its own, under a memory and a time limit.
/// Device nodes and FIFOs are made in the test's own folder, never the machine's /dev.
@Suite("Hostile outputs: devices, FIFOs, links, folders, full disks, signals, pipes", .serialized)
struct HostileOutputTests {
    static let trace = dataset("flat-to-laptop.csv")

    @Test("-o onto a null device writes to it and leaves it a device")
    func outputOntoNullDevice() throws {
        let folder = temporaryFolder()
        try #require(makeNode(folder + "/null", characterDevice: (1, 3)), "mknod needs root")
        let run = runChild(["read", Self.trace, "-o", folder + "/null"], in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(fileType(folder + "/null") == S_IFCHR)
    }

    @Test("-o onto a full device fails with exit 74 and the reason, and leaves it a device")
    func outputOntoFullDevice() throws {
        let folder = temporaryFolder()
        try #require(makeNode(folder + "/full", characterDevice: (1, 7)), "mknod needs root")
        let run = runChild(["read", Self.trace, "-o", folder + "/full"], in: folder)
        #expect(run.status == 74)
        #expect(run.error.contains("No space left on device"), "\(run.error)")
        #expect(fileType(folder + "/full") == S_IFCHR)
    }

    @Test("Standard output onto a full device: exit 74 and 'hingetool: write error: …'")
    func standardOutputOntoFullDevice() throws {
        let folder = temporaryFolder()
        try #require(makeNode(folder + "/full", characterDevice: (1, 7)), "mknod needs root")
        var child = GuardedProcess(arguments: [builtTool, "read", Self.trace], folder: folder)
        child.outputPath = folder + "/full"
        let run = child.run()
        #expect(run.status == 74)
        #expect(run.error == "hingetool: write error: No space left on device\n")
    }

    @Test("-o onto a FIFO writes through it to its reader and leaves it a FIFO")
    func outputOntoFIFO() throws {
        let folder = temporaryFolder()
        try #require(makeNode(folder + "/fifo"))
        let reader = startShell("cat '\(folder)/fifo' > '\(folder)/received'", in: folder)
        let run = runChild(["read", Self.trace, "-o", folder + "/fifo"], in: folder)
        _ = reader.wait()
        #expect(run.status == 0, "\(run.error)")
        #expect(fileType(folder + "/fifo") == S_IFIFO)
        let expected = runChild(["read", Self.trace], in: folder).output
        #expect(try String(contentsOfFile: folder + "/received", encoding: .utf8) == expected)
    }

    @Test("-o onto a Unix-domain socket connects and writes to it, and leaves it a socket")
    func outputOntoSocket() throws {
        let folder = temporaryFolder()
        let socketPath = folder + "/sock"
        let server = startShell(
            "python3 -c \"import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); "
                + "c,_=s.accept(); open(sys.argv[2],'wb').write(b''.join(iter(lambda: c.recv(65536), b'')))\" "
                + "'\(socketPath)' '\(folder)/received'", in: folder)
        defer { stopGroup(server) }
        for _ in 0..<2000 where fileType(socketPath) != S_IFSOCK { usleep(5000) }
        try #require(fileType(socketPath) == S_IFSOCK, "python3 did not make the socket")
        let run = runChild(["read", Self.trace, "-o", socketPath], in: folder)
        _ = server.wait()
        #expect(run.status == 0, "\(run.error)")
        #expect(fileType(socketPath) == S_IFSOCK)
        let expected = runChild(["read", Self.trace], in: folder).output
        #expect(try String(contentsOfFile: folder + "/received", encoding: .utf8) == expected)
    }

    @Test("-o onto a symbolic link replaces its target, keeps the link and the target's mode")
    func outputOntoSymlink() throws {
        let folder = temporaryFolder()
        try "old\n".write(toFile: folder + "/target", atomically: false, encoding: .utf8)
        chmod(folder + "/target", 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "target")
        let run = runChild(["read", Self.trace, "-o", folder + "/link"], in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(fileType(folder + "/link") == S_IFLNK)
        #expect(permissions(folder + "/target") == 0o600)
        let written = try String(contentsOfFile: folder + "/target", encoding: .utf8)
        #expect(written.hasPrefix("# hingetool read"))
    }

    @Test("-o onto a regular file keeps its mode (0600 stays 0600; 0640 stays 0640)", arguments: [0o600, 0o640])
    func outputKeepsMode(mode: Int) throws {
        let folder = temporaryFolder()
        try "old\n".write(toFile: folder + "/out.dat", atomically: false, encoding: .utf8)
        chmod(folder + "/out.dat", mode_t(mode))
        let run = runChild(["read", Self.trace, "-o", folder + "/out.dat"], in: folder)
        #expect(run.status == 0)
        #expect(permissions(folder + "/out.dat") == mode_t(mode))
    }

    @Test("-o onto a directory is a clear error and changes nothing", arguments: ["adir", "adir/", ".", "adir/.."])
    func outputOntoDirectory(name: String) throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/adir", withIntermediateDirectories: true)
        let run = runChild(["read", Self.trace, "-o", folder + "/" + name], in: folder)
        #expect(run.status == 74)
        #expect(run.error.contains("directory"), "\(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/adir").isEmpty)
    }

    @Test("-o with a 254-byte file name works (the temporary name is cut to fit NAME_MAX)")
    func longFileName() throws {
        let folder = temporaryFolder()
        let name = String(repeating: "a", count: 250) + ".dat"
        let run = runChild(["read", Self.trace, "-o", folder + "/" + name], in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(FileManager.default.fileExists(atPath: folder + "/" + name))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test(
        "Every terminating signal while writing -o leaves no temporary file and no output (issue 21: USR1, USR2, ALRM, XFSZ, QUIT too)",
        arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXFSZ])
    func interruptRemovesTemporaryFile(signal: Int32) throws {
        let folder = temporaryFolder()
        let big = folder + "/big.csv"
        #expect(runChild(["synth", "flat-to-laptop", "--repeat", "200", "-o", big], in: folder).status == 0)
        let outputs = folder + "/out"
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
        let child = GuardedProcess(
            arguments: [builtTool, "read", big, "--rate", "2000", "-o", outputs + "/out.dat"], folder: folder
        ).start()
        // Mid-write: once the temporary file exists (the run takes seconds after that).
        var sawTemporary = false
        for _ in 0..<6000 where child.isRunning() {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: outputs), !names.isEmpty {
                sawTemporary = true
                break
            }
            usleep(5000)
        }
        child.send(signal)
        let run = child.wait()
        #expect(sawTemporary)
        #expect(
            run.signal == signal, "status \(String(describing: run.status)) signal \(String(describing: run.signal))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs) == [])
    }

    @Test("A closed pipe ends the run quietly with status 0")
    func closedPipeEndsQuietly() throws {
        let folder = temporaryFolder()
        let big = folder + "/big.csv"
        #expect(runChild(["synth", "flat-to-laptop", "--repeat", "50", "-o", big], in: folder).status == 0)
        // `head -c 100` reads a little and exits; the tool's next write meets EPIPE. The
        // braces give the tool's own status, not the pipeline's.
        let pipeline = startShell(
            "{ '\(builtTool)' read '\(big)' --rate 1000 2> '\(folder)/stderr'; echo $? > '\(folder)/status'; } "
                + "| head -c 100 > '\(folder)/head'", in: folder)
        let run = pipeline.wait()
        #expect(!run.timedOut)
        #expect(try String(contentsOfFile: folder + "/stderr", encoding: .utf8) == "")
        #expect(try String(contentsOfFile: folder + "/status", encoding: .utf8) == "0\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/head")).count == 100)
    }

    @Test("An unwritable folder is exit 74 with the reason (run as nobody: root ignores permissions)")
    func unwritableFolder() throws {
        // Root may write anywhere, so the child drops to nobody with setpriv(1); without it the
        // case cannot be made and is reported as skipped.
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv(1) is needed")
        let folder = temporaryFolder()
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        chmod(locked, 0o755)
        let run = GuardedProcess(
            arguments: [
                "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", builtTool, "curve", "--effect",
                "bloom", "-o", locked + "/out.dat",
            ], folder: folder
        ).run()
        #expect(run.status == 74)
        #expect(run.error.contains("Permission denied"), "\(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }

    @Test("A failed gnuplot run keeps the previous picture")
    func failedGnuplotKeepsPicture() throws {
        let folder = temporaryFolder()
        let fake = folder + "/gnuplot"
        try "#!/bin/sh\ncat > /dev/null\necho broken >&2\nexit 1\n".write(
            toFile: fake, atomically: false, encoding: .utf8)
        chmod(fake, 0o755)
        let picture = folder + "/plots/trace.png"
        try FileManager.default.createDirectory(atPath: folder + "/plots", withIntermediateDirectories: true)
        try Data("previous picture".utf8).write(to: URL(fileURLWithPath: picture))
        let run = runChild(
            ["plot", "trace", dataset("no-hinge.csv"), "--name", "trace", "--out-dir", folder + "/plots", "--force"],
            in: folder,
            environment: ["HINGETOOL_GNUPLOT": fake])
        #expect(run.status == 74)
        #expect(run.error.contains("previous picture is kept"))
        #expect(try String(contentsOfFile: picture, encoding: .utf8) == "previous picture")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/plots").filter { $0.hasPrefix(".") } == [
                ".hingetool-plot-trace"
            ])
    }

    @Test("A plot whose data file would be its input is refused before anything is written")
    func plotRefusesToOverwriteItsInput() throws {
        let folder = temporaryFolder()
        let input = folder + "/trace.dat"
        try FileManager.default.copyItem(atPath: Self.trace, toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let run = runChild(["plot", "trace", input, "--name", "trace", "--out-dir", folder], in: folder)
        #expect(run.status == 64)
        #expect(run.error.contains("is the input"), "\(run.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }
}
