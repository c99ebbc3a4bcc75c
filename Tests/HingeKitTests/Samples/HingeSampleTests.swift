import HingeKit
import Testing

@Suite("HingeSample and HingeStatus")
struct HingeSampleTests {
    @Test(
        "Status spellings from trace files",
        arguments: [
            ("closed", HingeStatus.closed), ("CLOSED", .closed), ("partiallyOpen", .partiallyOpen),
            ("partially_open", .partiallyOpen), ("partially-open", .partiallyOpen),
            ("FullyOpen", .fullyOpen), ("fully_open", .fullyOpen),
        ])
    func spellings(text: String, status: HingeStatus) {
        #expect(HingeStatus(spelling: text) == status)
    }

    @Test("Unknown spellings are rejected", arguments: ["", "open", "partially open", "ajar"])
    func unknownSpellings(text: String) {
        #expect(HingeStatus(spelling: text) == nil)
    }

    @Test("Radians from UIHinge become degrees")
    func radians() {
        let sample = HingeSample(time: 1, radians: Double.pi / 2, status: .partiallyOpen)
        #expect(sample.angle == 90)
        #expect(HingeSample(time: 1, radians: nil).angle == nil)
    }
}
