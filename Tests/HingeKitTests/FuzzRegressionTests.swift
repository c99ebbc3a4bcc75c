import HingeKit
import Testing

/// Each input `make fuzz` found that broke an invariant, reduced to its calls, so that it stays
/// fixed (Fuzz/corpus/<target> keeps the raw input too).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(
        "Reports 2.3e-308 s apart give a finite finite-difference velocity (hinge_reader crash fb65a4f0)",
        arguments: [2.328152987103458e-308, 5e-324, 1e-9])
    func finiteDifferenceOverATinyInterval(interval: Double) throws {
        var configuration = HingeReader.Configuration()
        configuration.velocity = .finiteDifference
        var reader = HingeReader(configuration: configuration)
        try reader.ingest(HingeSample(time: 0, angle: 5.6250858319981685))
        try reader.ingest(HingeSample(time: interval, angle: 166.58823529411765, status: .fullyOpen))
        let reading = try #require(reader.reading(at: interval + 0.9254901960784314))
        #expect(reading.velocity.isFinite && reading.position.isFinite && reading.projected.isFinite)
        // Taken over a microsecond: the change per microsecond, not per 1e-308 s.
        #expect(reading.velocity == (166.58823529411765 - 5.6250858319981685) / 1e-6)
    }
}
