internal import CFrameKernels

/// 8-bit 4:2:0 YUV (`yuv420p`: a full-size luma plane, then the two chroma planes at half the
/// width and height) converted to 8-bit RGB the way libswscale's fast unscaled path does it on
/// x86, bit for bit. That is what ffmpeg runs for `-pix_fmt rgb24` on such a picture of the
/// same size and an even height with its default flags (no `accurate_rnd`), so a video read as
/// YUV and converted here gives the RGB ffmpeg itself would have written, at half the bytes
/// through the pipe and without ffmpeg's conversion.
///
/// The arithmetic, in signed 16-bit lanes as the SIMD code has it: each sample is scaled by 8;
/// the offsets (16 · 8 for limited-range luma, 128 · 8 for chroma) are taken off; each term is
/// the high half of its product with a coefficient (`(a · c) >> 16`, rounding down); red is
/// luma plus the V term, blue luma plus the U term, green luma plus the two green terms; each
/// sum is clamped to 0…255. The coefficients are ffmpeg's: the matrix's published
/// integers (`ff_yuv2rgb_coeffs`), stretched for limited range (luma by 255/219) or narrowed for
/// full range (chroma by 224/255), times 2¹³ and rounded to 16 bits. Every pixel takes the
/// chroma of its 2 × 2 block (no interpolation). No 16-bit sum can saturate: a luma term is at
/// most (255 · 8) · 9539 / 2¹⁶ < 300 and a chroma term under 300, so the wrapping adds below
/// equal ffmpeg's saturating ones.
///
/// Whether a given ffmpeg converts this way is not assumed here: ffmpeg versions and other
/// processors take other paths (its plain C tables round differently), so the caller checks a
/// conversion against ffmpeg's own on all 2²⁴ (Y, U, V) triples before relying on it (as
/// `hingetool film` does, docs/film.md).
public struct YUV420Conversion: Sendable, Equatable {
    /// The colour matrices ffmpeg distinguishes for this conversion.
    public enum Matrix: String, Sendable, CaseIterable {
        /// ITU-R BT.601 (also BT.470 BG and SMPTE 170M; ffmpeg's choice when a video does
        /// not say).
        case bt601
        /// ITU-R BT.709.
        case bt709
        /// The FCC matrix.
        case fcc
        /// SMPTE 240M.
        case smpte240m
        /// ITU-R BT.2020 (constant or non-constant luminance: ffmpeg converts both alike).
        case bt2020

        /// ffmpeg's integer coefficients (`crv`, `cbu`, `cgu`, `cgv`) in 2¹⁶ units, as its
        /// current table has them (older releases had other figures for BT.709: a caller's
        /// check against ffmpeg finds that out).
        var coefficients: (Int64, Int64, Int64, Int64) {
            switch self {
            case .bt601: return (104_597, 132_201, 25_675, 53_279)
            case .bt709: return (117_489, 138_438, 13_975, 34_925)
            case .fcc: return (104_448, 132_798, 24_759, 53_109)
            case .smpte240m: return (117_579, 136_230, 16_907, 35_559)
            case .bt2020: return (110_013, 140_363, 12_277, 42_626)
            }
        }

        /// The matrix ffmpeg applies for a frame whose `color_space` it prints as `name`
        /// (`showinfo`), or `nil` for one this conversion does not cover (ICtCp and others).
        public init?(ffmpegName name: String) {
            switch name {
            case "unknown", "bt470bg", "smpte170m", "gbr", "reserved", "ycgco": self = .bt601
            case "bt709": self = .bt709
            case "fcc": self = .fcc
            case "smpte240m": self = .smpte240m
            case "bt2020nc", "bt2020c": self = .bt2020
            default: return nil
            }
        }
    }

    /// The colour matrix.
    public let matrix: Matrix
    /// Whether luma spans 0…255 (`pc`, JPEG range) rather than 16…235 (`tv`).
    public let fullRange: Bool
    let luma: Int16
    let lumaOffset: Int16
    let vToRed: Int16
    let uToBlue: Int16
    let uToGreen: Int16
    let vToGreen: Int16

    /// The conversion for `matrix` and range.
    public init(matrix: Matrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
        var (crv, cbu, cgu, cgv) = matrix.coefficients
        cgu = -cgu
        cgv = -cgv
        var cy: Int64 = 1 << 16
        var oy: Int64 = 0
        if fullRange {
            // Integer division truncates toward zero in both languages.
            crv = crv * 224 / 255
            cbu = cbu * 224 / 255
            cgu = cgu * 224 / 255
            cgv = cgv * 224 / 255
        } else {
            cy = cy * 255 / 219
            oy = 16 << 16
        }
        luma = Self.rounded(cy * 8192)
        vToRed = Self.rounded(crv * 8192)
        uToBlue = Self.rounded(cbu * 8192)
        vToGreen = Self.rounded(cgv * 8192)
        uToGreen = Self.rounded(cgu * 8192)
        lumaOffset = Self.rounded(oy * 8)
    }

    /// `value / 2¹⁶` rounded half up, clamped to 16 bits as ffmpeg clamps its coefficients.
    static func rounded(_ value: Int64) -> Int16 {
        let r = (value + (1 << 15)) >> 16
        return Int16(clamping: max(r, -0x8000))
    }

    /// The bytes of a `width` × `height` `yuv420p` picture: the luma plane, then two chroma
    /// planes of ⌈width/2⌉ × ⌈height/2⌉ (ffmpeg's raw video, packed without padding).
    public static func byteCount(width: Int, height: Int) -> Int {
        width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }

    /// Whether the conversion runs vectorised on this machine (x86-64 with SSSE3), where it is
    /// a few times faster than ffmpeg's own writing of RGB through a pipe; elsewhere it runs a
    /// pixel at a time, and a caller is better off asking ffmpeg for RGB.
    public static var isVectorised: Bool { hk_kernel_level() > 0 }

    /// Converts the `yuv420p` picture in `yuv` (``byteCount(width:height:)`` bytes) into `rgb`
    /// (`3 · width · height` bytes, red, green, blue per pixel, row after row).
    ///
    /// The pass is C (`hk_yuv420_to_rgb24`): on x86 sixteen pixels at a time with the very
    /// instructions of ffmpeg's code (`pmulhw`, saturating adds, `pshufb` to interleave).
    ///
    /// - Complexity: O(pixels).
    public func convert(
        _ yuv: UnsafeBufferPointer<UInt8>, width: Int, height: Int, into rgb: UnsafeMutableBufferPointer<UInt8>
    ) {
        convert(yuv, width: width, height: height, into: rgb, level: -1)
    }

    /// ``convert(_:width:height:into:)`` with the instructions of `level` (see
    /// `hk_kernel_level`; -1: the best this machine has), for the tests that hold the levels
    /// against one another.
    func convert(
        _ yuv: UnsafeBufferPointer<UInt8>, width: Int, height: Int, into rgb: UnsafeMutableBufferPointer<UInt8>,
        level: Int32
    ) {
        precondition(width > 0 && height > 0, "an empty picture")
        precondition(yuv.count >= Self.byteCount(width: width, height: height), "too few YUV bytes")
        precondition(rgb.count >= 3 * width * height, "too small an RGB buffer")
        let coefficients = [luma, lumaOffset, vToRed, uToBlue, uToGreen, vToGreen]
        coefficients.withUnsafeBufferPointer {
            hk_yuv420_to_rgb24(yuv.baseAddress, width, height, $0.baseAddress, rgb.baseAddress, level)
        }
    }
}
