import HingeKit
import Testing

@testable import hingetool

@Suite("Output bytes: what is written comes out byte for byte, whatever the chunks")
struct ByteSinkTests {
    /// 2-, 3- and 4-byte characters (é, €, 😀), twice over, so that a chunk boundary falls
    /// inside each of them at some offset.
    static let characters = Array("é€😀é€😀".utf8)

    /// The first index where two byte lists differ, or `nil`: a short message where printing
    /// 64 KiB of bytes would not be.
    static func firstDifference(_ got: [UInt8], _ expected: [UInt8]) -> Int? {
        if let index = zip(got, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return index
        }
        return got.count == expected.count ? nil : min(got.count, expected.count)
    }

    /// Standard output (no path): ASCII up to `offset` bytes before the 64 KiB chunk boundary,
    /// then the characters one byte a write, so that the boundary cuts a character for most
    /// offsets. Failed on the code before the byte sink at offsets 1, 3, 4, 6, 7 and 8 (each
    /// chunk was decoded alone: the cut character came out as U+FFFD).
    @Test(
        "A character whose bytes straddle the 64 KiB chunk boundary reaches standard output whole",
        arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    func chunkBoundary(offset: Int) throws {
        var expected = Array(repeating: UInt8(ascii: "a"), count: OutputWriter.chunkSize - offset)
        let copied = ByteCollector()
        let capture = ToolContext(
            output: copied.sink, writeError: { _ in },
            openStandardInput: { () throws(FileByteSource.FileError) in InMemoryByteSource([]) })
        let output = try OutputWriter(path: nil, context: capture)
        output.write(String(decoding: expected, as: UTF8.self))
        for byte in Self.characters {
            output.write(byte: byte)
            expected.append(byte)
        }
        try output.commit()
        let difference = Self.firstDifference(copied.bytes, expected)
        #expect(difference == nil, "bytes differ from index \(difference ?? 0) of \(expected.count)")
    }

    @Test("Text longer than a chunk, written at once, arrives as its UTF-8 bytes")
    func longText() throws {
        let text = String(repeating: "ü€😀", count: OutputWriter.chunkSize / 3)
        let copied = ByteCollector()
        let capture = ToolContext(
            output: copied.sink, writeError: { _ in },
            openStandardInput: { () throws(FileByteSource.FileError) in InMemoryByteSource([]) })
        let output = try OutputWriter(path: nil, context: capture)
        output.write("#")
        output.write(text)
        try output.commit()
        #expect(Self.firstDifference(copied.bytes, Array(("#" + text).utf8)) == nil)
    }
}
