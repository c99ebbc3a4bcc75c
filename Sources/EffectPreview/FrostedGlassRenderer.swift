package import Frames
package import HingeKit

/// Renders an interface image through the ``FrostedGlass`` model: what `hingetool fold-render`
/// writes and the glass preview shows.
///
/// ```swift
/// let shown = FrostedGlassRenderer.render(interface, through: FrostedGlass(), tilt: 30)
/// ```
package enum FrostedGlassRenderer {
    /// Renders `source` (8-bit RGB), stretched over the interface, as the glass shows it at
    /// `tilt` degrees.
    ///
    /// Each output pixel takes the mean of the source pixels within the blur radius of its hit
    /// point (a box, from a summed-area table: constant time per pixel whatever the radius),
    /// times one minus the dimming; a miss is black.
    ///
    /// - Precondition: `source` is 8-bit RGB.
    /// - Complexity: O(pixels).
    package static func render(_ source: Frame, through glass: FrostedGlass, tilt: Double) -> Frame {
        precondition(source.layout == .rgb8, "the glass renders 8-bit RGB")
        let (w, h) = (source.width, source.height)
        let pixels = source.bytes
        // sums[(y·(w+1) + x)·3 + c]: the sum of channel c over rows < y, columns < x.
        var sums = [Double](repeating: 0, count: (w + 1) * (h + 1) * 3)
        for y in 0..<h {
            for x in 0..<w {
                for channel in 0..<3 {
                    let at = ((y + 1) * (w + 1) + x + 1) * 3 + channel
                    sums[at] =
                        Double(pixels[(y * w + x) * 3 + channel]) + sums[(y * (w + 1) + x + 1) * 3 + channel]
                        + sums[((y + 1) * (w + 1) + x) * 3 + channel] - sums[(y * (w + 1) + x) * 3 + channel]
                }
            }
        }
        let pixelsPerMillimetre = Double(w) / glass.width
        let rowsPerMillimetre = Double(h) / glass.height
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for row in 0..<h {
            let y = glass.height / 2 - (Double(row) + 0.5) / rowsPerMillimetre
            for column in 0..<w {
                let x = -glass.width / 2 + (Double(column) + 0.5) / pixelsPerMillimetre
                let look = glass.look(x: x, y: y, tilt: tilt)
                guard let point = look.point else { continue }
                let u = (point.x + glass.width / 2) * pixelsPerMillimetre
                let v = (glass.height / 2 - point.y) * rowsPerMillimetre
                // The box covers the pixels whose centres lie within the radius; at least the
                // pixel the point falls in.
                let ru = look.blurRadius * pixelsPerMillimetre
                let rv = look.blurRadius * rowsPerMillimetre
                let x0 = min(max(Int((u - ru).rounded(.down)), 0), w - 1)
                let x1 = min(max(Int((u + ru).rounded(.down)), x0), w - 1) + 1
                let y0 = min(max(Int((v - rv).rounded(.down)), 0), h - 1)
                let y1 = min(max(Int((v + rv).rounded(.down)), y0), h - 1) + 1
                let area = Double((x1 - x0) * (y1 - y0))
                let brightness = 1 - look.dimming
                for channel in 0..<3 {
                    let total =
                        sums[(y1 * (w + 1) + x1) * 3 + channel] - sums[(y0 * (w + 1) + x1) * 3 + channel]
                        - sums[(y1 * (w + 1) + x0) * 3 + channel] + sums[(y0 * (w + 1) + x0) * 3 + channel]
                    rgb[(row * w + column) * 3 + channel] = UInt8(min(max(total / area * brightness, 0), 255).rounded())
                }
            }
        }
        return Frame(width: w, height: h, rgb: rgb)
    }
}

/// The interface the glass preview shows: a status bar, a title, a photo and cards of text
/// lines, drawn with Cairo.
enum InterfaceImage {
    static func render(width: Int, height: Int) -> Frame {
        let canvas = PreviewCanvas(width: width, height: height)
        let (w, h) = (Double(width), Double(height))
        canvas.fill(PreviewColour(1, 1, 1))
        canvas.roundedRectangle(
            x: 0, y: 0, width: w, height: h * 0.06, radius: 0, colour: PreviewColour(0.12, 0.2, 0.35))
        canvas.text("Gallery", x: w * 0.08, y: h * 0.13, size: h * 0.045, colour: .ink, bold: true)
        canvas.roundedRectangle(
            x: w * 0.08, y: h * 0.17, width: w * 0.84, height: h * 0.25, radius: 6,
            colour: PreviewColour(0.35, 0.62, 0.85))
        canvas.circle(x: w * 0.72, y: h * 0.23, radius: h * 0.035, colour: .centre)
        canvas.roundedRectangle(
            x: w * 0.08, y: h * 0.34, width: w * 0.84, height: h * 0.08, radius: 0,
            colour: PreviewColour(0.3, 0.55, 0.3))
        let cards: [PreviewColour] = [.petal, .progress, .stem]
        for (index, colour) in cards.enumerated() {
            let top = h * (0.46 + 0.17 * Double(index))
            canvas.roundedRectangle(
                x: w * 0.08, y: top, width: w * 0.84, height: h * 0.14, radius: 6,
                colour: PreviewColour(0.93, 0.93, 0.95))
            canvas.circle(x: w * 0.2, y: top + h * 0.07, radius: h * 0.035, colour: colour)
            for line in 0..<3 {
                let length = [0.5, 0.42, 0.3][line]
                canvas.roundedRectangle(
                    x: w * 0.34, y: top + h * (0.03 + 0.035 * Double(line)), width: w * length, height: h * 0.015,
                    radius: 2, colour: line == 0 ? .ink : .faint)
            }
        }
        return canvas.frame()
    }
}
