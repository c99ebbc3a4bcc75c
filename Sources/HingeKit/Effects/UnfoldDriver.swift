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
///   the fade's own slope.
/// - **Coarse sensors** (0/90/180°) carry no velocity, so there is no lead; the stages run at
///   ``Configuration/coarseOmega`` (``Configuration/coarseStages`` of them) instead.
///
/// An on-change sensor goes quiet when the hinge stops, so a silence of six recent mean
/// intervals means the hinge stopped at the newest angle: from then on the target is that
/// angle's progress, without a lead. (Six, not the 1.5 a steady sensor would suggest, so that
/// a sensor that drops out mid-motion — the dropouts scenario — keeps its lead through short
/// gaps.) A silence after fast motion, on a sensor that reported that motion step by step, is
/// read as a dropout instead: the target moves on at the lead's velocity for up to
/// ``Configuration/carry`` seconds (``Configuration/carrySpeed``, ``maximumCarryStep``,
/// ``maximumCarryInterval``), and only then is the hinge taken to have stopped. A silence after a
/// report whose velocity is below the one before is not carried: a hand that slows is stopping.
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

    /// The most stages a configuration may ask for.
    public static let maximumStages = 8

    /// The largest sensor step (°, exclusive) whose silences are carried through
    /// (``Configuration/carry``): on a 5° sensor a report leads the hinge by up to half a step
    /// and a stop is reported late, so carrying on cost RMSE on five-degree-steps (docs/effects.md).
    public static let maximumCarryStep = 2.0

    /// The longest interval (seconds) between the newest report and the one before for the
    /// silence after it to be carried through: a sensor polled at 10–30 Hz has a stale velocity
    /// at its last report, and carrying it on overshoots every stop (docs/effects.md).
    public static let maximumCarryInterval = 0.02

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

        /// The default ``carry``: 0.4 s, tuned with ``carrySpeed`` on seeds 2–6 of the 1°
        /// scenarios (docs/effects.md, "Carrying a move through a silence").
        public static let defaultCarry = 0.4

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
        ///   1…``UnfoldDriver/maximumStages``; `carry` in 0…10 s; `carrySpeed` positive and finite.
        public init(
            omega: Double = 30, stages: Int = 3, lead: Double = 1, leadSpeed: Double = 6, coarseOmega: Double = 38,
            coarseStages: Int = 3, unfoldedAngle: Double = 165, carry: Double = Configuration.defaultCarry,
            carrySpeed: Double = 30
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
            self.init(
                checkedOmega: omega, stages: stages, lead: lead, leadSpeed: leadSpeed, coarseOmega: coarseOmega,
                coarseStages: coarseStages, unfoldedAngle: unfoldedAngle, carry: carry, carrySpeed: carrySpeed)
        }

        private init(
            checkedOmega omega: Double, stages: Int, lead: Double, leadSpeed: Double, coarseOmega: Double,
            coarseStages: Int, unfoldedAngle: Double, carry: Double = Configuration.defaultCarry,
            carrySpeed: Double = 30
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
    /// The carry through a silence: from ``rampStart`` (``time``) until ``rampEnd`` the target
    /// moves on at ``slope`` (progress per second), then holds until ``due``.
    private var slope = 0.0
    private var rampStart = 0.0
    private var rampEnd = -Double.infinity
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
        let ahead =
            velocity * fade == 0
            ? 0 : configuration.lead * Double(count) / omega * velocity * fade / configuration.unfoldedAngle
        let newTarget = min(max(progress + ahead, 0), 1)
        if let previous {
            stageValues = previous
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
            let interval = previousTime.map { sample.time - $0 } ?? .infinity
            // A hand slowing down is coming to rest: its silence is a stop, not a dropout.
            let slowing = abs(velocity) < lastSpeed
            resolvesMotion =
                interval <= Self.maximumCarryInterval && !slowing
                && lastAngle.map { abs(angle - $0) <= 1.5 * step } ?? false
            lastAngle = angle
            lastSpeed = abs(velocity)
        }
        carryOn(velocity: velocity * fade * square / (square + carrySpeed * carrySpeed), from: sample.time)
    }

    /// Sets the carry through the silence after a sample at `start` whose weighted reader
    /// velocity is `velocity` (°/s): the target ramps on at that velocity for
    /// ``Configuration/carry`` seconds at most, never past progress 0 or 1; once the silence
    /// outlasts the carry and six mean intervals, the hinge is taken to have stopped at the
    /// newest angle. Only a fine sensor (steps under ``maximumCarryStep``) is carried.
    private mutating func carryOn(velocity: Double, from start: Double) {
        slope = velocity / configuration.unfoldedAngle
        rampStart = start
        let carry = step < Self.maximumCarryStep && resolvesMotion ? configuration.carry : 0
        guard carry > 0, slope != 0, slope.isFinite else {
            slope = 0
            rampEnd = start
            return
        }
        // The ramp ends where the target would leave 0…1.
        let room = slope > 0 ? (1 - target) / slope : -target / slope
        rampEnd = start + min(carry, max(room, 0))
        due = max(due, start + carry)
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
            target += slope * max(min(time, rampEnd) - rampStart, 0)
            rampStart = max(rampStart, time)
            rampEnd = max(rampEnd, rampStart)
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
    /// ``rampEnd`` and held until ``due``, toward the newest angle after that.
    private func stages(at query: Double) -> Stages {
        var values = stageValues
        var now = time
        // The ramp starts at ``time`` (a sample's, or a change of preference that moved it on).
        if slope != 0, now >= rampStart, now < rampEnd, query > now {
            let end = min(query, rampEnd)
            let start = target + slope * (now - rampStart)
            values = advance(values, towardRampFrom: start, slope: slope, by: end - now)
            now = end
        }
        let held = slope != 0 && now >= rampEnd ? target + slope * (rampEnd - rampStart) : target
        guard query > due, held != direct else { return advance(values, toward: held, by: query - now) }
        // No sample for six mean intervals or the carry: the hinge stopped at the newest angle.
        let atDue = advance(values, toward: held, by: max(due - now, 0))
        return advance(atDue, toward: direct, by: query - max(due, now))
    }

    /// The stages `elapsed` seconds after `start`, chasing a goal that starts at `goal` and
    /// moves at `slope` per second: in steady motion stage i trails the goal by (i + 1)·slope/ω,
    /// and the distances from that steady state decay as the constant goal's do.
    private func advance(_ start: Stages, towardRampFrom goal: Double, slope: Double, by elapsed: Double) -> Stages {
        let (omega, count) = rate
        let tau = max(0, elapsed)
        let x = omega * tau
        let decay = exp(-x)
        var offsets = start
        for i in 0..<count { offsets[i] = start[i] - goal + Double(i + 1) * slope / omega }
        var result = start
        for i in 0..<count {
            let distance = StageMath.stage(i, x: x, decay: decay, goal: 0) { offsets[$0] }
            result[i] = goal + slope * tau - Double(i + 1) * slope / omega + distance
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
