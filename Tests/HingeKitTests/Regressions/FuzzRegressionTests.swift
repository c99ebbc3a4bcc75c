import HingeKit
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Each input `make fuzz` found that broke an invariant, reduced to its calls, so that it stays
/// fixed (Fuzz/corpus/<target> keeps the raw input too).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(
        "Reports 2.3e-308 s apart give a finite finite-difference velocity (hinge_reader crash fb65a4f0)",
        // 5e-324 is the smallest subnormal, written without a literal that underflows.
        arguments: [2.328152987103458e-308, Double.leastNonzeroMagnitude, 1e-9])
    func finiteDifferenceOverATinyInterval(interval: Double) throws {
        var configuration = HingeReader.Configuration()
        configuration.velocity = .finiteDifference
        configuration.coarseStep = .infinity  // one 161° change would read as a coarse sensor
        var reader = HingeReader(configuration: configuration)
        try reader.ingest(HingeSample(time: 0, angle: 5.6250858319981685))
        try reader.ingest(HingeSample(time: interval, angle: 166.58823529411765, status: .fullyOpen))
        for time in [interval, interval + 0.9254901960784314] {
            let reading = try #require(reader.reading(at: time))
            #expect(reading.velocity.isFinite && reading.position.isFinite && reading.projected.isFinite)
            // Taken over a microsecond: the change per microsecond, not per 1e-308 s.
            #expect(reading.velocity == (166.58823529411765 - 5.6250858319981685) / 1e-6)
            #expect((5.6250858319981685...166.58823529411765).contains(reading.position))
        }
    }

    @Test(
        "An extremely overdamped spring (mass 1e-264) moves to its target without NaN (spring_animator crash 9e8b1b1a)",
        arguments: SpringAnimator.Mode.allCases)
    func extremelyOverdampedSpring(mode: SpringAnimator.Mode) throws {
        let spring = try DampedSpring.validated(
            mass: 1.029735957791951e-264, stiffness: 77441.06225351339, damping: 127.19920653086136,
            allowOverDamping: true)
        var animator = SpringAnimator(value: 0, time: 0, spring: .smooth, mode: mode)
        try animator.retarget(to: 605.8289463645381, at: 16.14655985351339, spring: .smooth)
        try animator.retarget(to: -2.0508215783585222e+169, at: 16.2093797207599, spring: spring)
        try animator.retarget(to: -720.0579842832074, at: 16.27706721599146)
        try animator.setReduceMotion(.tighten, at: 16.364715037766082)
        for time in [16.364715037766082, 16.3647151, 16.5, 24.52966506446937] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite, "\(mode) at \(time): \(state)")
        }
        #expect(animator.value(at: 24.52966506446937) == -720.0579842832074)
        // The slow mode of x″ + (c/m)x′ + (k/m)x = 0 decays at k/c ≈ 608.8 per second.
        let value = spring.value(from: 0, to: 100, time: 1e-7)
        #expect(abs(value - 100 * -expm1(-77441.06225351339 / 127.19920653086136 * 1e-7)) < 1e-9)
    }

    @Test("Reports 2.4e-308 s apart give a finite least-squares velocity (hinge_reader crash, subnormal times)")
    func leastSquaresOverSubnormalTimes() throws {
        var reader = HingeReader()
        // 5.432309224876e-312, a subnormal, by its bits (the literal would underflow).
        let first = Double(bitPattern: 0x100_0000_0001)
        try reader.ingest(HingeSample(time: first, angle: 5.6250858319981685))
        try reader.ingest(HingeSample(time: 2.3587111036996028e-308, angle: 81.31929503318837, status: .partiallyOpen))
        let reading = try #require(reader.reading(at: 2.3587111036996028e-308))
        #expect(reading.velocity.isFinite && reading.projected.isFinite && reading.position.isFinite)
    }

    @Test("An overdamped spring moved across 7.6e280 keeps a finite velocity (spring_animator crash)")
    func overdampedAcrossAHugeDistance() throws {
        let spring = try DampedSpring.validated(
            mass: 1.584897405380044e-154, stiffness: 6.601680975510748e-25, damping: 960.1281757839323,
            allowOverDamping: true)
        var animator = SpringAnimator(value: -1000, time: 0, spring: spring, mode: .persistent)
        try animator.retarget(to: 7.590405778062572e+280, at: 3.4653131914244297)
        for time in [3.47, 4.344232852674144] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite, "\(time): \(state)")
        }
        try animator.retarget(to: 8.909818758287688e-16, at: 4.344232852674144)
        let state = animator.state(at: 9.544507515068284)
        #expect(state.value.isFinite && state.velocity.isFinite)
    }

    @Test(
        "A huge velocity handed to a very slow spring is refused whole, not an infinite swing (spring_animator crash)")
    func swingBeyondDouble() throws {
        var animator = SpringAnimator(value: 0, time: 0, spring: .smooth, mode: .persistent)
        try animator.retarget(to: 159.68566414892825, at: 0.0663431754024567)
        try animator.retarget(to: 7.590405831117835e+280, at: 3.4652170595864806)
        let slow = DampedSpring(
            mass: 1.8965774758473818e+239, stiffness: 85882.35308235294, damping: 125.85641260395208)
        let target = animator.target
        #expect(throws: SpringAnimator.EventError.targetOutOfRange(-4.1871373930450334e+77)) {
            try animator.retarget(to: -4.1871373930450334e+77, at: 3.5292973220416575, spring: slow)
        }
        #expect(animator.target == target && animator.lastEventTime == 3.4652170595864806)
        #expect(animator.referenceDistance.isFinite && animator.value(at: 3.6).isFinite)
    }

    @Test("An undamped spring asked at t = 8.7e304 stays finite: the phase no longer overflows (spring_animator crash)")
    func undampedAtAHugeTime() throws {
        let spring = try DampedSpring.validated(
            mass: 1.0297359577776598e-264, stiffness: 4.1788527283120487e-81, damping: 0)
        var animator = SpringAnimator(value: 0, time: 30.00341344319829, spring: spring, mode: .additive)
        try animator.retarget(to: 876.2798504615855, at: 30.00341344319829)
        let state = animator.state(at: 8.70708909367253e+304)
        #expect(state.value.isFinite && state.velocity.isFinite, "\(state)")
        #expect(abs(state.value - 876.2798504615855) <= 876.2798504615855 * (1 + 1e-12))
        #expect(spring.value(from: 0, to: 1, time: 8.70708909367253e+304).isFinite)
        // The same spring displaced by 5.5e168: its speed, ω·amplitude ≈ 3.5e260, must stay
        // finite too (ω₀²·y₀ alone overflows).
        var displaced = SpringAnimator(value: 0, time: 30.00341344319829, spring: spring)
        try displaced.retarget(to: 5.483352506399455e+168, at: 30.00341344319829)
        let far = displaced.state(at: 8.70708909367253e+304)
        #expect(far.value.isFinite && far.velocity.isFinite, "\(far)")
    }

    @Test("A fast undamped spring sent across 5.5e303 is refused: it would move at 5.8e342 (spring_animator crash)")
    func speedBeyondDouble() throws {
        let spring = DampedSpring(mass: 33.66053980315861, stiffness: 3.801314366372749e+79, damping: 0)
        var animator = SpringAnimator(value: -992.1873807888915, time: 0, spring: spring)
        #expect(throws: SpringAnimator.EventError.targetOutOfRange(-5.48613093621594e+303)) {
            try animator.retarget(to: -5.48613093621594e+303, at: 0)
        }
        #expect(animator.state(at: 5.932402532997635) == (-992.1873807888915, 0))
        // The same spring across an ordinary distance is accepted.
        try animator.retarget(to: 180, at: 1)
        #expect(animator.state(at: 5.932402532997635).velocity.isFinite)
    }

    @Test("A spring whose stiffness per mass underflows to 0 is refused at the door (spring_animator crash)")
    func stiffnessPerMassUnderflows() {
        #expect(throws: DampedSpring.ParameterError.self) {
            try DampedSpring.validated(
                mass: 8.893383360497479e+278, stiffness: 8.309872195714274e-246, damping: 4.104139097510763e-207)
        }
    }

    @Test(
        "Tightening a spring whose m·k overflows or underflows does not trap (spring_animator crash)",
        arguments: [(1e300, 1e100), (1e-300, 1e-100)])
    func tightenExtremeSpring(mass: Double, stiffness: Double) throws {
        let spring = try DampedSpring.validated(mass: mass, stiffness: stiffness, damping: 0)
        // No trap, and a usable spring: critically damped, although c/2√(m·k) is not finite for
        // it (the damping ratio is then taken as λ/ω₀).
        #expect(spring.tightened.damping.isFinite)
        #expect(spring.dampingRatio == 0 && abs(spring.tightened.dampingRatio - 1) < 1e-12)
        var animator = SpringAnimator(value: 0, spring: spring, reduceMotion: .tighten)
        try animator.retarget(to: 1, at: 0)
        #expect(animator.value(at: 1e6).isFinite)
    }

    /// Stiffness 1.6e-309 (subnormal) and mass 100: k/m is 1.6e-311, and the damping lowered to
    /// critical leaves λ one rounding below ω₀ ≈ 4e-156, so ω_d² = (ω₀ − λ)(ω₀ + λ) underflows
    /// to 0. The motion used to run as an oscillation at ω_d = 0, whose first turning point is
    /// 0/0; the NaN distance there was dropped by `max`, and the animator read as settled while
    /// moving.
    static let subnormalStiffnessSpring = DampedSpring(
        mass: 100, stiffness: Double(bitPattern: 0x1_253a_e98a_0eae), damping: 7.982272154280418e-154)

    @Test(
        "A spring whose ω_d² underflows, handed a velocity of 7.5e293, is refused, not settled while moving (spring_animator settled-then-moving)"
    )
    func dampedFrequencyUnderflowsWithAHugeVelocity() throws {
        let spring = Self.subnormalStiffnessSpring
        #expect(spring.stiffness.isSubnormal && spring.regime == .criticallyDamped)
        let undamped = DampedSpring(mass: 100, stiffness: 100_000, damping: 0)
        var animator = SpringAnimator(value: -999.145494773785, time: 0, spring: undamped, mode: .persistent)
        try animator.retarget(to: -9.729721523293934e+293, at: 0.09122606240939957)
        // From −2.9e290 at −7.5e293 per second, a spring with a time scale of 1/λ ≈ 2.5e155 s
        // would swing out to about 7e448: refused whole, like every swing beyond a Double.
        #expect(throws: SpringAnimator.EventError.targetOutOfRange(1000)) {
            try animator.retarget(to: 1000, at: 0.09199969481956208, spring: spring)
        }
        #expect(animator.target == -9.729721523293934e+293 && animator.lastEventTime == 0.09122606240939957)
        for time in [0.09199969481956208, 0.12972915236133364] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite && !animator.isSettled(at: time))
        }
    }

    @Test("A spring whose ω_d² underflows runs critically damped, and settles once, for good")
    func dampedFrequencyUnderflowsSettlesMonotonically() throws {
        let spring = Self.subnormalStiffnessSpring
        let rate = spring.decayRate
        // Kicked from its target at 1e-150 per second, it peaks at v₀/(λe) ≈ 92,174 at 1/λ. It
        // used to read as settled at 0 (the kick's excursion came out as NaN, then 0).
        let animator = SpringAnimator(value: 0, velocity: 1e-150, time: 0, spring: spring)
        let peak = 1e-150 / rate * exp(-1)
        #expect(abs(animator.referenceDistance - peak) <= 1e-12 * peak)
        #expect(!animator.isSettled(at: 0) && animator.value(at: 1) == 1e-150)
        #expect(abs(animator.value(at: 1 / rate) - peak) <= 1e-12 * peak)
        var settledAt: Double?
        for step in 1...400 {
            let time = Double(step) / 10 / rate
            let settled = animator.isSettled(at: time)
            if settled, settledAt == nil { settledAt = time }
            #expect(settled == (settledAt != nil), "settled at \(settledAt ?? 0), not at \(time)")
            let value = animator.value(at: time)
            #expect(settled ? value == 0 : value > 0, "\(time): \(value)")
        }
        // y = v₀·t·e^(−λt) falls below 0.001 of its peak, v₀/(λe), at λt = 10.22 for good.
        let end = try #require(settledAt)
        #expect(end > 10.2 / rate && end < 10.35 / rate)
        // The closed form is the critical one: 1 − e^(−λt)·(1 + λt) from 0 to 1.
        #expect(abs(spring.value(from: 0, to: 1, time: 1 / rate) - (1 - 2 * exp(-1))) < 1e-12)
    }

    @Test(
        "An overdamped spring whose slow rate is 2e-311 still turns, and is not settled while moving (spring_animator settled-then-moving, second input)"
    )
    func turnAfterATinySlowRate() throws {
        // λ = 0.384 and ω₀ = 4e-156: the slow rate ω₀²/(λ + μ) is 2e-311, and 2μ·ratio/|r₁|, under
        // the logarithm that gives the turning time, overflowed. The turn (at 931 s) was read as
        // never coming, and the largest distance still to come as the distance now.
        let spring = try DampedSpring.validated(
            mass: 100, stiffness: Double(bitPattern: 0x1_253a_e98a_0eae), damping: 76.7986572060731,
            allowOverDamping: true)
        let undamped = DampedSpring(mass: 99.98474113069352, stiffness: 100_000, damping: 0)
        var animator = SpringAnimator(value: -999.145494773785, time: 0, spring: undamped, mode: .persistent)
        try animator.retarget(to: -9.729721523293934e+293, at: 0.09122606240939957)
        try animator.retarget(to: 1000, at: 0.09199969481956208, spring: spring)
        // The fast mode dies within seconds and leaves y₀ + v₀/(λ + μ) (μ = λ here), which the
        // slow mode holds for longer than a Double can count: the motion never settles.
        let start = animator.state(at: 0.09199969481956208)
        let plateau = 1000 + (start.value - 1000) + start.velocity / (2 * spring.decayRate)
        #expect(abs(animator.referenceDistance - abs(plateau - 1000)) <= 1e-9 * abs(plateau))
        for time in [0.09199969481956208, 0.12972915236133364, 1000, 1e300] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite && !animator.isSettled(at: time), "\(time)")
        }
        #expect(abs(animator.value(at: 1000) - plateau) <= 1e-9 * abs(plateau))
    }

    @Test("A retarget that would carry the value past the largest Double is refused (spring_animator: value inf)")
    func valueBeyondDouble() throws {
        // Mass 1.04e308: 2m overflows, and λ = c/(2m) used to read as 0 (undamped); m·k overflows
        // too, so the damping ratio read as 0 and Reduce Motion's critical damping, computed
        // from 2m, as infinite: `tighten` left the spring as it was.
        let heavy = DampedSpring(
            mass: 1.0414588650936653e+308, stiffness: 60547.799280613406, damping: 872.6176852063783)
        #expect(heavy.decayRate == 872.6176852063783 / 1.0414588650936653e+308 / 2 && heavy.decayRate > 0)
        #expect(heavy.dampingRatio > 0 && heavy.dampingRatio < 1e-150 && heavy.regime == .underdamped)
        #expect(abs(heavy.tightened.dampingRatio - 1) < 1e-12)
        var animator = SpringAnimator(value: -995.5138475623712, time: 0, spring: heavy, mode: .additive)
        try animator.retarget(to: 4.1691371156050414e-91, at: 3.5039291981383993)
        try animator.setReduceMotion(.tighten, at: 3.5540352483405813)
        // 1.04e308 away, the value could reach the target plus that distance: refused whole
        // (the run found it with the spring undamped, swinging out to 2.08e308 = ∞).
        #expect(throws: SpringAnimator.EventError.targetOutOfRange(1.0414588650936653e+308)) {
            try animator.retarget(to: 1.0414588650936653e+308, at: 3.6536461432822156)
        }
        for time in [3.6536461432822156, 9.493464560921643, 1e152, 4.083548764187966e+233] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite, "\(time): \(state)")
        }
        // Half as far fits, with the plain spring too (it swings to at most 1e308).
        try animator.setReduceMotion(.off, at: 10)
        try animator.retarget(to: 5e307, at: 10)
        for time in [10, 1e100, 1e152, 1e153, 4.083548764187966e+233] {
            let state = animator.state(at: time)
            #expect(state.value.isFinite && state.velocity.isFinite, "\(time): \(state)")
        }
    }

    @Test(
        "A sensor step of 4e-280° and a 48° report 1e-120 s later keep the Kalman velocity finite (hinge_reader crash acb76a68)"
    )
    func kalmanTinyStep() throws {
        var reader = HingeReader()
        try reader.ingest(HingeSample(time: 7.758745068634265e-265, angle: 3.882098286554061e-265))
        try reader.ingest(HingeSample(time: 1.1640843355188327e-264, angle: 3.8820982865540565e-265))
        try reader.ingest(
            HingeSample(
                time: 7.74423998964286e-121, angle: Double(bitPattern: 0x1d00000000) /* 6.1537877938e-313 */,
                status: .closed))
        try reader.ingest(HingeSample(time: 7.74423998964286e-121, angle: 48.516365300984205))
        for time in [7.74423998964286e-121, 1e-3, 1.0] {
            let reading = try #require(reader.reading(at: time))
            #expect(reading.velocity.isFinite && reading.position.isFinite && reading.projected.isFinite)
        }
    }
    @Test(
        "A swing near the largest Double finds its first turn, so settled stays settled (spring_animator-settled-then-moving-2)"
    )
    func settledThenMovingNearTheLargestDouble() throws {
        let fast = try DampedSpring.validated(
            mass: 1.428665431208579e-101, stiffness: 57759.9760079652, damping: 0, allowOverDamping: false)
        let slow = try DampedSpring.validated(
            mass: 84.36118484779126, stiffness: 96470.58827058824, damping: 11.566338597695887,
            allowOverDamping: false)
        var animator = SpringAnimator(value: -6.1806462368843885e+305, time: 0, spring: fast, mode: .persistent)
        try animator.retarget(to: 1.503686697249935e-154, at: 0.056598764019226366, spring: slow)
        try animator.retarget(to: 670.5882352941178, at: 3.3455695429922936)
        // The reference distance is the largest distance the motion reaches: a dense scan of
        // the first period (0.186 s) is an oracle for it, within the scan's step (a swing of
        // amplitude A at ω_d 33.8 /s sampled every 0.1 ms misses its peak by ≤ A·(ω_d·5e-5)²/2).
        var largest = 0.0
        for step in 0...2000 {
            let time = 3.3455695429922936 + Double(step) * 1e-4
            largest = max(largest, abs(animator.value(at: time) - 670.5882352941178))
        }
        #expect(animator.referenceDistance >= largest)
        #expect(animator.referenceDistance <= largest * (1 + 1e-5))
        // Once settled, settled for good: scanned every 10 ms over the minute around it.
        var settledSince: Double?
        for step in 0...6000 {
            let time = 80 + Double(step) * 0.01
            if animator.isSettled(at: time) {
                #expect(animator.value(at: time) == 670.5882352941178)
                settledSince = settledSince ?? time
            } else {
                #expect(settledSince == nil, "settled at \(settledSince ?? 0) but not at \(time)")
            }
        }
        // The two frames the fuzzer caught: settled at the first, 4.7e302 away at the second.
        #expect(animator.isSettled(at: 104.75920653086125) || !animator.isSettled(at: 104.51450064850832))
        #expect(settledSince != nil)
    }

    @Test(
        "Once settled, stays settled with no new target: a tiny state under a very slow spring still finds its turn (spring_animator-settled-then-moving-3)"
    )
    func settledStaysSettledForATinyStateUnderASlowSpring() throws {
        let smooth = DampedSpring(mass: 1, stiffness: 157.91367041742973, damping: 25.132741228718345)
        // ω₀ 7e-107 /s: a quarter period of 2.2e106 s, over which a velocity of 2.75e-303 carries
        // the value 3.9e-197 from its target. ω₀²·y₀ and v₀·ω_d, the turning point's atan2
        // arguments, both underflowed to 0, which put the first turn at 0 and made the distance
        // now the largest still to come: the animator read as settled at once, then moved on.
        let slow = DampedSpring(mass: 1.1720761059091723e+217, stiffness: 57901.8849101854, damping: 131071.99999999999)
        var animator = SpringAnimator(value: 6.397087343272732e-308, time: 20, spring: smooth, mode: .persistent)
        try animator.retarget(to: 7.291122019556397e-304, at: 20.682236972610056)
        try animator.retarget(to: 6.395260012468162e-299, at: 20.7213000686656, spring: slow)
        let target = Double(bitPattern: 0xb2ff_ffff_ffff)  // 9.7238335125192e-310, subnormal
        try animator.retarget(to: target, at: 30.7213000686656)
        let start = animator.state(at: 30.7213000686656)
        #expect(start.velocity > 0 && start.velocity.isFinite)
        // The largest distance still to come is about v₀/ω₀ (the displacement and the damping
        // change it by less than a part in 1e90); within 1e-9 for the turning point's rounding.
        let amplitude = start.velocity / slow.undampedAngularFrequency
        #expect(abs(animator.referenceDistance - amplitude) <= 1e-9 * amplitude)
        // Moving away from the target at a steady pace long after the fuzzer's frames: never
        // settled, and the value where the velocity takes it (to 1e-9: sin ω_d·t is ω_d·t to 1e-13).
        for time in [40.7213000686656, 44.73533836881056, 1e6, 1e100] {
            let settled = animator.isSettled(at: time)
            #expect(!settled, "settled at \(time)")
            let expected = target + (start.value - target) + start.velocity * (time - 30.7213000686656)
            #expect(abs(animator.value(at: time) - expected) <= 1e-9 * abs(expected), "\(time)")
        }
        // Once settled (the envelope e^(−λt) closes the band after ~1.2e213 s), settled for good.
        var settledSince: Double?
        for exponent in stride(from: 200.0, through: 300, by: 0.5) {
            let time = pow(10, exponent)
            if animator.isSettled(at: time) {
                #expect(animator.value(at: time) == target)
                settledSince = settledSince ?? time
            } else {
                #expect(settledSince == nil, "settled at \(settledSince ?? 0) but not at \(time)")
            }
        }
        #expect(settledSince != nil)
    }

    @Test("Eight stages 1.8e106 s after a sample are at the goal, not NaN (unfold_driver crash 0e72841c)")
    func unfoldStagesAfterAHugeGap() throws {
        let configuration = try UnfoldDriver.Configuration(
            omega: 1.460822461280232, stages: 8, lead: 0.00045777065690089265, leadSpeed: 2.0904859998474095,
            coarseOmega: 118.97055008773938, coarseStages: 1, unfoldedAngle: 1)
        var driver = UnfoldDriver(configuration: configuration)
        try driver.ingest(HingeSample(time: 0, angle: 0))
        try driver.ingest(HingeSample(time: 1.8347988927920572e+106, angle: 0))
        // Angle 0 is progress 0 and the hinge is still: every stage has long reached 0.
        for time in [1.8347988927920572e+106, 1.8347988927920572e+106 + 1e92, 1e300] {
            #expect(driver.value(at: time) == 0, "\(time)")
        }
        // The closed form itself, past e^(−x)'s underflow and past x⁷'s overflow.
        for x in [746.0, 1e44, 1e200, .greatestFiniteMagnitude] {
            #expect(StageMath.stage(7, x: x, decay: exp(-x), goal: 0.25) { _ in 1 } == 0.25, "\(x)")
        }
        // Just before the underflow the sum is finite and the stage within 1e-300 of the goal.
        let near = StageMath.stage(7, x: 745, decay: exp(-745), goal: 0.25) { _ in 1 }
        #expect(abs(near - 0.25) < 1e-300)
    }

    @Test("A carry resumed after Reduce Motion on an epoch clock keeps its target in 0…1 (unfold_driver 3bbb595b)")
    func carryResumedOnAnEpochClockStaysInRange() throws {
        // The input `make fuzz` found (2026-12-03): a fast flick near 0 on a clock at 1.7e9 s,
        // Reduce Motion switched on and off again. Switching it off resumes the carry from its
        // goal at that time, and the goal came out at −1.16e-8: the ramp's end is a rounded
        // epoch time, and the slope times that rounding crossed 0.
        let configuration = try UnfoldDriver.Configuration(
            omega: 1.0, stages: 7, lead: 0.0037537193865873203, leadSpeed: 19.029526207370107,
            coarseOmega: 81.77821011673151, coarseStages: 1, unfoldedAngle: 112.40038147554742)
        var driver = UnfoldDriver(configuration: configuration, reduceMotion: false)
        // The events as the fuzzer's trace printed them: a sample (time, angle) or a switch
        // of Reduce Motion (time, nil, on).
        let events: [(time: Double, angle: Double?, on: Bool)] = [
            (1700000000.4476326, 21.797207598992905, false), (1700000000.4476814, 0, false),
            (1700000000.4476814, 0, false), (1700000000.4476821, 2.818036163881895, false),
            (1700000000.4480743, 1.9775692378118563, false), (1700000000.4888587, nil, false),
            (1700000000.529486, nil, false), (1700000000.5522227, nil, true),
            (1700000000.5645764, 21.797207598992905, false), (1700000000.5646253, 0, false),
            (1700000000.5646253, 0, false), (1700000000.564626, 2.818036163881895, false),
            (1700000000.5650182, 1.9775692378118563, false), (1700000000.6058025, nil, false),
        ]
        for event in events {
            // Every event is in time order, so none is refused.
            if let angle = event.angle {
                try driver.ingest(HingeSample(time: event.time, angle: angle))
            } else {
                try driver.setReduceMotion(event.on, at: event.time)
            }
            #expect((0...1).contains(driver.target), "target \(driver.target) at \(event.time)")
        }
        for frame in 0..<50 {
            let value = driver.value(at: 1_700_000_000.6058025 + Double(frame) / 120)
            #expect(value.isFinite && (0...1).contains(value))
        }
    }
}
