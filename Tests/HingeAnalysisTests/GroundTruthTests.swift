import HingeAnalysis
import HingeKit
import Testing

/// A reference recording read held, linear and as a change-triggered stream, against values
/// worked out by hand. The tolerance, 1e-9°, is rounding in a few additions of numbers near 50.
@Suite("A reference recording as ground truth")
struct GroundTruthTests {
    /// A burst (0, 0.04, 0.08 s), a 1 s gap, a burst (1.08, 1.12 s); 10° apart.
    static let times = [0, 0.04, 0.08, 1.08, 1.12]
    static let angles: [Double] = [10, 20, 30, 40, 50]

    static func truth(_ interpolation: GroundTruth.Interpolation) -> GroundTruth {
        .reference(times: times, angles: angles, interpolation: interpolation)
    }

    @Test(
        "Each interpolation at hand-computed times (angle °, velocity °/s)",
        arguments: [
            // Within the first burst: a straight line (held keeps 10).
            (GroundTruth.Interpolation.change, 0.02, 15.0, 250.0),
            (.linear, 0.02, 15, 250), (.held, 0.02, 10, 250),
            // Inside the 1 s gap: change rests at 30 until 0.2 s before 1.08 s.
            (.change, 0.5, 30, 0), (.change, 0.88, 30, 0),
            (.linear, 0.5, 34.2, 10), (.held, 0.5, 30, 10),
            // On the ramp: 10° over 0.2 s, half way at 0.98 s.
            (.change, 0.98, 35, 50), (.linear, 0.98, 39, 10), (.held, 0.98, 30, 10),
            // The second burst, and outside the samples.
            (.change, 1.1, 45, 250), (.change, -1, 10, 0), (.change, 2, 50, 0),
        ])
    func values(interpolation: GroundTruth.Interpolation, time: Double, angle: Double, velocity: Double) {
        let state = Self.truth(interpolation).state(at: time)
        #expect(abs(state.angle - angle) < 1e-9, "\(interpolation) at \(time): \(state.angle)")
        #expect(abs(state.velocity - velocity) < 1e-9, "\(interpolation) at \(time): \(state.velocity)")
        #expect(state.pose == nil)
    }

    @Test("A gap of exactly 0.5 s is still a burst; a longer one is a rest")
    func boundary() {
        let burst = GroundTruth.reference(times: [0, 0.5], angles: [0, 10], interpolation: .change)
        #expect(abs(burst.state(at: 0.25).angle - 5) < 1e-9)
        let rest = GroundTruth.reference(times: [0, 0.5001], angles: [0, 10], interpolation: .change)
        #expect(rest.state(at: 0.25).angle == 0)
        #expect(GroundTruth.Interpolation.restGap == 0.5 && GroundTruth.Interpolation.rampTime == 0.2)
    }

    @Test("change is continuous at every sample and at the start of a ramp")
    func continuity() {
        let truth = Self.truth(.change)
        for time in Self.times + [0.88] {
            let before = truth.state(at: time - 1e-9).angle
            let after = truth.state(at: time + 1e-9).angle
            #expect(abs(before - after) < 1e-6, "at \(time): \(before) → \(after)")
        }
    }

    @Test("A synthesised trace's provenance line names its exact truth; other lines none")
    func provenance() throws {
        let truth = try #require(GroundTruth(provenance: "hingetool synth slow-bend --seed 7 --sensor ideal"))
        let scenario = try #require(SyntheticScenario.named("slow-bend"))
        // The truth is the scenario's own motion: the same angle to the last bit at any time.
        for time in [0.0, 0.5, 1.25, 3] {
            #expect(truth.state(at: time).angle == GroundTruth.synthetic(scenario.trace).state(at: time).angle)
        }
        #expect(GroundTruth(provenance: "hingetool synth slow-bend --repeat 3 --seed 1") == nil)
        #expect(GroundTruth(provenance: "hingetool synth no-such-scenario") == nil)
        #expect(GroundTruth(provenance: "hingetool read slow-bend.csv") == nil)
    }

    @Test("A scenario that draws its motion from the seed: the provenance's seed names the truth")
    func provenanceOfDrawnMotion() throws {
        let scenario = try #require(SyntheticScenario.named("dropouts-varied"))
        // The oracle: the true angles the generator wrote beside each row of that seed.
        for (line, seed) in [
            ("hingetool synth dropouts-varied --seed 12", UInt64(12)), ("hingetool synth dropouts-varied", 1),
        ] {
            let truth = try #require(GroundTruth(provenance: line))
            let rows = scenario.trace.samples(seed: seed)
            for row in rows { #expect(truth.state(at: row.sample.time).angle == row.trueAngle, "\(line)") }
        }
        let twelve = try #require(GroundTruth(provenance: "hingetool synth dropouts-varied --seed 12"))
        let one = try #require(GroundTruth(provenance: "hingetool synth dropouts-varied --seed 1"))
        #expect((0..<65).contains { twelve.state(at: Double($0) / 10).angle != one.state(at: Double($0) / 10).angle })
        #expect(GroundTruth(provenance: "hingetool synth dropouts-varied --seed x") == nil)
    }
}
