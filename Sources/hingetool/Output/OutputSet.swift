import Foundation
internal import HingeSupport

/// The files a command writes into a folder (demo's data, scripts and pictures, a plot's
/// three files, a synthetic film), owned as a set.
///
/// The folder keeps a manifest per owner, `.hingetool-OWNER`, listing the names the owner
/// wrote there. A run may replace the files of its owner's earlier set freely; a name that
/// exists and is not in the manifest (a file the user made, another film's frame, a planted
/// link or FIFO) is refused before anything is written, unless the command was given `--force`.
/// With `exclusive` (a film, whose reader takes every frame of the folder) anything in the
/// folder that is not the set's is refused the same way, and the earlier set's names that
/// the new one does not reuse are removed, so two films never mix.
///
/// Each file is written through ``FileOutput`` in folder mode: atomically, never through a
/// link (a link at a name is replaced, its target untouched), never onto an input of the run.
/// The manifest lists the new names before the first of them is written, so an interrupted
/// run leaves only files the next run owns; an exclusive set is written into a hidden
/// temporary folder inside `folder` and renamed into place at the end, so an interrupted run
/// leaves no partial film at all.
final class OutputSet {
    let folder: String
    let owner: String
    /// The command as a user types it (`plot film`), for messages.
    let command: String
    private let force: Bool
    private let exclusive: Bool
    private var earlier: Set<String> = []
    /// For an exclusive set: the hidden folder inside `folder` its files are written into
    /// first, renamed into place by ``finish()``, so an interrupted run leaves no partial set.
    private var staging: TemporaryFolder?
    private(set) var written: [String] = []

    /// Where the set's files are written until ``finish()``: the staging folder of an exclusive
    /// or staged set, else `folder` (a helper such as gnuplot runs here).
    var workingFolder: String { staging?.path ?? folder }

    static func manifestName(_ owner: String) -> String { ".hingetool-\(owner)" }
    var manifest: String { folder + "/" + Self.manifestName(owner) }

    /// Prepares `folder` (created if missing) for the files named `names`.
    /// `offersForce`: the command has a `--force` option, which the refusal then suggests
    /// (`film --report` has none, and was told to add it, issue 32).
    /// - Throws: ``ToolError/usage(_:)`` when a name is not the owner's and `force` is off,
    ///   or the folder is an input of the run; ``ToolError/failure(_:)`` when the folder cannot
    ///   be made or read.
    /// `staged`: the files are written into a hidden folder inside `folder` and renamed into
    /// place by ``finish()``, as an exclusive set's are, without refusing the folder's other
    /// files (`film --report`: a full disk leaves the earlier report whole, not half of a new one).
    init(
        folder: String, owner: String, command: String? = nil, names: [String], force: Bool, exclusive: Bool = false,
        staged: Bool = false, offersForce: Bool = true
    ) throws(ToolError) {
        self.folder = folder
        self.owner = owner
        self.command = command ?? owner
        self.force = force
        self.exclusive = exclusive
        try RunRecord.current?.check(outputFolder: folder)
        let code = FileName.makeFolders(folder)
        guard code == 0 else {
            throw .failure("cannot create '\(Echo.quoted(folder, limit: 200))': \(String(cString: strerror(code)))")
        }
        try RunRecord.current?.check(outputFolder: folder)
        for name in names {
            try RunRecord.current?.check(output: folder + "/" + name, shownAs: folder + "/" + name, register: false)
        }
        earlier = readManifest()
        let planned = Set(names)
        let present = try entries()
        let strangers = present.filter { name in
            guard !earlier.contains(name) || !isRegularFile(name) else { return false }
            return exclusive || planned.contains(name)
        }
        if !strangers.isEmpty && !force {
            let shown = strangers.sorted().prefix(3).map { "'\(Echo.quoted($0))'" }.joined(separator: ", ")
            let more = strangers.count > 3 ? " and \(strangers.count - 3) more" : ""
            throw .usage(
                "'\(Echo.quoted(folder, limit: 200))' holds \(shown)\(more), which 'hingetool \(self.command)' did not write "
                    + (exclusive ? "(its files would mix with them)" : "(they would be replaced)")
                    + (offersForce
                        ? "; choose another folder, or add '--force'" : "; choose another folder, or move them away"))
        }
        try writeManifest(earlier.union(planned))
        if exclusive || staged { staging = try TemporaryFolder(purpose: "set", in: folder) }
    }

    /// Writes `bytes` as `name` in the folder.
    func write(_ name: String, _ bytes: [UInt8]) throws(ToolError) {
        let file = try open(name)
        guard bytes.withUnsafeBufferPointer({ file.write($0) }) else {
            let error = ToolError.failure(
                "cannot write '\(Echo.quoted(folder + "/" + name, limit: 200))': \(String(cString: strerror(errno)))")
            file.abandon()
            throw error
        }
        try file.commit()
    }

    func write(_ name: String, _ text: String) throws(ToolError) { try write(name, Array(text.utf8)) }

    /// A ``FileOutput`` for `name` in the folder, for a file written as a stream.
    func open(_ name: String) throws(ToolError) -> FileOutput {
        precondition(!name.contains("/"), "a set's names are plain names")
        written.append(name)
        guard let staging else { return try FileOutput(path: folder + "/" + name, inFolder: true) }
        try RunRecord.current?.check(output: folder + "/" + name, shownAs: folder + "/" + name)
        return try FileOutput(path: staging.path + "/" + name, inFolder: true, registered: false)
    }

    /// Checks `name` as ``open(_:)`` does, for a file a helper makes and renames into place
    /// (gnuplot's picture), and counts it in the set.
    func claim(_ name: String) throws(ToolError) {
        precondition(!name.contains("/"), "a set's names are plain names")
        try RunRecord.current?.check(output: folder + "/" + name, shownAs: folder + "/" + name)
        written.append(name)
    }

    /// Ends the set: the earlier set's names not written this time are removed (for an
    /// exclusive set), and the manifest lists exactly what was written.
    func finish() throws(ToolError) {
        let now = Set(written)
        if let staging {
            for name in written
            where rename(FileName.native(staging.path + "/" + name), FileName.native(folder + "/" + name)) != 0 {
                throw .failure(
                    "cannot write '\(Echo.quoted(folder + "/" + name, limit: 200))': \(String(cString: strerror(errno)))"
                )
            }
            self.staging = nil
        }
        if exclusive {
            for name in earlier.subtracting(now) where isRegularFile(name) {
                unlink(FileName.native(folder + "/" + name))
            }
            try writeManifest(now)
        } else {
            try writeManifest(earlier.union(now))
        }
    }

    private func isRegularFile(_ name: String) -> Bool {
        var status = stat()
        return lstat(FileName.native(folder + "/" + name), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private func entries() throws(ToolError) -> [String] {
        guard let directory = opendir(FileName.native(folder)) else {
            throw .failure("cannot read '\(Echo.quoted(folder, limit: 200))': \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.decode(raw.prefix { $0 != 0 })
            }
            // Hidden names (the manifests, temporary files) are no frame and no planned name.
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    private func readManifest() -> Set<String> {
        var status = stat()
        guard lstat(FileName.native(manifest), &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_size < 1 << 24,
            let text = try? String(contentsOfFile: manifest, encoding: .utf8)
        else { return [] }
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.contains("/") })
    }

    private func writeManifest(_ names: Set<String>) throws(ToolError) {
        var text = "# files 'hingetool \(command)' wrote here; it replaces them freely, and no others\n"
        for name in names.sorted() where !name.contains("\n") { text += name + "\n" }
        let file = try FileOutput(path: manifest, inFolder: true, registered: false)
        guard text.utf8.withContiguousStorageIfAvailable({ file.write($0) }) ?? false else {
            file.abandon()
            throw .failure("cannot write '\(Echo.quoted(manifest, limit: 200))': \(String(cString: strerror(errno)))")
        }
        try file.commit()
    }
}
