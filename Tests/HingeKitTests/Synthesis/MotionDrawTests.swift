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

    typealias ParameterError = SyntheticTrace.MotionDraw.ParameterError
    /// A motion draw's initialiser arguments, to change one at a time.
    typealias Ranges = (
        open: ClosedRange<Double>, bent: ClosedRange<Double>, move: ClosedRange<Double>, hold: ClosedRange<Double>,
        pause: ClosedRange<Double>, dropout: ClosedRange<Double>, start: ClosedRange<Double>, length: Double
    )

    /// ``foldAndBack``'s ranges through the throwing initialiser, `change` applied first.
    static func foldAndBack(
        _ change: (inout Ranges) -> Void = { _ in }
    ) throws(ParameterError) -> SyntheticTrace.MotionDraw {
        var p: Ranges = (
            open: draw.open, bent: draw.bent, move: draw.moveDuration, hold: draw.firstHold, pause: draw.pause,
            dropout: draw.dropoutLength, start: draw.dropoutStart, length: draw.length
        )
        change(&p)
        return try SyntheticTrace.MotionDraw(
            open: p.open, bent: p.bent, moveDuration: p.move, firstHold: p.hold, pause: p.pause,
            dropoutLength: p.dropout,
            dropoutStart: p.start, length: p.length)
    }

    @Test("Bad ranges are refused with the parameter, the bound that broke the rule and the rule; foldAndBack passes")
    func refusesBadRanges() throws {
        #expect(try Self.foldAndBack() == Self.draw)
        // (the change, the parameter, the value reported, the message).
        let cases: [(String, (inout Ranges) -> Void, ParameterError.Parameter, String)] = [
            ("open to 400", { $0.open = 165...400 }, .open, "the motion draw's open, 400, must be within 0…360"),
            ("bent from -5", { $0.bent = -5...140 }, .bent, "the motion draw's bent, -5, must be within 0…360"),
            (
                "moves of 0 s", { $0.move = 0...1.2 }, .moveDuration,
                "the motion draw's moveDuration, 0, must be positive and finite"
            ),
            (
                "holds to ∞", { $0.hold = 0.3...Double.infinity }, .firstHold,
                "the motion draw's firstHold, inf, must be positive and finite"
            ),
            (
                "a negative pause", { $0.pause = -1...2.5 }, .pause,
                "the motion draw's pause, -1, must be positive and finite"
            ),
            (
                "a dropout longer than the shortest pause", { $0.dropout = 0.15...0.7 }, .dropoutLength,
                "the motion draw's dropoutLength, 0.7, must be at most the shortest pause (0.6)"
            ),
            (
                "a dropout starting past its move", { $0.start = 0.05...1.5 }, .dropoutStart,
                "the motion draw's dropoutStart, 1.5, must be within 0…1"
            ),
            ("an infinite length", { $0.length = .infinity }, .length, "the motion draw's length, inf, must be finite"),
            ("a NaN length", { $0.length = .nan }, .length, "the motion draw's length, nan, must be finite"),
            // 0.8 + 2 × 1.2 + 2.5 = 5.7 s.
            (
                "a length the longest draw does not fit", { $0.length = 5.7 }, .length,
                "the motion draw's length, 5.7, must be longer than the longest hold, moves and pause (5.7)"
            ),
        ]
        for (name, change, parameter, message) in cases {
            do {
                _ = try Self.foldAndBack(change)
                Issue.record("\(name): accepted")
            } catch {
                #expect(error.parameter == parameter, "\(name)")
                #expect(error.description == message, "\(name)")
            }
        }
    }

    @Test("The shortest length accepted leaves every draw a final hold: no seed traps, at the longest ranges")
    func shortestLength() throws {
        // Every range a single value, the longest, so every draw takes the longest of each:
        // the final hold is the length less 0.8 + 1.2 + 2.5 + 1.2, in that order.
        func make(_ length: Double) throws(ParameterError) -> SyntheticTrace.MotionDraw {
            try Self.foldAndBack {
                ($0.move, $0.hold, $0.pause) = (1.2...1.2, 0.8...0.8, 2.5...2.5)
                $0.length = length
            }
        }
        var length = 5.7
        var steps = 0
        while (try? make(length)) == nil, steps < 64 {
            length = length.nextUp
            steps += 1
        }
        // Accepted within a few roundings of 5.7 (each bound is taken a step up).
        #expect(steps >= 1 && steps < 16, "\(steps) steps")
        let draw = try make(length)
        #expect((((length - 0.8) - 1.2) - 2.5) - 1.2 > 0)
        for seed in UInt64(1)...20 {
            let (motion, _) = draw.draw(seed: seed)
            #expect(motion.duration <= length)
        }
    }
}
