import HingeKit
import Testing

@Suite("SyntheticTrace.MotionDraw: a new hand motion per seed")
struct MotionDrawTests {
    static let draw = SyntheticTrace.MotionDraw.foldAndBack

    /// The moves of `motion` as the hand makes them, found from its velocity on a 1 ms grid
    /// (not from the draw): (start, end, from angle, to angle, peak speed) of each run of
    /// non-zero velocity.
    static func moves(of motion: HandMotion) -> [(start: Double, end: Double, from: Double, to: Double, peak: Double)] {
        var moves: [(start: Double, end: Double, from: Double, to: Double, peak: Double)] = []
        var current: (start: Double, from: Double, peak: Double)?
        for step in 0...Int((motion.duration * 1000).rounded()) {
            let time = Double(step) / 1000
            let state = motion.state(at: time)
            if state.velocity != 0 {
                if current == nil {
                    // The move began within the millisecond before.
                    current = (time - 0.001, motion.state(at: time - 0.001).angle, 0)
                }
                if let move = current { current?.peak = max(move.peak, abs(state.velocity)) }
            } else if let move = current {
                moves.append((move.start, time, move.from, state.angle, move.peak))
                current = nil
            }
        }
        return moves
    }

    @Test("Every seed's fold and return stays within the documented ranges (seeds 1–200, to the 1 ms grid)")
    func ranges() {
        var startsOpen = 0
        var durations: [Double] = []
        for seed in UInt64(1)...200 {
            let (motion, dropouts) = Self.draw.draw(seed: seed)
            #expect(abs(motion.duration - 6.5) < 1e-12)
            let moves = Self.moves(of: motion)
            #expect(moves.count == 2, "seed \(seed)")
            guard moves.count == 2 else { continue }
            let opensFirst = Self.draw.open.contains(moves[0].from)
            if opensFirst { startsOpen += 1 }
            let (rest, turn) = opensFirst ? (Self.draw.open, Self.draw.bent) : (Self.draw.bent, Self.draw.open)
            #expect(rest.contains(moves[0].from) && turn.contains(moves[0].to) && rest.contains(moves[1].to))
            #expect(moves[0].to == moves[1].from)
            #expect(moves[0].start >= 0.3 - 0.001 && moves[0].start <= 0.8)
            let pause = moves[1].start - moves[0].end
            #expect(pause >= 0.6 - 0.002 && pause <= 2.5 + 0.002)
            for (move, window) in zip(moves, [dropouts[0], dropouts[2]]) {
                let duration = move.end - move.start
                durations.append(duration)
                #expect(duration >= 0.35 - 0.002 && duration <= 1.2 + 0.002)
                // Peak speed 1.875·|Δ|/T (minimum jerk), within the grid's reach of the peak.
                let peak = 1.875 * abs(move.to - move.from) / duration
                #expect(abs(move.peak - peak) < 0.01 * peak)
                #expect(move.peak >= 39 && move.peak <= 650)
                // A move's dropout starts 5–60 % into it and lasts 0.15–0.4 s.
                let into = (window.lowerBound - move.start) / duration
                #expect(into >= 0.05 - 0.003 && into <= 0.6 + 0.003)
                #expect(window.upperBound - window.lowerBound >= 0.15 && window.upperBound - window.lowerBound <= 0.4)
            }
            // The pause's dropout lies within the pause.
            #expect(dropouts[1].lowerBound >= moves[0].end - 0.001 && dropouts[1].upperBound <= moves[1].start + 0.001)
        }
        // Both directions (binomial 200 × ½: 70…130 is over 4σ either side), and the durations
        // spread over the range rather than sitting at one value.
        #expect((70...130).contains(startsOpen))
        #expect((durations.min() ?? 1) < 0.45 && (durations.max() ?? 0) > 1.1)
    }

    @Test("Each seed of dropouts-varied follows its own motion; the same seed, the same rows")
    func seedsDrawMotions() throws {
        let trace = try #require(SyntheticScenario.named("dropouts-varied")).trace
        #expect(trace.motion == trace.drawn(seed: 1).motion)
        #expect(trace.drawn(seed: 12).motion != trace.drawn(seed: 13).motion)
        #expect(trace.samples(seed: 12) == trace.samples(seed: 12))
        let drawn = trace.drawn(seed: 12)
        let rows = trace.samples(seed: 12)
        #expect(rows.count > 20)
        for row in rows {
            // The truth is seed 12's motion (exactly: the same function), and no row falls in
            // its dropouts.
            #expect(row.trueAngle == drawn.motion.state(at: row.sample.time).angle)
            #expect(!drawn.sensor.dropouts.contains { $0.contains(row.sample.time) })
            // 1° steps, 0.2° noise (Irwin–Hall: at most 6σ), 8 ms latency.
            let delayed = drawn.motion.state(at: row.sample.time - drawn.sensor.latency).angle
            #expect(abs((row.sample.angle ?? .nan) - delayed) <= 0.5 + 6 * 0.2 + 1e-9)
        }
        // A scenario that replays one motion is unchanged by the seed.
        let fixed = try #require(SyntheticScenario.named("dropouts")).trace
        #expect(fixed.drawn(seed: 12) == fixed)
    }
}
