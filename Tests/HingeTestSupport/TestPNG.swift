public import HingeKit

/// A PNG encoder for tests, independent of libpng: any colour type, bit depth, palette,
/// transparency chunk and Adam7 interlacing, stored (uncompressed) deflate blocks. It writes
/// the sample values it is given, so a decoder's output can be checked against them, and it
/// builds damaged files on purpose.
public struct TestPNG: Sendable {
    /// PNG colour types.
    public enum ColourType: UInt8, Sendable, CaseIterable {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        public var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    public var width: Int
    public var height: Int
    public var colourType: ColourType
    public var bitDepth: Int
    public var interlaced = false
    /// Per pixel, row-major: `channels` samples (a palette index for palette images).
    public var samples: [Int]
    public var palette: [(UInt8, UInt8, UInt8)] = []
    /// The raw tRNS chunk, if any.
    public var transparency: [UInt8]?
    /// A gAMA chunk's value (gamma × 100000), if any; decoders that compare samples ignore it.
    public var gamma: UInt32?

    public init(width: Int, height: Int, colourType: ColourType, bitDepth: Int, samples: [Int]) {
        precondition(samples.count == width * height * colourType.channels)
        self.width = width
        self.height = height
        self.colourType = colourType
        self.bitDepth = bitDepth
        self.samples = samples
    }

    /// A random image of this kind (palette images get a random palette of 2^depth colours,
    /// at most 256).
    public static func random(
        width: Int, height: Int, colourType: ColourType, bitDepth: Int, using random: inout SplitMix64
    ) -> TestPNG {
        let maximum = colourType == .palette ? (1 << min(bitDepth, 8)) - 1 : (1 << bitDepth) - 1
        let samples = (0..<(width * height * colourType.channels)).map { _ in Int(random.next() % UInt64(maximum + 1)) }
        var image = TestPNG(width: width, height: height, colourType: colourType, bitDepth: bitDepth, samples: samples)
        if colourType == .palette {
            image.palette = (0...maximum).map { _ in
                (UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256))
            }
        }
        return image
    }

    /// The pixel as red, green, blue, alpha in 0…1, as the PNG specification defines it.
    public func expected(x: Int, y: Int) -> (Double, Double, Double, Double) {
        let index = (y * width + x) * colourType.channels
        let s = Array(samples[index..<(index + colourType.channels)])
        let maximum = Double((1 << bitDepth) - 1)
        func keyed(_ values: [Int]) -> Double {
            guard let t = transparency else { return 1 }
            let keys = stride(from: 0, to: t.count, by: 2).map { Int(t[$0]) << 8 | Int(t[$0 + 1]) }
            return keys == values ? 0 : 1
        }
        switch colourType {
        case .grey:
            let v = Double(s[0]) / maximum
            return (v, v, v, keyed(s))
        case .greyAlpha:
            let v = Double(s[0]) / maximum
            return (v, v, v, Double(s[1]) / maximum)
        case .rgb:
            return (Double(s[0]) / maximum, Double(s[1]) / maximum, Double(s[2]) / maximum, keyed(s))
        case .rgba:
            return (
                Double(s[0]) / maximum, Double(s[1]) / maximum, Double(s[2]) / maximum, Double(s[3]) / maximum
            )
        case .palette:
            let (r, g, b) = palette[s[0]]
            let alpha = transparency.flatMap { s[0] < $0.count ? Double($0[s[0]]) / 255 : nil } ?? 1
            return (Double(r) / 255, Double(g) / 255, Double(b) / 255, alpha)
        }
    }

    /// The file.
    public func encoded() -> [UInt8] {
        var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
        header += [UInt8(bitDepth), colourType.rawValue, 0, 0, interlaced ? 1 : 0]
        var file = Self.signature + Self.chunk("IHDR", header)
        if colourType == .palette { file += Self.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let gamma { file += Self.chunk("gAMA", Self.bigEndian(gamma)) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines()))
        return file + Self.chunk("IEND", [])
    }

    /// The filtered (filter type 0) scanlines of every pass.
    public func scanlines() -> [UInt8] {
        let passes: [(Int, Int, Int, Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx))
            let ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0)
                var bits: [Int] = []
                for x in xs {
                    let index = (y * width + x) * colourType.channels
                    bits += samples[index..<(index + colourType.channels)]
                }
                raw += pack(bits)
            }
        }
        return raw
    }

    private func pack(_ values: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return values.map { UInt8($0) }
        default:
            var bytes: [UInt8] = []
            var current = 0
            var used = 0
            for value in values {
                current = current << bitDepth | value
                used += bitDepth
                if used == 8 {
                    bytes.append(UInt8(current))
                    current = 0
                    used = 0
                }
            }
            if used > 0 { bytes.append(UInt8(current << (8 - used))) }
            return bytes
        }
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream of stored blocks (no compression).
    public static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            let final: UInt8 = offset + length == raw.count ? 1 : 0
            zlib += [
                final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            zlib += raw[offset..<(offset + length)]
            offset += length
        } while offset < raw.count
        return zlib + bigEndian(adler32(raw))
    }

    /// CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
