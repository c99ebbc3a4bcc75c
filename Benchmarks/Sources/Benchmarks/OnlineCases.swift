import HingeKit

/// The per-call cost of the library's online work, the way an app calls it: one function per
/// case, each returning its figure (adding a case is adding one function and listing it in
/// ``onlineCases``).
enum OnlineCases {
    /// Every online case.
    static let all: [(id: String, run: @Sendable (Int) -> (figure: Figure, checksum: Double))] = [
        ("reader.ingest", readerIngest), ("animator.persistent", animatorPersistent),
        ("animator.additive-1", animatorAdditiveOneSpring), ("animator.additive-3", animatorAdditiveThreeSprings),
        ("effect-driver.frame", effectDriverFrame),
    ]

    /// A long on-change stream: the frozen flat-to-laptop plays (1° sensor polled every ~4 ms,
    /// ``FrozenInputs``) played again and again, each copy shifted past the previous one.
    static func hingeStream(count: Int) -> [HingeSample] {
        FrozenInputs.stream(reserving: count) { samples in samples.count < count }
    }

    /// The same stream, from its first sample until at least `seconds` later.
    static func hingeStream(lasting seconds: Double) -> [HingeSample] {
        FrozenInputs.stream(reserving: 0) { samples in
            guard let first = samples.first, let last = samples.last else { return true }
            return last.time - first.time < seconds
        }
    }

    /// `HingeReader` with default settings: ingest a sample, then read position, velocity and
    /// snap at the sample's time — what an app does for every hinge update.
    static func readerIngest(runs: Int) -> (figure: Figure, checksum: Double) {
        let calls = 100_000
        let stream = hingeStream(count: calls * (runs + 1))
        var reader = HingeReader()
        return measurePerCall(
            "reader.ingest", "HingeReader ingest + reading (position, velocity, snap)", calls: calls, runs: runs,
            target: 100
        ) {
            let sample = stream[$0]
            do { try reader.ingest(sample) } catch { fatalError("\(error)") }
            let reading = reader.reading(at: sample.time)!
            return reading.position + reading.velocity + reading.snap
        }
    }

    /// Frame times 1/120 s apart that wrap around within the first half second of the
    /// motion, so every call evaluates springs still in flight.
    static func frameTime(_ index: Int) -> Double { 0.001 + Double(index % 60) / 120 }

    static func animatorPersistent(runs: Int) -> (figure: Figure, checksum: Double) {
        var animator = SpringAnimator(value: 0, spring: .smooth, mode: .persistent)
        do { try animator.retarget(to: 100, at: 0) } catch { fatalError("\(error)") }
        return measurePerCall(
            "animator.persistent", "SpringAnimator.value(at:) persistent", calls: 1_000_000, runs: runs, target: 50
        ) { animator.value(at: frameTime($0)) }
    }

    static func animatorAdditiveOneSpring(runs: Int) -> (figure: Figure, checksum: Double) {
        var animator = SpringAnimator(value: 0, spring: .smooth, mode: .additive)
        do { try animator.retarget(to: 100, at: 0) } catch { fatalError("\(error)") }
        do { try animator.retarget(to: 120, at: 0.0005) } catch { fatalError("\(error)") }
        precondition(animator.activeSpringCount == 1)
        return measurePerCall(
            "animator.additive-1", "SpringAnimator.value(at:) additive, 1 spring", calls: 1_000_000, runs: runs,
            target: 50
        ) { animator.value(at: frameTime($0)) }
    }

    static func animatorAdditiveThreeSprings(runs: Int) -> (figure: Figure, checksum: Double) {
        var animator = SpringAnimator(value: 0, spring: .smooth, mode: .additive)
        do { try animator.retarget(to: 100, at: 0, spring: .smooth) } catch { fatalError("\(error)") }
        do { try animator.retarget(to: 140, at: 0.0003, spring: .bouncy) } catch { fatalError("\(error)") }
        do { try animator.retarget(to: 120, at: 0.0006, spring: .snappy) } catch { fatalError("\(error)") }
        precondition(animator.activeSpringCount == 3)
        return measurePerCall(
            "animator.additive-3", "SpringAnimator.value(at:) additive, 3 springs", calls: 1_000_000, runs: runs,
            target: 50
        ) { animator.value(at: frameTime($0)) }
    }

    /// One `EffectDriver` frame with default settings (the bloom, `.smooth`, the default
    /// reader), as an app draws it: the hinge samples that arrived since the previous frame
    /// are ingested, in order, then the driver is asked for the frame's value. Frames come at
    /// 120 Hz through the same stream as ``readerIngest(runs:)``, the first one at its first
    /// sample, so a frame ingests whatever the sensor reported in its 8.3 ms: none while the
    /// hinge rests, one or two while it moves. The figure is per frame, ingests included; the
    /// note says how many samples a frame ingested on average.
    static func effectDriverFrame(runs: Int) -> (figure: Figure, checksum: Double) {
        let calls = 100_000
        let interval = 1.0 / 120
        let stream = hingeStream(lasting: Double(calls * (runs + 1)) * interval)
        let start = stream[0].time
        var driver = EffectDriver(effect: BloomEffect())
        var next = 0
        var result = measurePerCall(
            "effect-driver.frame", "EffectDriver frame: new samples ingested, value at 120 Hz", calls: calls,
            runs: runs, target: 150
        ) {
            let time = start + Double($0) * interval
            while next < stream.count, stream[next].time <= time {
                do { try driver.ingest(stream[next]) } catch { fatalError("\(error)") }
                next += 1
            }
            return driver.value(at: time)
        }
        // The warm-up run and the timed runs, every one of which ingested.
        let perFrame = Double(next) / Double(calls * (runs + 1))
        result.figure.note = "\(Benchmarks.format(perFrame)) samples ingested per frame"
        return result
    }
}
