import HingeKit
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("HingeReader: input policy")
struct HingeReaderInputTests {
    @Test(
        "Bad samples are named errors and change nothing",
        arguments: [
            (HingeSample(time: .nan, angle: 10), HingeReader.InputError.nonFiniteTime(.nan)),
            (HingeSample(time: 2, angle: .infinity), .nonFiniteAngle(time: 2, angle: .infinity)),
            (HingeSample(time: 0.5, angle: 10), .timeGoesBackwards(time: 0.5, previous: 1)),
            (HingeSample(time: 2, angle: 361), .angleOutOfRange(time: 2, angle: 361, range: 0...360)),
            (HingeSample(time: 2, angle: -1), .angleOutOfRange(time: 2, angle: -1, range: 0...360)),
        ])
    func rejected(sample: HingeSample, error: HingeReader.InputError) throws {
        var reader = HingeReader()
        try reader.ingest(HingeSample(time: 1, angle: 100, status: .partiallyOpen))
        let before = reader.reading(at: 1.5)
        do {
            try reader.ingest(sample)
            Issue.record("accepted \(sample)")
        } catch let thrown {
            // NaN never equals itself, so compare the descriptions.
            #expect(thrown.description == error.description)
        }
        #expect(reader.reading(at: 1.5) == before)
        #expect(reader.sampleCount == 1)
    }

    @Test("The error messages say what is wrong")
    func messages() {
        #expect(
            HingeReader.InputError.timeGoesBackwards(time: 0.5, previous: 1).description
                == "time 0.5 goes backwards after 1.0")
        #expect(
            HingeReader.InputError.angleOutOfRange(time: 2, angle: 400, range: 0...360).description
                == "angle 400.0 at time 2.0 is outside 0.0…360.0")
    }

    @Test(
        "A repeated first angle replaces it as the hinge's first angle: the snap starts at its nearest detent",
        arguments: [60.0, 100.0, 175.0])
    func duplicateOfFirstAngle(angle: Double) throws {
        // The oracle: a reader that only ever saw the later report (reading.snap is the detent).
        var withDuplicate = HingeReader()
        var alone = HingeReader()
        try withDuplicate.ingest(HingeSample(time: 1, angle: 10))
        try withDuplicate.ingest(HingeSample(time: 1, angle: angle))
        try alone.ingest(HingeSample(time: 1, angle: angle))
        for time in [1.0, 1.05, 1.5] {
            #expect(withDuplicate.reading(at: time) == alone.reading(at: time), "at \(time)")
        }
    }

    @Test("A repeated time replaces the sample before it: the later report wins, and is counted")
    func duplicates() throws {
        var withDuplicate = HingeReader()
        var clean = HingeReader()
        for time in stride(from: 0.0, to: 0.1, by: 0.01) {
            try withDuplicate.ingest(HingeSample(time: time, angle: 180 - time * 100))
            try clean.ingest(HingeSample(time: time, angle: 180 - time * 100))
        }
        try withDuplicate.ingest(HingeSample(time: 0.1, angle: 150))
        try withDuplicate.ingest(HingeSample(time: 0.1, angle: 170))
        try clean.ingest(HingeSample(time: 0.1, angle: 170))
        #expect(withDuplicate.duplicateCount == 1)
        #expect(withDuplicate.reading(at: 0.13) == clean.reading(at: 0.13))
    }

    @Test("No angle and no status means no hinge: the reader resets until the next angle")
    func noHinge() throws {
        var reader = HingeReader()
        try reader.ingest(HingeSample(time: 0, angle: 120, status: .partiallyOpen))
        #expect(reader.reading(at: 0) != nil)
        try reader.ingest(HingeSample(time: 1, angle: nil, status: nil))
        #expect(reader.reading(at: 1.5) == nil)
        try reader.ingest(HingeSample(time: 2, angle: 30, status: .partiallyOpen))
        let reading = try #require(reader.reading(at: 2))
        #expect(reading.position == 30)
        #expect(reading.velocity == 0)
        #expect(reading.snap == 0)
    }

    @Test("A status without an angle updates the status only; an angle without a status has none")
    func statusAndAngleAlone() throws {
        var reader = HingeReader()
        try reader.ingest(HingeSample(time: 0, angle: 175))
        #expect(reader.reading(at: 0)?.status == nil)
        try reader.ingest(HingeSample(time: 0.5, angle: nil, status: .fullyOpen))
        let reading = try #require(reader.reading(at: 0.5))
        #expect(reading.status == .fullyOpen)
        #expect(reading.angle == 175)
        var statusOnly = HingeReader()
        try statusOnly.ingest(HingeSample(time: 0, angle: nil, status: .closed))
        #expect(statusOnly.reading(at: 0) == nil)
    }

    @Test("Angles up to 360° are accepted (Surface Duo folds back past flat)")
    func foldedBack() throws {
        var reader = HingeReader()
        try reader.ingest(HingeSample(time: 0, angle: 360))
        #expect(reader.reading(at: 0)?.position == 360)
    }
}

@Suite("HingeReader: position, velocity and snap")
struct HingeReaderReadingTests {
    static func read(
        _ name: String, configuration: HingeReader.Configuration = .init()
    ) throws -> (
        rows: [SyntheticSample], reader: HingeReader
    ) {
        let rows = SyntheticScenario.named(name)!.trace.samples(seed: 1)
        var reader = HingeReader(configuration: configuration)
        for row in rows { try reader.ingest(row.sample) }
        return (rows, reader)
    }

    @Test("A reading depends on the time asked, not on how often frames were asked for")
    func frameIndependence() throws {
        let rows = SyntheticScenario.named("flat-to-laptop")!.trace.samples(seed: 1)
        var reader = HingeReader()
        var frames: [Double: HingeReading] = [:]
        for row in rows {
            // Ask at irregular times between samples; then again, once, at the end.
            if let reading = reader.reading(at: row.sample.time - 0.0005) { frames[row.sample.time] = reading }
            try reader.ingest(row.sample)
        }
        var fresh = HingeReader()
        for row in rows {
            if let reading = frames[row.sample.time] { #expect(fresh.reading(at: row.sample.time - 0.0005) == reading) }
            try fresh.ingest(row.sample)
        }
    }

    @Test("Silence means the hinge stopped: velocity decays to exactly 0, position to the last angle")
    func stopDetection() throws {
        let (rows, reader) = try Self.read("flat-to-laptop")
        let last = rows[rows.count - 2].sample  // before the closing row
        var configuration = HingeReader.Configuration()
        configuration.velocity = .standard
        var moving = HingeReader(configuration: configuration)
        for row in rows.prefix(while: { $0.sample.time <= 0.8 }) { try moving.ingest(row.sample) }
        let speeds = stride(from: 0.8, through: 1.2, by: 0.01).map { abs(moving.reading(at: $0)!.velocity) }
        // Decaying once the reports stop, and exactly zero once the silence outlasts the
        // horizon (0.12 s) and the expected interval.
        #expect(speeds[20] < speeds[0] / 2)
        #expect(moving.reading(at: 1.0)!.velocity == 0)
        let settled = try #require(reader.reading(at: last.time + 3))
        #expect(settled.velocity == 0)
        #expect(abs(settled.position - settled.angle) < 1e-6)
        #expect(settled.isResting)
    }

    @Test(
        "Quantised input makes neither velocity spikes nor position staircases",
        arguments: ["slow-bend", "five-degree-steps"])
    func quantisedInput(name: String) throws {
        let scenario = SyntheticScenario.named(name)!
        let rows = scenario.trace.samples(seed: 1)
        var reader = HingeReader()
        var next = 0
        var previousPosition: Double?
        var largestStep = 0.0
        var largestSpeed = 0.0
        let truePeak = stride(from: 0.0, to: scenario.trace.motion.duration, by: 0.001).map {
            abs(scenario.trace.motion.state(at: $0).velocity)
        }.max()!
        for k in 0..<Int(scenario.trace.motion.duration * 1000) {
            let time = Double(k) / 1000
            while next < rows.count, rows[next].sample.time <= time {
                try reader.ingest(rows[next].sample)
                next += 1
            }
            guard let reading = reader.reading(at: time) else { continue }
            if let previousPosition { largestStep = max(largestStep, abs(reading.position - previousPosition)) }
            previousPosition = reading.position
            largestSpeed = max(largestSpeed, abs(reading.velocity))
        }
        // A 1 kHz frame never jumps by a quantisation step, and the speed never runs far past
        // the hand's true peak.
        #expect(largestStep < (name == "slow-bend" ? 0.2 : 1.5))
        #expect(largestSpeed < 1.5 * truePeak)
    }

    @Test(
        "Snap: the detent the hinge rests at or heads to",
        arguments: SyntheticScenario.all.filter { $0.name != "no-hinge" })
    func snapAtRest(scenario: SyntheticScenario) throws {
        let (rows, reader) = try Self.read(scenario.name)
        let end = rows.last!.sample.time
        let reading = try #require(reader.reading(at: end + 1))
        #expect(reading.snap == scenario.trace.truePose(at: end))
        #expect(reading.isResting)
    }

    @Test("Hysteresis keeps the snap still when noise straddles the midpoint between detents")
    func hysteresis() throws {
        // Hold at 145°, the midpoint of 110° and 180°, with noisy 1° reports.
        let trace = SyntheticTrace(
            motion: try HandMotion(start: 180, [.hold(0.3), .move(to: 145, over: 0.5), .hold(4)]),
            sensor: SensorModel(noise: 0.6))
        func snapChanges(hysteresis: Double) throws -> Int {
            var configuration = HingeReader.Configuration()
            configuration.snap.hysteresis = hysteresis
            var reader = HingeReader(configuration: configuration)
            var changes = 0
            var last: Double?
            for row in trace.samples(seed: 3) where row.sample.time > 1.2 {
                try reader.ingest(row.sample)
                let snap = reader.reading(at: row.sample.time)!.snap
                if let last, last != snap { changes += 1 }
                last = snap
            }
            return changes
        }
        #expect(try snapChanges(hysteresis: 8) == 0)
        #expect(try snapChanges(hysteresis: 0) > 0)
    }

    @Test("The raw position passes the angle through")
    func rawPosition() throws {
        var configuration = HingeReader.Configuration()
        configuration.position = .raw
        let (rows, reader) = try Self.read("five-degree-steps", configuration: configuration)
        #expect(reader.reading(at: rows.last!.sample.time)?.position == rows.last!.sample.angle)
    }

    @Test("No NaN or infinity from any estimator, on any scenario, at samples or frames")
    func finite() throws {
        for velocity in [VelocityEstimator.standard, .androidLSQ2, .finiteDifference] {
            for scenario in SyntheticScenario.all {
                var configuration = HingeReader.Configuration()
                configuration.velocity = velocity
                var reader = HingeReader(configuration: configuration)
                for row in scenario.trace.samples(seed: 2) {
                    try reader.ingest(row.sample)
                    for offset in [0, 0.003, 0.05, 1] {
                        if let reading = reader.reading(at: row.sample.time + offset) {
                            #expect(
                                reading.position.isFinite && reading.velocity.isFinite && reading.projected.isFinite)
                        }
                    }
                }
            }
        }
    }
}

@Suite("OneEuroFilter")
struct OneEuroFilterTests {
    @Test("The classic discretisation is the paper's: α = 1/(1 + τ/Te), held between samples")
    func classic() {
        var filter = OneEuroFilter(
            OneEuroFilter.Parameters(minCutoff: 1, beta: 0, derivativeCutoff: 1), discretisation: .classic)
        filter.add(0, at: 0)
        filter.add(10, at: 0.01)
        let tau = 1 / (2 * Double.pi)
        let alpha = 1 / (1 + tau / 0.01)
        #expect(abs(filter.value(at: 0.01)! - alpha * 10) < 1e-12)
        #expect(filter.value(at: 0.5) == filter.value(at: 0.01))
    }

    @Test("The on-change discretisation follows the held value continuously and converges in silence")
    func onChange() {
        var filter = OneEuroFilter(OneEuroFilter.Parameters(minCutoff: 2, beta: 0, derivativeCutoff: 1))
        filter.add(0, at: 0)
        filter.add(10, at: 0.1)
        // Continuous at the sample: the new value only starts to pull after it arrives.
        #expect(filter.value(at: 0.1) == 0)
        let expected = 10 * (1 - exp(-0.2 * 2 * 2 * Double.pi))
        #expect(abs(filter.value(at: 0.3)! - expected) < 1e-12)
        #expect(abs(filter.value(at: 10)! - 10) < 1e-9)
    }

    @Test("Its speed is taken against the filtered value, not the raw one")
    func derivativeFromFiltered() {
        var filter = OneEuroFilter(
            OneEuroFilter.Parameters(minCutoff: 1, beta: 0, derivativeCutoff: 1000), discretisation: .classic)
        filter.add(0, at: 0)
        filter.add(10, at: 0.01)
        let filtered = filter.value(at: 0.01)!
        filter.add(10, at: 0.02)
        // Against the raw previous value (10) the speed would be 0.
        let alpha = 1 / (1 + 1 / (2 * Double.pi * 1000) / 0.01)
        let speedAfterFirst = alpha * (10 / 0.01)
        let expected = speedAfterFirst + alpha * ((10 - filtered) / 0.01 - speedAfterFirst)
        #expect(abs(filter.filteredSpeed - expected) < 1e-9)
    }
}
