import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, "one opener": every input the command catalogue declares, of every subcommand, is
/// given a FIFO, a device node, a socket and a folder (all made in a temporary folder, never the
/// machine's /dev). Each is refused before it is opened — exit 66, saying what it is — and
/// nothing waits on the FIFO: the FIFO has no writer, so a command that opened it would hang
/// until the guard kills it. The inputs come from the declarations
/// (``HostileCatalogue/declaredInputs(_:base:)``), so a command added tomorrow is covered the day
/// it is added.
@Suite("Non-regular files as every declared input of every subcommand")
struct NonRegularInputTests {
    /// The FIFO, device, socket and folder, made once per test in `folder`.
    static func nodes(in folder: String) throws -> [(label: String, path: String, kind: InputFile.Kind)] {
        var nodes: [(String, String, InputFile.Kind)] = []
        try #require(makeNode(folder + "/fifo"))
        nodes.append(("a FIFO", folder + "/fifo", .fifo))
        // mknod of a character device needs root (or CAP_MKNOD); the suite runs without it too.
        if makeNode(folder + "/zero", characterDevice: (1, 5)) {
            nodes.append(("a character device", folder + "/zero", .characterDevice))
        }
        try #require(makeSocket(folder + "/socket"))
        nodes.append(("a socket", folder + "/socket", .socket))
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: true)
        nodes.append(("a folder", folder + "/folder", .folder))
        return nodes
    }

    @Test(
        "Every declared input of every subcommand refuses a FIFO, a device, a socket and a folder (exit 66)",
        arguments: GeneratedHostileTests.leaves)
    func refused(command: String) throws {
        let folder = temporaryFolder()
        let base = try #require(HostileCatalogue.base(command, folder: folder))
        let nodes = try Self.nodes(in: folder)
        for (arguments, slot) in HostileCatalogue.declaredInputs(command, base: base) {
            for node in nodes where !(node.kind == .folder && slot.kind == .inputFileOrFolder) {
                var line = arguments
                line[slot.index] = node.path
                let run = runChild(line, in: folder, timeLimit: 60)
                let label = "\(command) \(slot.name) given \(node.label)"
                #expect(!run.timedOut, "\(label): hang")
                #expect(run.status == 66, "\(label): status \(run.status ?? -1): \(run.error)")
                #expect(run.error.contains("it is \(node.kind.words)"), "\(label): \(run.error)")
                #expect(run.error.contains(node.path), "\(label): \(run.error)")
            }
        }
    }

    @Test("The catalogue declares inputs for the commands that read files (count printed)")
    func inputsAreDeclared() throws {
        let folder = temporaryFolder()
        var count = 0
        for command in GeneratedHostileTests.leaves {
            let base = try #require(HostileCatalogue.base(command, folder: folder))
            count += HostileCatalogue.declaredInputs(command, base: base).count
        }
        for command in ["stats", "read", "score", "poses", "fold-render", "film", "import", "plot trace"] {
            let base = try #require(HostileCatalogue.base(command, folder: folder))
            #expect(!HostileCatalogue.declaredInputs(command, base: base).isEmpty, "\(command) declares no input")
        }
        print("non-regular inputs: \(count) declared inputs attacked")
    }

    @Test("A regular file past --max-bytes is refused before a byte is read, naming the limit")
    func maxBytesBySize() throws {
        let folder = temporaryFolder()
        let path = folder + "/stages.csv"
        try ("content_width,content_height\n" + String(repeating: "400,800\n", count: 1000)).write(
            toFile: path, atomically: false, encoding: .utf8)
        let run = runChild(["poses", path, "--max-bytes", "100"], in: folder)
        #expect(run.status == 65)
        #expect(run.error.contains("is 8029 bytes, longer than 100 bytes"), "\(run.error)")
        #expect(run.error.contains("--max-bytes"))
    }

    /// Files that read what the tool itself wrote, never a path from the command line.
    static let readsItsOwnFiles: [String: String] = [
        "Commands/HingeTool+Preview.swift": "the PNG it just encoded in its temporary folder",
        "Commands/Plot/FilmPlot.swift": "the data file it just wrote",
        "Output/OutputSet.swift": "the manifest of the set it wrote",
        "Output/ChildProgram.swift": "/dev/null as a child's standard input",
    ]

    @Test("No command opens a file for reading except through the one opener")
    func oneOpener() throws {
        let sources = packageRoot + "/Sources/hingetool"
        let enumerator = FileManager.default.enumerator(atPath: sources)
        var offenders: [String] = []
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift"), file != "Input/InputFile.swift", Self.readsItsOwnFiles[file] == nil
            else { continue }
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for pattern in [
                "FileByteSource(path:", "fopen(", "O_RDONLY", "contentsOfFile:", "contents(atPath:",
                "FileHandle(forReadingAtPath",
            ] where text.contains(pattern) {
                offenders.append("\(file): \(pattern)")
            }
        }
        #expect(offenders.isEmpty, "read outside ToolContext.openInput: \(offenders)")
    }
}

/// Makes a Unix-domain socket file at `path` (bound, then closed: the file stays).
func makeSocket(_ path: String) -> Bool {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    return bound == 0
}
