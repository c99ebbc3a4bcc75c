internal import HingeSupport

extension Frame {
    /// Decodes a binary (`P6`) or plain (`P3`) colour Netpbm image. A maximum value of 255 keeps
    /// 8-bit samples, 65535 keeps 16-bit ones, and any other maximum is scaled to 16 bits
    /// (`round(v · 65535 / max)`), as ImageMagick scales it.
    ///
    /// - Parameters:
    ///   - ppm: the whole file.
    ///   - file: the name used in errors, which also give the line and column in the header.
    ///   - pixelLimit: the largest `width · height` accepted, checked before allocating.
    /// - Throws: ``FrameError``.
    /// - Complexity: O(pixels).
    public init(ppm: [UInt8], file: String, pixelLimit: Int = Frame.defaultPixelLimit) throws(FrameError) {
        var scanner = NetpbmScanner(bytes: ppm, file: file)
        let magic = try scanner.word("the magic number P3 or P6")
        guard magic.text == "P6" || magic.text == "P3" else {
            throw scanner.error(at: magic, "'\(Echo.quoted(magic.text))' is not a colour PPM; expected P6 or P3")
        }
        let width = try scanner.integer("width", in: 1...1_000_000)
        let height = try scanner.integer("height", in: 1...1_000_000)
        guard width * height <= pixelLimit else {
            throw FrameError(file: file, message: "\(width) × \(height) pixels is more than the \(pixelLimit) accepted")
        }
        let maximum = try scanner.integer("maximum value", in: 1...65_535)
        let count = width * height * 3
        let wide = maximum != 255
        var values = [UInt16](repeating: 0, count: count)
        if magic.text == "P3" {
            for index in 0..<count {
                values[index] = UInt16(try scanner.integer("sample \(index + 1) of \(count)", in: 0...maximum))
            }
            if let extra = scanner.nextWord() {
                throw scanner.error(at: extra, "unexpected '\(Echo.quoted(extra.text))' after the last sample")
            }
        } else {
            guard scanner.offset < ppm.count, NetpbmScanner.isSpace(ppm[scanner.offset]) else {
                throw FrameError(file: file, message: "byte \(scanner.offset): expected one space before the pixels")
            }
            let start = scanner.offset + 1
            let size = maximum < 256 ? 1 : 2
            guard ppm.count - start == count * size else {
                throw FrameError(
                    file: file,
                    message: "the pixel data holds \(ppm.count - start) bytes; \(count * size) expected "
                        + (ppm.count - start < count * size ? "(truncated?)" : "(more after the image)"))
            }
            for index in 0..<count {
                let value =
                    size == 1
                    ? Int(ppm[start + index]) : Int(ppm[start + 2 * index]) << 8 | Int(ppm[start + 2 * index + 1])
                guard value <= maximum else {
                    throw FrameError(
                        file: file, message: "byte \(start + index * size): sample \(value) exceeds \(maximum)")
                }
                values[index] = UInt16(value)
            }
        }
        if !wide {
            self.init(width: width, height: height, layout: .rgb8, bytes: values.map { UInt8($0) })
            return
        }
        var bytes = [UInt8](repeating: 0, count: count * 2)
        let little = Self.hostIsLittleEndian
        for index in 0..<count {
            let scaled =
                maximum == 65_535 ? values[index] : UInt16(Double(values[index]) * 65_535 / Double(maximum) + 0.5)
            bytes[2 * index] = UInt8(little ? scaled & 0xFF : scaled >> 8)
            bytes[2 * index + 1] = UInt8(little ? scaled >> 8 : scaled & 0xFF)
        }
        self.init(width: width, height: height, layout: .rgb16, bytes: bytes)
    }

    /// Decodes a PNG or a PPM, told apart by their first bytes.
    ///
    /// - Throws: ``FrameError``, also when the bytes are neither.
    public init(
        contentsOf bytes: [UInt8], file: String, pixelLimit: Int = Frame.defaultPixelLimit
    )
        throws(FrameError)
    {
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
            bytes[1] == UInt8(ascii: "6") || bytes[1] == UInt8(ascii: "3")
        {
            try self.init(ppm: bytes, file: file, pixelLimit: pixelLimit)
        } else if bytes.count >= 8, Array(bytes[0..<8]) == Self.pngSignature {
            try self.init(png: bytes, file: file, pixelLimit: pixelLimit)
        } else {
            throw FrameError(file: file, message: "not a PNG or PPM image (unknown signature)")
        }
    }
}

/// Walks the text header of a Netpbm file: words separated by white space and `#` comments.
struct NetpbmScanner {
    struct Word {
        var text: String
        var line: Int
        var column: Int
    }

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

    mutating func nextWord() -> Word? {
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
            } else if Self.isSpace(bytes[offset]) {
                if bytes[offset] == 0x0A {
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
        while offset < bytes.count, !Self.isSpace(bytes[offset]), bytes[offset] != UInt8(ascii: "#") { offset += 1 }
        return Word(
            text: String(decoding: bytes[start..<offset], as: UTF8.self), line: line, column: start - lineStart + 1)
    }

    mutating func word(_ what: String) throws(FrameError) -> Word {
        guard let word = nextWord() else {
            throw FrameError(
                file: file, line: line, column: offset - lineStart + 1, message: "the file ends before the \(what)")
        }
        return word
    }

    mutating func integer(_ what: String, in range: ClosedRange<Int>) throws(FrameError) -> Int {
        let word = try word(what)
        guard word.text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), word.text.count <= 9,
            let value = Int(word.text),
            range.contains(value)
        else {
            throw error(
                at: word, "'\(Echo.quoted(word.text))' is not a valid \(what) (\(range.lowerBound)…\(range.upperBound))"
            )
        }
        return value
    }

    func error(at word: Word, _ message: String) -> FrameError {
        FrameError(file: file, line: word.line, column: word.column, message: message)
    }
}
