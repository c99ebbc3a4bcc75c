import Frames
import HingeKit
internal import HingeSupport

/// The effects a preview can show, each drawn from its value in one panel.
package enum PreviewEffect: String, CaseIterable, Hashable, Sendable {
    /// Nine petals fanned over 160° × bloom (``BloomEffect``).
    case bloom
    /// A ticket stub on the raised half, leaning back by the lean in degrees (``LeanEffect``).
    case lean
    /// Android's unfold progress, clamp(angle / 165°), as a bar and a fold (``UnfoldDriver``).
    case unfold
    /// The frosted-glass fold over an interface (``FrostedGlass``), tilted by a third of the fold.
    case glass
}

/// Draws effect values into panels.
struct PreviewPainter {
    /// The interface the glass shows, rendered once per panel size.
    var interface: Frame?
    let glass = FrostedGlass()

    /// Draws `value` of `effect` into the square panel of side `size` at the canvas's origin,
    /// which is at `origin` pixels on the canvas (images are copied, not drawn, so they need it).
    mutating func draw(
        _ effect: PreviewEffect, value: Double, on canvas: PreviewCanvas, size: Double, origin: (x: Int, y: Int)
    ) {
        switch effect {
        case .bloom: drawBloom(value, canvas, size)
        case .lean: drawLean(value, canvas, size)
        case .unfold: drawUnfold(value, canvas, size)
        case .glass: drawGlass(value * PreviewEffect.glassTilt, canvas, size, origin)
        }
    }

    /// The flower: a stem, nine petals from one point, fanned over 160° × bloom about the
    /// vertical (all upright at 0: a closed bud), and a yellow heart.
    private func drawBloom(_ bloom: Double, _ canvas: PreviewCanvas, _ size: Double) {
        let base = (size / 2, size * 0.74)
        canvas.line(from: base, to: (size / 2, size * 0.97), colour: .stem, width: size * 0.025)
        let spread = 160 * min(max(bloom, 0), 1)
        canvas.withState {
            canvas.translate(base.0, base.1)
            for index in 0..<9 {
                canvas.withState {
                    canvas.rotate(degrees: -spread / 2 + spread * Double(index) / 8)
                    canvas.petal(length: size * 0.42, width: size * 0.075, fill: .petal, outline: .petalEdge)
                }
            }
        }
        canvas.circle(x: base.0, y: base.1, radius: size * 0.05, colour: .centre)
    }

    /// The phone's raised half as an upright slab with a ticket stub standing on its lower
    /// edge, leaning back by the lean's degrees about that edge.
    private func drawLean(_ degrees: Double, _ canvas: PreviewCanvas, _ size: Double) {
        let floor = size * 0.86
        canvas.roundedRectangle(
            x: size * 0.12, y: floor, width: size * 0.76, height: size * 0.035, radius: 3, colour: .phone)
        canvas.withState {
            canvas.translate(size / 2, floor)
            canvas.rotate(degrees: -degrees)
            let (w, h) = (size * 0.34, size * 0.62)
            canvas.roundedRectangle(x: -w / 2, y: -h, width: w, height: h, radius: 8, colour: .ticket)
            canvas.strokeRoundedRectangle(
                x: -w / 2, y: -h, width: w, height: h, radius: 8, colour: .ticketEdge, lineWidth: 1.5)
            // The perforation that makes it a stub.
            for step in 0..<9 {
                let x = -w / 2 + w * (Double(step) + 0.5) / 9
                canvas.circle(x: x, y: -h * 0.28, radius: 1.6, colour: .ticketEdge)
            }
            canvas.text("ADMIT", x: -w * 0.36, y: -h * 0.6, size: size * 0.06, colour: .ticketEdge, bold: true)
            canvas.text("ONE", x: -w * 0.24, y: -h * 0.48, size: size * 0.06, colour: .ticketEdge, bold: true)
        }
    }

    /// The progress as a fold seen from the side (the halves open to progress × 165°) and a bar.
    private func drawUnfold(_ progress: Double, _ canvas: PreviewCanvas, _ size: Double) {
        let p = min(max(progress, 0), 1)
        let hinge = (size / 2, size * 0.62)
        let half = size * 0.34
        let opening = p * 165
        // The lower half lies flat to the left; the upper half opens from it about the hinge.
        canvas.line(from: hinge, to: (hinge.0 - half, hinge.1), colour: .phone, width: size * 0.035)
        let angle = (180 - opening) * .pi / 180
        let tip = (hinge.0 - half * cos(angle), hinge.1 - half * sin(angle))
        canvas.line(from: hinge, to: tip, colour: .progress, width: size * 0.035)
        canvas.circle(x: hinge.0, y: hinge.1, radius: size * 0.022, colour: .ink)
        canvas.roundedRectangle(
            x: size * 0.1, y: size * 0.8, width: size * 0.8, height: size * 0.06, radius: size * 0.03, colour: .track)
        canvas.roundedRectangle(
            x: size * 0.1, y: size * 0.8, width: max(size * 0.8 * p, size * 0.06), height: size * 0.06,
            radius: size * 0.03, colour: .progress)
        let label = "\(Int((p * 100).rounded())) %"
        canvas.text(
            label, x: size / 2 - canvas.textWidth(label, size: size * 0.06) / 2, y: size * 0.95, size: size * 0.06,
            colour: .ink)
    }

    /// The interface through the frosted glass at the tilt (degrees).
    private mutating func drawGlass(_ tilt: Double, _ canvas: PreviewCanvas, _ size: Double, _ origin: (x: Int, y: Int))
    {
        let side = Int(size * 0.88)
        let width = Int(Double(side) * glass.width / glass.height)
        if interface?.height != side || interface?.width != width {
            interface = InterfaceImage.render(width: width, height: side)
        }
        guard let interface else { return }
        let image = FrostedGlassRenderer.render(interface, through: glass, tilt: tilt)
        canvas.blit(image, x: origin.x + Int(size / 2) - width / 2, y: origin.y + Int(size * 0.07))
    }
}
