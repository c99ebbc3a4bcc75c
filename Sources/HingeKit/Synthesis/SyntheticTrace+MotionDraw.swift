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
        public var open: ClosedRange<Double>
        /// Bent angles (°) the hand folds to.
        public var bent: ClosedRange<Double>
        /// How long a move takes (s).
        public var moveDuration: ClosedRange<Double>
        /// The hold before the first move (s).
        public var firstHold: ClosedRange<Double>
        /// The pause between the two moves (s).
        public var pause: ClosedRange<Double>
        /// A dropout window's length (s).
        public var dropoutLength: ClosedRange<Double>
        /// Where in its move a move's dropout starts, as a fraction of the move's duration.
        public var dropoutStart: ClosedRange<Double>
        /// The whole motion's length (s), the same for every seed.
        public var length: Double

        /// Ranges for a motion draw.
        /// - Precondition: every range within 0…∞ (angles within 0…360); the longest hold, two
        ///   longest moves and longest pause fit in `length`; the shortest pause holds the
        ///   longest dropout.
        public init(
            open: ClosedRange<Double>, bent: ClosedRange<Double>, moveDuration: ClosedRange<Double>,
            firstHold: ClosedRange<Double>, pause: ClosedRange<Double>, dropoutLength: ClosedRange<Double>,
            dropoutStart: ClosedRange<Double>, length: Double
        ) {
            precondition(
                open.lowerBound >= 0 && open.upperBound <= 360 && bent.lowerBound >= 0 && bent.upperBound <= 360)
            precondition(moveDuration.lowerBound > 0 && firstHold.lowerBound > 0 && pause.lowerBound > 0)
            precondition(dropoutLength.lowerBound > 0 && dropoutLength.upperBound <= pause.lowerBound)
            precondition(dropoutStart.lowerBound >= 0 && dropoutStart.upperBound <= 1)
            precondition(firstHold.upperBound + 2 * moveDuration.upperBound + pause.upperBound < length)
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
            open: 165...180, bent: 60...140, moveDuration: 0.35...1.2, firstHold: 0.3...0.8, pause: 0.6...2.5,
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
                start: start,
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
