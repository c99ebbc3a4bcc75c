// fuzz-target: spring_animator

@testable import HingeKit

/// libFuzzer target: a `SpringAnimator` fed arbitrary retargets, springs, policy changes and
/// frame times. Refused events must change nothing; values and velocities must be finite;
/// at most `segmentCapacity` springs may be in flight; once settled, the value is exactly
/// the target and stays settled until the next event.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpringAnimator(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    func spring() -> DampedSpring {
        switch input.byte() % 8 {
        case 0: return .smooth
        case 1: return .bouncy
        case 2: return .snappy
        case 3: return .interactive
        case 4: return .bend
        default:
            // Anything the validating initialisers accept, extreme values included.
            let mass = input.number(in: 0.001...100)
            let stiffness = input.number(in: 0.001...100_000)
            let damping = input.number(in: 0...1000)
            return
                (try? DampedSpring.validated(
                    mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: input.byte() & 1 == 0))
                ?? .smooth
        }
    }
    let start = input.number(in: -1000...1000)
    guard start.isFinite else { return 0 }
    let mode: SpringAnimator.Mode = input.byte() & 1 == 0 ? .persistent : .additive
    let first = spring()
    trace("SpringAnimator(value: \(start), time: 0, spring: \(first), mode: .\(mode))")
    var animator = SpringAnimator(value: start, time: 0, spring: first, mode: mode)
    var now = 0.0
    var settledSince: Double?
    while let choice = input.nextChoice(limit: 500) {
        let step = choice & 1 == 0 ? input.unit() * 0.1 : input.number(in: 0...10)
        switch choice >> 5 {
        case 0, 1, 2:
            let target = choice & 2 == 0 ? input.number(in: -1000...1000) : input.rawDouble()
            let named = choice & 4 == 0 ? nil : spring()
            let before = (animator.target, animator.lastEventTime, animator.activeSpringCount)
            trace("retarget(to: \(target), at: \(now + step), spring: \(named.map { "\($0)" } ?? "nil"))")
            do {
                try animator.retarget(to: target, at: now + step, spring: named)
                now = max(now, animator.lastEventTime)
                settledSince = nil
            } catch {
                check(
                    before == (animator.target, animator.lastEventTime, animator.activeSpringCount),
                    "a refused retarget changed the animator")
            }
        case 3:
            let policy = SpringAnimator.ReduceMotion.allCases[Int(choice >> 1) % 3]
            trace("setReduceMotion(.\(policy), at: \(now + step))")
            if (try? animator.setReduceMotion(policy, at: now + step)) != nil {
                now = max(now, animator.lastEventTime)
                settledSince = nil
            }
        default:
            let time = now + step
            guard time.isFinite else { continue }
            let state = animator.state(at: time)
            trace("state(at: \(time)) = \(state)")
            check(
                state.value.isFinite && state.velocity.isFinite,
                "value \(state.value) velocity \(state.velocity) at \(time)")
            let settled = animator.isSettled(at: time)
            if settled {
                check(state.value == animator.target && state.velocity == 0, "settled but not at the target")
                if settledSince == nil { settledSince = time }
            } else if let since = settledSince, time >= since {
                check(false, "settled at \(since) but not at \(time)")
            }
            now = time
        }
        check(animator.activeSpringCount <= SpringAnimator.segmentCapacity, "\(animator.activeSpringCount) springs")
        check(animator.referenceDistance.isFinite, "reference distance \(animator.referenceDistance)")
    }
    return 0
}
