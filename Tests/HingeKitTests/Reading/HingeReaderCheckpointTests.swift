import Testing

@testable import HingeKit

/// The reader keeps a checkpoint a few samples back instead of a copy of its state before every
/// sample, and a duplicate rebuilds the state before the newest sample from it (issue 31). The
/// oracle is the reader as it was before: every sample saved the whole state first, and a
/// duplicate restored that copy. Both must agree to the bit on every reading.
@Suite("HingeReader: checkpoints")
struct HingeReaderCheckpointTests {
    /// The reader before issue 31's checkpoints, written out from the same parts: a copy of
    /// the whole state before every angle, restored by a duplicate.
    struct ReferenceReader {
        struct Snapshot {
            var filter: OneEuroFilter
            var estimator = HingeReader.EstimatorState()
            var detent = 0
            var smallestChange = Double.infinity
        }

        let configuration: HingeReader.Configuration
        var history: SampleHistory
        var current: Snapshot
        var beforeNewest: Snapshot
        var lastTime: Double?
        var atNewest: (position: Double, velocity: Double, projected: Double)?
        let fresh: Snapshot

        init(_ configuration: HingeReader.Configuration) {
            self.configuration = configuration
            if case .kalman = configuration.velocity {
                history = SampleHistory(capacity: 2)
            } else {
                history = SampleHistory(capacity: VelocityEstimator.historyCapacity)
            }
            if case .oneEuro(let parameters, let discretisation) = configuration.position {
                fresh = Snapshot(filter: OneEuroFilter(parameters, discretisation: discretisation))
            } else {
                fresh = Snapshot(filter: OneEuroFilter(.hinge))
            }
            current = fresh
            beforeNewest = fresh
        }

        var usesFilter: Bool { if case .oneEuro = configuration.position { true } else { false } }

        mutating func ingest(_ sample: HingeSample) {
            guard let angle = sample.angle else {
                if sample.status == nil {
                    history.removeAll()
                    (current, beforeNewest, atNewest) = (fresh, fresh, nil)
                }
                lastTime = lastTime.map { max($0, sample.time) } ?? sample.time
                return
            }
            let previous = history.newest
            let replaces = previous?.time == sample.time
            let isFirstAngle = history.count == 0 || (replaces && history.count == 1)
            if replaces {
                current = beforeNewest
                history.replaceNewest(time: sample.time, angle: angle)
            } else {
                history.append(time: sample.time, angle: angle)
                beforeNewest = current
            }
            if history.count >= 2, let previous {
                let before = replaces ? history.sample(back: 1).angle : previous.angle
                let change = abs(angle - before)
                if change > 0 { current.smallestChange = min(current.smallestChange, change) }
            }
            lastTime = sample.time
            if usesFilter { current.filter.add(angle, at: sample.time) }
            current.estimator.add(
                time: sample.time, angle: angle, step: current.smallestChange, configuration.velocity)
            if isFirstAngle { current.detent = configuration.snap.nearest(to: angle) }
            let reading = compute(at: sample.time)
            atNewest = reading
            current.detent = configuration.snap.decide(projected: reading.projected, current: current.detent)
        }

        func compute(at time: Double) -> (position: Double, velocity: Double, projected: Double) {
            guard let newest = history.newest else { return (0, 0, 0) }
            if current.smallestChange.isFinite, current.smallestChange >= configuration.coarseStep {
                return (newest.angle, 0, newest.angle)
            }
            let position = usesFilter ? current.filter.value(at: time) ?? newest.angle : newest.angle
            let velocity = configuration.velocity.velocity(
                at: time, history: history, state: current.estimator, step: current.smallestChange)
            let reach = configuration.snap.maximumProjection
            let projection = min(max(velocity * configuration.snap.projectionTime, -reach), reach)
            return (position, velocity, position + projection)
        }

        func reading(at time: Double) -> (position: Double, velocity: Double, projected: Double, snap: Double)? {
            guard let newest = history.newest else { return nil }
            let time = max(time, newest.time)
            let reading = time == newest.time ? atNewest ?? compute(at: time) : compute(at: time)
            let shown =
                time == newest.time
                ? current.detent : configuration.snap.decide(projected: reading.projected, current: current.detent)
            return (reading.position, reading.velocity, reading.projected, configuration.snap.detents[shown])
        }
    }

    /// A 1° sensor polled every 2–6 ms that holds, moves and goes silent, with duplicates (runs
    /// of them, and of the hinge's first angle), statuses without an angle, and the hinge going
    /// away and coming back.
    static func stream(seed: UInt64, count: Int) -> [HingeSample] {
        var random = SplitMix64(seed: seed)
        var samples: [HingeSample] = []
        var time = 100.0
        var angle = 180.0
        var target = 110.0
        while samples.count < count {
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.08, let last = samples.last {
                // A duplicate: the same time, the same or a neighbouring angle.
                let duplicated = (last.angle ?? angle) + Double(Int.random(in: -1...1, using: &random))
                samples.append(HingeSample(time: last.time, angle: min(max(duplicated, 0), 360)))
                continue
            }
            if roll < 0.09 {
                samples.append(HingeSample(time: time, angle: nil, status: .partiallyOpen))
                continue
            }
            if roll < 0.095 {
                // The hinge goes away; it comes back at once, and its first angle is sometimes
                // repeated.
                samples.append(HingeSample(time: time, angle: nil, status: nil))
                time += Double.random(in: 0.01...0.3, using: &random)
                samples.append(HingeSample(time: time, angle: angle))
                if Bool.random(using: &random) { samples.append(HingeSample(time: time, angle: angle + 1)) }
                continue
            }
            // Silences of up to 1.5 s (held polls replayed, dropouts, restarts), usually a poll.
            time +=
                roll < 0.2
                ? Double.random(in: 0.02...1.5, using: &random) : Double.random(in: 0.002...0.006, using: &random)
            if abs(target - angle) < 1 { target = Double.random(in: 0...180, using: &random).rounded() }
            if Double.random(in: 0..<1, using: &random) < 0.5 { angle += target > angle ? 1 : -1 }
            samples.append(HingeSample(time: time, angle: angle))
        }
        return samples
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    /// The default reader (three streams), raw positions, the classic 1€ filter, and an
    /// estimator that reads the history (a copy for every sample, as before).
    static let cases: [(HingeReader.Configuration, UInt64)] = [
        (HingeReader.Configuration(), 1), (HingeReader.Configuration(), 2), (HingeReader.Configuration(), 3),
        (HingeReader.Configuration(position: .raw), 4),
        (HingeReader.Configuration(position: .oneEuro(.hinge, .classic)), 5),
        (HingeReader.Configuration(velocity: .leastSquares(LeastSquaresVelocity())), 6),
    ]

    @Test("Every reading equals the copy-per-sample reader's, to the bit", arguments: cases)
    func matchesCopyPerSample(configuration: HingeReader.Configuration, seed: UInt64) throws {
        var reader = HingeReader(configuration: configuration)
        var reference = ReferenceReader(configuration)
        var random = SplitMix64(seed: seed &* 31)
        var duplicates = 0
        var mismatches = 0
        for sample in Self.stream(seed: seed, count: 20_000) {
            try reader.ingest(sample)
            reference.ingest(sample)
            for time in [sample.time, sample.time + Double.random(in: 0...0.2, using: &random)] {
                let got = reader.reading(at: time)
                let expected = reference.reading(at: time)
                guard let got, let expected else {
                    if (got == nil) != (expected == nil) { mismatches += 1 }
                    continue
                }
                if !(Self.same(got.position, expected.position) && Self.same(got.velocity, expected.velocity)
                    && Self.same(got.projected, expected.projected) && Self.same(got.snap, expected.snap))
                {
                    mismatches += 1
                }
            }
            duplicates = reader.duplicateCount
        }
        #expect(mismatches == 0)
        // The stream exercised what it is for: duplicates, many of them rebuilt from a
        // checkpoint several samples back.
        #expect(duplicates > 1000)
    }
}
