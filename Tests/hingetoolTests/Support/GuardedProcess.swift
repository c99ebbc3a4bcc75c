import Foundation
import HingeSupport
import HingeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built `hingetool` executable (`swift build` puts it beside the test bundle).
let builtTool = packageRoot + "/.build/debug/hingetool"

/// The tool for runs over inputs of many megabytes: the release build when it is there (`make test`
/// builds it before the suites), else ``builtTool``. Sources hold no `assert` and no `#if DEBUG`, so
/// both builds behave alike; the release build reads 64 MiB in a second where the debug build takes
/// about fifteen.
let largeInputTool: String = {
    let release = packageRoot + "/.build/release/hingetool"
    return FileManager.default.isExecutableFile(atPath: release) ? release : builtTool
}()

/// The tool for suites that run it hundreds of times on whole traces (every dataset through
/// every command, every option at every hostile value): the release build when it is there and
/// no older than ``builtTool`` (`make test` builds it after the debug build), else ``builtTool``.
/// Both builds behave alike (see ``largeInputTool``); the age check keeps a `swift test` after
/// an edit, which relinks only the debug tool, from running a release tool that predates it.
let manyRunTool: String = {
    let release = packageRoot + "/.build/release/hingetool"
    let manager = FileManager.default
    guard manager.isExecutableFile(atPath: release),
        let releaseDate = (try? manager.attributesOfItem(atPath: release))?[.modificationDate] as? Date,
        let debugDate = (try? manager.attributesOfItem(atPath: builtTool))?[.modificationDate] as? Date,
        releaseDate >= debugDate
    else { return builtTool }
    return release
}()

/// What a child process did.
struct ChildRun {
    /// The exit status, or `nil` when a signal ended it (see ``signal``).
    var status: Int32?
    var signal: Int32?
    /// The hang guard fired and the whole process group was killed.
    var timedOut: Bool
    var output: String
    var error: String
}

/// A program started in its own process group, under a memory limit (`ulimit -v`, i.e.
/// RLIMIT_AS) and a time limit.
///
/// The time limit is only a hang guard, generous on any machine: on expiry the whole group
/// is killed (SIGKILL to −pgid), so a test never leaves a runaway behind. Standard output and
/// error go to files in `folder` and are read when the process ends; standard input comes
/// from `input` (a path) or from an empty file.
struct GuardedProcess {
    var arguments: [String]
    var folder: String
    var input: String?
    /// Bytes of address space the child may map; 0 for no limit (Chromium reserves terabytes of
    /// address space, and its launcher script cannot read a numeric `ulimit -v`).
    var memoryLimit = 1 << 30
    var timeLimit: Double = 60
    var environment: [String: String] = [:]
    /// Standard output to this path instead of a capture file (a device node, a FIFO).
    var outputPath: String?
    /// The folder the child starts in (so that a relative name is resolved there); `nil`: the
    /// test's own.
    var workingFolder: String?

    /// Starts the child; the caller waits with ``Started/wait()``.
    func start() -> Started {
        let outputFile = outputPath ?? folder + "/child-\(UUID().uuidString).out"
        let errorFile = folder + "/child-\(UUID().uuidString).err"
        let inputFile: String
        if let input {
            inputFile = input
        } else {
            inputFile = folder + "/child-empty-input"
            let made = FileManager.default.createFile(atPath: inputFile, contents: Data())
            precondition(made, "cannot create the child's empty input \(inputFile)")
        }
        // sh sets the limit, then becomes the program (exec), so the limit and the process
        // group are the program's own.
        let limit = memoryLimit > 0 ? String(memoryLimit / 1024) : "unlimited"
        let change = workingFolder.map { "cd -- '\($0.replacing("'", with: "'\\''"))' && " } ?? ""
        let script = change + "ulimit -v \(limit) && exec \"$@\""
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else of this process reaches the child: a file another test is writing
        // (Foundation's atomic writes open it without close-on-exec) would otherwise stay open
        // in the child for its whole run, and running that file then fails with ETXTBSY.
        let closeOthers = SpawnActions.closeAboveStandard(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | closeOthers))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        let argv = ["/bin/sh", "-c", script, "sh"] + arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(argv) { argv in
            withCStrings(envp) { envp in posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp) }
        }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        precondition(status == 0, "posix_spawn failed: \(status)")
        return Started(
            pid: pid, outputFile: outputPath == nil ? outputFile : nil, errorFile: errorFile, timeLimit: timeLimit)
    }

    /// Starts the child and waits for it.
    func run() -> ChildRun { start().wait() }

    struct Started {
        let pid: pid_t
        let outputFile: String?
        let errorFile: String
        let timeLimit: Double

        /// Whether the child is still running (it has not been waited for).
        func isRunning() -> Bool { kill(pid, 0) == 0 }

        /// Sends `signal` to the child.
        func send(_ signal: Int32) { kill(pid, signal) }

        /// Waits for the child, killing its whole process group if the hang guard expires.
        func wait() -> ChildRun {
            let deadline = Date().addingTimeInterval(timeLimit)
            var raw: Int32 = 0
            var timedOut = false
            while true {
                let result = waitpid(pid, &raw, WNOHANG)
                if result == pid { break }
                if result < 0, errno != EINTR { break }
                if Date() > deadline {
                    timedOut = true
                    kill(-pid, SIGKILL)
                    waitpid(pid, &raw, 0)
                    break
                }
                usleep(5000)
            }
            // The group may have children of its own left (a pipeline); none may outlive the test.
            kill(-pid, SIGKILL)
            let exited = raw & 0x7F == 0
            return ChildRun(
                status: exited ? (raw >> 8) & 0xFF : nil, signal: exited ? nil : raw & 0x7F, timedOut: timedOut,
                output: outputFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? "",
                error: (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "")
        }
    }
}

/// Runs the built hingetool with `arguments` in `folder`'s child process (see ``GuardedProcess``).
func runChild(
    _ arguments: [String], in folder: String, input: String? = nil, timeLimit: Double = 60,
    environment: [String: String] = [:], tool: String = builtTool
) -> ChildRun {
    GuardedProcess(
        arguments: [tool] + arguments, folder: folder, input: input, timeLimit: timeLimit,
        environment: environment
    ).run()
}

/// Starts a shell command in its own process group (a writer feeding a FIFO); the caller
/// kills the group when done.
func startShell(_ command: String, in folder: String) -> GuardedProcess.Started {
    GuardedProcess(arguments: ["/bin/sh", "-c", command], folder: folder, timeLimit: 600).start()
}

/// Kills a started helper's whole process group and reaps it.
func stopGroup(_ started: GuardedProcess.Started) {
    kill(-started.pid, SIGKILL)
    var raw: Int32 = 0
    waitpid(started.pid, &raw, 0)
}

private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    var array = pointers
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

/// Creates a device node (a character device, major and minor) or a FIFO in a test folder:
/// the tests never touch the machine's own /dev.
func makeNode(_ path: String, characterDevice: (major: UInt32, minor: UInt32)? = nil) -> Bool {
    if let (major, minor) = characterDevice {
        // glibc's makedev is a macro Swift cannot see; this is its encoding.
        let device =
            (UInt64(major & 0xFFFF_F000) << 32) | (UInt64(major & 0xFFF) << 8) | (UInt64(minor & 0xFFFF_FF00) << 12)
            | UInt64(minor & 0xFF)
        return mknod(path, S_IFCHR | 0o666, dev_t(device)) == 0
    }
    return mkfifo(path, 0o644) == 0
}

/// The type of file at `path` without following a symbolic link (`S_IFREG`, `S_IFCHR`, …).
func fileType(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
}

/// The permission bits of `path`.
func permissions(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
}
