#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A program run by a test in its own process group, with a time limit: on timeout the whole
/// group is killed (so a stuck grandchild cannot outlive the test).
public struct ChildProcess {
    /// The exit status (128 + signal when killed by a signal).
    public var status: Int32
    public var output: String
    public var error: String
    public var timedOut: Bool

    /// Runs `executable` with `arguments`; `environment` entries (`NAME=value`) replace the
    /// inherited ones of the same name.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String] = [], timeLimit: Double = 60
    ) -> ChildProcess {
        var template = Array("/tmp/hingekit-child-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer {
            unlink(folder + "/out")
            unlink(folder + "/err")
            rmdir(folder)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var inherited: [String] = []
        var names = Set(environment.map { String($0.prefix { $0 != "=" }) })
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !names.contains(String(text.prefix { $0 != "=" })) { inherited.append(text) }
            pointer += 1
        }
        names.removeAll()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (inherited + environment).map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else {
            return ChildProcess(status: 127, output: "", error: "cannot run \(executable)", timedOut: false)
        }
        var status: Int32 = 0
        var timedOut = false
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let start = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        while waitpid(pid, &status, WNOHANG) == 0 {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            if Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9 - start > timeLimit {
                killpg(pid, SIGKILL)
                waitpid(pid, &status, 0)
                timedOut = true
                break
            }
            usleep(2_000)
        }
        let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildProcess(
            status: exit, output: contents(folder + "/out"), error: contents(folder + "/err"), timedOut: timedOut)
    }

    static func contents(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
