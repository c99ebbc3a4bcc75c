public import HingeKit
internal import HingeSupport

/// The displays the frontier compares, now HingeKit's `HingeDisplay`. Its `show(_:)`, which
/// passed over a refused sample, is gone: `HingeDisplay.ingest(_:noting:)` counts it.
@available(*, deprecated, renamed: "HingeDisplay")
public typealias ProgressDisplay = HingeDisplay

/// The smoothness–lag trade-off of unfold displays: RMSE against the true progress and chop
/// for whole families of settings, with the bounds of what is possible.
///
/// ```swift
/// let points = UnfoldFrontier.points(samples, truth: truth, sensor: scenario.trace.sensor)
/// ```
///
/// Each ``Point`` is one setting of one ``Family``: its RMSE against clamp(true angle / 165°)
/// on the 1 kHz grid and its chop (|second difference| per 120 Hz frame, largest and 99th
/// percentile), as ``UnfoldScorer`` defines them. docs/effects.md draws the families as curves
/// on the RMSE–chop plane.
public enum UnfoldFrontier {
    /// A family of displays and what its setting means.
    public enum Family: String, CaseIterable, Hashable, Sendable {
        /// Android's critically damped spring on every report; the setting is its stiffness.
        case androidSpring = "android-spring"
        /// SwiftUI's `.smooth(duration:)` on every report, retargeted keeping its velocity
        /// (`withAnimation(.smooth)` in an `onChange`); the setting is the duration, seconds.
        case smooth = "swiftui-smooth"
        /// HingeKit's `UnfoldDriver`; the setting is its responsiveness
        /// (`UnfoldDriver.Configuration(responsiveness:)`).
        case hingekit
        /// The causal floor: the particle filter's posterior mean; the setting is the seed of one
        /// of its independent runs (``filterSeeds``).
        case particleFilter = "particle-filter"
        /// The particle filter's progress and rate through the unfold driver's three stages and
        /// full lead; the setting is the stages' rate, rad/s.
        case particleFilterStages = "particle-filter-stages"
        /// The outer bound: the true progress smoothed by a zero-lag (non-causal) Gaussian; the
        /// setting is its standard deviation, seconds.
        case gaussianTruth = "gaussian-truth"
        /// The Noveum/hinge lid-angle app's follower (``NoveumHingeFollower``); the setting is
        /// the factor on its ω (1 is the app's 30 → 55 rad/s).
        case noveumHinge = "noveum-hinge"
    }

    /// One setting of one family on one trace.
    public struct Point: Hashable, Sendable {
        /// The family.
        public var family: Family
        /// The setting (see ``Family``).
        public var setting: Double
        /// Root mean square error against the true progress.
        public var rmse: Double
        /// The largest |second difference| per 120 Hz frame.
        public var chopMax: Double
        /// Its 99th percentile.
        public var chopP99: Double

        /// The chop as one number against a compared display: the larger of the two ratios
        /// (largest over largest, 99th percentile over 99th percentile).
        public func chop(over reference: Point) -> Double {
            max(ratio(chopMax, reference.chopMax), ratio(chopP99, reference.chopP99))
        }

        /// Whether this point has both less RMSE and less chop (by both measures) than `other`.
        public func dominates(_ other: Point) -> Bool {
            rmse < other.rmse && chopMax < other.chopMax && chopP99 < other.chopP99
        }

        private func ratio(_ value: Double, _ reference: Double) -> Double {
            reference > 0 ? value / reference : (value > 0 ? .infinity : 1)
        }
    }

    /// Android's stiffnesses, 100…3000 (AOSP's unfold spring is 600).
    public static let stiffnesses: [Double] = [100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000]
    /// `.smooth` durations, seconds (SwiftUI's default is 0.5).
    public static let smoothDurations: [Double] = [0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1]
    /// HingeKit's responsiveness settings.
    public static let responsivenessSettings: [Double] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]
    /// The stage rates the particle filter's output goes through, rad/s.
    public static let stageRates: [Double] = [10, 15, 20, 25, 30, 40, 50, 70, 100]
    /// The Gaussian widths of the outer bound, seconds.
    public static let gaussianSigmas: [Double] = [0.005, 0.01, 0.02, 0.03, 0.04, 0.06, 0.08, 0.12]
    /// The factors on the Noveum/hinge follower's ω.
    public static let noveumResponseScales: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3]
    /// The stiffness of the display chop is measured against in tables and the figure.
    public static let referenceStiffness = 600.0

    /// Android's critically damped spring of a stiffness (mass 1).
    public static func androidSpring(stiffness: Double) -> DampedSpring {
        DampedSpring(mass: 1, stiffness: stiffness, damping: 2 * stiffness.squareRoot())
    }

    /// The times a trace is measured at: the 1 kHz grid and the 120 Hz frames.
    public struct Times: Sendable {
        /// Every millisecond from the first sample to the last.
        public var grid: [Double]
        /// Every 120 Hz frame from the first sample to the last.
        public var frames: [Double]
        /// Both, merged in order, with where each time goes: (grid index or −1, frame index or −1).
        var merged: [(time: Double, grid: Int, frame: Int)]

        /// The times for `samples`.
        public init(_ samples: [HingeSample]) {
            grid = ReadingScorer.grid(for: samples)
            frames = UnfoldScorer.frames(for: samples, rate: UnfoldScorer.frameRate)
            var merged: [(time: Double, grid: Int, frame: Int)] = []
            merged.reserveCapacity(grid.count + frames.count)
            var (g, f) = (0, 0)
            while g < grid.count || f < frames.count {
                if f >= frames.count || (g < grid.count && grid[g] < frames[f]) {
                    merged.append((grid[g], g, -1))
                    g += 1
                } else if g < grid.count, grid[g] == frames[f] {
                    merged.append((grid[g], g, f))
                    g += 1
                    f += 1
                } else {
                    merged.append((frames[f], -1, f))
                    f += 1
                }
            }
            self.merged = merged
        }

        /// Splits values at ``merged`` into the grid's and the frames'.
        func split(_ values: [Double]) -> (grid: [Double], frames: [Double]) {
            var onGrid = [Double](repeating: 0, count: grid.count)
            var onFrames = [Double](repeating: 0, count: frames.count)
            for (index, entry) in merged.enumerated() {
                if entry.grid >= 0 { onGrid[entry.grid] = values[index] }
                if entry.frame >= 0 { onFrames[entry.frame] = values[index] }
            }
            return (onGrid, onFrames)
        }
    }

    /// The true progress on a trace's grid and frames.
    public struct Truth: Sendable {
        /// On the 1 kHz grid.
        public var grid: [Double]
        /// On the 120 Hz frames.
        public var frames: [Double]

        /// The truth at `times`.
        public init(_ truth: GroundTruth, times: Times) {
            grid = times.grid.map { UnfoldScorer.trueProgress(truth.state(at: $0).angle) }
            frames = times.frames.map { UnfoldScorer.trueProgress(truth.state(at: $0).angle) }
        }
    }

    /// Scores values on the grid and the frames against the truth.
    public static func point(
        _ family: Family, setting: Double, grid: [Double], frames: [Double], truth: Truth
    ) -> Point {
        var squares = 0.0
        for index in grid.indices {
            let error = grid[index] - truth.grid[index]
            squares += error * error
        }
        let chop = UnfoldScorer.chop(frames)
        return Point(
            family: family, setting: setting, rmse: grid.isEmpty ? 0 : (squares / Double(grid.count)).squareRoot(),
            chopMax: chop.max, chopP99: chop.p99)
    }

    /// Runs a display over the samples and scores it; the samples it refuses are counted in
    /// `refused`.
    public static func point(
        _ family: Family, setting: Double, display: some HingeDisplay, samples: [HingeSample], times: Times,
        truth: Truth, refused: inout RefusedSamples
    ) -> Point {
        var display = display
        var values: [Double] = []
        values.reserveCapacity(times.merged.count)
        var next = 0
        for entry in times.merged {
            while next < samples.count, samples[next].time <= entry.time {
                display.ingest(samples[next], noting: &refused)
                next += 1
            }
            display.advance(to: entry.time)
            values.append(display.value(at: entry.time))
        }
        let (grid, frames) = times.split(values)
        return point(family, setting: setting, grid: grid, frames: frames, truth: truth)
    }

    /// The displays' families on one trace: Android's spring, `.smooth`, HingeKit's driver and
    /// the Noveum/hinge follower; the samples they refuse are counted in `refused`.
    public static func displayPoints(
        _ samples: [HingeSample], times: Times, truth: Truth, hingekit: [(Double, UnfoldDriver)],
        refused: inout RefusedSamples
    ) -> [Point] {
        var points: [Point] = []
        for stiffness in stiffnesses {
            let driver = EffectDriver(effect: UnfoldProgressEffect(), spring: androidSpring(stiffness: stiffness))
            points.append(
                point(
                    .androidSpring, setting: stiffness, display: driver, samples: samples, times: times, truth: truth,
                    refused: &refused)
            )
        }
        for duration in smoothDurations {
            let driver = EffectDriver(effect: UnfoldProgressEffect(), spring: .smooth(duration: duration))
            points.append(
                point(
                    .smooth, setting: duration, display: driver, samples: samples, times: times, truth: truth,
                    refused: &refused))
        }
        for (setting, driver) in hingekit {
            points.append(
                point(
                    .hingekit, setting: setting, display: driver, samples: samples, times: times, truth: truth,
                    refused: &refused))
        }
        for scale in noveumResponseScales {
            let peer = NoveumHingeFollower(scale: .progress, responseScale: scale)
            points.append(
                point(
                    .noveumHinge, setting: scale, display: peer, samples: samples, times: times, truth: truth,
                    refused: &refused))
        }
        return points
    }

    /// The non-causal outer bound: the true progress smoothed by Gaussians of ``gaussianSigmas``.
    public static func gaussianPoints(_ truth: GroundTruth, times: Times) -> [Point] {
        guard let first = times.grid.first else { return [] }
        let reach = 4 * (gaussianSigmas.max() ?? 0)
        // The truth is known beyond the trace: smooth a grid that reaches past both ends, so
        // the kernel never reads a padded edge.
        let step = 1 / ReadingScorer.gridRate
        let padding = Int((reach / step).rounded(.up))
        let wide = (-padding..<(times.grid.count + padding)).map { first + Double($0) * step }
        let wideTruth = wide.map { UnfoldScorer.trueProgress(truth.state(at: $0).angle) }
        let exact = Truth(truth, times: times)
        return gaussianSigmas.compactMap { sigma in
            guard let smoothed = try? GridFilter.gaussian(wideTruth, step: step, sigma: sigma) else { return nil }
            let grid = Array(smoothed[padding..<(padding + times.grid.count)])
            let frames = times.frames.map { time -> Double in
                let position = (time - first) / step + Double(padding)
                let low = min(max(Int(position.rounded(.down)), 0), smoothed.count - 2)
                let fraction = position - Double(low)
                return smoothed[low] + (smoothed[low + 1] - smoothed[low]) * fraction
            }
            return point(.gaussianTruth, setting: sigma, grid: grid, frames: frames, truth: exact)
        }
    }

    /// The causal bounds: the particle filter's posterior mean, run once per seed with
    /// `particles` particles each (independent clouds: their spread is how well the floor is
    /// known), and the median run's estimate through three stages with a full lead at each of
    /// ``stageRates``. A ``Family/particleFilter`` point's setting is its seed.
    public static func filterPoints(
        _ samples: [HingeSample], sensor: SensorModel, times: Times, truth: Truth, particles: Int,
        seeds: [UInt64] = filterSeeds
    ) -> [Point] {
        var runs: [(point: Point, estimate: HandParticleFilter.Estimate)] = []
        for seed in seeds {
            let estimate = HandParticleFilter(sensor: sensor, particles: particles, seed: seed)
                .estimate(samples, at: times.merged.map(\.time))
            let (grid, frames) = times.split(estimate.progress)
            let run = point(.particleFilter, setting: Double(seed), grid: grid, frames: frames, truth: truth)
            runs.append((run, estimate))
        }
        var points = runs.map(\.point)
        let ranked = runs.sorted { $0.point.rmse < $1.point.rmse }
        guard !ranked.isEmpty else { return points }
        let median = ranked[(ranked.count - 1) / 2].estimate
        for omega in stageRates {
            let values = StageChain.follow(median, stages: 3, omega: omega)
            let (grid, frames) = times.split(values)
            points.append(point(.particleFilterStages, setting: omega, grid: grid, frames: frames, truth: truth))
        }
        return points
    }

    /// The seeds of the floor's independent runs: three, so that the table shows a median and
    /// the interval the runs span.
    public static let filterSeeds: [UInt64] = [1, 2, 3]
}

/// First-order stages in a row driven by a target that holds between the estimate's times.
enum StageChain {
    /// The last stage's value at each time of the estimate, with the target moved ahead by the
    /// estimate's rate × stages / ω and clamped to [0, 1].
    static func follow(_ estimate: HandParticleFilter.Estimate, stages: Int, omega: Double) -> [Double] {
        guard let first = estimate.progress.first else { return [] }
        var values = [Double](repeating: first, count: stages)
        var output: [Double] = []
        output.reserveCapacity(estimate.times.count)
        var previousTime = estimate.times[0]
        var target = first
        for index in estimate.times.indices {
            let elapsed = estimate.times[index] - previousTime
            if elapsed > 0 {
                // Exact for a constant target (the driver's own closed form).
                let x = omega * elapsed
                let decay = exp(-x)
                let start = values
                var next = values
                for i in 0..<stages {
                    next[i] = StageMath.stage(i, x: x, decay: decay, goal: target) { start[$0] }
                }
                values = next
            }
            previousTime = estimate.times[index]
            let ahead = estimate.progress[index] + Double(stages) / omega * estimate.progressVelocity[index]
            target = min(max(ahead, 0), 1)
            output.append(min(max(values[stages - 1], 0), 1))
        }
        return output
    }
}
