import HingeAnalysis
import HingeKit

/// HingeKit's unfold driver, Android's spring alone, Android's whole pipeline and the
/// Noveum/hinge peer, run side by side over one trace and sampled at given times.
struct UnfoldComparison {
    /// The four displays, in the order of the table rows.
    static let names = ["hingekit", "android-spring", "android", "noveum-hinge"]

    /// The displays before Android's pipeline, in the order of ``names``: HingeKit's unfold
    /// driver; Android's physics-based spring on every raw angle, without the fold-state events
    /// (what HingeKit's `EffectDriver` with `UnfoldProgressEffect` shows).
    var displays: [any HingeDisplay]
    /// Android's whole pipeline, kept apart for its fold updates.
    var android: AndroidUnfoldDisplay
    /// The lid-angle app's follower (`NoveumHingeFollower`), on the progress: the last row.
    var noveum = NoveumHingeFollower()

    init(
        events: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration(),
        stepSensor: StepSensor? = nil, stepParameters: StepSensorTracker.Parameters = .init()
    ) {
        android = AndroidUnfoldDisplay(configuration: events)
        displays = [
            UnfoldDriver(stepSensor: stepSensor, stepParameters: stepParameters),
            EffectDriver(effect: UnfoldProgressEffect()),
        ]
    }

    /// The progress of each display at each of `times` (increasing), the fold updates sent and
    /// the samples refused. Samples are ingested just before the first time at or after them.
    static func run(
        _ samples: [HingeSample], at times: [Double],
        events: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration(),
        stepSensor: StepSensor? = nil, stepParameters: StepSensorTracker.Parameters = .init()
    ) -> (values: [[Double]], updates: [AndroidFoldUpdate], refused: RefusedSamples) {
        var comparison = UnfoldComparison(events: events, stepSensor: stepSensor, stepParameters: stepParameters)
        var values: [[Double]] = Array(repeating: [], count: names.count)
        for index in values.indices { values[index].reserveCapacity(times.count) }
        var refused = RefusedSamples()
        var next = 0
        for time in times {
            while next < samples.count, samples[next].time <= time {
                for index in comparison.displays.indices {
                    comparison.displays[index].ingest(samples[next], noting: &refused)
                }
                comparison.android.ingest(samples[next], noting: &refused)
                comparison.noveum.ingest(samples[next], noting: &refused)
                next += 1
            }
            comparison.android.advance(to: time)
            for index in comparison.displays.indices {
                values[index].append(comparison.displays[index].value(at: time))
            }
            values[comparison.displays.count].append(comparison.android.value(at: time))
            values[comparison.displays.count + 1].append(comparison.noveum.value(at: time))
        }
        // Updates after the last time (a timeout still running) are not reported.
        return (values, comparison.android.updates, refused)
    }

    /// Scores the three displays on a trace with ground truth; HingeKit's driver is told of
    /// the trace's step sensor when ``StepSensor/detect(in:)`` recognises one.
    static func scores(
        _ samples: [HingeSample], truth: GroundTruth, stepParameters: StepSensorTracker.Parameters = .init(),
        refused: inout RefusedSamples
    ) -> [(name: String, score: UnfoldScore)] {
        let grid = ReadingScorer.grid(for: samples)
        let frameTimes = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
        let sensor = StepSensor.detect(in: samples)
        let onGrid = run(samples, at: grid, stepSensor: sensor, stepParameters: stepParameters)
        // The frames' run ingests the same samples, refused alike: counted once.
        let onFrames = run(samples, at: frameTimes, stepSensor: sensor, stepParameters: stepParameters).values
        refused.add(onGrid.refused)
        return names.indices.map { index in
            (
                names[index],
                UnfoldScorer.score(
                    grid: (grid, onGrid.values[index]), frames: (frameTimes, onFrames[index]), truth: truth)
            )
        }
    }

    /// The moves of the truth on `grid`: its angle changing faster than 5 °/s, moves less than
    /// 0.3 s apart joined.
    static func moveSpans(grid: [Double], truth: GroundTruth) -> [ClosedRange<Int>] {
        var spans: [ClosedRange<Int>] = []
        let moving = grid.map { abs(truth.state(at: $0).velocity) > 5 }
        for span in ReadingScorer.moves(moving) {
            if let last = spans.last, span.lowerBound - last.upperBound < 300 {
                spans[spans.count - 1] = last.lowerBound...span.upperBound
            } else {
                spans.append(span)
            }
        }
        return spans
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
    static func moveScores(_ samples: [HingeSample], truth: GroundTruth, refused: inout RefusedSamples) -> [Move] {
        let grid = ReadingScorer.grid(for: samples)
        let frameTimes = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
        let sensor = StepSensor.detect(in: samples)
        let gridRun = run(samples, at: grid, stepSensor: sensor)
        let onGrid = gridRun.values
        let onFrames = run(samples, at: frameTimes, stepSensor: sensor).values
        refused.add(gridRun.refused)
        return moveSpans(grid: grid, truth: truth).map { span in
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
