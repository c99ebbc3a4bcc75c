/// Reads an irregular stream of hinge samples as a position, a velocity and a snap.
///
/// ```swift
/// var reader = HingeReader()
/// try reader.ingest(HingeSample(time: 0.000, angle: 180, status: .fullyOpen))
/// try reader.ingest(HingeSample(time: 0.021, angle: 176, status: .fullyOpen))
/// if let reading = reader.reading(at: 0.025) {       // a frame between samples
///     print(reading.position, reading.velocity, reading.snap)
/// }
/// ```
///
/// The system promises no update rate, step, range or precision, and an on-change sensor goes
/// silent when the hinge stops. The reader therefore answers at any time at or after the last
/// sample, in closed form from its state: the answer for a frame does not depend on how often
/// frames are asked for.
///
/// - **Position**: the 1€ filter (``OneEuroFilter``, on-change discretisation by default) or
///   the raw angle.
/// - **Velocity**: see ``VelocityEstimator``; HingeKit's Kalman filter by default (with stop
///   detection), its least-squares estimator, and Android's LSQ2 and finite differences as baselines.
/// - **Snap**: the detent the hinge rests at or is heading to (``SnapConfiguration``).
///
/// **Input policy.** Non-finite times or angles, times going backwards and angles outside
/// ``Configuration/angleRange`` are rejected with an ``InputError`` and change nothing. A sample
/// at the same time as the previous one replaces it (the later report wins) and is counted in
/// ``duplicateCount``. A sample with neither angle nor status means the hinge went away: the
/// reader resets and ``reading(at:)`` is `nil` until the next angle. A status without an angle
/// updates the status only; an angle without a status has a `nil` status.
///
/// The state is fixed in size: ingesting a sample or reading never allocates (except the first
/// ingest into a reader that shares its state with a copy, which makes the state its own, in two
/// allocations).
public struct HingeReader: Sendable {
    /// How the reader reads.
    public struct Configuration: Hashable, Sendable {
        /// Where the position comes from.
        public enum Position: Hashable, Sendable {
            /// The 1€ filter with these parameters and this discretisation.
            case oneEuro(OneEuroFilter.Parameters, OneEuroFilter.Discretisation)
            /// The raw angle, unfiltered.
            case raw
        }

        /// How the position is smoothed (default: the 1€ filter, on-change, ``OneEuroFilter/Parameters/hinge``).
        public var position: Position
        /// How the velocity is estimated (default: ``VelocityEstimator/standard``).
        public var velocity: VelocityEstimator
        /// The detents and how the snap decides.
        public var snap: SnapConfiguration
        /// Accepted angles in degrees; 0…360 by default (Surface Duo folds back to 360°).
        public var angleRange: ClosedRange<Double>
        /// A sensor whose smallest reported change is at least this many degrees (default 30°:
        /// Samsung's 0/90/180° hinge) is read as levels, not as a motion: the position is the
        /// raw angle and the velocity is 0. Filtering between levels would invent angles the
        /// sensor never saw and delay the ones it did; `.infinity` turns the rule off.
        public var coarseStep: Double

        /// A configuration; every parameter has HingeKit's default.
        public init(
            position: Position = .oneEuro(.hinge, .onChange), velocity: VelocityEstimator = .standard,
            snap: SnapConfiguration = SnapConfiguration(), angleRange: ClosedRange<Double> = 0...360,
            coarseStep: Double = 30
        ) {
            precondition(coarseStep > 0, "coarseStep must be positive")
            self.position = position
            self.velocity = velocity
            self.snap = snap
            self.angleRange = angleRange
            self.coarseStep = coarseStep
        }
    }

    /// A sample the reader refuses; the reader is unchanged.
    public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The time is NaN or infinite.
        case nonFiniteTime(Double)
        /// The angle is NaN or infinite.
        case nonFiniteAngle(time: Double, angle: Double)
        /// The time is earlier than the previous sample's.
        case timeGoesBackwards(time: Double, previous: Double)
        /// The angle lies outside ``Configuration/angleRange``.
        case angleOutOfRange(time: Double, angle: Double, range: ClosedRange<Double>)

        public var description: String {
            switch self {
            case .nonFiniteTime(let time): "time \(time) is not finite"
            case .nonFiniteAngle(let time, let angle): "angle \(angle) at time \(time) is not finite"
            case .timeGoesBackwards(let time, let previous): "time \(time) goes backwards after \(previous)"
            case .angleOutOfRange(let time, let angle, let range):
                "angle \(angle) at time \(time) is outside \(range.lowerBound)…\(range.upperBound)"
            }
        }
    }

    /// How this reader reads.
    public var configuration: Configuration { storage.state.pointee.configuration }
    /// Samples accepted so far, duplicates included.
    public var sampleCount: Int { storage.state.pointee.sampleCount }
    /// Samples that repeated the previous sample's time and replaced it.
    public var duplicateCount: Int { storage.state.pointee.duplicateCount }
    /// The smallest change between successive angles since the hinge (last) appeared: the
    /// sensor's step as far as the samples show it; infinity before the first change. The
    /// reader's rule for coarse sensors (``Configuration/coarseStep``) reads it, and so does
    /// ``UnfoldDriver``.
    public var smallestChange: Double { storage.state.pointee.current.smallestChange }

    /// The reader's state, shared by copies until one of them ingests (copy on write).
    ///
    /// A reader is about a kilobyte of filter state (two snapshots, the pending angles, the
    /// filters' tuning). Kept inline, every call of a non-mutating method on a reader held in a
    /// closure or a class copied all of it first;
    /// behind one reference a copy is a retain. The box and the state are two allocations,
    /// made when the reader is created and again by the first ingest into a reader that shares
    /// its state with a copy, to make the state its own; none after that. (A managed buffer,
    /// one allocation, measured no faster and cannot be declared `Sendable`.)
    private var storage: Storage

    /// A reader with no samples yet.
    public init(configuration: Configuration = Configuration()) {
        storage = Storage.make(State(configuration: configuration))
    }

    /// Takes the next sample.
    /// - Throws: ``InputError`` for a sample the reader cannot accept; nothing changes then.
    /// - Complexity: O(1); no allocation (unless the reader shares its state with a copy).
    public mutating func ingest(_ sample: HingeSample) throws(InputError) {
        if !isKnownUniquelyReferenced(&storage) { makeStateOwn() }
        try storage.state.pointee.ingest(sample)
    }

    /// Gives this reader a state of its own (apart, so that ``ingest(_:)``, into which the
    /// state's ingest is inlined, does not reserve the stack for a copy of the state).
    @inline(never)
    private mutating func makeStateOwn() { storage = Storage.make(storage.state.pointee) }

    /// The reading at `time`, or `nil` when no angle has arrived since the hinge appeared.
    ///
    /// A time before the newest sample is read as the newest sample's time: the reader keeps
    /// no history of its readings.
    public func reading(at time: Double) -> HingeReading? { State.reading(UnsafePointer(storage.state), at: time) }

    /// The box the state lives in. Only a uniquely referenced storage is mutated (see
    /// ``HingeReader/ingest(_:)``), so sharing one between threads is safe as it is for any
    /// copy-on-write value.
    private final class Storage: @unchecked Sendable {
        /// Allocated with the storage; a pointer's pointee is read and written without the
        /// runtime exclusivity checks a class's stored property costs on every access.
        let state: UnsafeMutablePointer<State>

        /// A box holding `state`: two allocations, the object and the state.
        static func make(_ state: State) -> Storage { Storage(state) }

        private init(_ state: State) {
            self.state = .allocate(capacity: 1)
            self.state.initialize(to: state)
        }

        deinit {
            state.deinitialize(count: 1)
            state.deallocate()
        }
    }

    /// What the velocity estimators keep beside the sample history: one field for each
    /// estimator with a state of its own (today only the Kalman filter); the stateless ones read
    /// the history alone and leave it untouched.
    ///
    /// A struct, not an enum with a payload per estimator: reading and updating a payload in
    /// place is not possible, and the copies in and out cost 70 ns a sample (`make bench`,
    /// 200 against 131 ns), more than half the reader's budget.
    struct EstimatorState: Sendable {
        /// The Kalman filter of ``VelocityEstimator/kalman(_:)``; empty for the others.
        var kalman = KalmanTracker()

        /// Takes a sample (the history already holds it).
        @inline(__always)
        mutating func add(time: Double, angle: Double, step: Double, _ estimator: VelocityEstimator) {
            guard case .kalman(let parameters) = estimator else { return }
            kalman.add(time: time, angle: angle, step: step, parameters)
        }
    }

    /// Everything a sample changes besides the history and the status. The reader keeps one
    /// from a few samples back (``State/checkpoint``), so a duplicate of the newest sample can
    /// rebuild the state before it and replace the sample exactly.
    ///
    /// Only what a sample changes: the 1€ filter's tuning stays in the state (248 bytes, where
    /// the whole filter made 288).
    private struct Snapshot: Sendable {
        /// The 1€ filter's state, fresh until the first angle; unused with a raw position.
        var filterMotion = OneEuroFilter.Motion()
        /// The velocity estimator's own state.
        var estimator = EstimatorState()
        /// The index of the detent the snap shows.
        var detent = 0
        /// The smallest change between successive angles since the hinge appeared.
        var smallestChange = Double.infinity

    }

    /// A reader's state: the history, the snapshot after the newest sample, and an earlier
    /// snapshot with the angles since then, from which a duplicate rebuilds the state before the
    /// newest sample.
    ///
    /// **Checkpoints.** Ingesting an angle changes the snapshot in place, so the state before
    /// the newest sample, which a duplicate of that sample restores, has to be kept apart. A
    /// copy for every sample cost 57 instructions of the reader's 990 (issue 31). Instead, the
    /// state keeps a copy (``checkpoint``) taken at most ``checkpointInterval`` samples back and
    /// the angles ingested since (``pending``, with what each was ingested with). A duplicate
    /// starts again from the checkpoint and ingests the pending angles but the newest, which
    /// is the same arithmetic in the same order as the first time, so the state is the same to
    /// the bit; then it takes a new checkpoint there, so a run of duplicates rebuilds only once.
    /// Estimators that read the sample history (all but the Kalman filter) would read it as it
    /// is now, not as it was, so for them the interval is 1: a copy for every sample, nothing
    /// to ingest again.
    private struct State: Sendable {
        let configuration: HingeReader.Configuration
        var sampleCount = 0
        var duplicateCount = 0

        /// The newest samples: as many as the velocity estimator looks back at, two for the
        /// Kalman filter (which keeps its own state; the reader needs the newest sample and, for
        /// a duplicate, the one before it), held in fields rather than arrays.
        var history: SampleHistory
        /// The state after the newest sample.
        var current: Snapshot
        /// The state before the oldest pending angle (see the type's discussion).
        var checkpoint: Snapshot
        /// The angles ingested since ``checkpoint``, oldest first (at least one once the hinge
        /// has an angle: the newest is always pending), with their times; and for the oldest,
        /// the angle before it (`nil` when there was none) and whether it was the first angle
        /// since the hinge appeared (a later one's is the one pending before it, and `false`).
        var pendingTimes = SIMD8<Double>(), pendingAngles = SIMD8<Double>()
        var pendingCount = 0
        var oldestPendingBefore: Double?
        var oldestPendingIsFirst = false
        /// How many angles may be pending: 8 with the Kalman filter, 1 (a copy for every sample)
        /// for the estimators that read the history.
        let checkpointInterval: Int
        var lastTime: Double?
        var status: HingeStatus?
        /// What ``compute(_:at:)`` gave at the newest sample's time, which ingesting worked out
        /// anyway: an app reads at the sample's time right after ingesting, and the velocity fit
        /// is most of the cost of both.
        var atNewest: Computation?
        /// Whether the position comes from the 1€ filter.
        let usesFilter: Bool
        /// The 1€ filter's tuning (its motion is in the snapshots); unused with a raw position.
        let filter: OneEuroFilter

        typealias Computation = (time: Double, position: Double, velocity: Double, projected: Double)

        init(configuration: HingeReader.Configuration) {
            self.configuration = configuration
            if case .kalman = configuration.velocity {
                history = SampleHistory(capacity: 2)
                checkpointInterval = 8
            } else {
                history = SampleHistory(capacity: VelocityEstimator.historyCapacity)
                checkpointInterval = 1
            }
            current = Snapshot()
            checkpoint = current
            if case .oneEuro(let parameters, let discretisation) = configuration.position {
                usesFilter = true
                filter = OneEuroFilter(parameters, discretisation: discretisation)
            } else {
                usesFilter = false
                filter = OneEuroFilter(.hinge)
            }
        }

        @inline(__always)
        mutating func ingest(_ sample: HingeSample) throws(HingeReader.InputError) {
            try Self.check(sample, after: lastTime, range: configuration.angleRange)
            sampleCount += 1
            guard let angle = sample.angle else {
                if sample.status == nil {
                    reset()
                } else {
                    status = sample.status
                }
                lastTime = lastTime.map { max($0, sample.time) } ?? sample.time
                return
            }
            status = sample.status
            // A duplicate of the hinge's first angle replaces it, so it is the first angle too
            // (its detent is the nearest to it, not the fresh state's 0).
            let replaces = history.newest?.time == sample.time
            let isFirstAngle = history.count == 0 || (replaces && history.count == 1)
            if replaces {
                duplicateCount += 1
                history.replaceNewest(time: sample.time, angle: angle)
                rebuildBeforeNewest()
            } else {
                history.append(time: sample.time, angle: angle)
                if pendingCount == checkpointInterval {
                    checkpoint = current
                    pendingCount = 0
                }
            }
            // The angle before this one since the hinge appeared, if any.
            let before = history.count >= 2 ? history.sample(back: 1).angle : nil
            if pendingCount == 0 {
                oldestPendingBefore = before
                oldestPendingIsFirst = isFirstAngle
            }
            withUnsafeMutableBytes(of: &pendingTimes) {
                $0.storeBytes(of: sample.time, toByteOffset: 8 * pendingCount, as: Double.self)
            }
            withUnsafeMutableBytes(of: &pendingAngles) {
                $0.storeBytes(of: angle, toByteOffset: 8 * pendingCount, as: Double.self)
            }
            pendingCount += 1
            lastTime = sample.time
            atNewest = advance(time: sample.time, angle: angle, before: before, isFirstAngle: isFirstAngle)
        }

        /// Moves ``current`` on by an angle, given the angle before it since the hinge appeared
        /// (`nil`: none) and whether it is the hinge's first; returns the computation at its time.
        @inline(__always)
        private mutating func advance(time: Double, angle: Double, before: Double?, isFirstAngle: Bool) -> Computation {
            if let before {
                let change = abs(angle - before)
                if change > 0 { current.smallestChange = min(current.smallestChange, change) }
            }
            if usesFilter { filter.add(angle, at: time, to: &current.filterMotion) }
            current.estimator.add(time: time, angle: angle, step: current.smallestChange, configuration.velocity)
            if isFirstAngle { current.detent = configuration.snap.nearest(to: angle) }
            let reading = withUnsafePointer(to: &self) {
                Self.computeAtReport($0, time: time, angle: angle, hasPrevious: before != nil)
            }
            current.detent = configuration.snap.decide(projected: reading.projected, current: current.detent)
            return reading
        }

        /// For a duplicate: ``current`` becomes the state before the newest sample (the
        /// checkpoint moved on by every pending angle but the newest, which is dropped), and the
        /// checkpoint moves there.
        @inline(never)
        private mutating func rebuildBeforeNewest() {
            current = checkpoint
            pendingCount -= 1
            guard pendingCount > 0 else { return }
            for index in 0..<pendingCount {
                _ = advance(
                    time: pendingTimes[index], angle: pendingAngles[index],
                    before: index == 0 ? oldestPendingBefore : pendingAngles[index - 1],
                    isFirstAngle: index == 0 && oldestPendingIsFirst)
            }
            checkpoint = current
            pendingCount = 0
        }

        /// Throws for a sample the reader refuses. (Static: a method called on the state, which
        /// lives behind a pointer, would copy all of it first. Inlined: a call cost a third of
        /// its 34 instructions a sample, issue 31.)
        @inline(__always)
        private static func check(
            _ sample: HingeSample, after lastTime: Double?, range: ClosedRange<Double>
        ) throws(HingeReader.InputError) {
            guard sample.time.isFinite else { throw .nonFiniteTime(sample.time) }
            if let lastTime, sample.time < lastTime {
                throw .timeGoesBackwards(time: sample.time, previous: lastTime)
            }
            if let angle = sample.angle {
                guard angle.isFinite else { throw .nonFiniteAngle(time: sample.time, angle: angle) }
                guard range.contains(angle) else {
                    throw .angleOutOfRange(time: sample.time, angle: angle, range: range)
                }
            }
        }

        /// The reading at `time`, worked out through a pointer to the state: a method called
        /// on a pointer's `pointee` copies the whole state first, where a field read through
        /// the pointer reads just that field. Nothing is written, so readers on several threads
        /// may share a state.
        @inline(__always)
        static func reading(_ state: UnsafePointer<State>, at time: Double) -> HingeReading? {
            guard let newest = state.pointee.history.newest else { return nil }
            let time = max(time, newest.time)
            let shown: Int
            let reading: Computation
            if time == newest.time, let atNewest = state.pointee.atNewest {
                // Ingesting decided the detent from this very projection.
                reading = atNewest
                shown = state.pointee.current.detent
            } else {
                reading = compute(state, at: time)
                shown = state.pointee.configuration.snap.decide(
                    projected: reading.projected, current: state.pointee.current.detent)
            }
            return HingeReading(
                time: reading.time, angle: newest.angle, status: state.pointee.status, position: reading.position,
                velocity: reading.velocity, projected: reading.projected,
                snap: state.pointee.configuration.snap.detents[shown],
                isResting: abs(reading.velocity) < state.pointee.configuration.snap.restingSpeed)
        }

        /// Position, velocity and projection at `time` (see ``reading(_:at:)`` for the pointer);
        /// the history holds at least one angle.
        static func compute(_ state: UnsafePointer<State>, at time: Double) -> Computation {
            guard let newest = state.pointee.history.newest else { return (time, 0, 0, 0) }
            // Fields read through the pointer one by one: a copy of the configuration would
            // retain and release its detents on every call.
            let smallestChange = state.pointee.current.smallestChange
            if smallestChange.isFinite, smallestChange >= state.pointee.configuration.coarseStep {
                return (time, newest.angle, 0, newest.angle)
            }
            let position =
                state.pointee.usesFilter
                ? state.pointee.filter.value(at: time, state.pointee.current.filterMotion) ?? newest.angle
                : newest.angle
            let velocity: Double
            if case .kalman(let parameters) = state.pointee.configuration.velocity, state.pointee.history.count >= 2 {
                // The default estimator read in place (its common case is inlined): passed to
                // the general entry below, the filter's state, 184 bytes, was copied for every
                // reading.
                velocity = state.pointee.current.estimator.kalman.velocity(at: time, step: smallestChange, parameters)
            } else {
                velocity = state.pointee.configuration.velocity.velocity(
                    at: time, history: state.pointee.history, state: state.pointee.current.estimator,
                    step: smallestChange)
            }
            let reach = state.pointee.configuration.snap.maximumProjection
            let projection = min(max(velocity * state.pointee.configuration.snap.projectionTime, -reach), reach)
            return (time, position, velocity, position + projection)
        }

        /// ``compute(_:at:)`` at the time of the angle ``current`` took last, which ingesting
        /// asks for at every sample: with the default estimator the filters answer from their
        /// fields (nothing has moved on since the sample), without the general path's branches
        /// for later times. `hasPrevious`: an angle came before it since the hinge appeared.
        /// (The other estimators read the history, whose newest sample this always is for them.)
        @inline(__always)
        static func computeAtReport(
            _ state: UnsafePointer<State>, time: Double, angle: Double, hasPrevious: Bool
        ) -> Computation {
            guard case .kalman(let parameters) = state.pointee.configuration.velocity else {
                return compute(state, at: time)
            }
            let smallestChange = state.pointee.current.smallestChange
            if smallestChange.isFinite, smallestChange >= state.pointee.configuration.coarseStep {
                return (time, angle, 0, angle)
            }
            let position = state.pointee.usesFilter ? state.pointee.current.filterMotion.filtered ?? angle : angle
            let velocity = hasPrevious ? state.pointee.current.estimator.kalman.velocityAtReport(parameters) : 0
            let reach = state.pointee.configuration.snap.maximumProjection
            let projection = min(max(velocity * state.pointee.configuration.snap.projectionTime, -reach), reach)
            return (time, position, velocity, position + projection)
        }

        /// Forgets the hinge: the history and the snapshots start afresh, nothing pending.
        mutating func reset() {
            history.removeAll()
            current = Snapshot()
            checkpoint = current
            pendingCount = 0
            atNewest = nil
            status = nil
        }
    }
}
