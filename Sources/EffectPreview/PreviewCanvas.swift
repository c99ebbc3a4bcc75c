internal import CCairo
import Frames

/// A Cairo image surface to draw one frame on, anti-aliased: the only place the previews touch
/// Cairo's pointers.
///
/// ```swift
/// let canvas = PreviewCanvas(width: 240, height: 240)
/// canvas.fill(.background)
/// canvas.text("HingeKit", x: 12, y: 20, size: 14, colour: .ink)
/// let frame = canvas.frame()                       // RGB, for the PNG writer or ffmpeg's pipe
/// ```
///
/// Invariant: `surface` and `context` live exactly as long as the canvas (a class, so it is
/// never copied; both are destroyed in `deinit`).
final class PreviewCanvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// A canvas of `width` × `height` pixels.
    /// - Precondition: both in 1…8192 (Cairo's limit is 32767; a preview never needs more).
    init(width: Int, height: Int) {
        precondition((1...8192).contains(width) && (1...8192).contains(height), "canvas size out of range")
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        context = cairo_create(surface)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_BEST)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Fills the whole canvas.
    func fill(_ colour: PreviewColour) {
        set(colour)
        cairo_paint(context)
    }

    /// Saves the transformation, runs `body`, restores it.
    func withState(_ body: () -> Void) {
        cairo_save(context)
        body()
        cairo_restore(context)
    }

    func translate(_ x: Double, _ y: Double) { cairo_translate(context, x, y) }
    func rotate(degrees: Double) { cairo_rotate(context, degrees * .pi / 180) }

    /// A filled rectangle with rounded corners.
    func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double, colour: PreviewColour) {
        path(roundedRectangle: (x, y, width, height), radius: radius)
        set(colour)
        cairo_fill(context)
    }

    /// An outlined rectangle with rounded corners.
    func strokeRoundedRectangle(
        x: Double, y: Double, width: Double, height: Double, radius: Double, colour: PreviewColour, lineWidth: Double
    ) {
        path(roundedRectangle: (x, y, width, height), radius: radius)
        set(colour)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    /// A filled circle.
    func circle(x: Double, y: Double, radius: Double, colour: PreviewColour) {
        cairo_new_path(context)
        cairo_arc(context, x, y, radius, 0, 2 * .pi)
        set(colour)
        cairo_fill(context)
    }

    /// A petal: a lens from the origin to (0, −length), `width` across, filled then outlined.
    func petal(length: Double, width: Double, fill: PreviewColour, outline: PreviewColour) {
        cairo_new_path(context)
        cairo_move_to(context, 0, 0)
        cairo_curve_to(context, width, -0.3 * length, width * 0.8, -0.85 * length, 0, -length)
        cairo_curve_to(context, -width * 0.8, -0.85 * length, -width, -0.3 * length, 0, 0)
        cairo_close_path(context)
        set(fill)
        cairo_fill_preserve(context)
        set(outline)
        cairo_set_line_width(context, 1.2)
        cairo_stroke(context)
    }

    /// A straight line.
    func line(from start: (Double, Double), to end: (Double, Double), colour: PreviewColour, width: Double) {
        cairo_new_path(context)
        cairo_move_to(context, start.0, start.1)
        cairo_line_to(context, end.0, end.1)
        set(colour)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(context)
    }

    /// Text with its baseline's left end at (x, y), in DejaVu Sans (or Cairo's fallback).
    func text(_ string: String, x: Double, y: Double, size: Double, colour: PreviewColour, bold: Bool = false) {
        cairo_select_font_face(
            context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        set(colour)
        cairo_move_to(context, x, y)
        cairo_show_text(context, string)
    }

    /// The width `string` takes at `size`.
    func textWidth(_ string: String, size: Double, bold: Bool = false) -> Double {
        cairo_select_font_face(
            context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, string, &extents)
        return extents.x_advance
    }

    /// Copies RGB pixels into the rectangle at (x, y) (clipped to the canvas).
    func blit(_ image: Frame, x: Int, y: Int) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<image.height where (0..<height).contains(y + row) {
            for column in 0..<image.width where (0..<width).contains(x + column) {
                let source = (row * image.width + column) * image.layout.channels
                let target = (y + row) * stride + (x + column) * 4
                // RGB24 is a native-endian 32-bit word 0x00RRGGBB.
                let word =
                    UInt32(image.bytes[source]) << 16 | UInt32(image.bytes[source + 1]) << 8
                    | UInt32(image.bytes[source + 2])
                (data + target).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = word }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The pixels as an 8-bit RGB frame.
    func frame() -> Frame {
        cairo_surface_flush(surface)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        guard let data = cairo_image_surface_get_data(surface) else {
            return Frame(width: width, height: height, rgb: rgb)
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<height {
            let words = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let word = words[column]
                let at = (row * width + column) * 3
                rgb[at] = UInt8(truncatingIfNeeded: word >> 16)
                rgb[at + 1] = UInt8(truncatingIfNeeded: word >> 8)
                rgb[at + 2] = UInt8(truncatingIfNeeded: word)
            }
        }
        return Frame(width: width, height: height, rgb: rgb)
    }

    private func set(_ colour: PreviewColour) { cairo_set_source_rgb(context, colour.red, colour.green, colour.blue) }

    private func path(roundedRectangle rectangle: (Double, Double, Double, Double), radius: Double) {
        let (x, y, w, h) = rectangle
        let r = min(radius, w / 2, h / 2)
        cairo_new_path(context)
        cairo_arc(context, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(context, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(context, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(context, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(context)
    }
}

/// A colour, components 0…1.
struct PreviewColour: Hashable, Sendable {
    var red: Double
    var green: Double
    var blue: Double

    init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    static let background = PreviewColour(0.97, 0.96, 0.93)
    static let ink = PreviewColour(0.13, 0.13, 0.15)
    static let faint = PreviewColour(0.55, 0.55, 0.58)
    static let petal = PreviewColour(0.93, 0.36, 0.49)
    static let petalEdge = PreviewColour(0.62, 0.16, 0.29)
    static let stem = PreviewColour(0.30, 0.56, 0.28)
    static let centre = PreviewColour(0.98, 0.76, 0.18)
    static let ticket = PreviewColour(0.99, 0.84, 0.36)
    static let ticketEdge = PreviewColour(0.58, 0.42, 0.10)
    static let track = PreviewColour(0.85, 0.85, 0.87)
    static let progress = PreviewColour(0.12, 0.47, 0.71)
    static let phone = PreviewColour(0.22, 0.24, 0.28)
}
