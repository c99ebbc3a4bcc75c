import HingeTestSupport
import Testing

@testable import HingeKit

/// The animator's evaluations come as methods, for an animator held as a value, and as static
/// functions on a pointer, for one read in place (``EffectDriver``'s, and a mutating method's
/// own `self`; issue 31). Both must give the same bits at every frame, and a driver's frames
/// the same bits as a plain animator given the same targets.
@Suite("SpringAnimator: in-place evaluations")
struct SpringAnimatorInPlaceTests {
    @Test("Read through a pointer, value, state and settling agree with the methods to the bit")
    func pointerFormsAgree() throws {
        for seed in 0..<UInt64(60) {
            let schedule = RetargetSchedule(seed: seed, springs: seed % 2 == 0 ? .one : .changing)
            for mode in SpringAnimator.Mode.allCases {
                try schedule.play(schedule.animator(mode: mode)) { animator, frame in
                    let value = animator.value(at: frame)
                    let state = animator.state(at: frame)
                    let settled = animator.isSettled(at: frame)
                    let inPlace = withUnsafePointer(to: animator) { pointer in
                        (
                            SpringAnimator.value(pointer, at: frame), SpringAnimator.state(pointer, at: frame),
                            SpringAnimator.evaluateDisplacement(pointer, at: frame, epsilon: animator.epsilon).settled
                        )
                    }
                    #expect(inPlace.0.bitPattern == value.bitPattern, "\(schedule) \(mode) at \(frame)")
                    #expect(inPlace.1.value.bitPattern == state.value.bitPattern, "\(schedule) \(mode) at \(frame)")
                    #expect(
                        inPlace.1.velocity.bitPattern == state.velocity.bitPattern, "\(schedule) \(mode) at \(frame)")
                    #expect(inPlace.2 == settled, "\(schedule) \(mode) at \(frame)")
                }
            }
        }
    }

    @Test("An effect driver's frames are a plain animator's values, given the same targets, to the bit")
    func driverFramesAgree() throws {
        var driver = EffectDriver(effect: BloomEffect())
        var animator: SpringAnimator?
        var random = SplitMix64(seed: 31)
        var time = 0.0
        var angle = 120.0
        for _ in 0..<400 {
            time += random.logUniform(1e-3, 0.05)
            angle = min(180, max(0, angle + random.uniform(-6, 6)))
            let sample = HingeSample(time: time, angle: angle.rounded(), status: .partiallyOpen)
            try driver.ingest(sample)
            let target = BloomEffect().value(angle: sample.angle, status: sample.status)
            if animator == nil {
                animator = SpringAnimator(value: target, time: time, spring: driver.spring, mode: .persistent)
            } else {
                try animator?.retarget(to: target, at: time)
            }
            for step in 0..<3 {
                let frame = time + Double(step) / 240
                let plain = try #require(animator).state(at: frame)
                #expect(driver.value(at: frame).bitPattern == plain.value.bitPattern, "at \(frame)")
                #expect(driver.state(at: frame).velocity.bitPattern == plain.velocity.bitPattern, "at \(frame)")
                #expect(driver.isSettled(at: frame) == (try #require(animator).isSettled(at: frame)), "at \(frame)")
            }
        }
    }
}
