import Foundation
internal import HingeSupport

/// What the process leaves behind if it dies now: temporary files (an output not yet renamed
/// over its target), temporary folders (a video's extracted frames) and child processes
/// (ffmpeg, gnuplot, each in a process group of its own). Every terminating signal removes
/// them all and kills the children before the process dies of that signal.
///
/// The signals are not caught by a handler: ``installSignalHandlers()`` blocks them in every
/// thread (it runs first in `main`, so every thread made later inherits the mask) and one
/// thread waits for them with `sigwait`. The cleanup then runs as ordinary code — it can take
/// the lock, walk a folder and wait for a child — and no signal can arrive in the middle of a
/// registration. Children get the default dispositions and an empty mask back
/// (``ChildProgram``).
enum TemporaryFiles {
    /// The signals after which the files are removed and the children killed: every signal
    /// whose default action ends the process and that a user or the system sends to a tool
    /// (SIGPIPE is ignored instead; a closed pipe is an `EPIPE` that ``StandardOutput`` handles).
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXFSZ]

    private struct State: Sendable {
        var files: [Int: String] = [:]
        var folders: [Int: String] = [:]
        var processGroups: [Int: pid_t] = [:]
        var next = 0
    }

    /// The registrations, behind HingeSupport's lock (the one every tool type that shares state
    /// between threads uses). `nonisolated(unsafe)` only because `ManagedBuffer` is declared
    /// non-`Sendable`: the reference never changes and the state is reached only through
    /// `withLock`.
    nonisolated(unsafe) private static let state = LockedBuffer.make(State())

    /// Blocks ``signals`` in the calling thread (the main thread, before any other exists) and
    /// starts the thread that waits for them. The in-process tests do without.
    static func installSignalHandlers() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread {
            while true {
                var set = signalSet()
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                die(of: received)
            }
        }
        thread.start()
    }

    static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }

    /// Removes everything and ends the process by `signal`, as if it had not been caught.
    /// The lock is never released (the body does not return): a thread that registers
    /// something now waits for the end.
    private static func die(of number: Int32) -> Never {
        state.withLock { state -> Never in
            cleanUp(&state)
            signal(number, SIG_DFL)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            kill(getpid(), number)
            // Not reached for any of ``signals`` (each ends the process by default).
            _exit(128 + number)
        }
    }

    /// Removes every registered file and folder and kills every registered child's process
    /// group (the lock held).
    private static func cleanUp(_ state: inout State) {
        for group in state.processGroups.values {
            kill(-group, SIGKILL)
            var status: Int32 = 0
            waitpid(group, &status, 0)
        }
        for file in state.files.values { unlink(FileName.native(file)) }
        for folder in state.folders.values { FileName.removeTree(folder) }
        state.processGroups = [:]
        state.files = [:]
        state.folders = [:]
    }

    /// Removes everything now (a closed pipe ends the process by `exit`, not by a signal).
    static func removeAll() {
        state.withLock { cleanUp(&$0) }
    }

    private static func add(_ body: (inout State, Int) -> Void) -> Int {
        state.withLock { state in
            let slot = state.next
            state.next += 1
            body(&state, slot)
            return slot
        }
    }

    /// Makes something and registers it in one step, the lock held throughout: a signal that
    /// arrives while `make` runs is handled after the registration, so nothing made is ever
    /// missed by the cleanup. `make` returns what to register (`nil`: nothing was made) and
    /// must not register anything itself.
    static func making<T>(_ make: () -> (value: T, entry: Entry)?) -> (value: T, slot: Int)? {
        state.withLock { state in
            guard let made = make() else { return nil }
            let slot = state.next
            state.next += 1
            switch made.entry {
            case .file(let path): state.files[slot] = path
            case .folder(let path): state.folders[slot] = path
            case .processGroup(let group): state.processGroups[slot] = group
            }
            return (made.value, slot)
        }
    }

    /// What ``making(_:_:)`` registers.
    enum Entry {
        case file(String)
        case folder(String)
        case processGroup(pid_t)
    }

    /// Remembers a temporary file; returns its slot.
    static func register(_ path: String) -> Int? { add { $0.files[$1] = path } }

    /// Remembers a temporary folder, removed with everything in it.
    static func register(folder path: String) -> Int { add { $0.folders[$1] = path } }

    /// Remembers a child's process group, killed (`SIGKILL`) if the tool dies first.
    static func register(processGroup: pid_t) -> Int { add { $0.processGroups[$1] = processGroup } }

    /// Forgets the entry in `slot` (after the file was renamed or removed, the folder removed,
    /// the child reaped).
    static func release(_ slot: Int?) {
        guard let slot else { return }
        state.withLock { state in
            state.files[slot] = nil
            state.folders[slot] = nil
            state.processGroups[slot] = nil
        }
    }
}
