import Foundation
internal import HingeSupport

/// The files one run of a command reads and writes, so that no output of the run lands on
/// one of its inputs (a trace, a frame folder, `--hinge`, `--image`) or on another output of
/// the same run (`fold-render --png X -o X`).
///
/// `HingeTool.run` makes one per command run and registers the positional arguments and the
/// values of input options before the command starts (``register(arguments:spec:)``); the
/// openers register what they open too. ``FileOutput`` and ``OutputSet`` ask ``check(output:)``
/// before they create anything. The record is a task-local value, so in-process runs of the
/// tool on several test threads never see each other's files.
final class RunRecord: @unchecked Sendable {
    @TaskLocal static var current: RunRecord?

    private struct Input {
        var device: UInt64
        var inode: UInt64
        var isFolder: Bool
        var path: String
    }

    /// What the run has registered, behind one lock (commands read frames on several threads):
    /// the record's only mutable state, so `@unchecked Sendable` rests on ``LockedBuffer``.
    private struct Registered {
        var inputs: [Input] = []
        /// Outputs as canonical paths (the folder resolved, the name as given).
        var outputs: [String: String] = [:]
    }

    private let registered = LockedBuffer.make(Registered())

    /// Runs `body` with this record as ``current``.
    func run(_ body: () throws(ToolError) -> Void) throws(ToolError) {
        do {
            try Self.$current.withValue(self) { try body() }
        } catch let error as ToolError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
    }

    /// Registers the inputs a parsed command line names: the arguments and option values the
    /// catalogue declares as read (``ValueKind/isInput``).
    func register(arguments: ParsedArguments, spec: CommandSpec) {
        for (index, path) in arguments.positionals.enumerated() {
            let argument = spec.arguments.indices.contains(index) ? spec.arguments[index] : spec.arguments.last
            if argument?.kind.isInput == true { register(input: path) }
        }
        for option in spec.options where option.kind.isInput {
            if let path = arguments.values[option.key] { register(input: path) }
        }
    }

    /// Registers `path` (a file or a folder) as an input; names that do not exist are skipped.
    func register(input path: String) {
        guard path != "-", !path.isEmpty else { return }
        var status = stat()
        guard stat(FileName.native(path), &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return }
        let input = Input(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), isFolder: kind == S_IFDIR, path: path)
        registered.withLock { $0.inputs.append(input) }
    }

    /// Refuses `target` (the file an output finally names, links resolved) when it is an input
    /// of the run, lies in an input folder, or is already another output of the run; registers
    /// it as an output otherwise.
    /// - Throws: ``ToolError/usage(_:)`` (exit 64) naming both.
    func check(output target: String, shownAs name: String, register: Bool = true) throws(ToolError) {
        let folder = Self.folder(of: target)
        var status = stat()
        let existing =
            stat(FileName.native(target), &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
        var folderStatus = stat()
        let folderIdentity =
            stat(FileName.native(folder), &folderStatus) == 0
            ? (UInt64(folderStatus.st_dev), UInt64(folderStatus.st_ino)) : nil
        let canonical = register ? Self.canonical(target) : ""
        let refusal = registered.withLock { state -> String? in
            for input in state.inputs {
                if let existing, !input.isFolder, existing == (input.device, input.inode) {
                    return "'\(Echo.quoted(name, limit: 200))' is the input '\(Echo.quoted(input.path, limit: 200))': "
                        + "writing it would replace what this run reads; choose another output"
                }
                if let folderIdentity, input.isFolder, folderIdentity == (input.device, input.inode) {
                    return "'\(Echo.quoted(name, limit: 200))' would be written into the input folder "
                        + "'\(Echo.quoted(input.path, limit: 200))', which this run reads; choose another output"
                }
            }
            guard register else { return nil }
            if let other = state.outputs[canonical] {
                return "'\(Echo.quoted(name, limit: 200))' and '\(Echo.quoted(other, limit: 200))' are the same file: "
                    + "one run cannot write two outputs into it"
            }
            state.outputs[canonical] = name
            return nil
        }
        if let refusal { throw .usage(refusal) }
    }

    /// Refuses a folder an output set is written into when it is an input folder of the run.
    func check(outputFolder folder: String) throws(ToolError) {
        var status = stat()
        guard stat(FileName.native(folder), &status) == 0 else { return }
        let identity = (UInt64(status.st_dev), UInt64(status.st_ino))
        let input = registered.withLock { state in
            state.inputs.first { $0.isFolder && ($0.device, $0.inode) == identity }
        }
        if let input {
            throw .usage(
                "'\(Echo.quoted(folder, limit: 200))' is the input folder '\(Echo.quoted(input.path, limit: 200))': "
                    + "writing into it would change what this run reads; choose another folder")
        }
    }

    /// The absolute path of `path`'s folder (links resolved) followed by its last name.
    static func canonical(_ path: String) -> String {
        let folder = folder(of: path)
        guard let resolved = realpath(FileName.native(folder), nil) else { return path }
        defer { free(resolved) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(cString: resolved) + "/" + name
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
