import Foundation
import HingeKit
import Testing

@Suite("Android's unfold progress, posture and easing")
struct AndroidUnfoldProgressTests {
    /// Critically damped spring, ω = √600, from (x0, v0) toward `target` after `t` seconds:
    /// target + (e + (v0 + ωe)t)·e^(−ωt), e = x0 − target (the textbook closed form).
    func critical(_ x0: Double, _ v0: Double, _ target: Double, _ t: Double) -> (Double, Double) {
        let w = 600.0.squareRoot()
        let e = x0 - target
        let b = v0 + w * e
        return (target + (e + b * t) * exp(-w * t), (b - w * (e + b * t)) * exp(-w * t))
    }

    @Test("During a transition the spring (k 600, ζ 1) chases saturate(angle/165), keeping its velocity")
    func springRetargets() {
        var progress = AndroidUnfoldProgress()
        progress.foldUpdate(AndroidFoldUpdate(kind: .startClosing, time: 0, angle: 180))
        progress.hingeAngle(132, at: 0)
        // Tolerance 1e-12: the closed forms agree to rounding.
        let (x1, v1) = critical(1, 0, 0.8, 0.03)
        #expect(abs(progress.value(at: 0.03) - x1) < 1e-12)
        progress.hingeAngle(99, at: 0.03)
        let (x2, _) = critical(x1, v1, 0.6, 0.02)
        #expect(abs(progress.value(at: 0.05) - x2) < 1e-12)
        // Angles above 165° saturate at 1.
        progress.hingeAngle(179, at: 0.05)
        #expect(abs(progress.value(at: 5) - 1) < 1e-12)
    }

    @Test("The spring rests on its target once within 0.75 × 0.001 and slower than 62.5 × that")
    func minimumVisibleChange() {
        var progress = AndroidUnfoldProgress()
        progress.foldUpdate(AndroidFoldUpdate(kind: .startClosing, time: 0, angle: 180))
        progress.hingeAngle(82.5, at: 0)
        // Just before equilibrium the value is still off the target; at 1 s it is exactly on it.
        #expect(progress.value(at: 0.2) != 0.5)
        #expect(progress.value(at: 1) == 0.5)
    }

    @Test("FINISH_HALF_OPEN runs the canned finish: 1000 ms × (1 − p), fast_out_extra_slow_in, ignoring angles")
    func cannedFinish() {
        var progress = AndroidUnfoldProgress()
        progress.foldUpdate(AndroidFoldUpdate(kind: .startClosing, time: 0, angle: 180))
        progress.hingeAngle(82.5, at: 0)
        let p0 = progress.value(at: 2)  // at rest: 0.5
        #expect(p0 == 0.5)
        progress.foldUpdate(AndroidFoldUpdate(kind: .finishHalfOpen, time: 2, angle: 82.5))
        progress.hingeAngle(40, at: 2.1)
        #expect(progress.isFinishing)
        // Half the duration (0.25 s of 0.5 s): p0 + (1 − p0)·FastOutExtraSlowIn(0.5).
        let expected = 0.5 + 0.5 * FastOutExtraSlowIn.value(at: 0.5)
        #expect(abs(progress.value(at: 2.25) - expected) < 1e-12)
        #expect(progress.value(at: 2.5) == 1)
        // A START_CLOSING during it hands back to the spring from the canned value.
        var interrupted = progress
        interrupted.foldUpdate(AndroidFoldUpdate(kind: .startClosing, time: 2.25, angle: 40))
        #expect(!interrupted.isFinishing)
        #expect(abs(interrupted.value(at: 2.25) - expected) < 1e-12)
        interrupted.foldUpdate(AndroidFoldUpdate(kind: .finishClosed, time: 2.3, angle: 3))
        #expect(interrupted.value(at: 2.3) == 0)
    }

    @Test("fast_out_extra_slow_in passes through its path's points: (0,0), (0.166666, 0.4), (1,1)")
    func easing() {
        #expect(FastOutExtraSlowIn.value(at: 0) == 0)
        #expect(FastOutExtraSlowIn.value(at: 1) == 1)
        // The joint of the two cubics lies on the curve (1e-9: bisection to 2⁻⁶⁰ of u).
        #expect(abs(FastOutExtraSlowIn.value(at: 0.166666) - 0.4) < 1e-9)
        // Monotone and fast out: beyond 0.9 at half the time.
        var previous = 0.0
        for k in 1...1000 {
            let value = FastOutExtraSlowIn.value(at: Double(k) / 1000)
            #expect(value >= previous - 1e-12)
            previous = value
        }
        #expect(FastOutExtraSlowIn.value(at: 0.5) > 0.9)
    }

    @Test("Book-style posture: closed below 5°, half-opened to 125°, opened above; the tent rule")
    func posture() {
        #expect(AndroidBookStylePosture.state(of: 4.9) == .closed)
        #expect(AndroidBookStylePosture.state(of: 5) == .halfOpened)
        #expect(AndroidBookStylePosture.state(of: 124.9) == .halfOpened)
        #expect(AndroidBookStylePosture.state(of: 125) == .opened)
        var policy = AndroidBookStylePosture()
        #expect(policy.update(angle: 100) == .halfOpened)
        #expect(policy.update(angle: 3) == .closed)
        #expect(policy.update(angle: 60) == .closed)
        #expect(policy.update(angle: 89.9) == .closed)
        #expect(policy.update(angle: 90) == .halfOpened)
        #expect(policy.update(angle: 150) == .opened)
    }

    @Test("The pipeline on a trace: closing reports START_CLOSING; reaching closed FINISH_CLOSED and 0")
    func pipeline() {
        var android = AndroidUnfoldPipeline()
        var sent: [AndroidFoldUpdate.Kind] = []
        for (k, angle) in [180.0, 170, 150, 120, 90, 60, 30, 10, 3].enumerated() {
            android.ingest(HingeSample(time: 0.02 * Double(k), angle: angle)) { sent.append($0.kind) }
        }
        #expect(sent == [.startClosing, .finishClosed])
        #expect(android.value(at: 0.2) == 0)
        // Opening: the tent rule holds the phone closed until 90°.
        android.ingest(HingeSample(time: 1, angle: 60)) { sent.append($0.kind) }
        #expect(sent.count == 2)
        android.ingest(HingeSample(time: 1.02, angle: 95)) { sent.append($0.kind) }
        #expect(sent.suffix(1) == [.startOpening])
        #expect(android.value(at: 1.02) == 0)
        #expect(android.value(at: 1.1) > 0.3)
    }
}
