// fuzz-target: unfold_driver

@testable import HingeKit

/// libFuzzer target: arbitrary configurations and event streams into an `UnfoldDriver` —
/// samples (NaN, backwards, duplicate and huge times and angles among them), Reduce Motion
/// switches — with the progress read on a frame grid between events, as `hingetool unfold`
/// reads it, with or without a known step sensor (its tracker then reads the levels). A refused event must change nothing; every value and target must be finite and
/// in 0…1; and a time before the last event must be refused with `timeBeforeLastEvent`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnfoldDriver(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let stages = 1 + Int(input.byte()) % UnfoldDriver.maximumStages
    let coarseStages = 1 + Int(input.byte()) % UnfoldDriver.maximumStages
    let configuration: UnfoldDriver.Configuration
    do {
        configuration = try UnfoldDriver.Configuration(
            omega: 1 + input.unit() * 200, stages: stages, lead: input.unit() * 3, leadSpeed: input.unit() * 50,
            coarseOmega: 1 + input.unit() * 200, coarseStages: coarseStages, unfoldedAngle: 1 + input.unit() * 359)
    } catch {
        // Every value drawn is within the configuration's stated limits.
        check(false, "a configuration within the limits was refused: \(error)")
        return 0
    }
    let sensors: [StepSensor?] = [nil, nil, .galaxyZFold8, .motorolaRazr]
    let flags = input.byte()
    let sensor = sensors[Int(flags >> 1) % sensors.count]
    var driver = UnfoldDriver(configuration: configuration, reduceMotion: flags & 1 == 1, stepSensor: sensor)
    trace(
        "UnfoldDriver(configuration: \(configuration), reduceMotion: \(driver.reduceMotion), stepSensor: \(sensor.map { "\($0.levels)" } ?? "nil"))"
    )
    // Epoch-like starts too: the first interval must not count from 0.
    var time = input.byte() & 1 == 0 ? input.unit() : 1.7e9 + input.unit()
    var lastEvent = -Double.infinity
    while let choice = input.nextChoice(limit: 1000) {
        let step = input.timeStep(choice)
        let candidate = time + step
        let before = driver.value(at: max(time, lastEvent) + 1)
        do {
            if choice & 0x40 == 0 {
                let angle = input.angle(choice)
                trace("ingest(HingeSample(time: \(candidate), angle: \(angle.map { "\($0)" } ?? "nil")))")
                try driver.ingest(HingeSample(time: candidate, angle: angle))
            } else {
                trace("setReduceMotion(\(choice & 0x20 != 0), at: \(candidate))")
                try driver.setReduceMotion(choice & 0x20 != 0, at: candidate)
            }
            time = candidate
            lastEvent = candidate
        } catch {
            let after = driver.value(at: max(time, lastEvent) + 1)
            check(after == before || (after.isNaN && before.isNaN), "a refused event changed the value")
            if case .timeBeforeLastEvent(let refused, let last) = error {
                check(refused < last && last == lastEvent, "refused \(refused) against \(last), last \(lastEvent)")
            } else if candidate.isFinite, candidate < lastEvent {
                check(false, "\(candidate) before \(lastEvent) refused as \(error)")
            }
        }
        check(driver.target.isFinite && (0...1).contains(driver.target), "target \(driver.target)")
        // The frame grid up to the next event: 1 to 240 Hz, at most 50 frames.
        let rate = 1 + Double(input.byte()) * 239 / 255
        for frame in 0..<(1 + Int(input.byte()) % 50) {
            let at = time + Double(frame) / rate
            let value = driver.value(at: at)
            check(value.isFinite && (0...1).contains(value), "value \(value) at \(at)")
        }
    }
    return 0
}
