import HingeKit
internal import HingeSupport

/// Reads a source one line at a time, holding one read buffer and the current line: a line is
/// handed out and dropped before the next is read, so what a reader keeps is what its caller
/// keeps (issue 32: the importers once split the whole text into an array of lines, 33 times
/// the input).
///
/// The text is UTF-8 (a byte-order mark dropped, invalid bytes read as U+FFFD) or UTF-16 with
/// either byte-order mark (as PowerShell's `>` writes it; an odd last byte is dropped). A line
/// ends at LF; a CR before it is removed, so CRLF lines read the same as LF lines. A line
/// longer than `limit` bytes (as UTF-8, with what the caller holds, ``held``) is refused.
struct LineReader {
    private enum Encoding { case undecided, utf8, utf16(littleEndian: Bool) }

    private var source: any TraceByteSource
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var encoding = Encoding.undecided
    /// The current line's bytes (UTF-8) or code units (UTF-16); reused from line to line.
    private var bytes: [UInt8] = []
    private var units: [UInt16] = []
    private var oddByte: UInt8?
    /// The number of the line last handed out, from 1.
    private(set) var number = 0
    /// The most bytes the current line and ``held`` may reach together.
    let limit: Int
    /// What the caller holds besides the current line (the rows it keeps), in bytes.
    var held = 0
    /// Called with the limit when a line would pass it; its error is thrown.
    private let refusal: (Int) -> any Error

    init(
        _ source: any TraceByteSource, limit: Int = .max, chunk: Int = 65_536,
        refusal: @escaping (Int) -> any Error
    ) {
        self.source = source
        self.limit = limit
        self.refusal = refusal
        buffer = [UInt8](repeating: 0, count: chunk)
    }

    /// The next line without its end (LF, or CR LF), or `nil` after the last one. A text that
    /// ends with LF has no empty line after it; an empty text has no line.
    mutating func next() throws -> Substring? {
        guard try fill() else { return nil }
        if case .undecided = encoding { try decide() }
        switch encoding {
        case .utf16(let little): return try nextUTF16(littleEndian: little)
        default: return try nextUTF8()
        }
    }

    /// Reads more when the buffer is used up; `false` at the end of the source.
    private mutating func fill() throws -> Bool {
        if start < end { return true }
        if atEnd { return false }
        start = 0
        end = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if end == 0 { atEnd = true }
        return end > 0
    }

    /// Looks at the first bytes for a byte-order mark (the first read may be short, so up to
    /// three bytes are gathered first).
    private mutating func decide() throws {
        var head: [UInt8] = []
        while head.count < 3, try fill() {
            let take = min(3 - head.count, end - start)
            head += buffer[start..<(start + take)]
            start += take
        }
        if head.count >= 2, head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF {
            encoding = .utf16(littleEndian: head[0] == 0xFF)
            oddByte = head.count == 3 ? head[2] : nil
        } else {
            encoding = .utf8
            // Not a mark: the bytes go back in front of the rest of the buffer, to be read as text.
            if head != [0xEF, 0xBB, 0xBF] {
                buffer = head + buffer[start..<end] + [UInt8](repeating: 0, count: max(0, buffer.count - (end - start)))
                (start, end) = (0, head.count + end - start)
            }
        }
    }

    private mutating func checkLength(_ count: Int) throws {
        if count > limit - min(held, limit) { throw refusal(limit) }
    }

    private mutating func nextUTF8() throws -> Substring? {
        while true {
            guard try fill() else { break }
            let (from, to) = (start, end)
            let newline: Int? = buffer.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, let found = memchr(base + from, 0x0A, to - from) else { return nil }
                return UnsafeRawPointer(found) - base
            }
            // A whole line in the buffer with nothing before it: no copy (a blank line costs
            // nothing but its count).
            if let newline, bytes.isEmpty {
                start = newline + 1
                number += 1
                let last = newline > from && buffer[newline - 1] == 0x0D ? newline - 1 : newline
                if last == from { return "" }
                try checkLength(last - from)
                return Substring(String(decoding: buffer[from..<last], as: UTF8.self))
            }
            try checkLength(bytes.count + (newline ?? to) - from)
            bytes += buffer[from..<(newline ?? to)]
            if let newline {
                start = newline + 1
                return finishUTF8()
            }
            start = end
        }
        return bytes.isEmpty ? nil : finishUTF8()
    }

    private mutating func finishUTF8() -> Substring {
        number += 1
        if bytes.last == 0x0D { bytes.removeLast() }
        defer { bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20) }
        return Substring(String(decoding: bytes, as: UTF8.self))
    }

    private mutating func nextUTF16(littleEndian: Bool) throws -> Substring? {
        while true {
            guard try fill() else { break }
            while start < end {
                guard let first = oddByte else {
                    oddByte = buffer[start]
                    start += 1
                    continue
                }
                oddByte = nil
                let second = buffer[start]
                start += 1
                let unit = littleEndian ? UInt16(first) | UInt16(second) << 8 : UInt16(first) << 8 | UInt16(second)
                if unit == 0x0A { return finishUTF16() }
                units.append(unit)
                // A code unit is at most three bytes of UTF-8.
                if units.count % 4096 == 0 { try checkLength(3 * units.count) }
            }
        }
        return units.isEmpty ? nil : finishUTF16()
    }

    private mutating func finishUTF16() -> Substring {
        number += 1
        if units.last == 0x0D { units.removeLast() }
        defer { units.removeAll(keepingCapacity: units.capacity <= 1 << 19) }
        return Substring(String(decoding: units, as: UTF16.self))
    }
}
