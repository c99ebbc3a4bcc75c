import Foundation
import HingeKit
import HingeTestSupport
import Testing

/// docs/swiftui.md (and its DocC article) cannot be compiled here; every HingeKit call in it
/// is run here, in the order the view makes them, and checked against the effect's curve.
@Suite("The SwiftUI recipe's HingeKit calls")
struct SwiftUIRecipeTests {
    /// The calls, as written in the recipe; the documentation test holds the page to them.
    static let calls = [
        "EffectDriver(effect: BloomEffect())", "bloom.value(at: now())",
        "HingeSample(time: now(), radians: $0.angle, status:", "HingeSample(time: now(), angle: nil)",
        "try? bloom.ingest(sample)", "try? bloom.setReduceMotion(enabled, at: now())",
    ]

    @Test("Stamped radian samples, frames, Reduce Motion and no hinge behave as the page says")
    func recipe() throws {
        var bloom = EffectDriver(effect: BloomEffect())
        // Before any sample: the no-hinge value.
        #expect(bloom.value(at: 0) == 1)
        try? bloom.setReduceMotion(false, at: 0)
        try? bloom.ingest(HingeSample(time: 0.01, radians: Double.pi, status: .fullyOpen))
        #expect(bloom.value(at: 0.01) == 1)
        // 125° in radians: halfway along bloom's 80–170° ramp (the spring is on its way there).
        try? bloom.ingest(HingeSample(time: 0.02, radians: 125 * Double.pi / 180, status: .partiallyOpen))
        #expect(abs(bloom.target - BloomEffect().value(angle: 125, status: .partiallyOpen)) < 1e-12)
        let frame = bloom.value(at: 0.05)
        #expect(frame < 1 && frame > bloom.target)
        #expect(bloom.value(at: 0.05) == frame)  // asking twice changes nothing
        // Reduce Motion: bloom tracks the hinge at once.
        try? bloom.setReduceMotion(true, at: 0.06)
        #expect(abs(bloom.value(at: 0.06) - bloom.target) < 1e-12)
        // No hinge: the no-hinge value.
        try? bloom.ingest(HingeSample(time: 0.07, angle: nil))
        #expect(bloom.value(at: 0.07) == 1)
    }

    @Test("docs/swiftui.md and the DocC article make exactly these calls")
    func pagesHoldTheCalls() throws {
        for page in ["/docs/swiftui.md", "/Sources/HingeKit/HingeKit.docc/DrivingASwiftUIView.md"] {
            let text = try String(contentsOfFile: packageRoot + page, encoding: .utf8)
            for call in Self.calls { #expect(text.contains(call), "\(page) lacks \(call)") }
        }
    }
}
