internal import HingeSupport

/// A file named by `-o` (or `--png`, or a plot's files), opened for writing the way the
/// target needs:
///
/// - a regular file, or a name that does not exist yet, is written to a temporary file
///   beside it (`mkstemp`, same folder) that ``commit()`` syncs and renames over it, keeping
///   the old file's permission bits and, where allowed, its owner and group;
/// - a symbolic link is followed: its final target is replaced that way and the link stays;
/// - a character or block device or a FIFO is opened and written directly, and a Unix-domain
///   socket is connected to and written (neither is ever replaced by a regular file);
/// - a directory, or a name ending in `/`, `.` or `..`, is refused.
///
/// Nothing is written onto an input of the run or onto another of its outputs (``RunRecord``).
/// Until ``commit()`` the temporary file is registered with ``TemporaryFiles`` so that every
/// terminating signal removes it; ``abandon()`` (or dropping the value) removes it too.
final class FileOutput {
    /// The name the user gave.
    let path: String
    private let descriptor: Int32
    /// For a replaced file: the temporary file, its signal-table slot, and the file it replaces.
    private let replacement: (temporary: String, slot: Int?, target: String)?
    private var closed = false

    /// Opens `path` for writing (see the type's description). With `inFolder` (a file of an
    /// ``OutputSet``, named by the tool inside its folder) nothing at the name is followed or
    /// written through: a link, FIFO or device there is replaced by the new regular file (the
    /// set checked first that the name is its own, or `--force`). `registered: false` (a set's
    /// manifest, rewritten during the run) skips the check against the run's other outputs.
    /// - Throws: ``ToolError/failure(_:)`` naming the path and the reason;
    ///   ``ToolError/usage(_:)`` when the file is an input or another output of the run
    ///   (``RunRecord``).
    init(path: String, inFolder: Bool = false, registered: Bool = true) throws(ToolError) {
        self.path = path
        let target = inFolder ? path : try Self.resolve(path)
        try RunRecord.current?.check(output: target, shownAs: path, register: registered)
        var status = stat()
        if !inFolder, stat(FileName.native(target), &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            // A device, FIFO or socket: write to it as it is.
            let descriptor =
                status.st_mode & S_IFMT == S_IFSOCK
                ? Self.connect(toSocket: target) : open(FileName.native(target), O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw Self.failure(path) }
            self.descriptor = descriptor
            replacement = nil
            return
        }
        let existing = lstat(FileName.native(target), &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? status : nil
        var template = FileName.native(Self.temporaryName(beside: target))
        // Made and registered in one step, so a signal never finds it unregistered.
        let made = TemporaryFiles.making { () -> (value: Int32, entry: TemporaryFiles.Entry)? in
            let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return mkstemp(base)
            }
            guard descriptor >= 0 else { return nil }
            let name = FileName.decode(template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            return (descriptor, .file(name))
        }
        guard let (descriptor, slot) = made else { throw Self.failure(path) }
        let temporary = FileName.decode(template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
        if let existing {
            fchmod(descriptor, existing.st_mode & 0o7777)
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                // Allowed for root, or for a group the user belongs to; otherwise the file
                // becomes the user's, as with any editor that saves by renaming.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
                fchmod(descriptor, existing.st_mode & 0o7777)
            }
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        self.descriptor = descriptor
        replacement = (temporary, slot, target)
    }

    deinit { abandon() }

    /// Writes all of `bytes`; `false` (with `errno` set) when the system refused.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { writeAll(bytes, to: descriptor) }

    /// Finishes the file: a replaced file is synced and renamed over its target.
    /// - Throws: ``ToolError/failure(_:)`` when the sync, close or rename failed; the
    ///   temporary file is then removed.
    func commit() throws(ToolError) {
        guard !closed else { return }
        closed = true
        guard let replacement else {
            guard close(descriptor) == 0 else { throw Self.failure(path) }
            return
        }
        defer { TemporaryFiles.release(replacement.slot) }
        let synced = fsync(descriptor) == 0
        let closedCleanly = close(descriptor) == 0
        guard synced, closedCleanly,
            rename(FileName.native(replacement.temporary), FileName.native(replacement.target)) == 0
        else {
            let error = Self.failure(path)
            unlink(FileName.native(replacement.temporary))
            throw error
        }
    }

    /// Closes the file without finishing it: a temporary file is removed, the target untouched.
    func abandon() {
        guard !closed else { return }
        closed = true
        close(descriptor)
        if let replacement {
            unlink(FileName.native(replacement.temporary))
            TemporaryFiles.release(replacement.slot)
        }
    }

    /// The file `path` finally names: symbolic links followed (at most 40, as the kernel
    /// does); a dangling link names the file it would create.
    /// - Throws: ``ToolError/failure(_:)`` for a directory or a link loop.
    static func resolve(_ path: String) throws(ToolError) -> String {
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if path.isEmpty { throw .failure("cannot write '': the file name is empty") }
        if last.isEmpty || last == "." || last == ".." {
            throw .failure("cannot write '\(Echo.quoted(path, limit: 200))': that names a directory, not a file")
        }
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(FileName.native(current), &status) == 0 else { return current }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw .failure("cannot write '\(Echo.quoted(path, limit: 200))': it is a directory")
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(FileName.native(current), &buffer, buffer.count - 1)
                guard count > 0 else { throw failure(path) }
                let link = FileName.decode(buffer[..<count].map { UInt8(bitPattern: $0) })
                current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
            default:
                return current
            }
        }
        throw .failure("cannot write '\(Echo.quoted(path, limit: 200))': too many levels of symbolic links")
    }

    /// A stream connection to the Unix-domain socket at `path` (what `-o` onto a socket
    /// writes to, as `socat` or `nc -U` would); −1 with `errno` set when it cannot be made.
    static func connect(toSocket path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = FileName.bytes(path)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            errno = ENAMETOOLONG
            return -1
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Darwin)
                    Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #else
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #endif
            }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            errno = error
            return -1
        }
        return descriptor
    }

    /// `mkstemp`'s template beside `path`: `.NAME.XXXXXX` in the same folder, the name cut
    /// (on a character boundary) so that the whole stays within NAME_MAX (255 bytes).
    static func temporaryName(beside path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var kept = ""
        var bytes = 0
        for character in name {
            let size = FileName.bytes(String(character)).count
            if bytes + size > Int(NAME_MAX) - 8 { break }
            kept.append(character)
            bytes += size
        }
        return folder(of: path) + "/." + kept + ".XXXXXX"
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func failure(_ path: String) -> ToolError {
        .failure("cannot write '\(Echo.quoted(path, limit: 200))': \(String(cString: strerror(errno)))")
    }
}
