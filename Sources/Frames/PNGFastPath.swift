internal import CDeflate
internal import HingeSupport

/// The fast path for the PNGs a screen recording is cut into: non-interlaced 8-bit grey,
/// grey + alpha, RGB or RGBA, no transparency chunk. The chunks are read here, every CRC-32 is
/// checked, the concatenated image data is inflated by libdeflate into one buffer of exactly
/// `height · (1 + rowBytes)` bytes and unfiltered in place.
///
/// It never decides that a file is bad: anything it does not handle or doubts (another colour
/// type or depth, interlacing, a tRNS chunk, an unknown critical chunk, a bad CRC, image data
/// that does not inflate to exactly the right size or is followed by more data, a missing
/// IEND) makes ``decode(_:)`` return `nil`, and the caller hands the file to libpng, which
/// decodes it or reports the error in its own words. Ancillary chunks are skipped, as libpng
/// skips them when it is not asked for them; the bytes after IEND are not read, as libpng does
/// not read them. A test and a fuzz target hold the two paths to identical samples.
package enum PNGFastPath {
    /// The decoded frame, or `nil` when libpng must decide. `png` starts with the signature and
    /// the caller has checked the header's size against its pixel limit. The samples of an RGB
    /// or RGBA file go into `storage` when it is uniquely referenced and large enough (a
    /// dropped frame's samples; it is taken, and left empty), so a film's frames reuse a few
    /// buffers.
    package static func decode(_ png: UnsafeBufferPointer<UInt8>, reusing storage: inout [UInt8]) -> Frame? {
        guard let layout = ChunkLayout(png) else { return nil }
        let header = layout.header
        let inChannels = header.colourType.channels
        let rowBytes = header.width * inChannels
        let filteredCount = header.height * (rowBytes + 1)
        let outChannels = header.colourType.hasAlpha ? 4 : 3
        let outRowBytes = header.width * outChannels
        let data: [UInt8]?
        if inChannels == outChannels {
            // Inflated and unfiltered in the frame's own buffer: the rows move left by one
            // byte each as their filter bytes are dropped, and the spare tail is cut off.
            var ok = false
            var bytes: [UInt8] = []
            swap(&bytes, &storage)
            if bytes.capacity >= filteredCount && bytes.count <= filteredCount {
                // Only the bytes beyond the previous frame's are written before the inflate.
                bytes.append(contentsOf: repeatElement(0, count: filteredCount - bytes.count))
            } else {
                bytes = [UInt8](unsafeUninitializedCapacity: filteredCount) { _, count in count = filteredCount }
            }
            bytes.withUnsafeMutableBufferPointer { buffer in
                // Never empty (a frame has at least one row), so it has an address.
                guard let base = buffer.baseAddress else { return }
                ok =
                    layout.inflate(png, into: base, count: filteredCount)
                    && unfilter(base, rows: header.height, rowBytes: rowBytes, pixelBytes: inChannels)
            }
            if ok { bytes.removeLast(header.height) }
            data = ok ? bytes : nil
        } else {
            var ok = false
            let grey = [UInt8](unsafeUninitializedCapacity: filteredCount) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                ok =
                    layout.inflate(png, into: base, count: filteredCount)
                    && unfilter(base, rows: header.height, rowBytes: rowBytes, pixelBytes: inChannels)
                count = ok ? header.height * rowBytes : 0
            }
            data = ok ? expandGrey(grey, pixels: header.width * header.height, alpha: outChannels == 4) : nil
        }
        guard let data, data.count == header.height * outRowBytes else { return nil }
        return Frame(
            width: header.width, height: header.height, layout: outChannels == 4 ? .rgba8 : .rgb8, bytes: data)
    }

    /// ``decode(_:reusing:)`` into a new buffer.
    package static func decode(_ png: UnsafeBufferPointer<UInt8>) -> Frame? {
        var none: [UInt8] = []
        return decode(png, reusing: &none)
    }

    /// Grey to three equal channels, grey + alpha to RGBA, as libpng's `png_set_gray_to_rgb`.
    static func expandGrey(_ grey: [UInt8], pixels: Int, alpha: Bool) -> [UInt8] {
        let channels = alpha ? 4 : 3
        return [UInt8](unsafeUninitializedCapacity: pixels * channels) { out, count in
            grey.withUnsafeBufferPointer { grey in
                for pixel in 0..<pixels {
                    let v = grey[alpha ? 2 * pixel : pixel]
                    out[channels * pixel] = v
                    out[channels * pixel + 1] = v
                    out[channels * pixel + 2] = v
                    if alpha { out[4 * pixel + 3] = grey[2 * pixel + 1] }
                }
            }
            count = pixels * channels
        }
    }

    /// The IHDR fields the fast path accepts.
    struct Header {
        enum ColourType: UInt8 {
            case grey = 0, rgb = 2, greyAlpha = 4, rgba = 6
            var channels: Int {
                switch self {
                case .grey: 1
                case .greyAlpha: 2
                case .rgb: 3
                case .rgba: 4
                }
            }
            var hasAlpha: Bool { self == .greyAlpha || self == .rgba }
        }
        var width: Int
        var height: Int
        var colourType: ColourType
    }

    /// Where the header and the image data are in the file, once every chunk up to IEND has
    /// been checked.
    struct ChunkLayout {
        var header: Header
        /// The data of the IDAT chunks, in order (offset, length).
        var imageData: [(offset: Int, count: Int)] = []

        init?(_ png: UnsafeBufferPointer<UInt8>) {
            guard let start = png.baseAddress else { return nil }
            func word(_ at: Int) -> Int {
                Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            }
            var offset = 8
            var parsed: Header?
            var images: [(offset: Int, count: Int)] = []
            var imageDataEnded = false
            var imageDataLimit = 0
            var ended = false
            while !ended {
                guard png.count - offset >= 12 else { return nil }
                let length = word(offset)
                guard length <= 0x7FFF_FFFF, png.count - offset - 12 >= length else { return nil }
                let type = (png[offset + 4], png[offset + 5], png[offset + 6], png[offset + 7])
                // libpng refuses a chunk type that is not four ASCII letters.
                for index in 4..<8 where !isLetter(png[offset + index]) { return nil }
                let stored = UInt32(word(offset + 8 + length))
                // The CRC covers the type and the data, which are contiguous in the file.
                guard libdeflate_crc32(0, start + offset + 4, 4 + length) == stored else { return nil }
                let data = offset + 8
                let isImageData = type == (0x49, 0x44, 0x41, 0x54)
                if parsed == nil {
                    // IHDR: 13 bytes, 8 bits, no interlacing, compression and filter method 0.
                    guard type == (0x49, 0x48, 0x44, 0x52), length == 13, png[data + 8] == 8,
                        let colour = Header.ColourType(rawValue: png[data + 9]), png[data + 10] == 0,
                        png[data + 11] == 0, png[data + 12] == 0
                    else { return nil }
                    let width = word(data)
                    let height = word(data + 4)
                    // libpng's default user limits: a million pixels each way.
                    guard (1...1_000_000).contains(width), (1...1_000_000).contains(height) else { return nil }
                    parsed = Header(width: width, height: height, colourType: colour)
                    // libpng's largest IDAT chunk: the filtered image plus zlib's worst overhead.
                    let rowFactor = width * colour.channels + 1
                    let filtered = height * rowFactor
                    imageDataLimit = filtered + 6 + 5 * (filtered / min(rowFactor, 32_566) + 1)
                } else if isImageData {
                    // libpng refuses image data split by another chunk.
                    guard !imageDataEnded, length <= imageDataLimit else { return nil }
                    images.append((data, length))
                } else if type == (0x49, 0x45, 0x4E, 0x44) {
                    ended = true
                } else if type.0 & 0x20 == 0 || type == (0x74, 0x52, 0x4E, 0x53) || length > 1 << 20 {
                    // Another critical chunk (PLTE, a second IHDR, an unknown one), tRNS (which
                    // turns a colour into transparency) and an ancillary chunk large enough for
                    // libpng's chunk size limit: libpng's call.
                    return nil
                }
                if !isImageData && !images.isEmpty { imageDataEnded = true }
                offset = data + length + 4
            }
            guard let parsed, !images.isEmpty else { return nil }
            header = parsed
            imageData = images
        }

        /// Inflates the image data into `count` bytes at `out`; false unless the zlib stream
        /// is whole, checks out and fills exactly `count` bytes with nothing after it.
        func inflate(_ png: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
            let total = imageData.reduce(0) { $0 + $1.count }
            // zlib's header must announce deflate with a 32 KiB window: libpng lets zlib hold a
            // stream to a smaller announced window, which libdeflate does not check.
            guard let first = imageData.first(where: { $0.count > 0 }), png[first.offset] == 0x78,
                let start = png.baseAddress
            else { return false }
            func run(_ input: UnsafeRawPointer) -> Bool {
                Decompressors.shared.withDecompressor { decompressor in
                    var consumed = 0
                    let result = libdeflate_zlib_decompress_ex(
                        decompressor, input, total, out, count, &consumed, nil)
                    return result == LIBDEFLATE_SUCCESS && consumed == total
                }
            }
            if imageData.count == 1 { return run(start + imageData[0].offset) }
            let joined = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialised in
                // `total` is at least `first.count` > 0, so the buffer has an address.
                guard let joint = buffer.baseAddress else { return }
                for part in imageData {
                    UnsafeMutableRawPointer(joint + initialised).copyMemory(
                        from: start + part.offset, byteCount: part.count)
                    initialised += part.count
                }
            }
            return joined.withUnsafeBytes { $0.baseAddress.map(run) ?? false }
        }
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// Undoes the PNG filters of `rows` rows of `1 + rowBytes` bytes at `base` (the filter
    /// type, then the filtered bytes), leaving the rows packed (`rowBytes` each) at `base`.
    ///
    /// Row `y`'s output starts `y + 1` bytes before its input, so writing byte `i` can only
    /// overwrite input bytes before `i`, already read; the row above is already unfiltered
    /// and never overwritten. Returns false for a filter type other than 0…4.
    static func unfilter(_ base: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, pixelBytes: Int) -> Bool {
        for y in 0..<rows {
            let input = base + y * (rowBytes + 1)
            let filter = input[0]
            let line = UnsafePointer(input + 1)
            let out = base + y * rowBytes
            let above: UnsafePointer<UInt8>? = y > 0 ? UnsafePointer(out - rowBytes) : nil
            switch (filter, above) {
            case (0, _), (2, nil):
                UnsafeMutableRawPointer(out).copyMemory(from: line, byteCount: rowBytes)
            case (1, _):
                for i in 0..<pixelBytes { out[i] = line[i] }
                for i in pixelBytes..<rowBytes { out[i] = line[i] &+ out[i - pixelBytes] }
            case (2, let above?):
                addRows(line, above, into: out, count: rowBytes)
            case (3, _):
                for i in 0..<rowBytes {
                    let left = i >= pixelBytes ? UInt16(out[i - pixelBytes]) : 0
                    let up = UInt16(above?[i] ?? 0)
                    out[i] = line[i] &+ UInt8(truncatingIfNeeded: (left + up) >> 1)
                }
            case (4, _):
                for i in 0..<rowBytes {
                    let left = i >= pixelBytes ? Int(out[i - pixelBytes]) : 0
                    let up = Int(above?[i] ?? 0)
                    let upLeft = i >= pixelBytes ? Int(above?[i - pixelBytes] ?? 0) : 0
                    out[i] = line[i] &+ UInt8(truncatingIfNeeded: paeth(left, up, upLeft))
                }
            default:
                return false
            }
        }
        return true
    }

    /// The Paeth predictor of the PNG specification: of left, up and upper-left, the one
    /// nearest to `left + up − upLeft`, ties in that order.
    @inline(__always)
    static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
        let estimate = left + up - upLeft
        let toLeft = abs(estimate - left)
        let toUp = abs(estimate - up)
        let toUpLeft = abs(estimate - upLeft)
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    /// `out[i] = line[i] + above[i]` (mod 256), 32 bytes at a time; each block is loaded whole
    /// before it is stored, as `out` may overlap the start of `line`.
    @inline(__always)
    static func addRows(
        _ line: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        var i = 0
        while i + 32 <= count {
            let sum =
                UnsafeRawPointer(line + i).loadUnaligned(as: SIMD32<UInt8>.self)
                &+ UnsafeRawPointer(above + i).loadUnaligned(as: SIMD32<UInt8>.self)
            UnsafeMutableRawPointer(out + i).storeBytes(of: sum, as: SIMD32<UInt8>.self)
            i += 32
        }
        while i < count {
            out[i] = line[i] &+ above[i]
            i += 1
        }
    }
}

/// libdeflate decompressors (about 10 KiB each) kept for reuse, one per thread that needs one
/// at the same time, so decoding a film allocates none per frame. `@unchecked Sendable`: the
/// idle list is reached only through its lock, and a decompressor is used by one thread at a
/// time (taken off the list while in use).
final class Decompressors: @unchecked Sendable {
    static let shared = Decompressors()
    private let idle = LockedBuffer.make([OpaquePointer]())

    func withDecompressor(_ body: (OpaquePointer) -> Bool) -> Bool {
        guard let decompressor = idle.withLock({ $0.popLast() }) ?? libdeflate_alloc_decompressor() else {
            return false
        }
        defer { idle.withLock { $0.append(decompressor) } }
        return body(decompressor)
    }
}
