public import Frames
internal import HingeSupport

/// A frame image in a folder and the time it stands for.
public struct FrameFile: Hashable, Sendable {
    /// The path of the image.
    public var path: String
    /// Milliseconds (from the name), or the position in name order.
    public var time: Milliseconds

    /// A frame file at `path` shown at `time`.
    public init(path: String, time: Milliseconds) {
        self.path = path
        self.time = time
    }

    /// How the frames of a folder are put in order.
    public enum Order: String, Sendable, CaseIterable {
        /// By the milliseconds the file name spells (`001234.png` is 1234 ms), as ffmpeg writes
        /// them with `-frame_pts 1` and a 1/1000 time base; a name that is not a number is an
        /// error.
        case time
        /// By name (byte order); times are the positions 0, 1, 2, ….
        case name
    }

    /// The message of a name that is not a time in ``Order/time`` (a tool adds how its user
    /// asks for ``Order/name``).
    package static let notATime = "the name is not a time in milliseconds (expected digits, e.g. 001234.png)"

    /// The `.png` and `.ppm` files of `folder` (other files, such as a ground truth JSON or a
    /// hinge trace beside the frames, and hidden files are not frames), in film order.
    ///
    /// - Throws: `FrameError` (Frames) when the folder cannot be read, holds no frames, a name is not
    ///   a time (with ``Order/time``), or two names spell the same time (naming both).
    public static func frames(inFolder folder: String, order: Order = .time) throws(FrameError) -> [FrameFile] {
        guard let directory = opendir(FileName.native(folder)) else {
            throw FrameError(file: folder, message: "cannot read the folder: \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // d_name is a fixed array ending with a NUL, read up to it.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.decode(raw.prefix { $0 != 0 })
            }
            guard !name.hasPrefix(".") else { continue }
            let lower = name.lowercased()
            if lower.hasSuffix(".png") || lower.hasSuffix(".ppm") { names.append(name) }
        }
        guard !names.isEmpty else {
            throw FrameError(file: folder, message: "no frames: the folder holds no .png or .ppm files")
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        switch order {
        case .name:
            return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.enumerated().map {
                FrameFile(path: prefix + $0.element, time: $0.offset)
            }
        case .time:
            var files: [FrameFile] = []
            for name in names {
                let stem = name.dropLast(4)
                guard !stem.isEmpty, stem.count <= 12, stem.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                    let time = Int(stem)
                else {
                    throw FrameError(file: prefix + name, message: notATime)
                }
                files.append(FrameFile(path: prefix + name, time: time))
            }
            files.sort { ($0.time, $0.path) < ($1.time, $1.path) }
            for index in files.indices.dropFirst() where files[index].time == files[index - 1].time {
                throw FrameError(
                    file: files[index].path,
                    message: "the same time (\(files[index].time) ms) as '\(files[index - 1].path)'")
            }
            return files
        }
    }
}

/// Reads a whole file into memory, refusing one larger than `limit` bytes.
func readFile(_ path: String, limit: Int) throws(FrameError) -> [UInt8] {
    // O_NONBLOCK: a FIFO among the frames must be refused, not waited on (the open of a FIFO
    // blocks until a writer comes); for a regular file the flag changes nothing.
    let descriptor = open(FileName.native(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
        throw FrameError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
        throw FrameError(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw FrameError(file: path, message: "not a regular file") }
    let size = Int(status.st_size)
    guard size <= limit else {
        throw FrameError(file: path, message: "\(size) bytes is more than the \(limit) accepted for a frame")
    }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        (count, failure) = DescriptorIO.fill(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
    }
    guard bytes.count == size else {
        throw FrameError(
            file: path, message: "cannot read: \(failure != 0 ? String(cString: strerror(failure)) : "file shrank")")
    }
    return bytes
}
