import HingeKit
import Testing

/// The public API fed with what a device API may hand over: the system promises no rate,
/// increment, range or precision, so every value a `Double` holds can arrive. The oracle is
/// each type's documented range (a progress in 0…1, an angle within the sensor's band) and its
/// documented input policy (a bad sample passed over and counted); nothing may trap, and no
/// output may be NaN or infinite.
@Suite("Data input: NaN, infinities, extremes and disorder never trap and never leak")
struct DataInputRobustnessTests {
    /// Every kind of value a sensor's `Double` can carry: non-finite, the extremes, a
    /// subnormal, −0, and huge magnitudes either way.
    static let hostile: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -0.0, 1e300, -1e300, 1e20,
    ]

    /// Frame times around the hostile samples: before, between and far after them.
    static let frames: [Double] = hostile + [0.02, 1, 0.5]

    @Test("Built-in effects stay in their range for every angle; NaN reads as no hinge", arguments: hostile)
    func effects(angle: Double) throws {
        let statuses: [HingeStatus?] = [nil, .closed, .partiallyOpen, .fullyOpen]
        let ramp = try RampEffect(lower: 10, upper: 100, easing: .smoothstep, noHingeValue: 0.25)
        let lean = LeanEffect()
        for status in statuses {
            #expect((0...1).contains(BloomEffect().value(angle: angle, status: status)))
            #expect((0...1).contains(UnfoldProgressEffect().value(angle: angle, status: status)))
            #expect((0...1).contains(ramp.value(angle: angle, status: status)))
            #expect((0...lean.maximum).contains(lean.value(angle: angle, status: status)))
        }
        #expect((0...1).contains(ramp.progress(angle)))
        if angle.isNaN {
            // Main returned NaN from all four.
            #expect(BloomEffect().value(angle: angle, status: nil) == 1)
            #expect(UnfoldProgressEffect().value(angle: angle, status: .partiallyOpen) == 1)
            #expect(ramp.value(angle: angle, status: nil) == 0.25)
            #expect(ramp.progress(angle) == 0)
            #expect(lean.value(angle: angle, status: nil) == 0)
        }
    }

    @Test("Android's pipeline passes over and counts samples out of order or not finite", arguments: hostile)
    func androidPipeline(value: Double) {
        // As time: main trapped in AndroidFoldStateEvents.advance ("events must come in time
        // order") for a time before the last; as angle: main's progress became NaN.
        for bad in [HingeSample(time: value, angle: 120), HingeSample(time: 0.2, angle: value)] {
            var pipeline = AndroidUnfoldPipeline()
            var updates: [AndroidFoldUpdate] = []
            for sample in [HingeSample(time: 0, angle: 180), HingeSample(time: 0.1, angle: 120), bad] {
                pipeline.ingest(sample) { updates.append($0) }
            }
            let accepted = bad.time.isFinite && bad.time >= 0.1 && bad.angle!.isFinite
            #expect(pipeline.ignoredSamples == (accepted ? 0 : 1))
            for frame in Self.frames {
                pipeline.advance(to: frame) { updates.append($0) }
                #expect((0...1).contains(pipeline.value(at: frame)), "frame \(frame)")
            }
            #expect(updates.allSatisfy { $0.angle.isFinite && $0.time.isFinite })
        }
    }

    @Test("Android's display answers a frame at any time, and advancing backwards does nothing")
    func androidDisplayFrames() throws {
        var display = AndroidUnfoldDisplay()
        try display.ingest(HingeSample(time: 1, angle: 180))
        try display.ingest(HingeSample(time: 1.1, angle: 120))
        // Main trapped here: a frame before the last sample, and the NaN deltaTime a NaN
        // frame handed to the spring (DampedSpring.update's precondition).
        for frame in Self.frames {
            display.advance(to: frame)
            #expect((0...1).contains(display.value(at: frame)), "frame \(frame)")
        }
    }

    @Test("Fold-state events ignore an angle that is not finite")
    func foldStateEvents() {
        for angle in [Double.nan, .infinity, -.infinity] {
            var events = AndroidFoldStateEvents.starting(angle: 180, at: 0)
            var updates: [AndroidFoldUpdate] = []
            events.hingeAngle(angle, at: 0.1) { updates.append($0) }
            // Main sent START_CLOSING carrying NaN for NaN, and kept the angle as the last.
            #expect(updates.isEmpty && events.lastAngle == 180)
            events.hingeAngle(100, at: 0.2) { updates.append($0) }
            #expect(updates.map(\.kind) == [.startClosing] && updates.allSatisfy { $0.angle == 180 })
        }
    }

    @Test("The step-sensor tracker counts reports out of order or not finite and stays in its band", arguments: hostile)
    func stepSensorTracker(value: Double) {
        let sensor = StepSensor.galaxyZFold8
        let band = sensor.closedRest...sensor.openRest
        // The value as a first report's time and angle, and as a later report's.
        let runs: [[(time: Double, angle: Double)]] = [
            [(value, 90), (0.5, 180)], [(0, value), (0.5, 180)],
            [(0, 90), (value, 0), (0.5, 180)], [(0, 90), (0.2, value), (0.5, 180)],
        ]
        for run in runs {
            var tracker = StepSensorTracker(sensor: sensor)
            var expectedIgnored = 0
            var last = -Double.infinity
            for report in run {
                if report.time.isFinite, report.time >= last, report.angle.isFinite {
                    last = report.time
                } else {
                    expectedIgnored += 1
                }
                tracker.ingest(time: report.time, angle: report.angle)
            }
            #expect(tracker.ignoredReports == expectedIgnored, "\(run)")
            // Main answered NaN after a report at −1.8e308 s or −∞ s. The estimate keeps to the
            // band (its documented range); the shown angle eases toward it, critically damped
            // in value and slope, so it may pass a band's edge by a little, but stays finite.
            for frame in Self.frames {
                #expect(band.contains(tracker.estimateAngle(at: frame)), "\(run) at \(frame)")
                #expect(tracker.angle(at: frame).isFinite, "\(run) at \(frame)")
            }
        }
    }

    @Test("Drivers give a finite value in range for hostile samples at any frame", arguments: hostile)
    func drivers(value: Double) throws {
        for bad in [HingeSample(time: value, angle: 100), HingeSample(time: 0.01, angle: value)] {
            var bloom = EffectDriver(effect: BloomEffect())
            var unfold = UnfoldDriver()
            var stepped = UnfoldDriver(stepSensor: .galaxyZFold8)
            var refused = RefusedSamples()
            for sample in [HingeSample(time: 0, angle: 90), bad, HingeSample(time: 0.5, angle: 180)] {
                bloom.ingest(sample, noting: &refused)
                unfold.ingest(sample, noting: &refused)
                stepped.ingest(sample, noting: &refused)
            }
            // Drivers and readers document finite frame times (a NaN frame is a precondition).
            for frame in Self.frames where frame.isFinite {
                bloom.advance(to: frame)
                unfold.advance(to: frame)
                stepped.advance(to: frame)
                #expect((0...1).contains(bloom.value(at: frame)), "\(bad) at \(frame)")
                #expect((0...1).contains(unfold.value(at: frame)), "\(bad) at \(frame)")
                // Main: NaN at 1.8e308 s after a sample at 1e20 s (the tracker's τ² overflowed).
                #expect((0...1).contains(stepped.value(at: frame)), "\(bad) at \(frame)")
            }
        }
    }

    @Test("Trace statistics count samples that are not finite and keep every figure finite")
    func traceStatistics() throws {
        var statistics = TraceStatistics()
        var nonFinite = 0
        for (index, angle) in Self.hostile.enumerated() {
            for time in Self.hostile + [Double(index)] {
                // Main trapped in the interval histogram (Double to Int of an infinite value).
                statistics.add(HingeSample(time: time, angle: angle, status: .partiallyOpen))
                if !time.isFinite || !angle.isFinite { nonFinite += 1 }
            }
        }
        #expect(statistics.nonFiniteCount == nonFinite)
        #expect(statistics.sampleCount == Self.hostile.count * (Self.hostile.count + 1) - nonFinite)
        #expect(statistics.duration.isFinite)
        let gap = try #require(statistics.largestGap)
        #expect(gap.length == .greatestFiniteMagnitude && gap.endingAt.isFinite)
        for quantile in [statistics.medianInterval, statistics.percentile95Interval, statistics.intervalQuantile(1)] {
            #expect(try #require(quantile).isFinite)
        }
        #expect(try #require(statistics.minimumAngle) == -.greatestFiniteMagnitude)
        #expect(try #require(statistics.maximumAngle) == .greatestFiniteMagnitude)
    }

    @Test("The glass's look is finite for every tilt a sensor may give", arguments: hostile)
    func glass(tilt: Double) {
        let glass = FrostedGlass()
        for x in [-35.0, 0, 20, 35] {
            // Main gave a NaN gap, blur and dimming for a NaN tilt.
            let look = glass.look(x: x, y: 10, tilt: tilt)
            #expect(look.gap.isFinite && look.blurRadius.isFinite && (0...1).contains(look.dimming))
            #expect(look.point.map { $0.x.isFinite && $0.y.isFinite } ?? true)
            // Beyond ±90° reads as ±90°, NaN as 0 (the documented range's ends and middle).
            let read = tilt.isNaN ? 0 : min(max(tilt, -90), 90)
            #expect(look == glass.look(x: x, y: 10, tilt: read))
        }
    }

    @Test(
        "Tilt from a gyroscope reading that is not finite is no turn; any finite angle is an attitude",
        arguments: hostile)
    func tilt(value: Double) {
        let tracker = TiltTracker(zero: .aboutVertical(0))
        let attitude = DeviceAttitude.aboutVertical(30)
        // Main returned NaN for a NaN or infinite component.
        let rate = tracker.tiltRate(of: attitude, rotationRate: (x: value, y: value, z: value))
        #expect(value.isFinite ? rate.isFinite : rate == 0)
        let predicted = tracker.predictedTilt(of: attitude, rotationRate: (x: 0, y: value, z: 0), latency: 0.01)
        #expect(value.isFinite ? predicted.isFinite : abs(predicted - 30) <= 1e-12)
        guard value.isFinite else { return }
        // Main trapped in DeviceAttitude.init(rows:) from about 5.7e305° (the sine of ∞ is NaN).
        let turned = tracker.tilt(of: .aboutVertical(value))
        let expected = value.truncatingRemainder(dividingBy: 360)
        let wrapped = (expected > 180 ? expected - 360 : expected < -180 ? expected + 360 : expected)
        #expect(abs(turned - wrapped) <= 1e-9 || abs(abs(turned) - 180) <= 1e-9)
    }

    @Test("Empty, single and a million identical samples: bounded, and nothing to trap on")
    func sizes() {
        #expect(StepSensor.detect(in: []) == nil)
        #expect(StepSensor.detect(in: [HingeSample(time: 0, angle: 90)]) == nil)
        #expect(StepSensor.inferredGrid([]) == nil)
        var pipeline = AndroidUnfoldPipeline()
        #expect(pipeline.value(at: .nan) == 1)
        pipeline.ingest(HingeSample(time: 0, angle: 90)) { _ in }
        #expect(pipeline.value(at: 1) == 1)
        // A million copies of one sample: no level change, no grid, no interval but zero.
        let same = [HingeSample](repeating: HingeSample(time: 1, angle: 90, status: .partiallyOpen), count: 1_000_000)
        #expect(StepSensor.detect(in: same) == nil)
        var statistics = TraceStatistics()
        for sample in same { statistics.add(sample) }
        #expect(statistics.sampleCount == 1_000_000 && statistics.duration == 0 && statistics.medianInterval == 0)
        #expect(statistics.quantisation == .levels([90]))
    }
}
