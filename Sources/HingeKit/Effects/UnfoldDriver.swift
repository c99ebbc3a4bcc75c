internal import HingeSupport

/// HingeKit's unfold progress on screen: Android's quantity, clamp(angle / 165°), shown with
/// less lag than Android's own spring.
///
/// ```swift
/// var unfold = UnfoldDriver()
/// try unfold.ingest(HingeSample(time: 0.000, angle: 180, status: .fullyOpen))
/// try unfold.ingest(HingeSample(time: 0.008, angle: 176, status: .fullyOpen))
/// let progress = unfold.value(at: 0.010)           // on every frame
/// ```
///
/// It has ``EffectDriver``'s shape: samples and changes of preference are events in time
/// order (``EventError``), ``setReduceMotion(_:at:)`` switches the preference at a time,
/// ``value(at:)`` answers a frame and ``target`` is where the value heads.
///
/// Android drives one critically damped spring (stiffness 600) straight at each reported
/// angle: the spring trails a moving hinge by 2/ω ≈ 82 ms. This driver (docs/effects.md
/// measures it against Android's):
///
/// - **Stages.** The target goes through ``Configuration/stages`` first-order stages in a row,
///   each following the one before at rate ω (``Configuration/omega``): x′ᵢ = ω(xᵢ₋₁ − xᵢ).
///   With three, a step of the target reaches the screen with a continuous velocity and
///   acceleration, and each stage is an average of its input's past with positive weights, so
///   the value never leaves the range of the targets it was given (no overshoot).
/// - **A lead.** The stages trail a steady motion by n/ω; the target is moved ahead by the
///   reader's velocity times ``Configuration/lead`` × n/ω, so a steady motion is shown where it
///   is. The velocity is the ``HingeReader``'s (a Kalman filter that reads silence as a stop;
///   ``readerConfiguration`` smooths it more than the reader's default). The lead is weighted
///   by v²/(v² + s²) with s = ``Configuration/leadSpeed``: a smooth fade, so that the
///   velocity's noise at rest and in slow motion neither shows as jitter nor is amplified by
///   the fade's own slope. A report that jumps more than 1.5 sensor steps gets no lead when the
///   velocity points against its jump (the reader's estimate after a silence can).
/// - **Coarse sensors** (0/90/180°) carry no velocity, so there is no lead; the stages run at
///   ``Configuration/coarseOmega`` (``Configuration/coarseStages`` of them) instead.
///
/// An on-change sensor goes quiet when the hinge stops, so a silence of six recent mean
/// intervals means the hinge stopped at the newest angle: from then on the target is that
/// angle's progress, without a lead. (Six, not the 1.5 a steady sensor would suggest, so that
/// a sensor that drops out mid-motion — the dropouts scenario — keeps its lead through short
/// gaps.) A silence after fast motion, on a sensor that reported that motion step by step, is
/// read as a dropout instead: the target moves on at the lead's velocity, speeding up with the
/// velocity's trend while the move speeds up (``Configuration/carryGrowth``), for up to
/// ``Configuration/carry`` seconds (``Configuration/carrySpeed``, ``maximumCarryStep``,
/// ``maximumCarryInterval``), and only then is the hinge taken to have stopped. A silence after a
/// report whose velocity is below the one before is not carried unless the trend speeds the move
/// up: a hand that slows is stopping.
///
/// The stages are solved in closed form from the state at the last sample, so a frame's value
/// does not depend on how often frames are asked for. Under Reduce Motion the progress of the
/// newest angle is shown as it is; turning it off lets the stages carry the value from there.
/// With no hinge the progress is 1 (a flat phone).
///
/// **Step sensors.** Given a ``StepSensor`` (Samsung's 0/90/180, a Razr's ladder), the driver
/// reads each level change as a threshold crossing and shows the progress of
/// ``StepSensorTracker``'s angle instead (docs/reading.md, "Step sensors").
public struct UnfoldDriver: Sendable {
    /// Why a sample or a change of preference was refused (``EffectDriver``'s error); the
    /// driver is then unchanged.
    public typealias EventError = DriverEventError

    /// The most stages a configuration may ask for: as many as the driver keeps inline (8).
    public static let maximumStages = Stages.capacity

    /// The largest sensor step (°, exclusive) whose silences are carried through
    /// (``Configuration/carry``): on a 5° sensor a report leads the hinge by up to half a step
    /// and a stop is reported late, so carrying on cost RMSE on five-degree-steps (docs/effects.md).
    public static let maximumCarryStep = 2.0

    /// The longest interval (seconds) between the newest report and the one before for the
    /// silence after it to be carried through: a sensor polled at 10–30 Hz has a stale velocity
    /// at its last report, and carrying it on overshoots every stop (docs/effects.md).
    public static let maximumCarryInterval = 0.02

    /// The longest interval (seconds) between the newest report and the one before for the
    /// silence after it to be carried through when the move speeds up (its velocity's trend is
    /// along it): at a move's start an on-change sensor reports each degree 20–30 ms apart.
    public static let maximumAcceleratingCarryInterval = 0.03

    /// How far, in multiples of the reader's velocity × the interval, a report may move beyond 1.5
    /// sensor steps for the silence after it to be carried, on a sensor that reports at least
    /// every ``maximumCarryInterval`` on average (the driver's mean interval): a fast move on a
    /// fast-polled 1° sensor moves several steps a report, and without this its dropouts were
    /// never carried (dropouts-varied seeds 41 and 61, moves of 340 °/s). On a 10–30 Hz sensor the
    /// mean interval is longer and the 1.5 steps hold, as their stale velocity asks
    /// (docs/effects.md, "Carrying a fast move").
    static let fastMoveStepAllowance = 1.5

    /// The fastest a carry moves the target, °/s: the carried velocity, and the speed-up it is
    /// carried with (``Configuration/carryGrowth``), stop there. The reader's velocity lags, so
    /// its trend still says "speeding up" after a move's peak, and moves that went silent at
    /// 200–430 °/s were carried on far past that while the hand came to rest within the silence
    /// (dropouts-varied seeds 9, 32, 36, 44). Tuned on dropouts-varied's tuning seeds: the
    /// lowest top speed that costs no other scenario's tuning seeds more than 0.5 % (a lower
    /// one slows close-and-open's fast carries; docs/effects.md, "A top speed for the carry").
    static let carryTopSpeed = 300.0

    /// The share of the way to its target the first stage takes at once when a report jumps
    /// (more than 1.5 sensor steps) after the driver read the silence before it as a stop (six
    /// mean intervals, or the carry, passed): the hinge started to move in the silence, and the
    /// stages, at rest, would otherwise build their acceleration up through every stage while
    /// the hand moves on (dropouts-varied seeds 38, 56, 66: 0.12–0.2 of progress behind for
    /// 0.1 s). The first stage is inside the range of the targets, so the value still never
    /// leaves it. Only on a fine sensor (steps under ``maximumCarryStep``). Tuned on
    /// dropouts-varied's tuning seeds (docs/effects.md, "A head start after a stop").
    static let catchUpHeadStart = 0.5

    /// How far back (seconds) the velocity's trend reaches: the reader's velocity at up to eight
    /// reports within this window of the newest, all with its sign, fitted by least squares.
    public static let carryTrendWindow = 0.08

    /// The reader the driver uses by default: the standard one, with the Kalman velocity's
    /// jerk noise at 3 × 10⁷ °²/s⁷ instead of 10⁸, so the lead carries less of the sensor's
    /// quantisation (docs/effects.md).
    public static var readerConfiguration: HingeReader.Configuration {
        var configuration = HingeReader.Configuration()
        configuration.velocity = .kalman(KalmanVelocity(jerkNoise: 3e7))
        return configuration
    }

    /// How the driver follows the hinge.
    public struct Configuration: Hashable, Sendable {
        /// The rate of each stage, rad/s (default 30).
        public let omega: Double
        /// The number of first-order stages in a row (default 3, 1…``UnfoldDriver/maximumStages``).
        public let stages: Int
        /// The fraction of the stages' lag (n/ω) the target is moved ahead by (default 1).
        public let lead: Double
        /// The reader speed (°/s) at which the lead is half on (default 6): the lead is weighted
        /// by v²/(v² + leadSpeed²). 0 leads at every speed.
        public let leadSpeed: Double
        /// The rate of each stage on a coarse sensor, rad/s (default 38): its readings carry no
        /// velocity (``HingeReader/Configuration/coarseStep``), so there is no lead.
        public let coarseOmega: Double
        /// The number of stages on a coarse sensor (default 3, 1…``UnfoldDriver/maximumStages``).
        public let coarseStages: Int
        /// Where the progress reaches 1, degrees (default 165, Android's).
        public let unfoldedAngle: Double
        /// The longest silence, seconds, through which the target carries on at the lead's
        /// velocity (default ``UnfoldDriver/Configuration/defaultCarry``; 0 stops at the newest
        /// angle as before): a silence that follows motion is read as a dropout for this long.
        public let carry: Double

        /// The reader speed (°/s) at which half the velocity is carried through a silence
        /// (default 30): the carry is weighted by v²/(v² + carrySpeed²) on top of the lead's
        /// fade, so the slow end of a move, where the hand stops, is not carried on.
        public let carrySpeed: Double

        /// How many times its velocity at the silence's start a carried move may reach (default
        /// 8, in 1…100; 1 carries the velocity as it is): a move that speeds up into a silence is
        /// carried on with its velocity's trend (the reader's velocity at the newest reports, by
        /// least squares) until its velocity has grown this much. A minimum-jerk move's peak
        /// speed is 7.7 times its speed a tenth of the way through it.
        public let carryGrowth: Double

        /// The default ``carry``: 0.4 s, tuned with ``carrySpeed`` on seeds 2–6 of the 1°
        /// scenarios (docs/effects.md, "Carrying a move through a silence").
        public static let defaultCarry = 0.4

        /// The default ``carryGrowth``: 8, tuned on seeds 2–6 of the dropouts scenario
        /// (docs/effects.md, "Carrying a move through a silence").
        public static let defaultCarryGrowth = 8.0

        /// The responsiveness of the default configuration: 0.8, three stages at 30 rad/s with the
        /// full lead.
        public static let defaultResponsiveness = 0.8

        /// The points the responsiveness runs through: (responsiveness, ω, lead), tuned on seeds
        /// 2–6 so that each point sits on the smoothness–lag frontier (docs/effects.md).
        static let responsivenessPath: [(responsiveness: Double, omega: Double, lead: Double)] = [
            (0, 20, 0.25), (0.2, 20, 0.5), (0.4, 25, 0.5), (0.6, 25, 0.75), (0.8, 30, 1), (1, 40, 1),
        ]

        /// A configuration at a point of the smoothness–lag frontier: 0 is the smoothest and
        /// latest (three stages at 20 rad/s, a quarter of the lead), 1 the most responsive and
        /// choppiest (40 rad/s, the full lead); ``defaultResponsiveness`` (0.8) is the default
        /// configuration. Between the tuned points ω and the lead are interpolated linearly; the
        /// other settings keep their defaults. docs/effects.md draws the curve against Android's
        /// spring family.
        ///
        /// - Parameters:
        ///   - responsiveness: in 0…1.
        ///   - unfoldedAngle: where the progress reaches 1, degrees, positive and finite (165,
        ///     Android's, by default).
        /// - Throws: ``EffectParameterError`` naming `responsiveness` outside 0…1 (NaN too) or
        ///   an `unfoldedAngle` that is not positive and finite.
        public init(responsiveness: Double, unfoldedAngle: Double = 165) throws(EffectParameterError) {
            try EffectParameterError.require(responsiveness, "responsiveness", of: Self.name, "in 0…1") {
                (0...1).contains($0)
            }
            let path = Self.responsivenessPath
            var index = 0
            while index < path.count - 2, responsiveness > path[index + 1].responsiveness { index += 1 }
            let (low, high) = (path[index], path[index + 1])
            let fraction = (responsiveness - low.responsiveness) / (high.responsiveness - low.responsiveness)
            try self.init(
                omega: low.omega + (high.omega - low.omega) * fraction,
                lead: low.lead + (high.lead - low.lead) * fraction, unfoldedAngle: unfoldedAngle)
        }

        /// The default configuration, the one docs/effects.md tunes: three stages at 30 rad/s
        /// with the full lead (``defaultResponsiveness``), three at 38 rad/s on a coarse sensor.
        public init() {
            self.init(
                checkedOmega: 30, stages: 3, lead: 1, leadSpeed: 6, coarseOmega: 38, coarseStages: 3, unfoldedAngle: 165
            )
        }

        /// A configuration; the defaults are the ones docs/effects.md tunes.
        ///
        /// - Throws: ``EffectParameterError`` naming the first field out of its range:
        ///   `omega`, `coarseOmega` and `unfoldedAngle` must be positive and finite; `lead` and
        ///   `leadSpeed` finite and not negative; `stages` and `coarseStages` in
        ///   1…``UnfoldDriver/maximumStages``; `carry` in 0…10 s; `carrySpeed` positive and finite;
        ///   `carryGrowth` in 1…100.
        public init(
            omega: Double = 30, stages: Int = 3, lead: Double = 1, leadSpeed: Double = 6, coarseOmega: Double = 38,
            coarseStages: Int = 3, unfoldedAngle: Double = 165, carry: Double = Configuration.defaultCarry,
            carrySpeed: Double = 30, carryGrowth: Double = Configuration.defaultCarryGrowth
        ) throws(EffectParameterError) {
            let positive = "positive and finite"
            let notNegative = "finite and not negative"
            let stageRange = "in 1…\(UnfoldDriver.maximumStages)"
            try EffectParameterError.require(omega, "omega", of: Self.name, positive) { $0 > 0 && $0.isFinite }
            try Self.requireStages(stages, "stages", stageRange)
            try EffectParameterError.require(lead, "lead", of: Self.name, notNegative) { $0 >= 0 && $0.isFinite }
            try EffectParameterError.require(leadSpeed, "leadSpeed", of: Self.name, notNegative) {
                $0 >= 0 && $0.isFinite
            }
            try EffectParameterError.require(coarseOmega, "coarseOmega", of: Self.name, positive) {
                $0 > 0 && $0.isFinite
            }
            try Self.requireStages(coarseStages, "coarseStages", stageRange)
            try EffectParameterError.require(unfoldedAngle, "unfoldedAngle", of: Self.name, positive) {
                $0 > 0 && $0.isFinite
            }
            try EffectParameterError.require(carry, "carry", of: Self.name, "in 0…10 s") { (0...10).contains($0) }
            try EffectParameterError.require(carrySpeed, "carrySpeed", of: Self.name, positive) {
                $0 > 0 && $0.isFinite
            }
            try EffectParameterError.require(carryGrowth, "carryGrowth", of: Self.name, "in 1…100") {
                (1...100).contains($0)
            }
            self.init(
                checkedOmega: omega, stages: stages, lead: lead, leadSpeed: leadSpeed, coarseOmega: coarseOmega,
                coarseStages: coarseStages, unfoldedAngle: unfoldedAngle, carry: carry, carrySpeed: carrySpeed,
                carryGrowth: carryGrowth)
        }

        private init(
            checkedOmega omega: Double, stages: Int, lead: Double, leadSpeed: Double, coarseOmega: Double,
            coarseStages: Int, unfoldedAngle: Double, carry: Double = Configuration.defaultCarry,
            carrySpeed: Double = 30, carryGrowth: Double = Configuration.defaultCarryGrowth
        ) {
            self.omega = omega
            self.stages = stages
            self.lead = lead
            self.leadSpeed = leadSpeed
            self.coarseOmega = coarseOmega
            self.coarseStages = coarseStages
            self.unfoldedAngle = unfoldedAngle
            self.carry = carry
            self.carrySpeed = carrySpeed
            self.carryGrowth = carryGrowth
        }

        /// The driver as ``EffectParameterError`` names it.
        private static let name = "unfold driver"

        /// Throws unless `count` is a number of stages the driver has room for.
        private static func requireStages(
            _ count: Int, _ parameter: String, _ requirement: String
        ) throws(EffectParameterError) {
            guard (1...UnfoldDriver.maximumStages).contains(count) else {
                throw EffectParameterError(
                    effect: name, parameter: parameter, value: Double(count), requirement: requirement)
            }
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// Whether the newest angle's progress is shown as it is (the user asked for reduced motion).
    public private(set) var reduceMotion: Bool
    /// The reader the samples go through.
    public private(set) var reader: HingeReader
    /// On a step sensor described to the driver, the tracker that reads its level changes as
    /// threshold crossings; the progress then follows its angle (``StepSensorTracker``).
    public private(set) var stepTracker: StepSensorTracker?

    private var hasSample = false
    /// The reader's ``HingeReader/smallestChange`` as of the newest sample, taken after the
    /// stages up to that sample have run: they run under the sensor class known before it.
    private var step = Double.infinity
    /// The newest sample's time (for the intervals between samples).
    private var lastSampleTime: Double?
    /// The newest event's time, which every sample and change of preference is checked against.
    private var order = DriverEventOrder()
    /// The time ``stageValues`` hold for: the newest sample's, or a later change of preference.
    private var time = 0.0
    private var direct = 1.0
    /// When the silence after the newest sample means the hinge stopped at its angle, and the
    /// target drops its lead.
    private var due = Double.infinity
    /// The mean interval between recent samples (an exponential average, 0 before two).
    private var meanInterval = 0.0
    /// The stages' values at ``time``, first to last.
    private var stageValues = Stages(repeating: 1)
    /// The carry through a silence: for ``rampLength`` seconds from ``rampStart`` (``time``) the
    /// target moves on at ``slope`` (progress per second), then holds until ``due``. The ramp
    /// is kept as durations, not as end times: on an epoch clock (1.7e9 s) an end time is
    /// rounded to 2.4e-7 s, and the goal there could lie a rounding outside 0…1.
    private var slope = 0.0
    private var rampStart = 0.0
    private var rampLength = 0.0
    /// The carry's acceleration: for ``accelerationLength`` seconds of the ramp the goal's slope grows by
    /// 2 × ``curvature`` per second (progress per second²), then it moves on at the slope
    /// reached (the goal is ``carriedGoal(after:)``).
    private var curvature = 0.0
    private var accelerationLength = 0.0
    /// The reader's velocity at the newest reports (times and °/s, a ring of eight): their
    /// least-squares trend is the acceleration a carry goes on with.
    private var trendTimes = InlineSlots(repeating: 0.0)
    private var trendVelocities = InlineSlots(repeating: 0.0)
    private var trendCount = 0
    /// The newest angle, and whether the report that brought it moved at most 1.5 sensor steps:
    /// a sensor that reports a fast move step by step is polled fast enough for its silence
    /// to be news; one that jumps several steps a report (10–30 Hz polls) has a stale velocity.
    private var lastAngle: Double?
    private var resolvesMotion = false
    /// The reader's speed (°/s) at the newest angle: a report slower than the one before says
    /// the hand is slowing, and the silence after it is not carried.
    private var lastSpeed = 0.0

    /// A driver with no sample yet.
    ///
    /// - Parameters:
    ///   - configuration: the stages, their speeds and the lead (``Configuration``).
    ///   - reduceMotion: whether the system's Reduce Motion setting is on at the start.
    ///   - reader: the configuration of the ``HingeReader`` that reads the samples.
    ///   - stepSensor: the description of a step sensor (``StepSensor``), when the device has
    ///     one: its levels are then read as threshold crossings, not as angles.
    ///   - stepParameters: how the step sensor's tracker estimates (its defaults are fitted on
    ///     the real Galaxy Z Fold 8's folds, ``StepSensorTracker/Parameters/fittedOnFold8``).
    public init(
        configuration: Configuration = Configuration(), reduceMotion: Bool = false,
        reader: HingeReader.Configuration = UnfoldDriver.readerConfiguration, stepSensor: StepSensor? = nil,
        stepParameters: StepSensorTracker.Parameters = .init()
    ) {
        self.configuration = configuration
        self.reduceMotion = reduceMotion
        self.reader = HingeReader(configuration: reader)
        self.stepTracker = stepSensor.map { StepSensorTracker(sensor: $0, parameters: stepParameters) }
    }

    /// Whether the sensor reports coarse levels (its smallest change is at least the reader's
    /// ``HingeReader/Configuration/coarseStep``).
    public var isCoarse: Bool { step >= reader.configuration.coarseStep && step.isFinite }

    /// The progress the driver heads for: the newest angle moved ahead by the lead (before
    /// the first sample, 1).
    public private(set) var target = 1.0

    /// The progress the driver heads for.
    @available(*, deprecated, renamed: "target")
    public var currentTarget: Double { target }

    /// Takes the next sample.
    ///
    /// - Parameter sample: not before the last sample or change of preference.
    /// - Throws: ``EventError`` for a sample the reader or the driver refuses; the driver is
    ///   then unchanged.
    /// - Complexity: O(n²) in the stages (at most 64 steps); no allocation.
    public mutating func ingest(_ sample: HingeSample) throws(EventError) {
        try order.ingest(sample, into: &reader)
        if let angle = sample.angle { stepTracker?.ingest(time: sample.time, angle: angle) }
        // The stages up to this sample run under the sensor class known before it.
        let previous = hasSample ? stages(at: sample.time) : nil
        step = reader.smallestChange
        let reading = reader.reading(at: sample.time)
        let progress = self.progress(reading?.angle)
        let velocity = reading?.velocity ?? 0
        // A smooth fade: half the lead at `leadSpeed`, nearly all of it at three times that.
        let square = velocity * velocity
        let speed = configuration.leadSpeed
        let fade = speed > 0 ? square / (square + speed * speed) : 1
        let (omega, count) = rate
        // At rest (or with the lead faded out) there is no lead, even where the stages' lag
        // times the lead is infinite (ω near 0, a huge lead) and the product would be NaN.
        // A report that jumps (more than 1.5 sensor steps: after a dropout, or on a 10–30 Hz
        // sensor) shows which way the hinge went; a velocity against it is the reader's
        // estimate overshooting the silence (+525 °/s after a jump 135° → 113°), not a lead.
        let jump = sample.angle.flatMap { angle in lastAngle.map { angle - $0 } } ?? 0
        let jumps = abs(jump) > 1.5 * step
        let ahead =
            velocity * fade == 0 || jumps && jump * velocity < 0
            ? 0 : configuration.lead * Double(count) / omega * velocity * fade / configuration.unfoldedAngle
        let newTarget = min(max(progress + ahead, 0), 1)
        if let previous {
            stageValues = previous
            // A jump after the silence before it was read as a stop is a move that started in
            // the silence: the first stage takes part of it at once, so the catch-up starts with
            // its acceleration (as a spring's does) instead of building it up through every stage.
            if jumps, sample.time > due, step < Self.maximumCarryStep {
                stageValues[0] += Self.catchUpHeadStart * (newTarget - stageValues[0])
            }
        } else {
            stageValues = Stages(repeating: newTarget)
            hasSample = true
        }
        // The first sample has no interval before it (whatever its time: a trace in epoch
        // seconds starts far from 0); a duplicate time adds none.
        if let lastSampleTime, sample.time > lastSampleTime {
            let interval = min(sample.time - lastSampleTime, 0.25)
            meanInterval = meanInterval == 0 ? interval : 0.75 * meanInterval + 0.25 * interval
        }
        due = sample.time + max(6 * meanInterval, 0.001)
        let previousTime = lastSampleTime
        lastSampleTime = sample.time
        time = sample.time
        target = newTarget
        direct = progress
        // Only fast motion is carried: v²/(v² + carrySpeed²) of the lead's velocity.
        let carrySpeed = configuration.carrySpeed
        if let angle = sample.angle {
            noteReport(angle: angle, velocity: velocity, at: sample.time, after: previousTime)
        }
        let weight = fade * square / (square + carrySpeed * carrySpeed)
        // The trend is weighted by the lead's fade alone: at a move's start the velocity is
        // still low and its carry weight small, while the speed-up is what is carried.
        carryOn(velocity: velocity * weight, acceleration: velocityTrend(at: sample.time) * fade, from: sample.time)
    }

    /// Records a report's angle and the reader's velocity there, and decides whether a silence
    /// after it is carried (``resolvesMotion``).
    private mutating func noteReport(angle: Double, velocity: Double, at time: Double, after previousTime: Double?) {
        let interval = previousTime.map { time - $0 } ?? .infinity
        recordTrend(velocity, at: time)
        // A move speeds up when its velocity's trend is along it: a report a little slower
        // than the one before (the reader's noise) is then no sign of a stop, and at a
        // move's start the reports come further apart.
        let speedingUp = velocityTrend(at: time) * velocity > 0
        // A hand slowing down is coming to rest: its silence is a stop, not a dropout.
        let steady = interval <= Self.maximumCarryInterval && abs(velocity) >= lastSpeed
        // The report's own step must go the velocity's way: after a sudden stop the reader's
        // velocity can swing back while the reports do not (Pixel folds seed 5). It moved at most
        // 1.5 sensor steps, or, on a sensor that reports at least every ``maximumCarryInterval`` on
        // average, as far as the velocity goes in the interval (``fastMoveStepAllowance``): a
        // fast hand moves the angle several steps between two 4 ms polls, and such a move is the
        // one a dropout hurts most.
        let allowance =
            meanInterval <= Self.maximumCarryInterval ? Self.fastMoveStepAllowance * abs(velocity) * interval : 0
        resolvesMotion =
            (steady || speedingUp && interval <= Self.maximumAcceleratingCarryInterval)
            && lastAngle.map { abs(angle - $0) <= 1.5 * step + allowance && (angle - $0) * velocity > 0 } ?? false
        lastAngle = angle
        lastSpeed = abs(velocity)
    }

    /// Adds the reader's velocity at a report to the ring the carry's acceleration is fitted on.
    private mutating func recordTrend(_ velocity: Double, at time: Double) {
        let slot = trendCount % InlineSlots<Double>.capacity
        trendTimes[slot] = time
        trendVelocities[slot] = velocity
        trendCount += 1
    }

    /// The least-squares slope (°/s²) of the reader's velocity over the newest eight reports
    /// within ``carryTrendWindow`` seconds of `time` that have the newest one's sign; 0 with
    /// fewer than three.
    private func velocityTrend(at time: Double) -> Double {
        let count = min(trendCount, InlineSlots<Double>.capacity)
        let newest = trendVelocities[(trendCount + InlineSlots<Double>.capacity - 1) % InlineSlots<Double>.capacity]
        var n = 0.0
        var sumT = 0.0
        var sumV = 0.0
        for back in 0..<count {
            let slot = (trendCount - 1 - back) % InlineSlots<Double>.capacity
            guard time - trendTimes[slot] <= Self.carryTrendWindow else { break }
            // A velocity of the other sign is a reversal (a flicker at rest), not a speed-up.
            guard back == 0 || trendVelocities[slot] * newest > 0 else { break }
            n += 1
            sumT += trendTimes[slot] - time
            sumV += trendVelocities[slot]
        }
        guard n >= 3 else { return 0 }
        let (meanT, meanV) = (sumT / n, sumV / n)
        var covariance = 0.0
        var variance = 0.0
        for back in 0..<Int(n) {
            let slot = (trendCount - 1 - back) % InlineSlots<Double>.capacity
            let dt = trendTimes[slot] - time - meanT
            covariance += dt * (trendVelocities[slot] - meanV)
            variance += dt * dt
        }
        return variance > 0 ? covariance / variance : 0
    }

    /// Sets the carry through the silence after a sample at `start` whose weighted reader
    /// velocity is `velocity` (°/s) and weighted velocity trend `acceleration` (°/s²): the
    /// target moves on at that velocity, growing with the acceleration (only while it speeds
    /// the move up, and to at most ``Configuration/carryGrowth`` times the velocity), for
    /// ``Configuration/carry`` seconds at most, never past progress 0 or 1; once the silence
    /// outlasts the carry and six mean intervals, the hinge is taken to have stopped at the
    /// newest angle. Only a fine sensor (steps under ``maximumCarryStep``) is carried.
    private mutating func carryOn(velocity: Double, acceleration: Double, from start: Double) {
        // Never faster than ``carryTopSpeed``: a move that goes silent near its peak speed ends
        // in the silence more often than it speeds on.
        let top = Self.carryTopSpeed / configuration.unfoldedAngle
        slope = min(max(velocity / configuration.unfoldedAngle, -top), top)
        curvature = 0
        rampStart = start
        accelerationLength = 0
        let carry = step < Self.maximumCarryStep && resolvesMotion ? configuration.carry : 0
        guard carry > 0, slope != 0, slope.isFinite else {
            slope = 0
            rampLength = 0
            return
        }
        // Only an acceleration along the move is carried, until the velocity has grown by the
        // factor ``Configuration/carryGrowth``.
        let along = acceleration * (slope > 0 ? 1 : -1)
        var accelerating = 0.0
        let carryGrowth = configuration.carryGrowth
        if along > 0, along.isFinite, carryGrowth > 1 {
            curvature = acceleration / configuration.unfoldedAngle / 2
            // It speeds up until it has grown ``Configuration/carryGrowth`` times or reached the
            // top speed, whichever comes first.
            accelerating = min(
                (carryGrowth - 1) * abs(velocity) / along, (top - abs(slope)) / (2 * abs(curvature)), carry)
        }
        // The ramp ends where the target would leave 0…1.
        let room = max(slope > 0 ? 1 - target : target, 0)
        let (speed, growth) = (abs(slope), abs(curvature))
        let reached = speed * accelerating + growth * accelerating * accelerating
        let leaves: Double
        if reached >= room {
            accelerating = growth > 0 ? (room / (speed + (speed * speed + 4 * growth * room).squareRoot())) * 2 : 0
            leaves = accelerating
        } else {
            leaves = accelerating + (room - reached) / (speed + 2 * growth * accelerating)
        }
        rampLength = min(carry, leaves)
        accelerationLength = min(accelerating, rampLength)
        due = max(due, start + carry)
    }

    /// Where the carry's goal is `elapsed` seconds after ``rampStart``: ``target`` moved on at
    /// ``slope``, accelerating by 2 × ``curvature`` for ``accelerationLength`` seconds, held
    /// after ``rampLength``.
    private func carriedGoal(after elapsed: Double) -> Double {
        let elapsed = min(max(elapsed, 0), rampLength)
        let accelerated = min(elapsed, accelerationLength)
        return target + slope * elapsed + curvature * accelerated * (2 * elapsed - accelerated)
    }

    /// The carry's goal's velocity (progress per second) `elapsed` seconds after ``rampStart``,
    /// within ``rampLength``.
    private func carriedSlope(after elapsed: Double) -> Double {
        slope + 2 * curvature * min(max(elapsed, 0), accelerationLength)
    }

    /// Switches Reduce Motion on or off at `time`.
    ///
    /// Turning it on shows the newest angle's progress at once; turning it off starts the
    /// stages, at rest, from that progress (what was shown), toward ``target``.
    ///
    /// - Parameters:
    ///   - enabled: the new preference.
    ///   - time: finite, not before the last sample or change.
    /// - Throws: ``EventError`` when the time is not finite or lies before the last event.
    /// - Complexity: O(n²) in the stages; no allocation.
    public mutating func setReduceMotion(_ enabled: Bool, at time: Double) throws(EventError) {
        try order.accept(time)
        guard enabled != reduceMotion else { return }
        reduceMotion = enabled
        guard hasSample, !enabled else { return }
        // The stages restart from what Reduce Motion showed, at `time`. Past the stop (``due``)
        // the target is the newest angle's progress without its lead.
        if time > due {
            target = direct
            due = .infinity
            slope = 0
        } else if slope != 0 {
            // The carry goes on from where it is now.
            // The ramp's lengths are durations, so its end is where the goal leaves 0…1 to a
            // rounding of the progress, not of the clock (an epoch clock's ends were rounded to
            // 2.4e-7 s, and the goal came out at −1.2e-8: found by fuzzing). The clamp stays as
            // a guard: a target is a progress.
            let passed = max(time - rampStart, 0)
            let (goal, goalSlope) = (carriedGoal(after: passed), carriedSlope(after: passed))
            target = min(max(goal, 0), 1)
            slope = goalSlope
            rampStart = max(rampStart, time)
            rampLength = max(rampLength - passed, 0)
            accelerationLength = max(accelerationLength - passed, 0)
        }
        stageValues = Stages(repeating: direct)
        self.time = time
    }

    /// The progress to show at `time` (a time before the last event reads as that event's).
    public func value(at time: Double) -> Double {
        guard hasSample else { return 1 }
        if let stepTracker, stepTracker.level != nil {
            return progress(reduceMotion ? stepTracker.estimateAngle(at: time) : stepTracker.angle(at: time))
        }
        if reduceMotion { return direct }
        return min(max(stages(at: time)[rate.count - 1], 0), 1)
    }

    /// The stages' rate and number for the sensor class known now.
    private var rate: (omega: Double, count: Int) {
        isCoarse ? (configuration.coarseOmega, configuration.coarseStages) : (configuration.omega, configuration.stages)
    }

    private func progress(_ angle: Double?) -> Double {
        guard let angle else { return 1 }
        return min(max(angle / configuration.unfoldedAngle, 0), 1)
    }

    /// The stages at `query`: toward the target with its lead, carried on at ``slope`` until
    /// the ramp's end (``rampLength``) and held until ``due``, toward the newest angle after that.
    private func stages(at query: Double) -> Stages {
        var values = stageValues
        var now = time
        // The ramp starts at ``time`` (a sample's, or a change of preference that moved it on):
        // a parabola for ``accelerationLength`` seconds, a straight line to ``rampLength``. Its
        // phases are measured as time since ``rampStart``, so the goal does not depend on how
        // the clock's end times would round.
        let startElapsed = now - rampStart
        var elapsed = startElapsed
        if slope != 0, elapsed >= 0, elapsed < rampLength, query > now {
            let wanted = query - rampStart
            if elapsed < accelerationLength {
                let end = min(wanted, accelerationLength)
                values = advance(
                    values, along: (carriedGoal(after: elapsed), carriedSlope(after: elapsed), curvature),
                    by: end - elapsed)
                elapsed = end
            }
            if elapsed < rampLength, wanted > elapsed {
                let end = min(wanted, rampLength)
                values = advance(
                    values, along: (carriedGoal(after: elapsed), carriedSlope(after: elapsed), 0), by: end - elapsed)
                elapsed = end
            }
            now += elapsed - startElapsed
        }
        let held = slope != 0 && elapsed >= rampLength ? carriedGoal(after: rampLength) : target
        guard query > due, held != direct else { return advance(values, toward: held, by: query - now) }
        // No sample for six mean intervals or the carry: the hinge stopped at the newest angle.
        let atDue = advance(values, toward: held, by: max(due - now, 0))
        return advance(atDue, toward: direct, by: query - max(due, now))
    }

    /// The stages `elapsed` seconds after `start`, chasing the goal g(τ) = c₀ + c₁τ + c₂τ²: in
    /// steady motion stage i (from 0) is at g − (i + 1)·g′/ω + (i + 1)(i + 2)·c₂/ω² (a
    /// polynomial goal's particular solution), and the distances from that steady state decay
    /// as a constant goal's do.
    private func advance(_ start: Stages, along goal: (Double, Double, Double), by elapsed: Double) -> Stages {
        let (omega, count) = rate
        let tau = max(0, elapsed)
        let x = omega * tau
        let decay = exp(-x)
        let (c0, c1, c2) = goal
        func steady(_ i: Int, at t: Double) -> Double {
            let n = Double(i + 1)
            let lag = n * (c1 + 2 * c2 * t) / omega
            let bend = c2 == 0 ? 0 : n * (n + 1) * c2 / (omega * omega)
            return c0 + (c1 + c2 * t) * t - lag + bend
        }
        var offsets = start
        for i in 0..<count { offsets[i] = start[i] - steady(i, at: 0) }
        var result = start
        for i in 0..<count {
            let distance = StageMath.stage(i, x: x, decay: decay, goal: 0) { offsets[$0] }
            result[i] = steady(i, at: tau) + distance
        }
        return result
    }

    /// The stages `elapsed` seconds after `start`, in closed form: with x = ωτ and dⱼ the j-th
    /// stage's distance from the target, stage i is at target + e^(−x) Σⱼ≤ᵢ dⱼ xⁱ⁻ʲ/(i − j)!.
    private func advance(_ start: Stages, toward goal: Double, by elapsed: Double) -> Stages {
        let (omega, count) = rate
        let x = omega * max(0, elapsed)
        let decay = exp(-x)
        var result = start
        for i in 0..<count {
            result[i] = StageMath.stage(i, x: x, decay: decay, goal: goal) { start[$0] }
        }
        return result
    }
}

/// The closed form of first-order stages in a row chasing a constant goal, shared by
/// ``UnfoldDriver`` and the frontier's reference (HingeAnalysis).
package enum StageMath {
    /// Stage `i` (from 0) after x = ω·elapsed, with `decay` = e^(−x): the goal plus
    /// e^(−x) Σⱼ≤ᵢ dⱼ xⁱ⁻ʲ/(i − j)!, where dⱼ = `start(j)` − goal is stage j's distance at the start.
    ///
    /// Once e^(−x) underflows to 0 (x > 745) the stage is at the goal: e^(−x)·x⁷/7! is below
    /// 1e−300 there, while the sum alone can overflow (x⁷ past 1.8e308 for x > 1e44) and
    /// infinity times 0 would be NaN.
    @inline(__always)
    package static func stage(_ i: Int, x: Double, decay: Double, goal: Double, start: (Int) -> Double) -> Double {
        guard decay > 0 else { return goal }
        var sum = 0.0
        var term = 1.0
        for power in 0...i {
            sum += (start(i - power) - goal) * term
            term *= x / Double(power + 1)
        }
        return goal + sum * decay
    }
}

/// Up to ``UnfoldDriver/maximumStages`` stage values, stored inline (no allocation).
private typealias Stages = InlineSlots<Double>
