internal import HingeSupport

/// The temporary files the process has open, so that SIGINT, SIGTERM and SIGHUP can remove
/// them before the process dies.
///
/// The paths live in a fixed block of C memory allocated once (``capacity`` slots of
/// ``pathCapacity`` bytes, a slot is free when its first byte is 0): the signal handler then
/// only reads memory and calls `unlink`, `signal` and `raise`, which are async-signal-safe.
/// Registering and releasing a slot block those signals, so the handler never sees half a
/// path.
enum TemporaryFiles {
    /// Temporary files open at once: one output, a PNG and a few plot files at most.
    static let capacity = 16
    static let pathCapacity = Int(PATH_MAX) + 1

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<CChar> = {
        let block = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * pathCapacity)
        block.initialize(repeating: 0, count: capacity * pathCapacity)
        return block
    }()

    /// The signals after which the files are removed.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers (once, from `main`); other hosts (the in-process tests) do without.
    static func installSignalHandlers() {
        _ = slots
        for number in signals {
            signal(number) { received in
                TemporaryFiles.removeAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Removes every registered file; async-signal-safe.
    static func removeAll() {
        for index in 0..<capacity where slots[index * pathCapacity] != 0 {
            unlink(slots + index * pathCapacity)
        }
    }

    /// Remembers `path`; returns its slot, or `nil` when the table is full or the path too long
    /// (the file is then only removed by its owner, as before).
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return nil }
        return withSignalsBlocked {
            for index in 0..<capacity where slots[index * pathCapacity] == 0 {
                let slot = slots + index * pathCapacity
                for (offset, byte) in bytes.enumerated() { slot[offset] = CChar(bitPattern: byte) }
                slot[bytes.count] = 0
                return index
            }
            return nil
        }
    }

    /// Forgets the path in `slot` (after it was renamed or removed).
    static func release(_ slot: Int?) {
        guard let slot else { return }
        withSignalsBlocked { slots[slot * pathCapacity] = 0 }
    }

    private static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
