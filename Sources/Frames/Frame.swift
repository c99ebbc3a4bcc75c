/// One decoded picture of a film: RGB or RGBA, 8 or 16 bits per sample, rows from the top.
///
/// Every PNG kind is widened to one of four layouts when it is decoded (a palette to its
/// colours, grey to three equal channels, a transparent colour key to an alpha channel, 1-, 2-
/// and 4-bit samples to 8), which keeps the sample values exactly: an 8-bit value `v` means
/// `v / 255`, a 16-bit value `v / 65535`.
///
/// ```swift
/// let frame = try Frame(png: bytes, file: "frames/001234.png")
/// print(frame.width, frame.height, frame.layout)
/// ```
public struct Frame: Sendable {
    /// How the samples of a pixel are stored.
    public enum Layout: Sendable, Hashable {
        /// Red, green, blue; one byte each.
        case rgb8
        /// Red, green, blue, alpha (straight, not premultiplied); one byte each.
        case rgba8
        /// Red, green, blue; two bytes each in the host's byte order.
        case rgb16
        /// Red, green, blue, alpha; two bytes each in the host's byte order.
        case rgba16

        /// Samples per pixel: 3 or 4.
        public var channels: Int {
            switch self {
            case .rgb8, .rgb16: 3
            case .rgba8, .rgba16: 4
            }
        }

        /// Bits per sample: 8 or 16.
        public var bitDepth: Int {
            switch self {
            case .rgb8, .rgba8: 8
            case .rgb16, .rgba16: 16
            }
        }

        /// Whether the pixels carry an alpha channel.
        public var hasAlpha: Bool { channels == 4 }

        init?(channels: Int, bitDepth: Int) {
            switch (channels, bitDepth) {
            case (3, 8): self = .rgb8
            case (4, 8): self = .rgba8
            case (3, 16): self = .rgb16
            case (4, 16): self = .rgba16
            default: return nil
            }
        }
    }

    /// The largest frame decoded, in pixels (32 Mpx, an 8K screen), checked against the header
    /// before anything is allocated so that a corrupt or hostile header cannot ask for gigabytes.
    public static let defaultPixelLimit = 33_554_432

    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// How the samples are stored.
    public let layout: Layout
    /// `width · height · channels` samples of `bitDepth / 8` bytes, row by row.
    package let bytes: [UInt8]

    /// A frame from raw samples, which must hold exactly `width · height · channels` samples.
    ///
    /// - Parameters:
    ///   - width: pixels across, at least 1.
    ///   - height: pixels down, at least 1.
    ///   - layout: how `bytes` stores a pixel.
    ///   - bytes: the samples, row by row; 16-bit samples in the host's byte order.
    public init(width: Int, height: Int, layout: Layout, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "a frame has at least one pixel")
        precondition(bytes.count == width * height * layout.channels * layout.bitDepth / 8, "sample count")
        self.width = width
        self.height = height
        self.layout = layout
        self.bytes = bytes
    }

    /// An 8-bit RGB frame from `width · height · 3` bytes.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.init(width: width, height: height, layout: .rgb8, bytes: rgb)
    }

    /// The pixel at column `x`, row `y` as red, green, blue and alpha in 0…1 (alpha 1 when the
    /// frame has none).
    public func pixel(x: Int, y: Int) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel outside the frame")
        let index = (y * width + x) * layout.channels
        func sample(_ offset: Int) -> Double {
            if layout.bitDepth == 8 { return Double(bytes[index + offset]) / 255 }
            let low = Int(bytes[2 * (index + offset)])
            let high = Int(bytes[2 * (index + offset) + 1])
            return Double(Self.hostIsLittleEndian ? high << 8 | low : low << 8 | high) / 65535
        }
        return (sample(0), sample(1), sample(2), layout.hasAlpha ? sample(3) : 1)
    }

    package static let hostIsLittleEndian = UInt16(1).littleEndian == 1
}
