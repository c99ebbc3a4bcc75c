import HingeKit
import HingeTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A textbook Kalman filter with dense matrices and the process noise written from its general
/// formula, `Q[i][j] = q·dtᵃ⁺ᵇ⁺¹ / (a!·b!·(a+b+1))` with a = 3 − i, b = 3 − j: the oracle the
/// reader's unrolled 4-state filter is checked against.
private struct DenseKalman {
    var x: [Double]
    var p: [[Double]]
    var time: Double
    let q: Double

    init(angle: Double, time: Double, variance: Double, q: Double) {
        x = [angle, 0, 0, 0]
        p = (0..<4).map { i in (0..<4).map { j in i != j ? 0 : (i == 0 ? variance : 1e-2) } }
        self.time = time
        self.q = q
    }

    static func factorial(_ n: Int) -> Double { n <= 1 ? 1 : Double(n) * factorial(n - 1) }

    mutating func predict(to time: Double) {
        let dt = time - self.time
        let f = (0..<4).map { i in (0..<4).map { j in j < i ? 0 : pow(dt, Double(j - i)) / Self.factorial(j - i) } }
        x = (0..<4).map { i in (0..<4).reduce(0) { $0 + f[i][$1] * x[$1] } }
        let fp = (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + f[i][$1] * p[$1][j] } } }
        p = (0..<4).map { i in
            (0..<4).map { j in
                let a = 3 - i, b = 3 - j
                let noise = q * pow(dt, Double(a + b + 1)) / (Self.factorial(a) * Self.factorial(b) * Double(a + b + 1))
                return (0..<4).reduce(0) { $0 + fp[i][$1] * f[j][$1] } + noise
            }
        }
        self.time = time
    }

    mutating func update(_ angle: Double, variance: Double) {
        let s = p[0][0] + variance
        let gain = (0..<4).map { p[$0][0] / s }
        let innovation = angle - x[0]
        x = (0..<4).map { x[$0] + gain[$0] * innovation }
        p = (0..<4).map { i in (0..<4).map { j in p[i][j] - gain[i] * p[0][j] } }
    }
}

@Suite("Kalman velocity")
struct KalmanVelocityTests {
    static func reader(shrinkage: Double = 2) -> HingeReader {
        var configuration = HingeReader.Configuration()
        configuration.velocity = .kalman(KalmanVelocity(shrinkage: shrinkage))
        return HingeReader(configuration: configuration)
    }

    @Test("Reports at a steady rate: the velocity is the textbook filter's to 1e-9 (seeded streams)")
    func matchesDenseFilter() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            var reader = Self.reader(shrinkage: 0)
            let interval = 0.002 + 0.01 * random.nextUnit()
            let speed = 50 + 300 * random.nextUnit()
            // A 1° sensor on a ramp that changes at every report, so no poll is missed.
            var angle = 90.0
            var oracle: DenseKalman?
            for k in 0..<60 {
                let time = Double(k) * interval
                if k > 0 { angle += max(1, (speed * interval).rounded()) }
                try reader.ingest(HingeSample(time: time, angle: angle))
                if oracle == nil {
                    oracle = DenseKalman(angle: angle, time: time, variance: 0.05, q: 1e8)
                } else {
                    oracle!.predict(to: time)
                    oracle!.update(angle, variance: 0.05 * pow(max(1, (speed * interval).rounded()), 2))
                }
                let velocity = try #require(reader.reading(at: time)).velocity
                let expected = k == 0 ? 0 : oracle!.x[1]
                #expect(abs(velocity - expected) <= 1e-9 * max(1, abs(expected)), "k \(k): \(velocity) vs \(expected)")
            }
        }
    }

    @Test("A steady 120 °/s through a 1° sensor polled every 4 ms reads 120 °/s within 3 %")
    func steadyRamp() throws {
        var reader = Self.reader()
        var random = SplitMix64(seed: 3)
        var time = 0.0
        var last: Double?
        var lastTime = 0.0
        while time < 1 {
            let angle = (10 + 120 * time + 0.2 * random.nextGaussian()).rounded()
            if angle != last {
                try reader.ingest(HingeSample(time: time, angle: angle))
                lastTime = time
            }
            last = angle
            time += 0.004 * (1 + 0.3 * (random.nextUnit() - 0.5))
        }
        let velocity = try #require(reader.reading(at: lastTime)).velocity
        #expect(abs(velocity - 120) < 3.6, "\(velocity)")
    }

    @Test("Stop detection: the velocity decays once a report is overdue and is exactly 0 after the stop horizon")
    func stops() throws {
        var reader = Self.reader()
        // A steady 250 °/s for half a second (1° every 4 ms), then silence.
        for k in 0...125 { try reader.ingest(HingeSample(time: Double(k) * 0.004, angle: 100 + Double(k))) }
        let end = 0.5
        let moving = try #require(reader.reading(at: end)).velocity
        #expect(abs(moving - 250) < 15, "\(moving)")
        var previous = moving
        for step in 1...40 {
            let velocity = try #require(reader.reading(at: end + Double(step) * 0.004)).velocity
            // Never turning back: a silent sensor says the angle held.
            #expect(velocity.isFinite && velocity >= 0 && velocity <= previous)
            previous = velocity
        }
        // Overdue after 1.5 × 4 ms, then a 0.12 s taper.
        #expect(try #require(reader.reading(at: end + 0.006 + 0.12)).velocity == 0)
        #expect(try #require(reader.reading(at: end + 10)).velocity == 0)
    }

    @Test("A dropout is bridged, not read as a hold: no spike when the reports come back")
    func dropout() throws {
        var reader = Self.reader()
        var time = 0.0
        // 200 °/s, then nothing for 150 ms while the hinge keeps moving, then 200 °/s again.
        while time < 0.3 {
            try reader.ingest(HingeSample(time: time, angle: (20 + 200 * time).rounded()))
            time += 0.004
        }
        time += 0.15
        var peak = 0.0
        while time < 0.6 {
            try reader.ingest(HingeSample(time: time, angle: (20 + 200 * time).rounded()))
            peak = max(peak, abs(try #require(reader.reading(at: time)).velocity))
            time += 0.004
        }
        #expect(peak < 300, "\(peak)")
        #expect(abs(try #require(reader.reading(at: time - 0.004)).velocity - 200) < 20)
    }

    @Test("A 0/90/180° sensor is read as levels: raw position, velocity 0; coarseStep .infinity turns that off")
    func coarseSensor() throws {
        var reader = HingeReader()
        var open = HingeReader(configuration: HingeReader.Configuration(coarseStep: .infinity))
        for (time, angle) in [(0.0, 180.0), (0.3, 90.0), (0.35, 90.0), (0.6, 0.0)] {
            try reader.ingest(HingeSample(time: time, angle: angle))
            try open.ingest(HingeSample(time: time, angle: angle))
        }
        let reading = try #require(reader.reading(at: 0.61))
        #expect(reading.position == 0 && reading.velocity == 0 && reading.snap == 0)
        let filtered = try #require(open.reading(at: 0.61))
        #expect(filtered.position > 0)
        // A sensor whose first change is small is not read as coarse, even after a large one.
        var fine = HingeReader()
        for (time, angle) in [(0.0, 100.0), (0.01, 101.0), (0.5, 140.0)] {
            try fine.ingest(HingeSample(time: time, angle: angle))
        }
        #expect(try #require(fine.reading(at: 0.5)).position < 140)
    }

    @Test("A duplicate replaces the newest report exactly, and long silences stay finite")
    func duplicatesAndSilence() throws {
        var a = HingeReader()
        var b = HingeReader()
        for k in 0..<20 {
            try a.ingest(HingeSample(time: Double(k) * 0.005, angle: 50 + Double(k)))
            try b.ingest(HingeSample(time: Double(k) * 0.005, angle: 50 + Double(k)))
        }
        try a.ingest(HingeSample(time: 0.1, angle: 90))
        try a.ingest(HingeSample(time: 0.1, angle: 71))
        try b.ingest(HingeSample(time: 0.1, angle: 71))
        #expect(a.reading(at: 0.1)!.velocity == b.reading(at: 0.1)!.velocity)
        #expect(a.reading(at: 0.103)!.velocity == b.reading(at: 0.103)!.velocity)
        for time in [0.2, 1.0, 3600.0, 86_400.0 * 365, 1e15] {
            try b.ingest(HingeSample(time: time, angle: 71))
            let reading = try #require(b.reading(at: time + 0.001))
            #expect(reading.velocity.isFinite && reading.position.isFinite)
        }
    }

    @Test("A copied reader is a value: ingesting into one copy leaves the other as it was")
    func copiesAreValues() throws {
        var original = HingeReader()
        for k in 0..<10 { try original.ingest(HingeSample(time: Double(k) * 0.01, angle: 100 + Double(k))) }
        let before = try #require(original.reading(at: 0.095))
        var copy = original
        try copy.ingest(HingeSample(time: 0.1, angle: 150))
        try copy.ingest(HingeSample(time: 0.1, angle: 90))
        #expect(original.reading(at: 0.095) == before)
        #expect(original.sampleCount == 10 && copy.sampleCount == 12 && copy.duplicateCount == 1)
        try original.ingest(HingeSample(time: 0.1, angle: 90))
        #expect(original.reading(at: 0.2) == copy.reading(at: 0.2))
    }
}

@Suite("The reading at a sample's own time")
struct ReadingAtSampleTests {
    /// Ingesting works the reading at the sample's time out by a shortcut (the filters answer
    /// from their fields); a reading asked for one representable instant later goes the
    /// general way (the 1€ filter's decay over that instant, the Kalman filter's run-on) and
    /// must agree to within rounding. Checked at every report of a bending hinge read through
    /// a 1° sensor at irregular intervals, duplicates and silences included.
    @Test("equals the general path's reading an instant later, for every estimator, at every report")
    func shortcutIsTheGeneralReading() throws {
        let estimators: [VelocityEstimator] = [
            .standard, .kalman(KalmanVelocity(shrinkage: 0)), .leastSquares(LeastSquaresVelocity()), .androidLSQ2,
            .finiteDifference,
        ]
        for estimator in estimators {
            for position in [HingeReader.Configuration.Position.oneEuro(.hinge, .onChange), .raw] {
                var reader = HingeReader(
                    configuration: HingeReader.Configuration(position: position, velocity: estimator))
                var random = SplitMix64(seed: 35)
                var time = 0.0
                var compared = 0
                for k in 0..<3_000 {
                    // Bursts of polls 2–9 ms apart, with a pause of up to 0.6 s every 200.
                    time += k % 200 == 199 ? Double(random.next() % 600) / 1000 : Double(2 + random.next() % 8) / 1000
                    let angle = (110 + 60 * sin(time * 1.7) + 8 * sin(time * 11)).rounded()
                    try reader.ingest(HingeSample(time: time, angle: angle, status: .partiallyOpen))
                    if k % 97 == 0 {
                        try reader.ingest(HingeSample(time: time, angle: angle + 1, status: .partiallyOpen))
                    }
                    let now = try #require(reader.reading(at: time))
                    let later = try #require(reader.reading(at: time.nextUp))
                    let scale = max(1, abs(now.velocity))
                    #expect(abs(now.position - later.position) <= 1e-9, "\(estimator) at \(time)")
                    #expect(abs(now.velocity - later.velocity) <= 1e-9 * scale, "\(estimator) at \(time)")
                    #expect(abs(now.projected - later.projected) <= 1e-9 * scale, "\(estimator) at \(time)")
                    compared += 1
                }
                #expect(compared == 3_000)
            }
        }
    }
}
