import HingeAnalysis
import HingeKit

/// HingeKit's unfold driver, Android's spring alone, Android's whole pipeline and the
/// Noveum/hinge peer, run side by side over one trace and sampled at given times.
struct UnfoldComparison {
    /// The four displays, in the order of the table rows.
    static let names = ["hingekit", "android-spring", "android", "noveum-hinge"]

    var hingekit = UnfoldDriver()
    /// Android's physics-based spring on every raw angle, without the fold-state events: what
    /// HingeKit's `EffectDriver` with `UnfoldProgressEffect` shows.
    var spring = EffectDriver(effect: UnfoldProgressEffect())
    var android: AndroidUnfoldPipeline
    /// The lid-angle app's follower (`NoveumHingeFollower`), on the progress.
    let noveum = NoveumHingeFollower()

    init(
        events: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration(),
        stepSensor: StepSensor? = nil, stepParameters: StepSensorTracker.Parameters = .init()
    ) {
        android = AndroidUnfoldPipeline(configuration: events)
        hingekit = UnfoldDriver(stepSensor: stepSensor, stepParameters: stepParameters)
    }

    /// The step sensor HingeKit's driver is told about on a trace: a known sensor
    /// (``StepSensor/known``) whose levels are the trace's and, if it evaluates on a grid,
    /// whose grid the times of the trace's changes show (within 2 ms; a stale first value off
    /// the grid is allowed); `nil` otherwise, and the driver reads
    /// the levels as angles.
    static func stepSensor(for samples: [HingeSample]) -> StepSensor? {
        // The reports are the changes of value: a recorder's closing row repeats the last one.
        var changes: [HingeSample] = []
        for sample in samples where sample.angle != nil && sample.angle != changes.last?.angle {
            changes.append(sample)
        }
        let times = changes.map(\.time)
        guard let inferred = StepSensor.inferred(levels: changes.compactMap(\.angle), times: times),
            let known = StepSensor.known.first(where: { $0.levels == inferred.levels })
        else { return nil }
        if known.grid == 0 { return known }
        guard let grid = StepSensor.inferredGrid(times), abs(grid - known.grid) <= 0.002 else { return nil }
        return known
    }

    /// The progress of each display at each of `times` (increasing), and the fold updates sent.
    /// Samples are ingested just before the first time at or after them; samples a display
    /// refuses are passed over (traces are checked before they get here).
    static func run(
        _ samples: [HingeSample], at times: [Double],
        events: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration(),
        stepSensor: StepSensor? = nil, stepParameters: StepSensorTracker.Parameters = .init()
    ) -> (values: [[Double]], updates: [AndroidFoldUpdate]) {
        var comparison = UnfoldComparison(events: events, stepSensor: stepSensor, stepParameters: stepParameters)
        var values: [[Double]] = Array(repeating: [], count: names.count)
        for index in values.indices { values[index].reserveCapacity(times.count) }
        var updates: [AndroidFoldUpdate] = []
        var next = 0
        for time in times {
            while next < samples.count, samples[next].time <= time {
                let sample = samples[next]
                try? comparison.hingekit.ingest(sample)
                try? comparison.spring.ingest(sample)
                comparison.android.ingest(sample) { updates.append($0) }
                comparison.noveum.show(sample)
                next += 1
            }
            comparison.android.advance(to: time) { updates.append($0) }
            values[0].append(comparison.hingekit.value(at: time))
            values[1].append(comparison.spring.value(at: time))
            values[2].append(comparison.android.value(at: time))
            values[3].append(comparison.noveum.value(at: time))
        }
        // Updates after the last time (a timeout still running) are not reported.
        return (values, updates)
    }

    /// Scores the three displays on a trace with ground truth; HingeKit's driver is told of
    /// the trace's step sensor when ``stepSensor(for:)`` recognises one.
    static func scores(
        _ samples: [HingeSample], truth: GroundTruth, stepParameters: StepSensorTracker.Parameters = .init()
    ) -> [(name: String, score: UnfoldScore)] {
        let grid = ReadingScorer.grid(for: samples)
        let frameTimes = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
        let sensor = stepSensor(for: samples)
        let onGrid = run(samples, at: grid, stepSensor: sensor, stepParameters: stepParameters).values
        let onFrames = run(samples, at: frameTimes, stepSensor: sensor, stepParameters: stepParameters).values
        return names.indices.map { index in
            (
                names[index],
                UnfoldScorer.score(
                    grid: (grid, onGrid[index]), frames: (frameTimes, onFrames[index]), truth: truth)
            )
        }
    }

    /// One move of the truth and the displays' scores over it.
    struct Move {
        var start: Double
        var end: Double
        var from: Double
        var to: Double
        var rows: [(name: String, score: UnfoldScore)]
    }

    /// Each move of the truth (its angle changing faster than 5 °/s — a reference recorded in
    /// steps and interpolated drifts slower than that at rest —, moves less than 0.3 s apart
    /// joined) scored from 0.5 s before it to 1 s after; the displays run over the whole
    /// trace once.
    static func moveScores(_ samples: [HingeSample], truth: GroundTruth) -> [Move] {
        let grid = ReadingScorer.grid(for: samples)
        let frameTimes = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
        let sensor = stepSensor(for: samples)
        let onGrid = run(samples, at: grid, stepSensor: sensor).values
        let onFrames = run(samples, at: frameTimes, stepSensor: sensor).values
        var spans: [ClosedRange<Int>] = []
        let moving = grid.map { abs(truth.state(at: $0).velocity) > 5 }
        for span in ReadingScorer.moves(moving) {
            if let last = spans.last, span.lowerBound - last.upperBound < 300 {
                spans[spans.count - 1] = last.lowerBound...span.upperBound
            } else {
                spans.append(span)
            }
        }
        return spans.map { span in
            let start = grid[span.lowerBound]
            let end = grid[span.upperBound]
            let window = (start - 0.5)...(end + 1)
            let gridIndices = grid.indices.filter { window.contains(grid[$0]) }
            let frameIndices = frameTimes.indices.filter { window.contains(frameTimes[$0]) }
            let rows = names.indices.map { index in
                (
                    names[index],
                    UnfoldScorer.score(
                        grid: (gridIndices.map { grid[$0] }, gridIndices.map { onGrid[index][$0] }),
                        frames: (frameIndices.map { frameTimes[$0] }, frameIndices.map { onFrames[index][$0] }),
                        truth: truth)
                )
            }
            return Move(
                start: start, end: end, from: truth.state(at: start).angle, to: truth.state(at: end).angle, rows: rows)
        }
    }
}
