/// Writes an RGB image as a PNG, with no library: the image data goes into stored
/// (uncompressed) deflate blocks, which every PNG reader accepts.
///
/// The files are larger than compressed ones (about 3 bytes per pixel), which does not
/// matter for the few renders the tool writes, and no dependency is needed.
enum PNGWriter {
    static func encode(_ image: PixelImage) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 3 + 1) * image.height)
        for row in 0..<image.height {
            raw.append(0)  // filter: none
            raw += image.rgb[(row * image.width * 3)..<((row + 1) * image.width * 3)]
        }
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
        zlib += bigEndian(adler32(raw))
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320), as PNG chunks need.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32, the zlib stream's checksum.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
