internal import CPNG

extension Frame {
    /// The eight bytes every PNG file starts with.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG: 1- to 16-bit grey, grey + alpha, RGB, RGBA and palette images,
    /// interlaced or not.
    ///
    /// Non-interlaced 8-bit grey, grey + alpha, RGB and RGBA files without a transparency chunk
    /// (what screen recordings are cut into) take a fast path: the chunks are read and their
    /// CRCs checked here, the image data is inflated by libdeflate and unfiltered here. Every
    /// other file, and any file the fast path doubts, is decoded by libpng, which also words
    /// every error; both give the same samples.
    ///
    /// The size in the header is checked against `pixelLimit` before the pixels are allocated.
    /// The chunks after the image data are read too, so a file cut short anywhere is an error.
    /// Colour and gamma chunks are not applied: the samples are the file's own, as ImageMagick's
    /// `compare` reads them.
    ///
    /// - Parameters:
    ///   - png: the whole file.
    ///   - file: the name used in errors.
    ///   - pixelLimit: the largest `width · height` accepted.
    /// - Throws: ``FrameError`` with libpng's own message for a damaged file.
    /// - Complexity: O(pixels).
    public init(png: [UInt8], file: String, pixelLimit: Int = Frame.defaultPixelLimit) throws(FrameError) {
        var none: [UInt8] = []
        self = try Self.decodedPNG(png, file: file, pixelLimit: pixelLimit, reusing: &none)
    }

    /// ``init(png:file:pixelLimit:)``, with the samples of a fast-path file in `storage` when
    /// it is uniquely referenced and large enough (it is taken, and left empty).
    package static func decodedPNG(
        _ png: [UInt8], file: String, pixelLimit: Int, reusing storage: inout [UInt8]
    ) throws(FrameError) -> Frame {
        guard png.count >= 8, Array(png[0..<8]) == Self.pngSignature else {
            throw FrameError(file: file, message: "not a PNG file (the PNG signature is missing)")
        }
        // The size is refused from the IHDR chunk itself (which must come first), before libpng
        // reads on, so a header claiming a huge image fails the same way whatever follows it.
        if png.count >= 24, Array(png[12..<16]) == Array("IHDR".utf8) {
            func word(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let (width, height) = (word(16), word(20))
            // Each is below 2³², so the product can pass 2⁶³: compare without overflowing.
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= pixelLimit else {
                throw FrameError(
                    file: file, message: "\(width) × \(height) pixels is more than the \(pixelLimit) accepted")
            }
        }
        if let frame = png.withUnsafeBufferPointer({ PNGFastPath.decode($0, reusing: &storage) }) { return frame }
        return try libpngDecoded(png, file: file, pixelLimit: pixelLimit)
    }

    /// Refuses a chunk that claims more bytes than the file holds, before libpng sees it:
    /// libpng allocates a text chunk's claimed length before reading it (a 100-byte file
    /// claiming a 2 GB chunk made it allocate 2 GB), so lengths are held to the file here.
    static func checkChunkLengths(_ png: [UInt8], file: String) throws(FrameError) {
        var offset = 8
        while png.count - offset >= 8 {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(
                decoding: png[(offset + 4)..<(offset + 8)].map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self
            )
            guard length <= png.count - offset - 12 else {
                throw FrameError(
                    file: file,
                    message:
                        "damaged PNG: the '\(type)' chunk at byte \(offset) claims \(length) bytes, but the file "
                        + "ends at byte \(png.count) (truncated)")
            }
            if type == "IEND" { return }
            offset += 12 + length
        }
    }

    /// Decodes a PNG through libpng alone (the path for every file the fast path hands over,
    /// and its oracle in the tests).
    package static func libpngDecoded(_ png: [UInt8], file: String, pixelLimit: Int) throws(FrameError) -> Frame {
        try checkChunkLengths(png, file: file)
        let result: Result<Frame, FrameError> = png.withUnsafeBufferPointer { data in
            guard let reader = hk_png_reader_create(data.baseAddress, data.count) else {
                return .failure(FrameError(file: file, message: "out of memory"))
            }
            defer { hk_png_reader_destroy(reader) }
            func failure(_ what: String) -> Result<Frame, FrameError> {
                let detail = String(cString: hk_png_reader_message(reader))
                return .failure(FrameError(file: file, message: "\(what): \(detail)"))
            }
            var width: UInt32 = 0
            var height: UInt32 = 0
            var bits: Int32 = 0
            var channels: Int32 = 0
            var rowBytes = 0
            guard hk_png_read_header(reader, &width, &height, &bits, &channels, &rowBytes) == 1 else {
                return failure("bad PNG header")
            }
            let pixels = Int(width) * Int(height)
            guard pixels <= pixelLimit else {
                return .failure(
                    FrameError(
                        file: file,
                        message: "\(width) × \(height) pixels is more than the \(pixelLimit) accepted"))
            }
            guard let layout = Layout(channels: Int(channels), bitDepth: Int(bits)),
                rowBytes == Int(width) * layout.channels * layout.bitDepth / 8
            else {
                return .failure(FrameError(file: file, message: "unexpected PNG layout (\(channels) × \(bits) bits)"))
            }
            var ok = false
            let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * Int(height)) { buffer, count in
                ok = hk_png_read_pixels(reader, buffer.baseAddress, rowBytes) == 1
                if !ok { buffer.initialize(repeating: 0) }
                count = buffer.count
            }
            guard ok else { return failure("damaged PNG") }
            return .success(Frame(width: Int(width), height: Int(height), layout: layout, bytes: bytes))
        }
        return try result.get()
    }

    /// Encodes the frame as a PNG through libpng's simplified writer (8-bit frames only; 16-bit
    /// frames are written with their high bytes). The bytes depend only on the pixels and the
    /// libpng and zlib versions, so renders are reproducible.
    ///
    /// - Returns: the PNG file, or `nil` if libpng failed (out of memory).
    /// - Complexity: O(pixels).
    public func pngData() -> [UInt8]? {
        let eight: [UInt8]
        switch layout {
        case .rgb8, .rgba8: eight = bytes
        case .rgb16, .rgba16:
            let high = Self.hostIsLittleEndian ? 1 : 0
            eight = (0..<(bytes.count / 2)).map { bytes[2 * $0 + high] }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = layout.hasAlpha ? hk_png_format_rgba() : hk_png_format_rgb()
        let stride = Int32(width * layout.channels)
        var size = 0
        let sized = eight.withUnsafeBufferPointer { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else { return nil }
        var written = size
        let data = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let done = eight.withUnsafeBufferPointer { pixels in
                png_image_write_to_memory(&image, buffer.baseAddress, &written, 0, pixels.baseAddress, stride, nil)
            }
            count = done != 0 ? written : 0
        }
        png_image_free(&image)
        return data.isEmpty ? nil : data
    }
}
