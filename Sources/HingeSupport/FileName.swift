#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// File names carried in a `String` as the exact bytes the user gave.
///
/// A POSIX name is bytes, not text: `caf\xE9.csv` (Latin-1) is a valid name that is not UTF-8.
/// Swift's `CommandLine.arguments` and `String(cString:)` replace such a byte with U+FFFD, so a
/// tool that keeps names as strings opens or writes a name nobody gave (issue 32). Here a byte
/// that is not part of valid UTF-8 travels as one scalar of a reserved range at the top of
/// plane 16's private use area, `U+10FF00 + byte` (bytes 0x80–0xFF: U+10FF80…U+10FFFF), and
/// ``bytes(_:)`` and ``native(_:)`` turn it back into that byte when the name reaches the
/// system. So that the encoding is reversible for every name, a name that really contains a
/// character of that range has that character's four bytes escaped one by one as well.
///
/// A name that is valid UTF-8 and free of that range — every ordinary one — is the same
/// string as before; the system calls that take names are given ``native(_:)``.
package enum FileName {
    /// The reserved range: byte b (0x80…0xFF) travels as `escapeBase + b`.
    static let escapeBase: UInt32 = 0x10_FF00

    /// Whether `scalar` stands for one raw byte.
    @inline(__always)
    package static func isEscapedByte(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= escapeBase + 0x80 }

    /// The byte `scalar` stands for (``isEscapedByte(_:)`` must hold).
    package static func byte(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(truncatingIfNeeded: scalar.value - escapeBase) }

    /// The name whose bytes are `bytes`: UTF-8 where they are, each other byte escaped.
    package static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isEscapedByte) {
            return text
        }
        let all = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < all.count {
            let (scalar, length) = decodeOne(all, at: index)
            if let scalar, !isEscapedByte(scalar) {
                scalars.append(scalar)
            } else {
                for byte in all[index..<index + length] {
                    // Always a scalar: U+10FF80…U+10FFFF.
                    // swift-format-ignore: NeverForceUnwrap
                    scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!)
                }
            }
            index += length
        }
        return String(scalars)
    }

    /// The scalar at `index` and how many bytes it takes, or `nil` and 1 for a byte that does
    /// not start a valid sequence there (RFC 3629: no overlong forms, no surrogates, nothing
    /// above U+10FFFF).
    private static func decodeOne(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        let lowest: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, lowest, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, lowest, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, lowest, value) = (4, 0x1_0000, UInt32(lead & 0x07))
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return (nil, 1) }
        for next in bytes[index + 1..<index + length] {
            guard next & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= lowest, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }

    /// The bytes `name` stands for: UTF-8, each escaped byte as itself.
    package static func bytes(_ name: some StringProtocol) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if isEscapedByte(scalar) {
                bytes.append(byte(scalar))
            } else {
                Unicode.UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return bytes
    }

    /// `name` as a C string of its bytes (NUL-terminated), for the system calls that take
    /// names: `open(FileName.native(path), O_RDONLY)`. (A name with a NUL cannot be opened;
    /// its C string ends there, as every C caller's does.)
    package static func native(_ name: some StringProtocol) -> [CChar] {
        guard name.unicodeScalars.contains(where: isEscapedByte) else { return Array(String(name).utf8CString) }
        return bytes(name).map { CChar(bitPattern: $0) } + [0]
    }

    /// The name a C string holds (a directory entry, a path the system returned).
    package static func decode(cString: UnsafePointer<CChar>) -> String {
        decode(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString)))
    }

    /// Makes `path` and every missing folder above it (mode 0777 less the umask), as
    /// `mkdir -p` does. Returns 0, or the `errno` of the step that failed (`ENOTDIR` when
    /// something other than a folder is in the way).
    package static func makeFolders(_ path: String) -> Int32 {
        var status = stat()
        if stat(native(path), &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR ? 0 : ENOTDIR }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in parts where !part.isEmpty {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(native(prefix), 0o777) != 0 {
                let code = errno
                guard code == EEXIST, stat(native(prefix), &status) == 0 else { return code }
                guard status.st_mode & S_IFMT == S_IFDIR else { return ENOTDIR }
            }
        }
        return 0
    }

    /// Removes `path` and, when it is a folder, everything in it (links are removed, never
    /// followed). Best effort: what cannot be removed stays.
    package static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(native(path), &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(native(path))
            return
        }
        if let directory = opendir(native(path)) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in decode(raw.prefix { $0 != 0 }) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(native(path))
    }

    /// A copy of ``native(_:)`` for an `argv` (free it with `deallocate()`).
    package static func duplicate(_ name: some StringProtocol) -> UnsafeMutablePointer<CChar> {
        let bytes = native(name)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        return copy
    }

    /// The folder for temporary files, ending in `/`: `$TMPDIR` as the bytes it holds, or
    /// `/tmp/` when it is unset or empty. (Foundation's `NSTemporaryDirectory()` reads the
    /// variable as text, so a Latin-1 `TMPDIR` became a name that does not exist, issue 32.)
    package static func temporaryFolder() -> String {
        temporaryFolder(tmpdir: getenv("TMPDIR").map { decode(cString: $0) })
    }

    /// ``temporaryFolder()`` for a `TMPDIR` of `tmpdir` (decoded as a name, `nil` when unset).
    package static func temporaryFolder(tmpdir: String?) -> String {
        guard let tmpdir, !tmpdir.isEmpty else { return "/tmp/" }
        return tmpdir.hasSuffix("/") ? tmpdir : tmpdir + "/"
    }
}
