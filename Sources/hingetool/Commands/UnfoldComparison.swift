import HingeAnalysis
import HingeKit

/// HingeKit's unfold driver, Android's spring alone and Android's whole pipeline, run side by
/// side over one trace and sampled at given times.
struct UnfoldComparison {
    /// The three displays, in the order of the table rows.
    static let names = ["hingekit", "android-spring", "android"]

    var hingekit = UnfoldDriver()
    /// Android's physics-based spring on every raw angle, without the fold-state events: what
    /// HingeKit's `EffectDriver` with `UnfoldProgressEffect` shows.
    var spring = EffectDriver(effect: UnfoldProgressEffect())
    var android: AndroidUnfoldPipeline

    init(events: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration()) {
        android = AndroidUnfoldPipeline(configuration: events)
    }

    /// The progress of each display at each of `times` (increasing), and the fold updates sent.
    /// Samples are ingested just before the first time at or after them; samples a display
    /// refuses are passed over (traces are checked before they get here).
    static func run(
        _ samples: [HingeSample], at times: [Double],
        events: AndroidFoldStateEvents.Configuration = AndroidFoldStateEvents.Configuration()
    ) -> (values: [[Double]], updates: [AndroidFoldUpdate]) {
        var comparison = UnfoldComparison(events: events)
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
                next += 1
            }
            comparison.android.advance(to: time) { updates.append($0) }
            values[0].append(comparison.hingekit.value(at: time))
            values[1].append(comparison.spring.value(at: time))
            values[2].append(comparison.android.value(at: time))
        }
        // Updates after the last time (a timeout still running) are not reported.
        return (values, updates)
    }

    /// Scores the three displays on a trace with ground truth.
    static func scores(_ samples: [HingeSample], truth: GroundTruth) -> [(name: String, score: UnfoldScore)] {
        let grid = ReadingScorer.grid(for: samples)
        let frameTimes = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
        let onGrid = run(samples, at: grid).values
        let onFrames = run(samples, at: frameTimes).values
        return names.indices.map { index in
            (
                names[index],
                UnfoldScorer.score(
                    grid: (grid, onGrid[index]), frames: (frameTimes, onFrames[index]), truth: truth)
            )
        }
    }
}
