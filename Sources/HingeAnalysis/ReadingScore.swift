public import HingeKit

/// How well a reading of a trace matches the truth behind it.
///
/// Everything is measured on a 1 kHz grid from the first to the last sample, so the frames
/// between samples — where stop detection and the filter's continuation matter — count as much
/// as the sample times. Definitions:
///
/// - *moving* frames are those where the true speed exceeds 0.5 °/s; the others are *resting*;
///   a *move* is a run of moving frames (runs less than 50 ms apart are one move);
/// - ``velocityRMSEMoving`` and ``velocityRMSEResting``: root mean square of reading − truth;
/// - ``positionRMSE``: over all frames;
/// - ``lag``: the shift (0…300 ms, 1 ms steps) of the true angle that best matches the position
///   over the moving frames (least squares, i.e. the peak of the cross-correlation);
/// - ``jitterAtRest``: how far the position travels per second of *settled* rest (resting
///   frames at least 300 ms after a move), in °/s — 0 for a perfectly still display;
/// - snap, per move: *right* when the snap 250 ms after the move ends (or at the end of the
///   trace) is the move's true pose; the *lead time* is how long before the move ends the snap
///   last became the true pose (negative when it was late); ``flickerAtRest`` counts snap
///   changes during settled rest, except changes to the true pose (the hand is about to move).
public struct ReadingScore: Hashable, Sendable {
    /// Velocity RMSE over the moving frames, °/s.
    public var velocityRMSEMoving: Double
    /// Velocity RMSE over the resting frames, °/s.
    public var velocityRMSEResting: Double
    /// Position RMSE over all frames, degrees.
    public var positionRMSE: Double
    /// Seconds.
    public var lag: Double
    /// Degrees per second.
    public var jitterAtRest: Double
    /// The number of moves in the truth.
    public var moves: Int
    /// Moves whose snap was right.
    public var snapRight: Int
    /// Mean over moves, seconds; `nil` without moves or without a snap.
    public var meanLeadTime: Double?
    /// Snap changes during settled rest that were not a change of true pose.
    public var flickerAtRest: Int
    /// Whether the reading had a snap to score.
    public var hasSnap: Bool

    /// The fraction of moves whose snap was right (1 when there were none).
    public var snapAccuracy: Double { moves > 0 ? Double(snapRight) / Double(moves) : 1 }
}

/// Scores readings against a ``GroundTruth``.
public enum ReadingScorer {
    /// Grid frames per second.
    public static let gridRate = 1000.0

    /// A reading sampled on the grid.
    public struct Series: Sendable {
        /// The grid times, seconds.
        public var times: [Double]
        /// The position per frame (NaN where there is no reading).
        public var positions: [Double]
        /// The velocity per frame (NaN where there is no reading).
        public var velocities: [Double]
        /// The snap per frame, when the reading has one.
        public var snaps: [Double]?
        /// The samples the reader refused (none from a checked trace, unless the reader's
        /// configuration is stricter than the checks, such as a narrower angle range).
        public var refused = RefusedSamples()

        /// A series sampled at `times`.
        public init(times: [Double], positions: [Double], velocities: [Double], snaps: [Double]?) {
            self.times = times
            self.positions = positions
            self.velocities = velocities
            self.snaps = snaps
        }
    }

    /// The grid for `samples`: every millisecond from the first sample to the last.
    public static func grid(for samples: [HingeSample]) -> [Double] {
        guard let first = samples.first?.time, let last = samples.last?.time, last > first else { return [] }
        let count = Int(((last - first) * gridRate).rounded(.down)) + 1
        return (0..<count).map { first + Double($0) / gridRate }
    }

    /// Runs a `HingeReader` over `samples` and samples its reading on the grid.
    ///
    /// Samples are ingested in order, each just before the first grid frame at or after it, so
    /// every frame sees exactly the samples up to its time. Samples the reader refuses leave it
    /// unchanged and are counted in the series' ``Series/refused``.
    public static func read(_ samples: [HingeSample], configuration: HingeReader.Configuration) -> Series {
        let times = grid(for: samples)
        var reader = HingeReader(configuration: configuration)
        var next = 0
        var positions: [Double] = []
        var velocities: [Double] = []
        var snaps: [Double] = []
        positions.reserveCapacity(times.count)
        velocities.reserveCapacity(times.count)
        snaps.reserveCapacity(times.count)
        var refused = RefusedSamples()
        for time in times {
            while next < samples.count, samples[next].time <= time {
                do {
                    try reader.ingest(samples[next])
                } catch {
                    refused.note(samples[next], .sample(error))
                }
                next += 1
            }
            let reading = reader.reading(at: time)
            positions.append(reading?.position ?? .nan)
            velocities.append(reading?.velocity ?? .nan)
            snaps.append(reading?.snap ?? .nan)
        }
        var series = Series(times: times, positions: positions, velocities: velocities, snaps: snaps)
        series.refused = refused
        return series
    }

    /// Scores a series against the truth. Frames where the reading or the truth is undefined
    /// (no hinge) are left out.
    public static func score(_ series: Series, truth: GroundTruth) -> ReadingScore {
        let count = series.times.count
        var trueAngles = [Double](repeating: 0, count: count)
        var trueVelocities = [Double](repeating: 0, count: count)
        var truePoses = [Double?](repeating: nil, count: count)
        for k in 0..<count {
            let state = truth.state(at: series.times[k])
            trueAngles[k] = state.angle
            trueVelocities[k] = state.velocity
            truePoses[k] = state.pose
        }
        let valid = (0..<count).map { series.positions[$0].isFinite && series.velocities[$0].isFinite }
        let moving = trueVelocities.map { abs($0) > 0.5 }
        let moves = Self.moves(moving)
        let settled = settledFrames(moving: moving, moves: moves)

        var movingSquares = 0.0
        var movingCount = 0
        var restingSquares = 0.0
        var restingCount = 0
        var positionSquares = 0.0
        var positionCount = 0
        var travel = 0.0
        var settledFrames = 0
        for k in 0..<count where valid[k] {
            let velocityError = series.velocities[k] - trueVelocities[k]
            if moving[k] {
                movingSquares += velocityError * velocityError
                movingCount += 1
            } else {
                restingSquares += velocityError * velocityError
                restingCount += 1
            }
            let positionError = series.positions[k] - trueAngles[k]
            positionSquares += positionError * positionError
            positionCount += 1
            if settled[k], k > 0, settled[k - 1], valid[k - 1] {
                travel += abs(series.positions[k] - series.positions[k - 1])
                settledFrames += 1
            }
        }

        let (snapRight, leadTotal, flicker) =
            series.snaps.map { snapFigures($0, moves: moves, truePoses: truePoses, settled: settled) } ?? (0, 0, 0)
        return ReadingScore(
            velocityRMSEMoving: rms(movingSquares, movingCount), velocityRMSEResting: rms(restingSquares, restingCount),
            positionRMSE: rms(positionSquares, positionCount),
            lag: lag(series.positions, trueAngles, moving: moving, valid: valid),
            jitterAtRest: settledFrames > 0 ? travel / (Double(settledFrames) / gridRate) : 0, moves: moves.count,
            snapRight: snapRight,
            meanLeadTime: series.snaps != nil && !moves.isEmpty ? leadTotal / Double(moves.count) : nil,
            flickerAtRest: flicker, hasSnap: series.snaps != nil)
    }

    /// The frames of settled rest: resting, and 300 ms or more after the last move ended.
    private static func settledFrames(moving: [Bool], moves: [ClosedRange<Int>]) -> [Bool] {
        var settled = [Bool](repeating: false, count: moving.count)
        var lastMoveEnd = -Int.max / 2
        var moveIndex = 0
        for k in 0..<moving.count {
            while moveIndex < moves.count, moves[moveIndex].upperBound < k {
                lastMoveEnd = moves[moveIndex].upperBound
                moveIndex += 1
            }
            let inMove = moveIndex < moves.count && moves[moveIndex].contains(k)
            settled[k] = !inMove && !moving[k] && k - lastMoveEnd >= 300
        }
        return settled
    }

    /// The snap's figures: moves whose snap was right 250 ms after the move ended, the lead
    /// (seconds, summed over moves; negative when late) and changes of the snap at settled rest.
    private static func snapFigures(
        _ snaps: [Double], moves: [ClosedRange<Int>], truePoses: [Double?], settled: [Bool]
    ) -> (right: Int, lead: Double, flicker: Int) {
        let count = settled.count
        var snapRight = 0
        var leadTotal = 0.0
        var flicker = 0
        for move in moves {
            let end = move.upperBound
            guard let pose = truePoses[end] else { continue }
            let check = min(end + 250, count - 1)
            if snaps[check] == pose { snapRight += 1 }
            if snaps[end] == pose {
                var start = end
                while start > 0, snaps[start - 1] == pose { start -= 1 }
                leadTotal += Double(end - start) / gridRate
            } else {
                var late = end
                while late < count - 1, snaps[late] != pose { late += 1 }
                leadTotal -= Double(late - end) / gridRate
            }
        }
        // A change to the true pose (the hand is about to move) is not flicker.
        for k in 1..<max(1, count) where settled[k] && settled[k - 1] && snaps[k] != snaps[k - 1] {
            if truePoses[k] != snaps[k] { flicker += 1 }
        }
        return (snapRight, leadTotal, flicker)
    }

    private static func rms(_ squares: Double, _ count: Int) -> Double {
        count > 0 ? (squares / Double(count)).squareRoot() : 0
    }

    /// Runs of moving frames, merging runs less than 50 frames (ms) apart.
    public static func moves(_ moving: [Bool]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for (k, isMoving) in moving.enumerated() {
            if isMoving, start == nil { start = k }
            if !isMoving, let first = start {
                runs.append(first...(k - 1))
                start = nil
            }
        }
        if let first = start { runs.append(first...(moving.count - 1)) }
        var merged: [ClosedRange<Int>] = []
        for run in runs {
            if let last = merged.last, run.lowerBound - last.upperBound < 50 {
                merged[merged.count - 1] = last.lowerBound...run.upperBound
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    /// The delay (seconds) of `positions` behind `truth` over the moving frames.
    static func lag(_ positions: [Double], _ truth: [Double], moving: [Bool], valid: [Bool]) -> Double {
        var best = (shift: 0, error: Double.infinity)
        for shift in 0...300 {
            var squares = 0.0
            var count = 0
            for k in shift..<positions.count where moving[k] && valid[k] {
                let error = positions[k] - truth[k - shift]
                squares += error * error
                count += 1
            }
            guard count > 0 else { return 0 }
            if squares / Double(count) < best.error { best = (shift, squares / Double(count)) }
        }
        return Double(best.shift) / gridRate
    }
}
