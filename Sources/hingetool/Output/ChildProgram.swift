import Foundation
internal import HingeSupport

/// A program the tool runs (ffmpeg, gnuplot) in a process group of its own, registered with
/// ``TemporaryFiles`` so that it dies with the tool: a terminating signal to the tool kills the
/// whole group before the tool ends, and a value that goes away before the child was waited
/// for kills and reaps it.
///
/// The child starts with the default signal dispositions and an empty signal mask (the tool
/// blocks its terminating signals and ignores SIGPIPE; a child must not inherit that).
/// Standard input, output and error are descriptors the caller chooses; ``run(_:arguments:input:in:)``
/// covers the common case with anonymous temporary files, so no pipe can fill up and
/// deadlock. A caller that wants a pipe (a raw-video stream) passes its write end as
/// `output` and reads the other end while the child runs.
final class ChildProgram {
    /// A word of a child's command line: an option or value as written, or the name of a file,
    /// which the program is always told is a file (issue 32: ffmpeg reads `concat:a|b`,
    /// `subfile,,…:x` and `http://…` as protocols, so a file of that name was checked as one
    /// file and measured as another, or made ffmpeg connect to a server).
    ///
    /// Arguments are built from these and nothing else, so no call site can hand a program a
    /// bare name: `["-i", .file(video), "pipe:1"]`.
    enum Argument: ExpressibleByStringLiteral, Equatable {
        /// An option, a value or a protocol the tool means (`pipe:1`), as written.
        case word(String)
        /// A file name, as the user gave it.
        case file(String)

        init(stringLiteral value: String) { self = .word(value) }

        /// The text handed to a program that reads names as `convention` says.
        func text(_ convention: PathConvention) -> String {
            switch self {
            case .word(let word): word
            case .file(let path):
                switch convention {
                // ffmpeg's file protocol takes the rest of the text as the path, whatever it holds.
                case .ffmpeg: "file:" + path
                // A name that starts with '-' or '<' (gnuplot's pipe) stays a name.
                case .plain: path.hasPrefix("/") ? path : "./" + path
                }
            }
        }
    }

    /// How a program tells a file name from anything else.
    enum PathConvention {
        /// ffmpeg: a `protocol:` prefix picks how a name is opened; `file:` is a path.
        case ffmpeg
        /// Anything else (gnuplot): a relative name is written `./name`, never an option.
        case plain
    }

    /// The child's process id, which is also its process group.
    let pid: pid_t
    let executable: String
    private var slot: Int?
    private var status: Int32?

    /// Starts `executable` with `arguments` (file names written as `convention` says), in
    /// `folder` when given; descriptors `input`, `output` and `error` become the child's 0, 1
    /// and 2 (`nil`: /dev/null).
    /// - Throws: ``ToolError/failure(_:)`` when the program cannot be started.
    init(
        _ executable: String, arguments: [Argument], convention: PathConvention, input: Int32? = nil,
        output: Int32? = nil, error: Int32? = nil, in folder: String? = nil
    ) throws(ToolError) {
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target) in [(input, Int32(0)), (output, 1), (error, 2)] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        // The child gets 0, 1 and 2 and nothing else (SpawnActions says why).
        let closeOthers = SpawnActions.closeAboveStandard(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closeOthers))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = TemporaryFiles.signalSet()
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // posix_spawn has no portable way to start in another folder: a shell changes into it
        // and replaces itself with the program (same process, same group); the names are
        // arguments of the shell, never parsed by it.
        let words =
            folder.map { ["/bin/sh", "-c", "cd -- \"$1\" || exit 127; shift; exec \"$@\"", "sh", $0, executable] }
            ?? [executable]
        let argv: [UnsafeMutablePointer<CChar>?] =
            (words + arguments.map { $0.text(convention) }).map(FileName.duplicate) + [nil]
        defer { argv.forEach { $0?.deallocate() } }
        // Started and registered in one step, so a signal never finds the child unregistered.
        var result: Int32 = 0
        let started = TemporaryFiles.making { () -> (value: pid_t, entry: TemporaryFiles.Entry)? in
            var pid: pid_t = 0
            result = posix_spawn(&pid, folder == nil ? executable : "/bin/sh", &actions, &attributes, argv, environ)
            return result == 0 ? (pid, .processGroup(pid)) : nil
        }
        guard let started else {
            throw .failure("cannot run \(Echo.quoted(executable, limit: 200)): \(String(cString: strerror(result)))")
        }
        (pid, slot) = (started.value, started.slot)
    }

    deinit {
        guard status == nil else { return }
        kill(-pid, SIGKILL)
        _ = wait()
    }

    /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        // Whatever the child started in its group goes with it.
        kill(-pid, SIGKILL)
        TemporaryFiles.release(slot)
        slot = nil
        let ended: Int32 = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = ended
        return ended
    }

    /// Kills the child's whole process group now, and waits for it: the end of a stream read
    /// early, or an error on the reading side.
    @discardableResult
    func stop() -> Int32 {
        if status == nil { kill(-pid, SIGKILL) }
        return wait()
    }

    /// A pipe whose two ends are closed on exec (so only the descriptor handed to the child
    /// as its 0, 1 or 2 reaches it): `(read, write)`.
    static func pipe() throws(ToolError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #if canImport(Darwin)
            let made = Darwin.pipe(&ends)
        #else
            let made = Glibc.pipe(&ends)
        #endif
        guard made == 0 else {
            throw .failure("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Reads from `descriptor` (a child's pipe) until `buffer` is full or the pipe ends; how
    /// many bytes came.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int {
        DescriptorIO.fill(descriptor, into: buffer).count
    }

    /// What a finished program printed, and its status.
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    /// Runs `executable` to its end with `input` on its standard input; standard output and
    /// error go to anonymous temporary files (at most `limit` bytes of each are kept).
    static func run(
        _ executable: String, arguments: [Argument], convention: PathConvention, input: [UInt8] = [],
        in folder: String? = nil, limit: Int = 1 << 20
    ) throws(ToolError) -> Result {
        let files = (tmpfile(), tmpfile(), tmpfile())
        defer { [files.0, files.1, files.2].forEach { if let file = $0 { fclose(file) } } }
        guard let inputFile = files.0, let outputFile = files.1, let errorFile = files.2 else {
            throw .failure("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        if !input.isEmpty, fwrite(input, 1, input.count, inputFile) != input.count || fflush(inputFile) != 0 {
            throw .failure("cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
        rewind(inputFile)
        let child = try ChildProgram(
            executable, arguments: arguments, convention: convention, input: fileno(inputFile),
            output: fileno(outputFile),
            error: fileno(errorFile), in: folder)
        let status = child.wait()
        return Result(
            status: status, output: contents(outputFile, limit: limit), error: contents(errorFile, limit: limit))
    }

    private static func contents(_ file: UnsafeMutablePointer<FILE>, limit: Int) -> [UInt8] {
        rewind(file)
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = fread(&bytes, 1, limit, file)
        return Array(bytes[..<count])
    }
}
