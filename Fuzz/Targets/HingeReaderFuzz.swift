// fuzz-target: hinge_reader

@testable import HingeKit

/// libFuzzer target: arbitrary sample streams into a `HingeReader`, with readings asked for
/// between samples. Refused samples must change nothing; every reading must be finite, at or
/// after the newest sample, with the position within the angles seen since the hinge appeared
/// and the snap one of the detents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHingeReader(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    var configuration = HingeReader.Configuration()
    switch input.byte() % 4 {
    case 0: break
    case 1: configuration.velocity = .androidLSQ2
    case 2: configuration.velocity = .finiteDifference
    default: configuration.position = .oneEuro(.paperDefaults, .classic)
    }
    var reader = HingeReader(configuration: configuration)
    var time = input.number(in: -10...10)
    var lowest = Double.infinity
    var highest = -Double.infinity
    while let choice = input.nextChoice(limit: 2000) {
        let step = input.timeStep(choice)
        let candidate = time + step
        let angle = input.angle(choice)
        let status: HingeStatus? = [nil, .closed, .partiallyOpen, .fullyOpen][Int(choice >> 4) % 4]
        let before = reader.sampleCount
        trace(
            "ingest(HingeSample(time: \(candidate), angle: \(angle.map { "\($0)" } ?? "nil"), status: \(status.map { ".\($0)" } ?? "nil")))"
        )
        do {
            try reader.ingest(HingeSample(time: candidate, angle: angle, status: status))
            time = candidate
            if let angle {
                lowest = min(lowest, angle)
                highest = max(highest, angle)
            } else if status == nil {
                lowest = .infinity
                highest = -.infinity
            }
        } catch {
            check(reader.sampleCount == before, "a refused sample was counted")
        }
        let asked = time + (choice & 0x80 == 0 ? 0 : input.unit())
        trace("reading(at: \(asked)) = \(reader.reading(at: asked).map { "\($0)" } ?? "nil")")
        guard let reading = reader.reading(at: asked) else {
            check(highest < lowest, "no reading although an angle arrived")
            continue
        }
        check(reading.time >= time, "reading at \(reading.time) before the newest sample \(time)")
        check(
            reading.position.isFinite && reading.velocity.isFinite,
            "position \(reading.position) velocity \(reading.velocity)")
        check(reading.projected.isFinite, "projected \(reading.projected)")
        let slack = 1e-9 * max(1, abs(lowest), abs(highest))
        check(
            reading.position >= lowest - slack && reading.position <= highest + slack,
            "position \(reading.position) outside the angles seen, \(lowest)…\(highest)")
        check(configuration.snap.detents.contains(reading.snap), "snap \(reading.snap)")
    }
    return 0
}
