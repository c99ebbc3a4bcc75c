import HingeAnalysis
import HingeKit
import HingeTestSupport
import Testing

@Suite("The unfold frontier: families, the particle-filter floor, the Gaussian bound")
struct UnfoldFrontierTests {
    static let scenario = SyntheticScenario.named("five-degree-steps")!

    static func setUp(seed: UInt64 = 1) -> ([HingeSample], GroundTruth, UnfoldFrontier.Times, UnfoldFrontier.Truth) {
        let samples = scenario.trace.samples(seed: seed).map(\.sample)
        let truth = GroundTruth.synthetic(scenario.trace)
        let times = UnfoldFrontier.Times(samples)
        return (samples, truth, times, UnfoldFrontier.Truth(truth, times: times))
    }

    @Test("Every responsiveness the frontier runs is one UnfoldDriver.Configuration accepts, in order")
    func responsivenessSettings() throws {
        let settings = UnfoldFrontier.responsivenessSettings
        #expect(settings.first == 0 && settings.last == 1 && settings == settings.sorted())
        for setting in settings { _ = try UnfoldDriver.Configuration(responsiveness: setting) }
    }

    @Test("Android's spring on the frontier is UnfoldScorer's android-spring, to rounding")
    func springMatchesScorer() {
        let (samples, truth, times, exact) = Self.setUp()
        var refused = RefusedSamples()
        let point = UnfoldFrontier.point(
            .androidSpring, setting: 600,
            display: EffectDriver(effect: UnfoldProgressEffect(), spring: UnfoldFrontier.androidSpring(stiffness: 600)),
            samples: samples, times: times, truth: exact, refused: &refused)
        #expect(refused.count == 0)
        // The scorer's own run: a separate loop over the grid and the frames.
        let driver = EffectDriver(effect: UnfoldProgressEffect(), spring: .androidUnfold)
        func run(_ at: [Double]) -> [Double] {
            var driver = driver
            var next = 0
            return at.map { time in
                while next < samples.count, samples[next].time <= time {
                    try? driver.ingest(samples[next])
                    next += 1
                }
                return driver.value(at: time)
            }
        }
        let score = UnfoldScorer.score(
            grid: (times.grid, run(times.grid)), frames: (times.frames, run(times.frames)), truth: truth)
        #expect(abs(point.rmse - score.rmse) < 1e-12)
        #expect(point.chopMax == score.chopMax && point.chopP99 == score.chopP99)
        #expect(point.chop(over: point) == 1)
    }

    @Test("Stiffer springs lag less and chop more; wider Gaussians of the truth err more and chop less")
    func monotoneFamilies() {
        let (samples, truth, times, exact) = Self.setUp()
        var refused = RefusedSamples()
        let springs = UnfoldFrontier.displayPoints(samples, times: times, truth: exact, hingekit: [], refused: &refused)
            .filter { $0.family == .androidSpring }
        for (soft, stiff) in zip(springs, springs.dropFirst()) {
            #expect(stiff.rmse < soft.rmse, "k \(stiff.setting)")
            #expect(stiff.chopMax > soft.chopMax, "k \(stiff.setting)")
        }
        let gaussians = UnfoldFrontier.gaussianPoints(truth, times: times)
        #expect(gaussians.count == UnfoldFrontier.gaussianSigmas.count)
        for (narrow, wide) in zip(gaussians, gaussians.dropFirst()) {
            #expect(wide.rmse > narrow.rmse, "σ \(wide.setting)")
            #expect(wide.chopMax < narrow.chopMax, "σ \(wide.setting)")
        }
        // A 5 ms Gaussian is nearly the truth: under 0.1 % of the range.
        #expect(gaussians[0].rmse < 0.001)
    }

    @Test("The particle filter reads a resting hinge inside its reported bin")
    func restingHinge() {
        let sensor = SensorModel(quantisation: .step(5), meanInterval: 0.01, noise: 0.3, latency: 0.01)
        let samples = [
            HingeSample(time: 0, angle: 120, status: .partiallyOpen),
            HingeSample(time: 1, angle: 120, status: .partiallyOpen),
        ]
        let times = (0...100).map { Double($0) / 100 }
        let estimate = HandParticleFilter(sensor: sensor, particles: 400).estimate(samples, at: times)
        for (angle, progress) in zip(estimate.angle, estimate.progress) {
            // The reading 120 means the hinge is within 117.5…122.5 (plus noise); silence says
            // it stayed there.
            #expect(abs(angle - 120) < 2.5)
            #expect(abs(progress - angle / 165) < 1e-9)
        }
    }

    @Test(
        "The particle filter beats every causal display on the 5° scenario, and independent runs agree",
        .slow)
    func filterFloor() {
        let (samples, _, times, exact) = Self.setUp(seed: 2)
        let floor = UnfoldFrontier.filterPoints(
            samples, sensor: Self.scenario.trace.sensor, times: times, truth: exact, particles: 500)
        let filter = floor.filter { $0.family == .particleFilter }
        #expect(filter.map(\.setting) == UnfoldFrontier.filterSeeds.map { Double($0) })
        var refused = RefusedSamples()
        let displays = UnfoldFrontier.displayPoints(
            samples, times: times, truth: exact,
            hingekit: [(UnfoldDriver.Configuration.defaultResponsiveness, UnfoldDriver())], refused: &refused)
        let best = displays.map(\.rmse).min()!
        // The floor the table prints, the median run, is below every display.
        let runs = filter.map(\.rmse).sorted()
        #expect(runs[1] < best, "\(runs) against \(best)")
        // The floor's interval: independent clouds land within a third of each other here.
        #expect(runs.max()! - runs.min()! < runs.min()! / 3, "\(runs)")
        // Its stages follow the median run: the slowest are smoother than the fastest.
        let stages = floor.filter { $0.family == .particleFilterStages }
        #expect(stages.count == UnfoldFrontier.stageRates.count)
        #expect(stages.first!.chopP99 < stages.last!.chopP99)
    }

    @Test("The stages follow the median run, whatever order the seeds come in")
    func filterMedianRun() {
        let (samples, _, times, exact) = Self.setUp(seed: 3)
        let sensor = Self.scenario.trace.sensor
        let forward = UnfoldFrontier.filterPoints(
            samples, sensor: sensor, times: times, truth: exact, particles: 64, seeds: [1, 2, 3])
        let backward = UnfoldFrontier.filterPoints(
            samples, sensor: sensor, times: times, truth: exact, particles: 64, seeds: [3, 2, 1])
        let runs = forward.filter { $0.family == .particleFilter }.sorted { $0.rmse < $1.rmse }
        let median = runs[1].setting
        let alone = UnfoldFrontier.filterPoints(
            samples, sensor: sensor, times: times, truth: exact, particles: 64, seeds: [UInt64(median)])
        let stages = { (points: [UnfoldFrontier.Point]) in points.filter { $0.family == .particleFilterStages } }
        #expect(stages(forward) == stages(alone))
        #expect(stages(backward) == stages(alone))
    }
}
