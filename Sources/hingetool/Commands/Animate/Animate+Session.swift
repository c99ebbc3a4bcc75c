import HingeKit
internal import HingeSupport

extension HingeTool.Animate {
    /// What `hingetool animate` was asked for, read and checked once.
    struct Settings {
        /// The effect the hinge is mapped through, or `nil` for the angle itself.
        let effect: (any HingeEffect)?
        let effectName: String
        /// The spring until `change`, if any.
        let initialSpring: DampedSpring
        /// From this time on, retarget with that spring instead (`--change-spring`).
        let change: (time: Double, spring: DampedSpring)?
        let mode: SpringAnimator.Mode
        /// The Reduce Motion policy asked for.
        let policy: SpringAnimator.ReduceMotion
        /// The policy the animator runs with: the effect's reading of `policy`.
        let running: SpringAnimator.ReduceMotion
        /// Whether the reader's filtered position retargets the animator (`--input position`).
        let followsPosition: Bool
        let rate: Double
        let tail: Double?
        /// The most frames one run computes (`--max-points`), checked before they are.
        let pointLimit: Int
        /// The clock the frames' times are printed on (`--clock`), and `--change-spring`'s time read on.
        let clock: Clock

        init(_ arguments: ParsedArguments) throws(ToolError) {
            let effectName = try arguments[HingeTool.Animate.effect]
            let effect =
                effectName == "angle"
                ? nil
                : try HingeTool.EffectOptions.makeEffect(
                    effectName, ParsedArguments(declaring: HingeTool.EffectOptions.options)
                ).effect
            let springGiven = HingeTool.SpringOptions.options.contains { arguments.has($0.key) }
            if let effect, !springGiven {
                initialSpring = effect.preferredSpring
            } else {
                initialSpring = try HingeTool.SpringOptions.makeSpring(arguments)
            }
            let mode = try arguments[HingeTool.Animate.mode]
            let policy = try arguments[HingeTool.Animate.reduceMotion]
            self.effect = effect
            self.effectName = effectName
            self.mode = mode
            self.policy = policy
            running = effect?.animatorPolicy(for: policy) ?? policy
            followsPosition = try arguments[HingeTool.Animate.input] == .position
            change = try HingeTool.Animate.springChange(try arguments[HingeTool.Animate.changeSpring])
            rate = try arguments.declared(HingeTool.Keys.rate)
            tail = try arguments[HingeTool.Animate.tail]
            pointLimit = try HingeTool.pointLimit(arguments)
            clock = try Clock(arguments)
        }

        /// The animator's target for `reading` (the reader's, after a sample whose angle was
        /// `raw`), or `nil` to hold the last one.
        func target(raw: Double?, reading: HingeReading?) -> Double? {
            let angle = followsPosition ? reading?.position : reading?.angle
            guard let effect else { return raw.map { followsPosition ? angle ?? $0 : $0 } }
            return effect.target(angle: angle, status: reading?.status, reduceMotion: policy != .off)
        }
    }

    /// The samples of a trace on their way to the animator: the hinge reader they go through,
    /// what has been counted, and the spring the next retarget uses.
    struct Feed {
        let settings: Settings
        let path: String
        var hinge = HingeReader()
        var samples = 0
        var angles = 0
        var lastTime = 0.0
        /// The printed clock, started on the trace's first sample.
        var clock: ClockedTimes
        /// The spring for the next retarget, and the change still to come.
        var spring: DampedSpring
        var change: (time: Double, spring: DampedSpring)?

        init(settings: Settings, path: String) {
            self.settings = settings
            self.path = path
            spring = settings.initialSpring
            change = settings.change
            clock = ClockedTimes(settings.clock)
        }

        /// Counts the sample and applies a spring change that is due; call before the frames
        /// that come before the sample.
        mutating func arrive(_ sample: HingeSample) {
            samples += 1
            lastTime = sample.time
            // `--change-spring`'s time is on the printed clock.
            if let (time, later) = change, clock.seconds(sample.time) >= time {
                spring = later
                change = nil
            }
        }

        /// Reads the sample and returns the target it sets, or `nil` when it sets none.
        ///
        /// The animator starts on the first angle; an effect also maps a later sample without
        /// one (a status alone, or no hinge).
        mutating func read(_ record: TraceRecord) throws(ToolError) -> Double? {
            let sample = record.sample
            do {
                try hinge.ingest(sample)
            } catch {
                throw .data(InputLocation(file: path, line: record.line).message("\(error)"))
            }
            if sample.angle != nil { angles += 1 }
            guard angles > 0 else { return nil }
            return settings.target(raw: sample.angle, reading: hinge.reading(at: sample.time))
        }

        /// ``arrive(_:)`` and ``read(_:)`` with no frames between them (before the first target).
        mutating func take(_ record: TraceRecord) throws(ToolError) -> Double? {
            arrive(record.sample)
            return try read(record)
        }
    }

    /// An animator chasing a trace from its first target on, writing a row per frame.
    struct Session {
        let settings: Settings
        var feed: Feed
        private var animator: SpringAnimator
        private let startTime: Double
        /// Frames written so far.
        private(set) var frame = 0
        private let rows: RowWriter

        /// How long the default tail may run when the motion never settles (an undamped spring).
        static let longestTail = 10.0

        /// A session whose animator rests on `target` at `time`, the first frame's time.
        init(settings: Settings, feed: Feed, target: Double, at time: Double, rows: RowWriter) {
            self.settings = settings
            self.feed = feed
            self.rows = rows
            animator = SpringAnimator(
                value: target, time: time, spring: feed.spring, mode: settings.mode, reduceMotion: settings.running)
            startTime = time
        }

        /// Takes the sample of `record` after the frames before its time; a sample at a frame's
        /// time retargets first.
        mutating func take(_ record: TraceRecord) throws(ToolError) {
            feed.arrive(record.sample)
            // Counted before any is computed (docs/performance.md, resource policy).
            try HingeTool.checkGrid(
                duration: record.sample.time - startTime, rate: settings.rate, limit: settings.pointLimit,
                file: feed.path, what: "the animation")
            while nextFrameTime < record.sample.time { _ = try emitFrame() }
            guard let target = try feed.read(record) else { return }
            do throws(SpringAnimator.EventError) {
                try animator.retarget(to: target, at: record.sample.time, spring: feed.spring)
            } catch {
                throw .data(InputLocation(file: feed.path, line: record.line).message("\(error)"))
            }
        }

        /// The frames after the last sample: `--tail` seconds, or until the value has settled
        /// (and, following the position, the filter has caught up), at most ``longestTail``.
        mutating func finish() throws(ToolError) {
            let lastTime = feed.lastTime
            try HingeTool.checkGrid(
                duration: lastTime + (settings.tail ?? Self.longestTail) - startTime, rate: settings.rate,
                limit: settings.pointLimit, file: feed.path, what: "the animation and its tail",
                remedy: "raise it with '--max-points', or lower '--rate' or '--tail'")
            if let tail = settings.tail {
                while nextFrameTime <= lastTime + tail { _ = try emitFrame() }
                return
            }
            while nextFrameTime <= lastTime + Self.longestTail {
                let (time, settled) = try emitFrame()
                let reading = feed.hinge.reading(at: time)
                let quiet = !settings.followsPosition || reading.map { abs($0.position - $0.angle) < 1e-3 } ?? true
                if settled, quiet, time >= lastTime { break }
            }
        }

        private var nextFrameTime: Double { startTime + Double(frame) / settings.rate }

        /// Writes the next frame; returns its time and whether the value has settled there.
        private mutating func emitFrame() throws(ToolError) -> (time: Double, settled: Bool) {
            let t = nextFrameTime
            // Following the position, every frame retargets to the reader's position then: it
            // keeps moving between reports (the filter converges while the sensor is quiet).
            if settings.followsPosition, let reading = feed.hinge.reading(at: t),
                let goal = settings.target(raw: reading.angle, reading: reading), abs(goal - animator.target) > 1e-6
            {
                do throws(SpringAnimator.EventError) {
                    try animator.retarget(to: goal, at: t)
                } catch {
                    throw .data("\(feed.path): the animator refused the position at t = \(t) s: \(error)")
                }
            }
            let state = animator.state(at: t)
            feed.clock.write(t, to: rows)
            rows.add(animator.target)
            rows.add(state.value)
            rows.add(state.velocity)
            rows.endRow()
            frame += 1
            return (t, animator.isSettled(at: t))
        }
    }
}
