import HingeKit
import HingeTestSupport
import Testing

@Suite("SpringAnimator properties")
struct SpringAnimatorTests {
    @Test("Frames at 60 Hz, 120 Hz and irregular times see the same values at the same times")
    func frameIndependence() throws {
        for seed in 0..<UInt64(100) {
            let schedule = RetargetSchedule(seed: seed, springs: .changing)
            for mode in SpringAnimator.Mode.allCases {
                var animator = schedule.animator(mode: mode)
                var random = SplitMix64(seed: seed)
                var seen: [Double: Double] = [:]
                var next = 0
                for frame in schedule.frames {
                    while next < schedule.retargets.count, schedule.retargets[next].time <= frame {
                        let retarget = schedule.retargets[next]
                        try animator.retarget(to: retarget.target, at: retarget.time, spring: retarget.spring)
                        next += 1
                    }
                    // Asking again, any number of times, changes nothing: nothing is stepped.
                    let value = animator.value(at: frame)
                    for _ in 0..<Int(random.next() % 3) { #expect(animator.value(at: frame) == value) }
                    seen[frame] = value
                }
                #expect(
                    try schedule.run(schedule.animator(mode: mode)).map(\.value) == schedule.frames.map { seen[$0]! })
            }
        }
    }

    @Test("Restarting a spring mid-flight on the same target changes the motion only by rounding")
    func restartIsExact() throws {
        for seed in 0..<UInt64(300) {
            let c = SpringCase(seed: seed)
            var random = SplitMix64(seed: seed &+ 99)
            var restarted = SpringAnimator(value: c.from, spring: c.spring, epsilon: 1e-15)
            try restarted.retarget(to: c.to, at: 0)
            let once = restarted
            var time = 0.0
            for _ in 0..<20 {
                time += c.timeScale * random.logUniform(1e-3, 2)
                try restarted.retarget(to: c.to, at: time)
            }
            let scale = Swift.max(c.displacementScale, abs(c.from), abs(c.to))
            let later = time + c.timeScale
            #expect(abs(restarted.value(at: later) - once.value(at: later)) <= 1e-12 * scale, "\(c)")
        }
    }

    @Test("No NaN or infinity for extreme springs, targets, gaps, modes and policies")
    func alwaysFinite() throws {
        for seed in 0..<UInt64(600) {
            let c = SpringCase(seed: seed)
            var random = SplitMix64(seed: seed &* 7 &+ 1)
            let mode = SpringAnimator.Mode.allCases[Int(seed % 2)]
            var animator = SpringAnimator(
                value: c.from, velocity: c.velocity, time: random.uniform(-1e6, 1e6), spring: c.spring, mode: mode)
            var time = animator.lastEventTime
            for step in 0..<40 {
                time += random.logUniform(1e-9, 1e6) * (random.next() % 5 == 0 ? 0 : 1)
                switch random.next() % 6 {
                case 0:
                    let policy = SpringAnimator.ReduceMotion.allCases[Int(random.next() % 3)]
                    try animator.setReduceMotion(policy, at: time)
                case 1: try animator.retarget(to: animator.target, at: time)
                default:
                    let target = random.logUniform(1e-300, 1e9) * (random.coin() ? 1 : -1)
                    let spring = random.coin() ? SpringCase(seed: seed &+ UInt64(step) &* 1000).spring : nil
                    try animator.retarget(to: target, at: time, spring: spring)
                }
                for offset in [0, 1e-9, 1e-3, 0.1, 10, 1e6] {
                    let state = animator.state(at: time + offset)
                    #expect(state.value.isFinite && state.velocity.isFinite, "\(c) step \(step)")
                }
            }
        }
    }

    @Test(
        "Critically damped and overdamped springs never pass a monotone sequence of targets",
        arguments: SpringAnimator.Mode.allCases)
    func noOvershootOnMonotoneTargets(mode: SpringAnimator.Mode) throws {
        for seed in 0..<UInt64(400) {
            var random = SplitMix64(seed: seed &+ 4242)
            let ratio = seed % 3 == 0 ? 1 : random.logUniform(1, 20)
            let spring = DampedSpring(response: random.logUniform(0.02, 2), dampingRatio: ratio)
            let direction = random.coin() ? 1.0 : -1.0
            let scale = random.logUniform(1e-3, 1e3)
            var animator = SpringAnimator(value: 0, spring: spring, mode: mode)
            var time = 0.0
            var frame = 0.0
            for _ in 0..<30 {
                time += random.logUniform(1e-3, 0.5)
                while frame < time {
                    let value = animator.value(at: frame)
                    #expect(direction * (value - animator.target) <= 1e-12 * scale, "seed \(seed) ζ \(ratio)")
                    frame += random.logUniform(1e-3, 0.03)
                }
                try animator.retarget(to: animator.target + direction * random.logUniform(1e-6, 1) * scale, at: time)
            }
        }
    }

    @Test("Reduce Motion 'tighten' keeps a bouncy spring's response and takes its overshoot away")
    func tightenRemovesBounce() throws {
        let bouncy = DampedSpring.bouncy(extraBounce: 0.5)
        #expect(bouncy.tightened.regime == .criticallyDamped)
        #expect(bouncy.tightened.response == bouncy.response)
        #expect(DampedSpring.smooth.tightened == .smooth)
        let overdamped = DampedSpring(duration: 0.5, bounce: -0.5)
        #expect(overdamped.tightened == overdamped)
        var animator = SpringAnimator(value: 0, spring: bouncy, reduceMotion: .tighten)
        try animator.retarget(to: 1, at: 0)
        for k in 0...240 { #expect(animator.value(at: Double(k) / 120) <= 1) }
    }

    @Test("Retargeting to the current value at rest stays put, exactly", arguments: SpringAnimator.Mode.allCases)
    func stayPut(mode: SpringAnimator.Mode) throws {
        for value in [0.0, 1, -37.25, 1e-300, 1e12] {
            var animator = SpringAnimator(value: value, spring: .bouncy, mode: mode)
            for time in [0.0, 0.0, 0.5, 3] {
                try animator.retarget(to: value, at: time, spring: .bend)
                #expect(animator.value(at: time) == value && animator.velocity(at: time) == 0)
                #expect(animator.value(at: time + 1) == value && animator.isSettled(at: time))
                #expect(animator.activeSpringCount == 0)
            }
            // And after a motion has settled, on the reached target.
            try animator.retarget(to: value + 1, at: 4)
            let settled = 4 + DampedSpring.bend.settlingDuration(from: 0, to: 1) + 0.01
            try animator.retarget(to: value + 1, at: settled)
            #expect(animator.value(at: settled + 0.2) == value + 1 && animator.velocity(at: settled + 0.2) == 0)
        }
    }

    @Test("An event before the last one is rejected with a clear error, and changes nothing")
    func timeOrder() throws {
        var animator = SpringAnimator(value: 0, time: 1, spring: .bend)
        try animator.retarget(to: 10, at: 2)
        let before = animator.state(at: 2.1)
        #expect(throws: SpringAnimator.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2)) {
            try animator.retarget(to: 20, at: 1.5)
        }
        #expect(throws: SpringAnimator.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2)) {
            try animator.setReduceMotion(.jump, at: 1.5)
        }
        #expect(throws: SpringAnimator.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2)) {
            try animator.follow(HingeSample(time: 1.5, angle: nil))
        }
        #expect(throws: SpringAnimator.EventError.timeNotFinite(.infinity)) {
            try animator.retarget(to: 20, at: .infinity)
        }
        #expect(throws: SpringAnimator.EventError.targetNotFinite(.infinity)) {
            try animator.retarget(to: .infinity, at: 3)
        }
        #expect(throws: SpringAnimator.EventError.targetOutOfRange(-Double.greatestFiniteMagnitude)) {
            var far = SpringAnimator(value: Double.greatestFiniteMagnitude)
            try far.retarget(to: -Double.greatestFiniteMagnitude, at: 1)
        }
        #expect(animator.state(at: 2.1) == before && animator.target == 10 && animator.lastEventTime == 2)
        #expect(
            "\(SpringAnimator.EventError.timeBeforeLastEvent(time: 1.5, lastEvent: 2))"
                == "time 1.5 is before the last event at 2.0; events must come in order")
        // Equal times are allowed (several readings with one timestamp), and a frame time
        // before the last event is read as the last event's time.
        try animator.retarget(to: 30, at: 2)
        #expect(animator.value(at: 1) == animator.value(at: 2))
    }

    @Test("Value and velocity are continuous at every retarget in both modes", arguments: SpringAnimator.Mode.allCases)
    func continuity(mode: SpringAnimator.Mode) throws {
        for seed in 0..<UInt64(200) {
            let schedule = RetargetSchedule(seed: seed, springs: .changing)
            var animator = schedule.animator(mode: mode, epsilon: 1e-12)
            for retarget in schedule.retargets {
                let before = animator.state(at: retarget.time)
                try animator.retarget(to: retarget.target, at: retarget.time, spring: retarget.spring)
                let after = animator.state(at: retarget.time)
                let velocityScale = schedule.range * schedule.fastestAngularFrequency
                #expect(abs(after.value - before.value) <= 1e-12 * schedule.range, "\(schedule)")
                #expect(abs(after.velocity - before.velocity) <= 1e-12 * velocityScale, "\(schedule)")
            }
        }
    }

    @Test("An endless stream of retargets with ever-changing springs stays within the capacity, continuously")
    func boundedMemory() throws {
        var additive = SpringAnimator(value: 0, spring: .bend, mode: .additive, epsilon: 1e-12)
        var persistent = SpringAnimator(value: 0, spring: .bend)
        var random = SplitMix64(seed: 8)
        var time = 0.0
        var largest = 0
        for step in 0..<20_000 {
            time += random.logUniform(1e-4, 0.02)
            let target = random.uniform(0, 180)
            let spring = DampedSpring(response: 0.2 + 0.01 * Double(step % 50), dampingRatio: 0.5)
            let before = additive.state(at: time)
            try additive.retarget(to: target, at: time, spring: spring)
            try persistent.retarget(to: target, at: time, spring: spring)
            let after = additive.state(at: time)
            largest = Swift.max(largest, additive.activeSpringCount)
            #expect(abs(after.value - before.value) <= 1e-9 && abs(after.velocity - before.velocity) <= 1e-7)
            #expect(persistent.activeSpringCount <= 1)
        }
        #expect(largest == SpringAnimator.segmentCapacity)
        // One spring: one slot, however many retargets.
        var one = SpringAnimator(value: 0, spring: .bend, mode: .additive)
        for step in 1...10_000 {
            try one.retarget(to: Double(step % 180), at: Double(step) * 0.004)
            #expect(one.activeSpringCount == 1)
        }
    }

    @Test("Springs of other kinds are retired in additive mode once their remainder is negligible")
    func retirement() throws {
        // ε = 1e-15 keeps the whole motion from settling, so only retirement can free slots.
        var animator = SpringAnimator(value: 0, spring: .bend, mode: .additive, epsilon: 1e-15)
        try animator.retarget(to: 100, at: 0, spring: .bend)
        try animator.retarget(to: 50, at: 0.1, spring: .smooth)
        try animator.retarget(to: 55, at: 0.2, spring: .snappy)
        #expect(animator.activeSpringCount == 3)
        // 3 s on, each has less than 1e-12 of the reference distance left (e^(−λt) with
        // λt ≥ 30), but together more than ε = 1e-15 of it.
        try animator.retarget(to: 60, at: 3, spring: .interactive)
        #expect(animator.activeSpringCount == 1)
        #expect(!animator.isSettled(at: 3))
    }
}
