import HingeAnalysis
import HingeKit
import HingeTestSupport
import Testing

/// ``SpringAnimator`` against ``SpringODE``, which integrates the same equation with a
/// piecewise-constant target (and spring) numerically.
///
/// The animators here use ε = 1e-12: with SwiftUI's 0.001 the value snaps to the target when
/// it has settled, a deliberate step of up to 0.1 % of the last change that the oracle does
/// not make.
@Suite("SpringAnimator against the rk8pd oracle")
struct SpringAnimatorOracleTests {
    static let epsilon = 1e-12

    /// The oracle's absolute tolerance for a schedule: 1e-13 of its range, lowered for slow
    /// springs so that the velocity is as accurate as the value (GSL applies one tolerance to
    /// both components).
    static func tolerance(_ schedule: RetargetSchedule) -> Double {
        1e-13 * schedule.range * Swift.min(1, schedule.fastestAngularFrequency)
    }

    /// The persistent animator's motion is the solution of the spring equation whose target,
    /// and spring, jump at every retarget: exactly the oracle's pieces.
    static func persistentOracle(_ schedule: RetargetSchedule) throws -> [SpringODE.Sample] {
        var pieces = [SpringODE.Piece(startTime: 0, target: schedule.startValue, spring: schedule.startSpring)]
        var spring = schedule.startSpring
        for retarget in schedule.retargets {
            spring = retarget.spring ?? spring
            pieces.append(.init(startTime: retarget.time, target: retarget.target, spring: spring))
        }
        return try SpringODE(pieces: pieces, absoluteTolerance: tolerance(schedule)).solve(
            value: schedule.startValue, velocity: schedule.startVelocity, at: schedule.frames)
    }

    @Test(
        "Persistent mode follows the oracle within 1e-8 of the range (500 schedules per kind)",
        arguments: [RetargetSchedule.Springs.one, .changing])
    func persistentMatchesOracle(springs: RetargetSchedule.Springs) throws {
        for seed in 0..<UInt64(500) {
            let schedule = RetargetSchedule(seed: seed, springs: springs)
            let animated = try schedule.run(schedule.animator(mode: .persistent, epsilon: Self.epsilon))
            let oracle = try Self.persistentOracle(schedule)
            let velocityScale = schedule.range * schedule.fastestAngularFrequency
            for (frame, sample) in zip(animated, oracle) {
                #expect(abs(frame.value - sample.value) <= 1e-8 * schedule.range, "\(schedule) t \(sample.time)")
                #expect(abs(frame.velocity - sample.velocity) <= 1e-8 * velocityScale, "\(schedule) t \(sample.time)")
            }
        }
    }

    @Test("With one spring, additive mode is persistent mode, bit for bit (500 schedules)")
    func additiveEqualsPersistentWithOneSpring() throws {
        for seed in 0..<UInt64(500) {
            let schedule = RetargetSchedule(seed: seed, springs: .one)
            for epsilon in [Self.epsilon, 0.001] {
                let persistent = try schedule.run(schedule.animator(mode: .persistent, epsilon: epsilon))
                let additive = try schedule.run(schedule.animator(mode: .additive, epsilon: epsilon))
                for (p, a) in zip(persistent, additive) {
                    #expect(p.value == a.value && p.velocity == a.velocity, "\(schedule)")
                }
            }
        }
    }

    @Test("With changing springs, additive mode is the sum of one oracle per change (500 schedules)", .slow)
    func additiveIsSumOfOracles() throws {
        for seed in 0..<UInt64(500) {
            let schedule = RetargetSchedule(seed: seed, springs: .changing)
            let animated = try schedule.run(schedule.animator(mode: .additive, epsilon: Self.epsilon))
            // Each change runs from the old target to the new one, at rest, toward 0 in its
            // own frame; the kick at the start runs from 0 with the start velocity.
            var displacement = [Double](repeating: 0, count: schedule.frames.count)
            var velocity = displacement
            func add(_ spring: DampedSpring, start: Double, value: Double, initialVelocity: Double) throws {
                let first = schedule.frames.firstIndex { $0 >= start } ?? schedule.frames.count
                let times = Array(schedule.frames[first...])
                guard !times.isEmpty else { return }
                let samples = try SpringODE(
                    pieces: [.init(startTime: start, target: 0, spring: spring)],
                    absoluteTolerance: Self.tolerance(schedule)
                ).solve(value: value, velocity: initialVelocity, at: times)
                for (offset, sample) in samples.enumerated() {
                    displacement[first + offset] += sample.value
                    velocity[first + offset] += sample.velocity
                }
            }
            try add(schedule.startSpring, start: 0, value: 0, initialVelocity: schedule.startVelocity)
            var target = schedule.startValue
            var spring = schedule.startSpring
            for retarget in schedule.retargets {
                spring = retarget.spring ?? spring
                try add(spring, start: retarget.time, value: target - retarget.target, initialVelocity: 0)
                target = retarget.target
            }
            var next = 0
            target = schedule.startValue
            let velocityScale = schedule.range * schedule.fastestAngularFrequency
            for (index, frame) in schedule.frames.enumerated() {
                while next < schedule.retargets.count, schedule.retargets[next].time <= frame {
                    target = schedule.retargets[next].target
                    next += 1
                }
                let expected = target + displacement[index]
                #expect(abs(animated[index].value - expected) <= 1e-9 * schedule.range, "\(schedule) t \(frame)")
                #expect(
                    abs(animated[index].velocity - velocity[index]) <= 1e-9 * velocityScale, "\(schedule) t \(frame)")
            }
        }
    }
}
