import HingeKit
public import Testing

@Suite("HandMotion, SensorModel and SyntheticTrace")
struct SyntheticTraceTests {
    @Test("A minimum-jerk move starts and ends at rest and peaks at 1.875·Δ/T")
    func minimumJerk() throws {
        let motion = try HandMotion(start: 180, [.move(to: 110, over: 0.6)])
        #expect(motion.state(at: 0) == (180, 0))
        #expect(motion.state(at: 0.6) == (110, 0))
        #expect(motion.state(at: -1) == (180, 0))
        let middle = motion.state(at: 0.3)
        #expect(abs(middle.angle - 145) < 1e-12)
        #expect(abs(middle.velocity - 1.875 * -70 / 0.6) < 1e-9)
    }

    @Test("The velocity is the derivative of the angle (central differences, 1e-5 °/s)")
    func velocityIsDerivative() {
        let motion = SyntheticScenario.named("flat-to-laptop")!.trace.motion
        let h = 1e-6
        for time in stride(from: 0.01, to: motion.duration, by: 0.0137) {
            let numeric = (motion.state(at: time + h).angle - motion.state(at: time - h).angle) / (2 * h)
            #expect(abs(numeric - motion.state(at: time).velocity) < 1e-5)
        }
    }

    @Test("Every sample lies within the sensor's error of the delayed truth", arguments: SyntheticScenario.all)
    func samplesTrackTruth(scenario: SyntheticScenario) {
        let trace = scenario.trace
        let rows = trace.samples(seed: 1)
        #expect(!rows.isEmpty)
        let halfStep: Double
        switch trace.sensor.quantisation {
        case .step(let step): halfStep = step / 2
        case .levels: halfStep = 45  // nearest of 0/90/180
        case .ladder: halfStep = .infinity  // checked against the level's band below
        }
        for (index, (previous, row)) in zip(rows, rows.dropFirst()).enumerated() {
            #expect(row.sample.time > previous.sample.time)
            // On-change: a row exists because the reading or the status changed, except the
            // recorder's closing row at the end of the motion.
            if trace.sensor.hasHinge, index + 2 < rows.count {
                #expect(row.sample.angle != previous.sample.angle || row.sample.status != previous.sample.status)
            }
        }
        if trace.sensor.hasHinge { #expect(rows.last?.sample.time == trace.motion.duration) }
        for row in rows {
            guard let angle = row.sample.angle else {
                #expect(!trace.sensor.hasHinge)
                continue
            }
            let delayed = trace.motion.state(at: row.sample.time - trace.sensor.latency).angle
            // Irwin–Hall noise is bounded by 6σ, so this bound cannot be exceeded by chance.
            let noise = 6 * trace.sensor.noise + 1e-9
            if case .ladder(let ladder) = trace.sensor.quantisation {
                // A new level: the measured angle has crossed into its band (the stale first
                // value and the closing row are no readings).
                let level = ladder.levels.firstIndex(of: angle)!
                if row.sample.time > 0, row.sample.time < trace.motion.duration {
                    #expect(delayed + noise >= (level > 0 ? ladder.down[level - 1] : 0))
                    #expect(delayed - noise <= (level < ladder.up.count ? ladder.up[level] : 360))
                }
            } else if row.sample.time > 0 || trace.sensor.staleFirstValue == nil {
                #expect(abs(angle - delayed) <= halfStep + noise)
            }
            #expect(row.trueAngle == trace.motion.state(at: row.sample.time).angle)
            #expect(row.sample.status == SensorModel.status(for: angle))
            #expect(!trace.sensor.dropouts.contains { $0.contains(row.sample.time) })
        }
    }

    @Test("The same seed gives the same samples; SplitMix64 matches its published first outputs")
    func determinism() {
        let trace = SyntheticScenario.named("jitter-at-boundary")!.trace
        #expect(trace.samples(seed: 5) == trace.samples(seed: 5))
        #expect(trace.samples(seed: 5) != trace.samples(seed: 6))
        // Reference values of SplitMix64 seeded with 1234567 (Vigna's splitmix64.c).
        var random = SplitMix64(seed: 1_234_567)
        #expect(random.next() == 6_457_827_717_110_365_317)
        #expect(random.next() == 3_203_168_211_198_807_973)
    }

    @Test("The boundary scenario really flickers in status")
    func flicker() {
        let rows = SyntheticScenario.named("jitter-at-boundary")!.trace.samples(seed: 1)
        let statusChanges = zip(rows, rows.dropFirst()).filter { $0.sample.status != $1.sample.status }.count
        #expect(statusChanges >= 10)
    }
}
extension SyntheticScenario: CustomTestStringConvertible {
    var testDescription: String { name }
}
