internal import HingeSupport

/// Reads Netpbm colour images: `P6` (binary) and `P3` (plain text), any maximum value up to
/// 65535, scaled to 8 bits.
///
/// Every defect is an error that names the place: `file:line:column` in the header or a plain
/// image, the byte offset in binary pixel data.
enum PPMReader {
    /// The largest image accepted, in pixels, so a corrupt header cannot ask for gigabytes.
    static let pixelLimit = 16_777_216

    static func read(_ bytes: [UInt8], file: String) throws(ToolError) -> PixelImage {
        var cursor = Cursor(bytes: bytes, file: file)
        let magic = try cursor.token(what: "magic number P3 or P6")
        guard magic.text == "P6" || magic.text == "P3" else {
            throw cursor.failure(at: magic, "'\(Echo.quoted(magic.text))' is not a colour PPM; expected 'P6' or 'P3'")
        }
        let width = try cursor.integer(what: "width", in: 1...65_535)
        let height = try cursor.integer(what: "height", in: 1...65_535)
        guard width * height <= pixelLimit else {
            throw .data("\(file):1:1: \(width) × \(height) pixels is more than the \(pixelLimit) accepted")
        }
        let maximum = try cursor.integer(what: "maximum value", in: 1...65_535)
        let count = width * height * 3
        var rgb = [UInt8](repeating: 0, count: count)
        func scaled(_ value: Int) -> UInt8 { UInt8((Double(value) * 255 / Double(maximum)).rounded()) }
        if magic.text == "P3" {
            for index in 0..<count {
                rgb[index] = scaled(try cursor.integer(what: "sample \(index + 1) of \(count)", in: 0...maximum))
            }
            if let extra = cursor.nextToken() {
                throw cursor.failure(at: extra, "unexpected '\(Echo.quoted(extra.text))' after the last sample")
            }
        } else {
            // Exactly one whitespace byte separates the header from binary data.
            guard cursor.offset < bytes.count, Cursor.isSpace(bytes[cursor.offset]) else {
                throw .data("\(file): byte \(cursor.offset): expected one whitespace byte before the pixel data")
            }
            let start = cursor.offset + 1
            let size = maximum < 256 ? 1 : 2
            let needed = count * size
            guard bytes.count - start >= needed else {
                throw .data(
                    "\(file): byte \(bytes.count): the pixel data ends after \(bytes.count - start) of \(needed) bytes")
            }
            guard bytes.count - start == needed else {
                throw .data("\(file): byte \(start + needed): \(bytes.count - start - needed) bytes after the image")
            }
            for index in 0..<count {
                let value =
                    size == 1
                    ? Int(bytes[start + index]) : Int(bytes[start + 2 * index]) << 8 | Int(bytes[start + 2 * index + 1])
                guard value <= maximum else {
                    throw .data("\(file): byte \(start + index * size): sample \(value) exceeds the maximum \(maximum)")
                }
                rgb[index] = scaled(value)
            }
        }
        return PixelImage(width: width, height: height, rgb: rgb)
    }

    /// A token of the header or of a plain image and where it starts.
    struct Token {
        var text: String
        var line: Int
        var column: Int
    }

    /// Walks the text part of a PPM: whitespace and `#` comments between tokens.
    struct Cursor {
        let bytes: [UInt8]
        let file: String
        var offset = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

        mutating func nextToken() -> Token? {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "#") {
                    while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                } else if Self.isSpace(byte) {
                    if byte == 0x0A {
                        line += 1
                        lineStart = offset + 1
                    }
                    offset += 1
                } else {
                    break
                }
            }
            guard offset < bytes.count else { return nil }
            let start = offset
            while offset < bytes.count, !Self.isSpace(bytes[offset]), bytes[offset] != UInt8(ascii: "#") {
                offset += 1
            }
            return Token(
                text: String(decoding: bytes[start..<offset], as: UTF8.self), line: line, column: start - lineStart + 1)
        }

        mutating func token(what: String) throws(ToolError) -> Token {
            guard let token = nextToken() else {
                throw .data("\(file):\(line):\(offset - lineStart + 1): the file ends where the \(what) should be")
            }
            return token
        }

        mutating func integer(what: String, in range: ClosedRange<Int>) throws(ToolError) -> Int {
            let token = try token(what: what)
            guard token.text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(token.text),
                range.contains(value)
            else {
                throw failure(
                    at: token,
                    "'\(Echo.quoted(token.text))' is not a valid \(what) (\(range.lowerBound)…\(range.upperBound))")
            }
            return value
        }

        func failure(at token: Token, _ message: String) -> ToolError {
            .data("\(file):\(token.line):\(token.column): \(message)")
        }
    }
}
