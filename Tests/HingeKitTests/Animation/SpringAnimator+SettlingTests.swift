import HingeKit
import HingeTestSupport
import Testing

@Suite("SpringAnimator settling and Reduce Motion")
struct SpringAnimatorSettlingTests {
    /// The first time `animator` reports settled, by bisection on its monotone answer.
    static func settleTime(_ animator: SpringAnimator, from start: Double) -> Double {
        var low = start
        var high = start + 1
        while !animator.isSettled(at: high) { high = start + 2 * (high - start) }
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { return high }
            if animator.isSettled(at: middle) { high = middle } else { low = middle }
        }
    }

    @Test(
        "One change from rest settles exactly when DampedSpring says, on any scale",
        arguments: [1e-3, 1, 180, 1e6])
    func settlesLikeTheSpring(distance: Double) throws {
        for spring in [DampedSpring.bend, .smooth, .snappy, .bouncy, .interactive] {
            var animator = SpringAnimator(value: 0, spring: spring)
            try animator.retarget(to: distance, at: 2)
            let expected = spring.settlingDuration(from: 0, to: 1)
            // The same rule, located by two different searches: equal to 1e-12 s.
            #expect(abs(Self.settleTime(animator, from: 2) - 2 - expected) <= 1e-12)
            #expect(animator.value(at: 2 + expected + 1e-9) == distance)
            #expect(animator.velocity(at: 2 + expected + 1e-9) == 0)
            #expect(animator.value(at: 2 + expected - 1e-6) != distance)
        }
    }

    @Test("A sensor repeating its last reading does not postpone the end")
    func repeatsDoNotPostpone() throws {
        var quiet = SpringAnimator(value: 0, spring: .bend)
        try quiet.retarget(to: 1, at: 0)
        var chatty = quiet
        for k in 1...500 { try chatty.retarget(to: 1, at: Double(k) * 0.004) }
        let expected = Self.settleTime(quiet, from: 0)
        #expect(chatty.isSettled(at: expected + 1e-9))
        #expect(chatty.value(at: 2.1) == 1)
    }

    @Test("A spring kicked on its target settles relative to its own excursion")
    func kickFromTarget() {
        for speed in [1e-6, 1.0, 1e6] {
            let animator = SpringAnimator(value: 5, velocity: speed, spring: .bend)
            let expected = DampedSpring.bend.settlingDuration(from: 5, to: 5, initialVelocity: speed)
            #expect(abs(Self.settleTime(animator, from: 0) - expected) <= 1e-12)
            #expect(animator.value(at: expected + 1e-9) == 5)
        }
    }

    @Test("An undamped spring never settles; a heavily damped one does, late")
    func extremes() throws {
        var undamped = SpringAnimator(value: 0, spring: DampedSpring(duration: 0.5, bounce: 1))
        try undamped.retarget(to: 1, at: 0)
        #expect(!undamped.isSettled(at: 1e6))
        var slow = SpringAnimator(
            value: 0, spring: DampedSpring(mass: 1, stiffness: 1, damping: 200, allowOverDamping: true))
        try slow.retarget(to: 1, at: 0)
        #expect(!slow.isSettled(at: 100) && slow.isSettled(at: 2_000))
    }

    @Test("isSettled(at:epsilon:) is monotone in time and in epsilon")
    func settledMonotone() throws {
        var animator = SpringAnimator(value: 0, spring: .bouncy, mode: .additive)
        try animator.retarget(to: 10, at: 0)
        try animator.retarget(to: 4, at: 0.05, spring: .bend)
        var previous = false
        for k in 0...400 {
            let time = Double(k) * 0.005
            let settled = animator.isSettled(at: time, epsilon: 0.01)
            #expect(!previous || settled)
            #expect(!settled || animator.isSettled(at: time, epsilon: 0.1))
            previous = settled
        }
        #expect(previous)
    }

    @Test("Reduce Motion 'jump' shows every target at once")
    func jump() throws {
        var animator = SpringAnimator(value: 0, velocity: 30, spring: .bouncy, reduceMotion: .jump)
        #expect(animator.value(at: 0.1) == 0 && animator.isSettled(at: 0))
        try animator.retarget(to: 120, at: 1)
        #expect(animator.value(at: 1) == 120 && animator.velocity(at: 1) == 0 && animator.isSettled(at: 1))
    }

    @Test(
        "Switching between 'off' and 'tighten' mid-flight keeps value and velocity continuous",
        arguments: SpringAnimator.Mode.allCases)
    func switchTightenMidFlight(mode: SpringAnimator.Mode) throws {
        var animator = SpringAnimator(value: 0, spring: .bouncy, mode: mode)
        try animator.retarget(to: 100, at: 0)
        try animator.retarget(to: 60, at: 0.05, spring: .bend)
        for (time, policy) in [(0.1, SpringAnimator.ReduceMotion.tighten), (0.2, .off), (0.25, .tighten)] {
            let before = animator.state(at: time)
            try animator.setReduceMotion(policy, at: time)
            let after = animator.state(at: time)
            #expect(abs(after.value - before.value) <= 1e-12 * 100)
            #expect(abs(after.velocity - before.velocity) <= 1e-11 * 100)
            #expect(animator.reduceMotion == policy)
        }
        // Tightened from 0.25 s on, the motion still ends, exactly on the target.
        let settle = Self.settleTime(animator, from: 0.25)
        #expect(settle.isFinite && animator.value(at: settle) == 60)
    }

    @Test("Switching to 'jump' mid-flight goes to the target; back to 'off' it waits for a retarget")
    func switchJumpMidFlight() throws {
        var animator = SpringAnimator(value: 0, spring: .bend)
        try animator.retarget(to: 100, at: 0)
        #expect(animator.value(at: 0.1) != 100)
        try animator.setReduceMotion(.jump, at: 0.1)
        #expect(animator.value(at: 0.1) == 100 && animator.isSettled(at: 0.1))
        try animator.setReduceMotion(.off, at: 0.2)
        #expect(animator.value(at: 0.3) == 100)
        try animator.retarget(to: 0, at: 0.4)
        #expect(animator.value(at: 0.45) > 0 && animator.value(at: 0.45) < 100)
    }

    @Test("The follower is Android's unfold spring, and holds the last target without a hinge")
    func follower() throws {
        var follower = SpringAnimator.follower(startingAt: 180, time: 1)
        #expect(follower.spring.regime == .criticallyDamped)
        #expect(abs(follower.spring.stiffness / follower.spring.mass - 600) <= 1e-9)
        #expect(follower.mode == .persistent)
        try follower.follow(HingeSample(time: 1.1, angle: 120))
        let moving = follower.state(at: 1.2)
        try follower.follow(HingeSample(time: 1.2, angle: nil))
        #expect(follower.target == 120 && follower.lastEventTime == 1.1)
        #expect(follower.state(at: 1.2) == moving)
        try follower.follow(HingeSample(time: 1.3, radians: .pi / 2))
        #expect(abs(follower.target - 90) <= 1e-12)
    }
}
