import HingeSupport
import Testing

/// The one read and write loop, on a pipe whose contents the test wrote itself.
@Suite("DescriptorIO: reads and writes on a pipe")
struct DescriptorIOTests {
    private func pipeEnds() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test("fill gathers several writes and stops at the end; readSome returns what has arrived")
    func fillAndReadSome() {
        let ends = pipeEnds()
        let pieces: [[UInt8]] = [Array("hinge".utf8), Array(" angle".utf8), [0xE2, 0x80, 0x94]]
        for piece in pieces {
            #expect(piece.withUnsafeBytes { DescriptorIO.writeAll(ends.write, $0) })
        }
        var first = [UInt8](repeating: 0, count: 64)
        // The pipe holds 14 bytes: one read gives no more than that, without waiting for 64.
        let some = first.withUnsafeMutableBytes { DescriptorIO.readSome(ends.read, into: $0) }
        #expect(some.error == 0 && some.count == 14)
        #expect(Array(first[..<some.count]) == pieces.flatMap { $0 })
        #expect(Array("more".utf8).withUnsafeBytes { DescriptorIO.writeAll(ends.write, $0) })
        close(ends.write)
        var rest = [UInt8](repeating: 0, count: 64)
        let filled = rest.withUnsafeMutableBytes { DescriptorIO.fill(ends.read, into: $0) }
        #expect(filled.count == 4 && filled.error == 0)
        #expect(Array(rest[..<4]) == Array("more".utf8))
        let end = rest.withUnsafeMutableBytes { DescriptorIO.readSome(ends.read, into: $0) }
        #expect(end.count == 0 && end.error == 0)
        close(ends.read)
    }

    @Test("fill stops when the buffer is full and leaves the rest in the pipe")
    func fillStopsWhenFull() {
        let ends = pipeEnds()
        let bytes = (0..<100).map { UInt8($0) }
        #expect(bytes.withUnsafeBytes { DescriptorIO.writeAll(ends.write, $0) })
        close(ends.write)
        var buffer = [UInt8](repeating: 0, count: 40)
        let filled = buffer.withUnsafeMutableBytes { DescriptorIO.fill(ends.read, into: $0) }
        #expect(filled.count == 40 && buffer == Array(bytes[..<40]))
        var rest = [UInt8](repeating: 0, count: 100)
        let after = rest.withUnsafeMutableBytes { DescriptorIO.fill(ends.read, into: $0) }
        #expect(after.count == 60 && Array(rest[..<60]) == Array(bytes[40...]))
        close(ends.read)
    }

    @Test("A read or write on a closed descriptor reports errno EBADF, not a count")
    func failures() {
        let ends = pipeEnds()
        close(ends.read)
        close(ends.write)
        var buffer = [UInt8](repeating: 0, count: 8)
        let some = buffer.withUnsafeMutableBytes { DescriptorIO.readSome(ends.read, into: $0) }
        #expect(some.count == 0 && some.error == EBADF)
        let filled = buffer.withUnsafeMutableBytes { DescriptorIO.fill(ends.read, into: $0) }
        #expect(filled.count == 0 && filled.error == EBADF)
        #expect(!buffer.withUnsafeBytes { DescriptorIO.writeAll(ends.write, $0) })
        #expect(errno == EBADF)
    }
}
