package import Frames
package import HingeKit

/// An effect driven by a hinge trace, drawn frame by frame with Cairo, its lanes side by side
/// and labelled: what `hingetool preview` encodes.
///
/// ```swift
/// let preview = try EffectPreview(effect: .bloom, lanes: PreviewLane.defaults)
/// try preview.render(samples, rate: 50) { milliseconds, frame in
///     try write(frame.pngData()!, to: "frames/\(milliseconds).png")
/// }
/// ```
///
/// Each lane is a panel of ``panelSize`` pixels square under a label (the lane and its value);
/// a strip below shows the newest reported angle (not the time, so that the frames of a resting
/// hinge are identical). Frames run at `rate` from the first sample to
/// the last plus ``tail`` seconds, so the motion can settle on screen.
package struct EffectPreview: Sendable {
    /// What is drawn.
    package var effect: PreviewEffect
    /// The lanes, left to right.
    package var lanes: [PreviewLane]
    /// Whether every lane runs under Reduce Motion.
    package var reduceMotion: Bool
    /// The side of a panel, pixels.
    package var panelSize: Int
    /// Seconds drawn after the last sample.
    package var tail: Double
    /// The responsiveness of the HingeKit lane's ``UnfoldDriver``.
    package let responsiveness: Double
    /// The lanes' checked parameters (the HingeKit lane's driver at ``responsiveness``).
    let parameters: LaneParameters

    /// The height of the label strip above the panels, pixels.
    static let labelHeight = 44
    /// The height of the strip below the panels that shows the newest reported angle.
    static let clockHeight = 20

    /// A preview.
    /// - Precondition: at least one lane; `panelSize` in 64…1024; `tail` finite and ≥ 0.
    /// - Throws: ``EffectParameterError`` when `responsiveness` is outside 0…1 (the driver's
    ///   rule, ``UnfoldDriver/Configuration/init(responsiveness:unfoldedAngle:)``).
    package init(
        effect: PreviewEffect, lanes: [PreviewLane] = PreviewLane.defaults, reduceMotion: Bool = false,
        panelSize: Int = 240, tail: Double = 0.5,
        responsiveness: Double = UnfoldDriver.Configuration.defaultResponsiveness
    ) throws(EffectParameterError) {
        parameters = try LaneParameters(responsiveness: responsiveness)
        precondition(!lanes.isEmpty, "a preview needs a lane")
        precondition((64...1024).contains(panelSize), "panel size out of range")
        precondition(tail >= 0 && tail.isFinite, "tail must be finite and not negative")
        self.effect = effect
        self.lanes = lanes
        self.reduceMotion = reduceMotion
        self.panelSize = panelSize
        self.tail = tail
        self.responsiveness = responsiveness
    }

    /// The size of every frame, pixels (even, as video encoders want).
    package var frameSize: (width: Int, height: Int) {
        (panelSize * lanes.count, panelSize + Self.labelHeight + Self.clockHeight)
    }

    /// The frame times, in whole milliseconds from the first sample, at `rate` frames per
    /// second over the trace and the tail.
    package func frameTimes(for samples: [HingeSample], rate: Double) -> [Int] {
        guard let first = samples.first?.time, let last = samples.last?.time else { return [] }
        let span = last - first + tail
        let count = Int((span * rate).rounded(.down)) + 1
        var times: [Int] = []
        for index in 0..<count {
            let milliseconds = Int((Double(index) * 1000 / rate).rounded())
            if times.last != milliseconds { times.append(milliseconds) }
        }
        return times
    }

    /// Renders every frame and hands it to `body` with its time in milliseconds from the first
    /// sample. Samples are shown to each lane just before the first frame at or after them;
    /// returns the samples the lanes refused (every lane checks a sample the same way, so a
    /// refused sample counts once a lane).
    @discardableResult
    package func render<Failure: Error>(
        _ samples: [HingeSample], rate: Double, _ body: (Int, Frame) throws(Failure) -> Void
    ) throws(Failure) -> RefusedSamples {
        var refused = RefusedSamples()
        guard let first = samples.first?.time else { return refused }
        var displays = lanes.map { effect.display($0, reduceMotion: reduceMotion, parameters: parameters) }
        var painter = PreviewPainter()
        let canvas = PreviewCanvas(width: frameSize.width, height: frameSize.height)
        var next = 0
        var newest: HingeSample?
        for milliseconds in frameTimes(for: samples, rate: rate) {
            let time = first + Double(milliseconds) / 1000
            while next < samples.count, samples[next].time <= time {
                for index in displays.indices { displays[index].ingest(samples[next], noting: &refused) }
                newest = samples[next]
                next += 1
            }
            canvas.fill(.background)
            for (index, lane) in lanes.enumerated() {
                let value = displays[index].value(at: time)
                canvas.withState {
                    canvas.translate(Double(index * panelSize), Double(Self.labelHeight))
                    painter.draw(
                        effect, value: value, on: canvas, size: Double(panelSize),
                        origin: (index * panelSize, Self.labelHeight))
                }
                drawLabel(lane, value: value, index: index, on: canvas)
            }
            // The newest report, not the time: a frame of a resting hinge is the frame before it,
            // so `hingetool film` sees a settled effect as settled.
            let angle = newest?.angle.map { "\(Self.fixed($0, places: 1))°" } ?? "no hinge"
            canvas.text("hinge reports \(angle)", x: 8, y: Double(frameSize.height - 6), size: 11, colour: .ink)
            try body(milliseconds, canvas.frame())
        }
        return refused
    }

    private func drawLabel(_ lane: PreviewLane, value: Double, index: Int, on canvas: PreviewCanvas) {
        let x = Double(index * panelSize)
        var title = lane.label
        if reduceMotion { title += " · Reduce Motion" }
        // The largest size up to 12.5 at which the title fits its panel.
        let room = Double(panelSize) - 14
        let width = canvas.textWidth(title, size: 12.5, bold: true)
        let size = width > room ? max(12.5 * room / width, 6) : 12.5
        canvas.text(title, x: x + 8, y: 18, size: size, colour: .ink, bold: true)
        let shown: String
        switch effect {
        case .bloom: shown = "bloom \(Self.fixed(value, places: 3))"
        case .lean: shown = "lean \(Self.fixed(value, places: 2))°"
        case .unfold: shown = "progress \(Self.fixed(value, places: 3))"
        case .glass: shown = "tilt \(Self.fixed(value * PreviewEffect.glassTilt, places: 1))°"
        }
        canvas.text(shown, x: x + 8, y: 36, size: 11, colour: .faint)
        if index > 0 {
            canvas.line(from: (x, 0), to: (x, Double(frameSize.height)), colour: .track, width: 1)
        }
    }

    /// `value` with `places` decimals (no Foundation in this target).
    static func fixed(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled - Double(whole) * scale))
        while fraction.count < places { fraction = "0" + fraction }
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return places > 0 ? "\(sign)\(whole).\(fraction)" : "\(sign)\(whole)"
    }
}
