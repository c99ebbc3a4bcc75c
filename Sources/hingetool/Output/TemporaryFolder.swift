import Foundation
internal import HingeSupport

/// A folder of the tool's own under `$TMPDIR` (a video's extracted frames), removed with
/// everything in it when the value goes away, when the command fails, and on every terminating
/// signal (``TemporaryFiles``).
final class TemporaryFolder {
    let path: String
    private let slot: Int

    /// Makes `$TMPDIR/hingetool-<purpose>-XXXXXX` (mode 0700; `TMPDIR` taken as the bytes it
    /// holds, ``FileName/temporaryFolder()``), or a hidden
    /// `.hingetool-<purpose>-XXXXXX` inside `parent` (so renames out of it stay on its file system).
    /// - Throws: ``ToolError/failure(_:)`` when the folder cannot be made.
    init(purpose: String, in parent: String? = nil) throws(ToolError) {
        let base = parent.map { $0 + "/.hingetool-" } ?? FileName.temporaryFolder() + "hingetool-"
        var template = FileName.native(base + "\(purpose)-XXXXXX")
        // Made and registered in one step, so a signal never finds it unregistered.
        let made = TemporaryFiles.making { () -> (value: String, entry: TemporaryFiles.Entry)? in
            guard mkdtemp(&template) != nil else { return nil }
            let path = FileName.decode(template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            return (path, .folder(path))
        }
        guard let made else {
            throw .failure("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        (path, slot) = made
    }

    deinit {
        FileName.removeTree(path)
        TemporaryFiles.release(slot)
    }
}
