extension SyntheticTrace {
    /// A hand motion drawn from the seed, with dropout windows placed in it: every seed of a
    /// scenario made with it is a new move, not a new draw of the sensor over the same move.
    ///
    /// ```swift
    /// let trace = SyntheticTrace(drawing: .foldAndBack, sensor: SensorModel())
    /// let (motion, dropouts) = SyntheticTrace.MotionDraw.foldAndBack.draw(seed: 12)
    /// ```
    ///
    /// The motion is a fold and its return: a hold, a minimum-jerk move between an open angle
    /// and a bent one, a pause, a move back to an open (or bent) angle drawn anew, and a final
    /// hold that makes the length ``length``. Whether it starts open or bent is drawn (even odds).
    /// Three dropout windows: one inside each move (it starts ``dropoutStart`` of the way through
    /// the move), one inside the pause. Every value is uniform in its range, drawn from a
    /// ``SplitMix64`` of its own (seeded by the seed mixed with a constant), so the sensor's noise
    /// for the same seed is the same stream as any other scenario's.
    public struct MotionDraw: Hashable, Sendable {
        /// Open angles (°) the hand rests at.
        public let open: ClosedRange<Double>
        /// Bent angles (°) the hand folds to.
        public let bent: ClosedRange<Double>
        /// How long a move takes (s).
        public let moveDuration: ClosedRange<Double>
        /// The hold before the first move (s).
        public let firstHold: ClosedRange<Double>
        /// The pause between the two moves (s).
        public let pause: ClosedRange<Double>
        /// A dropout window's length (s).
        public let dropoutLength: ClosedRange<Double>
        /// Where in its move a move's dropout starts, as a fraction of the move's duration.
        public let dropoutStart: ClosedRange<Double>
        /// The whole motion's length (s), the same for every seed.
        public let length: Double

        /// Ranges for a motion draw, checked.
        ///
        /// ```swift
        /// let slow = try SyntheticTrace.MotionDraw(
        ///     open: 160...180, bent: 90...120, moveDuration: 1...2, firstHold: 0.3...0.5,
        ///     pause: 0.5...1, dropoutLength: 0.1...0.3, dropoutStart: 0.1...0.5, length: 7)
        /// ```
        ///
        /// - Throws: ``ParameterError`` for the first rule broken: angles within 0…360;
        ///   durations positive and finite; the longest dropout no longer than the shortest
        ///   pause; dropout starts within 0…1; `length` finite and longer than the longest hold,
        ///   two longest moves and longest pause together.
        public init(
            open: ClosedRange<Double>, bent: ClosedRange<Double>, moveDuration: ClosedRange<Double>,
            firstHold: ClosedRange<Double>, pause: ClosedRange<Double>, dropoutLength: ClosedRange<Double>,
            dropoutStart: ClosedRange<Double>, length: Double
        ) throws(ParameterError) {
            for (range, parameter) in [(open, ParameterError.Parameter.open), (bent, .bent)] {
                try ParameterError.require(range, parameter, "within 0…360") { $0 >= 0 && $0 <= 360 }
            }
            for (range, parameter) in [
                (moveDuration, ParameterError.Parameter.moveDuration), (firstHold, .firstHold), (pause, .pause),
                (dropoutLength, .dropoutLength),
            ] {
                try ParameterError.require(range, parameter, "positive and finite") { $0 > 0 && $0.isFinite }
            }
            try ParameterError.require(
                dropoutLength, .dropoutLength,
                "at most the shortest pause (\(DecimalNumber.shortest(pause.lowerBound)))"
            ) { $0 <= pause.lowerBound }
            try ParameterError.require(dropoutStart, .dropoutStart, "within 0…1") { $0 >= 0 && $0 <= 1 }
            try ParameterError.require(length, .length, "finite") { $0.isFinite }
            // The final hold as `draw(seed:)` computes it, from the longest of everything (each
            // a step up, as a uniform draw may land one rounding above its range): positive for
            // every draw, since each subtraction only grows as what it subtracts shrinks.
            let longest = [firstHold.upperBound, moveDuration.upperBound, pause.upperBound, moveDuration.upperBound]
            let total = firstHold.upperBound + 2 * moveDuration.upperBound + pause.upperBound
            try ParameterError.require(
                length, .length, "longer than the longest hold, moves and pause (\(DecimalNumber.shortest(total)))"
            ) { length in longest.reduce(length) { $0 - $1.nextUp } > 0 }
            self.init(
                checkedOpen: open, bent: bent, moveDuration: moveDuration, firstHold: firstHold, pause: pause,
                dropoutLength: dropoutLength, dropoutStart: dropoutStart, length: length)
        }

        /// Ranges that pass ``init(open:bent:moveDuration:firstHold:pause:dropoutLength:dropoutStart:length:)``'s rules.
        private init(
            checkedOpen open: ClosedRange<Double>, bent: ClosedRange<Double>, moveDuration: ClosedRange<Double>,
            firstHold: ClosedRange<Double>, pause: ClosedRange<Double>, dropoutLength: ClosedRange<Double>,
            dropoutStart: ClosedRange<Double>, length: Double
        ) {
            self.open = open
            self.bent = bent
            self.moveDuration = moveDuration
            self.firstHold = firstHold
            self.pause = pause
            self.dropoutLength = dropoutLength
            self.dropoutStart = dropoutStart
            self.length = length
        }

        /// The `dropouts-varied` scenario's draw: open at 165–180°, bent to 60–140° (a fold of
        /// 25–120°), moves of 0.35–1.2 s (peak speeds 39–643 °/s: between the slow folds of
        /// 25–55 °/s on average and the snaps of 700–800 °/s peak that ``HandMotion/humanFolds``
        /// and ``HandMotion/fold8Folds`` were calibrated to), a first hold of 0.3–0.8 s, a pause
        /// of 0.6–2.5 s (the Fold 8 session's rests between folds are 0.5–4 s), dropouts of
        /// 0.15–0.4 s (the `dropouts` scenario's 150–400 ms) starting 5–60 % into each move,
        /// 6.5 s in all.
        public static let foldAndBack = MotionDraw(
            checkedOpen: 165...180, bent: 60...140, moveDuration: 0.35...1.2, firstHold: 0.3...0.8, pause: 0.6...2.5,
            dropoutLength: 0.15...0.4, dropoutStart: 0.05...0.6, length: 6.5)

        /// The motion and dropout windows of `seed`.
        public func draw(seed: UInt64) -> (motion: HandMotion, dropouts: [ClosedRange<Double>]) {
            // A stream of its own: "motion" in ASCII, mixed into the seed.
            var random = SplitMix64(seed: seed ^ 0x6D6F_7469_6F6E)
            let startsOpen = random.nextUnit() < 0.5
            let (restRange, turnRange) = startsOpen ? (open, bent) : (bent, open)
            let start = random.next(in: restRange)
            let turn = random.next(in: turnRange)
            let end = random.next(in: restRange)
            let hold = random.next(in: firstHold)
            let there = random.next(in: moveDuration)
            let wait = random.next(in: pause)
            let back = random.next(in: moveDuration)
            let motion = HandMotion(
                valid: start,
                [
                    .hold(hold), .move(to: turn, over: there), .hold(wait), .move(to: end, over: back),
                    .hold(length - hold - there - wait - back),
                ])
            // One window inside each move (from a fraction of the way through it), one inside the pause.
            var dropouts: [ClosedRange<Double>] = []
            for (moveStart, duration) in [(hold, there), (hold + there + wait, back)] {
                let from = moveStart + duration * random.next(in: dropoutStart)
                dropouts.append(from...(from + random.next(in: dropoutLength)))
            }
            let pauseLength = random.next(in: dropoutLength)
            let pauseFrom = hold + there + (wait - pauseLength) * random.nextUnit()
            dropouts.insert(pauseFrom...(pauseFrom + pauseLength), at: 1)
            return (motion, dropouts)
        }
    }

    /// A trace whose hand motion and dropout windows are drawn from each seed (`draw`); its
    /// ``motion`` and the sensor's dropouts are seed 1's until ``drawn(seed:)`` draws another.
    public init(drawing draw: MotionDraw, sensor: SensorModel, poseDetents: [Double] = SnapConfiguration.defaultDetents)
    {
        let (motion, dropouts) = draw.draw(seed: 1)
        var sensor = sensor
        sensor.dropouts = dropouts
        self.init(motion: motion, sensor: sensor, poseDetents: poseDetents)
        motionDraw = draw
    }

    /// The trace as seed `seed` makes it: for a trace drawn from a ``MotionDraw``, that seed's
    /// motion and dropout windows (the rest of the sensor kept); any other trace unchanged.
    public func drawn(seed: UInt64) -> SyntheticTrace {
        guard let motionDraw else { return self }
        var trace = self
        (trace.motion, trace.sensor.dropouts) = motionDraw.draw(seed: seed)
        return trace
    }
}
