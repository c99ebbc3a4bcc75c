import Foundation
import Frames
import HingeKit
import HingeTestSupport
import Testing

@testable import EffectPreview

@Suite("Effect previews: frames, sizes, the flower's pixels")
struct EffectPreviewTests {
    /// A hinge resting at `angle` for a second.
    static func resting(at angle: Double, status: HingeStatus) -> [HingeSample] {
        [HingeSample(time: 0, angle: angle, status: status), HingeSample(time: 1, angle: angle, status: status)]
    }

    @Test("frames run from the first sample to half a second after the last, at the rate, named in ms")
    func frameCount() throws {
        let samples = Self.resting(at: 120, status: .partiallyOpen)
        let preview = try EffectPreview(effect: .bloom, lanes: [.raw, .hingekit])
        // 1.5 s at 50 Hz: frames 0, 20, …, 1500 ms.
        #expect(preview.frameTimes(for: samples, rate: 50) == Array(stride(from: 0, through: 1500, by: 20)))
        // 30 Hz: 33.3 ms apart, rounded to whole milliseconds, 46 frames over 1.5 s.
        let thirty = preview.frameTimes(for: samples, rate: 30)
        #expect(thirty.count == 46)
        #expect(thirty.prefix(4) == [0, 33, 67, 100])
        var rendered: [Int] = []
        preview.render(samples, rate: 50) { milliseconds, frame in
            rendered.append(milliseconds)
            #expect(frame.width == 480 && frame.height == 240 + EffectPreview.labelHeight + EffectPreview.clockHeight)
        }
        #expect(rendered == preview.frameTimes(for: samples, rate: 50))
    }

    @Test("every effect and lane draws a frame of the declared size", arguments: PreviewEffect.allCases)
    func sizes(effect: PreviewEffect) throws {
        let samples = [
            HingeSample(time: 0, angle: 180, status: .fullyOpen),
            HingeSample(time: 0.05, angle: 120, status: .partiallyOpen),
        ]
        let preview = try EffectPreview(effect: effect, lanes: PreviewLane.allCases, panelSize: 128)
        var count = 0
        preview.render(samples, rate: 20) { _, frame in
            count += 1
            #expect(frame.width == 4 * 128)
            #expect(frame.height == 128 + EffectPreview.labelHeight + EffectPreview.clockHeight)
            #expect(frame.layout == .rgb8)
        }
        #expect(count == 12)  // 0 … 550 ms at 20 Hz
    }

    /// The colour at a point `radius` pixels from the flower's base, `degrees` clockwise from
    /// straight up, in the one-lane preview's last frame.
    static func flowerPixel(
        bloom angle: Double, status: HingeStatus, radius: Double, degrees: Double
    ) throws -> (Int, Int, Int) {
        let preview = try EffectPreview(effect: .bloom, lanes: [.raw], panelSize: 240)
        var last: Frame?
        preview.render(resting(at: angle, status: status), rate: 10) { _, frame in last = frame }
        guard let frame = last else { return (-1, -1, -1) }
        // The base is at (size / 2, 0.74 · size) in the panel, below the label strip.
        let base = (120.0, 0.74 * 240 + Double(EffectPreview.labelHeight))
        let x = Int((base.0 + radius * sin(degrees * .pi / 180)).rounded())
        let y = Int((base.1 - radius * cos(degrees * .pi / 180)).rounded())
        let pixel = frame.pixel(x: x, y: y)
        return (Int((pixel.red * 255).rounded()), Int((pixel.green * 255).rounded()), Int((pixel.blue * 255).rounded()))
    }

    static func isColour(_ pixel: (Int, Int, Int), _ colour: PreviewColour) -> Bool {
        // Inside a filled shape Cairo writes the exact colour: within one 8-bit step.
        abs(pixel.0 - Int((colour.red * 255).rounded())) <= 1
            && abs(pixel.1 - Int((colour.green * 255).rounded())) <= 1
            && abs(pixel.2 - Int((colour.blue * 255).rounded())) <= 1
    }

    @Test("bloom 0 (80°) is a closed bud: petal straight up, background 60° to either side")
    func closedBud() throws {
        #expect(try Self.isColour(Self.flowerPixel(bloom: 80, status: .partiallyOpen, radius: 70, degrees: 0), .petal))
        for side in [-60.0, 60, -80, 80] {
            #expect(
                try Self.isColour(
                    Self.flowerPixel(bloom: 80, status: .partiallyOpen, radius: 70, degrees: side), .background))
        }
    }

    @Test("bloom 1 (fully open) fans the nine petals over 160°: petals every 20° from −80° to 80°")
    func openFlower() throws {
        for index in 0..<9 {
            let degrees = -80 + 20 * Double(index)
            #expect(
                try Self.isColour(
                    Self.flowerPixel(bloom: 180, status: .fullyOpen, radius: 70, degrees: degrees), .petal),
                "petal at \(degrees)°")
        }
        // Beyond the fan (100° from upright) the background shows.
        #expect(
            try Self.isColour(Self.flowerPixel(bloom: 180, status: .fullyOpen, radius: 70, degrees: 100), .background))
    }

    @Test("the lean holds upright under Reduce Motion in every lane; the bloom tracks the hinge")
    func reduceMotion() throws {
        let parameters = try LaneParameters()
        let samples = [
            HingeSample(time: 0, angle: 180, status: .fullyOpen),
            HingeSample(time: 0.2, angle: 90, status: .partiallyOpen),
        ]
        for lane in PreviewLane.allCases {
            var lean = PreviewEffect.lean.display(lane, reduceMotion: true, parameters: parameters)
            var bloom = PreviewEffect.bloom.display(lane, reduceMotion: true, parameters: parameters)
            for sample in samples {
                #expect(throws: Never.self) { try lean.ingest(sample) }
                #expect(throws: Never.self) { try bloom.ingest(sample) }
            }
            #expect(lean.value(at: 0.21) == 0, "\(lane)")
            // Reduce Motion shows the newest reading's bloom at once: (90 − 80) / 90.
            #expect(abs(bloom.value(at: 0.21) - 10.0 / 90) < 1e-12, "\(lane)")
        }
    }

    @Test("the glass renderer leaves the interface untouched at zero tilt")
    func glassAtZero() {
        let interface = InterfaceImage.render(width: 70, height: 150)
        let shown = FrostedGlassRenderer.render(interface, through: FrostedGlass(), tilt: 0)
        #expect(shown.bytes == interface.bytes)
    }
}
