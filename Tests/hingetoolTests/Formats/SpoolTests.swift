import HingeKit
import Testing

@testable import hingetool

@Suite("Spool: spooled text comes back as written")
struct SpoolTests {
    /// Text whose multi-byte characters fall on each side of, and across, the 64 KiB chunks the
    /// spool is read back in.
    static func text(offset: Int) -> String {
        let filler = String(repeating: "a", count: OutputWriter.chunkSize - offset)
        return filler + "é€😀" + String(repeating: "b", count: OutputWriter.chunkSize) + "ü😀\n"
    }

    @Test(
        "Characters of 2, 3 and 4 bytes cut by a chunk boundary are copied whole, not as U+FFFD",
        arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    func chunkBoundaries(offset: Int) throws {
        let spool = try Spool()
        let written = Self.text(offset: offset)
        // Written in two pieces, as a command writes rows.
        let half = written.index(written.startIndex, offsetBy: written.count / 2)
        spool.sink.write(String(written[..<half]))
        spool.sink.write(String(written[half...]))
        let copied = ByteCollector()
        let capture = ToolContext(
            output: copied.sink, writeError: { _ in },
            openStandardInput: { () throws(FileByteSource.FileError) in InMemoryByteSource([]) })
        let output = try OutputWriter(path: nil, context: capture)
        try spool.copy(to: output)
        try output.commit()
        #expect(copied.bytes == Array(written.utf8))
    }
}
