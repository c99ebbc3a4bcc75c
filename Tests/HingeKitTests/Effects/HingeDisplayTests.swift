import HingeKit
import Testing

@Suite("HingeDisplay: every display refuses the same samples, and counts them")
struct HingeDisplayTests {
    /// A fold with a sample no display can take in the middle: a NaN angle, then a time
    /// before the newest sample's.
    static let samples = [
        HingeSample(time: 0, angle: 180, status: .fullyOpen),
        HingeSample(time: 0.05, angle: 150, status: .partiallyOpen),
        HingeSample(time: 0.08, angle: .nan, status: .partiallyOpen),
        HingeSample(time: 0.04, angle: 140, status: .partiallyOpen),
        HingeSample(time: 0.1, angle: 120, status: .partiallyOpen),
        HingeSample(time: 0.3, angle: 90, status: .partiallyOpen),
    ]

    @Test("Drivers and Android's pipeline, side by side, refuse the NaN and the backwards sample alike")
    func refusals() {
        var displays: [any HingeDisplay] = [
            UnfoldDriver(), EffectDriver(effect: UnfoldProgressEffect()), AndroidUnfoldDisplay(),
        ]
        var refused = RefusedSamples()
        for sample in Self.samples {
            for index in displays.indices { displays[index].ingest(sample, noting: &refused) }
        }
        #expect(refused.count == 2 * displays.count)
        #expect(refused.first?.sample.time == 0.08)
        guard case .sample(.nonFiniteAngle)? = refused.first?.error else {
            Issue.record("the first refusal is \(String(describing: refused.first?.error))")
            return
        }
        #expect(refused.summary?.hasPrefix("6 refusals of a sample; the first, of the sample at 0.08 s") == true)
        // A refused sample changed nothing: each display shows what it shows without it.
        let accepted = Self.samples.filter { $0.time != 0.08 && $0.time != 0.04 }
        var clean: [any HingeDisplay] = [
            UnfoldDriver(), EffectDriver(effect: UnfoldProgressEffect()), AndroidUnfoldDisplay(),
        ]
        var none = RefusedSamples()
        for sample in accepted {
            for index in clean.indices { clean[index].ingest(sample, noting: &none) }
        }
        #expect(none.count == 0 && none.summary == nil)
        for time in stride(from: 0.3, through: 1.0, by: 0.05) {
            for index in displays.indices {
                displays[index].advance(to: time)
                clean[index].advance(to: time)
                #expect(displays[index].value(at: time) == clean[index].value(at: time), "display \(index) at \(time)")
            }
        }
    }

    @Test("AndroidUnfoldDisplay shows what the pipeline it wraps shows, and keeps its fold updates")
    func androidAdapter() throws {
        var display = AndroidUnfoldDisplay()
        var pipeline = AndroidUnfoldPipeline()
        var updates: [AndroidFoldUpdate] = []
        // A fold from open to closed and back: the pipeline sends its start and end updates.
        let fold = (0...60).map { index -> HingeSample in
            let time = Double(index) * 0.02
            let angle = index <= 30 ? 180 - 6 * Double(index) : 6 * Double(index - 30)
            return HingeSample(time: time, angle: angle, status: nil)
        }
        for sample in fold {
            try display.ingest(sample)
            pipeline.ingest(sample) { updates.append($0) }
            #expect(display.value(at: sample.time) == pipeline.value(at: sample.time))
        }
        display.advance(to: 5)
        pipeline.advance(to: 5) { updates.append($0) }
        #expect(display.updates == updates)
        #expect(!updates.isEmpty)
        #expect(display.value(at: 5) == pipeline.value(at: 5))
    }

    @Test("RefusedSamples adds up counts and keeps the first refusal noted")
    func adding() {
        var a = RefusedSamples()
        var b = RefusedSamples()
        b.note(HingeSample(time: 2, angle: nil), .timeNotFinite(.nan))
        a.add(b)
        #expect(a.count == 1 && a.first?.sample.time == 2)
        var c = RefusedSamples()
        c.note(HingeSample(time: 3, angle: nil), .timeBeforeLastEvent(time: 3, lastEvent: 4))
        a.add(c)
        #expect(a.count == 2 && a.first?.sample.time == 2)
    }
}
