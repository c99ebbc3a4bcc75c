import Foundation
import HingeKit
import HingeTestSupport
import Testing

/// docs/swiftui.md (and its DocC article) is type-checked against stand-ins of SwiftUI by
/// SnippetTests; every HingeKit call in it is run here, in the order the view makes them, and
/// checked against the effect's curve.
@Suite("The SwiftUI recipe's HingeKit calls")
struct SwiftUIRecipeTests {
    /// The calls, as written in the recipe; the documentation test holds the page to them.
    static let calls = [
        "EffectDriver(effect: BloomEffect())", "bloom.value(at: now())",
        "HingeSample(time: now(), angle: hinge.angle.degrees, status: status)",
        "HingeSample(time: now(), angle: nil)", "bloom.ingest(sample, noting: &refused)",
        "try? bloom.setReduceMotion(enabled, at: now())",
    ]

    @Test("Stamped samples in degrees, frames, Reduce Motion and no hinge behave as the page says")
    func recipe() throws {
        var bloom = EffectDriver(effect: BloomEffect())
        var refused = RefusedSamples()
        // Before any sample: the no-hinge value.
        #expect(bloom.value(at: 0) == 1)
        try? bloom.setReduceMotion(false, at: 0)
        bloom.ingest(HingeSample(time: 0.01, angle: 180, status: .fullyOpen), noting: &refused)
        #expect(bloom.value(at: 0.01) == 1)
        // 125°: halfway along bloom's 80–170° ramp (the spring is on its way there).
        bloom.ingest(HingeSample(time: 0.02, angle: 125, status: .partiallyOpen), noting: &refused)
        #expect(abs(bloom.target - BloomEffect().value(angle: 125, status: .partiallyOpen)) < 1e-12)
        let frame = bloom.value(at: 0.05)
        #expect(frame < 1 && frame > bloom.target)
        #expect(bloom.value(at: 0.05) == frame)  // asking twice changes nothing
        // Reduce Motion: bloom tracks the hinge at once.
        try? bloom.setReduceMotion(true, at: 0.06)
        #expect(abs(bloom.value(at: 0.06) - bloom.target) < 1e-12)
        // No hinge: the no-hinge value.
        bloom.ingest(HingeSample(time: 0.07, angle: nil), noting: &refused)
        #expect(bloom.value(at: 0.07) == 1)
        // A sample from before the last one is refused, counted, and changes nothing.
        let before = bloom.value(at: 0.08)
        bloom.ingest(HingeSample(time: 0.05, angle: 90, status: .partiallyOpen), noting: &refused)
        #expect(bloom.value(at: 0.08) == before)
        #expect(refused.count == 1 && refused.first?.sample.time == 0.05)
        #expect(refused.first?.error == .timeBeforeLastEvent(time: 0.05, lastEvent: 0.07))
    }

    @Test("value(at:) may be called from body: it mutates nothing, whatever frames are asked in whatever order")
    func valueIsARead() throws {
        var driver = EffectDriver(effect: BloomEffect())
        try driver.ingest(HingeSample(time: 0, angle: 180, status: .fullyOpen))
        try driver.ingest(HingeSample(time: 0.1, angle: 100, status: .partiallyOpen))
        // A `let` copy: this compiles only because value(at:) is not mutating.
        let frozen = driver
        let frames = stride(from: 0.1, through: 1.0, by: 1.0 / 120).map { frozen.value(at: $0) }
        // Frames asked out of order, twice, and far ahead, on the original.
        var generator = SplitMix64(seed: 22)
        for _ in 0..<500 { _ = driver.value(at: Double.random(in: -1...5, using: &generator)) }
        let again = stride(from: 0.1, through: 1.0, by: 1.0 / 120).map { driver.value(at: $0) }
        #expect(again == frames)
        // And the next sample goes on from the same state as in the untouched copy.
        var untouched = frozen
        try driver.ingest(HingeSample(time: 0.3, angle: 150, status: .partiallyOpen))
        try untouched.ingest(HingeSample(time: 0.3, angle: 150, status: .partiallyOpen))
        for time in stride(from: 0.3, through: 1.5, by: 0.01) {
            #expect(driver.value(at: time) == untouched.value(at: time))
        }
    }

    @Test("docs/swiftui.md and the DocC article make exactly these calls")
    func pagesHoldTheCalls() throws {
        for page in ["/docs/swiftui.md", "/Sources/HingeKit/HingeKit.docc/DrivingASwiftUIView.md"] {
            let text = try String(contentsOfFile: packageRoot + page, encoding: .utf8)
            for call in Self.calls { #expect(text.contains(call), "\(page) lacks \(call)") }
        }
    }
}
