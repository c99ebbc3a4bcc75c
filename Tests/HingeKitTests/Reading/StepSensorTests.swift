import Foundation
import HingeKit
import HingeTestSupport
import Testing

@Suite("Step sensors: description, inference and the tracker")
struct StepSensorTests {
    @Test("The real Fold 8 log's public events infer Samsung's ladder on a 200 ms grid")
    func inferredFromRealLog() throws {
        let text = try String(contentsOfFile: dataset("real/fold8-public.csv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map {
            $0.split(separator: ",")
        }
        let sensor = try #require(
            StepSensor.inferred(levels: rows.map { Double($0[1])! }, times: rows.map { Double($0[0])! }))
        #expect(sensor.levels == [0, 90, 180])
        #expect(sensor.up == StepSensor.galaxyZFold8.up && sensor.down == StepSensor.galaxyZFold8.down)
        #expect(abs(sensor.grid - 0.2) < 1e-12)
        // Not a step sensor: a 1° stream, or levels closer than 10°.
        #expect(StepSensor.inferred(levels: Array(stride(from: 0.0, through: 20, by: 1)), times: []) == nil)
        #expect(StepSensor.inferred(levels: [0, 5, 180], times: []) == nil)
        // An unknown ladder gets thresholds at a third and a sixth of each gap.
        let generic = try #require(StepSensor.inferred(levels: [0, 60, 120], times: [0, 0.1, 0.25, 0.3]))
        #expect(generic.up == [20, 80] && generic.down == [10, 70] && generic.grid == 0.05)
    }

    @Test("detect(in:) names a known sensor only when the trace shows its levels and its grid")
    func detectedInSamples() {
        func samples(_ pairs: [(Double, Double)]) -> [HingeSample] {
            pairs.map { HingeSample(time: $0.0, angle: $0.1, status: nil) }
        }
        // Fold 8: 0/90/180 at times on a 200 ms grid, a closing row repeating the last value.
        let fold = samples([(0, 0), (0.4, 90), (1.0, 180), (1.6, 90), (2.0, 90)])
        #expect(StepSensor.detect(in: fold) == .galaxyZFold8)
        // The same levels off the grid (changes 0.37 s, 0.61 s apart): not the Fold 8.
        #expect(StepSensor.detect(in: samples([(0, 0), (0.37, 90), (0.98, 180), (1.59, 90)])) == nil)
        // The Razr reports as soon as it crosses (no grid): its five levels suffice.
        let razr = samples([(0, 0), (0.13, 70), (0.29, 90), (0.41, 110), (0.97, 180)])
        #expect(StepSensor.detect(in: razr) == .motorolaRazr)
        // An unknown ladder (0/60/120) and a 1° stream are no known sensor.
        #expect(StepSensor.detect(in: samples([(0, 0), (0.2, 60), (0.4, 120), (0.6, 60)])) == nil)
        #expect(StepSensor.detect(in: samples((0..<30).map { (Double($0) * 0.01, Double($0)) })) == nil)
        // Values no ladder can be built from are no sensor, and no trap (main trapped on each,
        // in init's preconditions): an infinite level (its thresholds infinite too), a gap wider
        // than a Double holds, and a gap of one ulp (16384) at 1e20, where a third of it rounds
        // back onto the lower level (checked below).
        #expect(1e20 + 16384.0 / 3 == 1e20)
        #expect(StepSensor.detect(in: samples([(0, 0), (0.2, .infinity), (0.4, 0), (0.6, .infinity)])) == nil)
        #expect(StepSensor.inferred(levels: [-1.7e308, 1.7e308], times: []) == nil)
        #expect(StepSensor.inferred(levels: [1e20, 1e20 + 16384], times: []) == nil)
        // Large but representable levels still make a ladder, thresholds at a third and a sixth.
        let wide = StepSensor.inferred(levels: [0, 6e300], times: [])
        #expect(wide?.up == [2e300] && wide?.down == [1e300])
    }

    @Test("A crossing starts the coast from its threshold, lag + grid/2 before the report, inside the band")
    func crossing() {
        let parameters = StepSensorTracker.Parameters(
            priorSpeed: 100, coast: 0.5, omega: 20, fastShare: 0, carry: 0, ruleOut: 0, snapBend: 0,
            coastsPastEdge: false)
        var tracker = StepSensorTracker(sensor: .galaxyZFold8, parameters: parameters)
        tracker.ingest(time: 0, angle: 0)
        #expect(tracker.estimateAngle(at: 0) == 6)
        tracker.ingest(time: 1, angle: 90)
        // Crossed 40° at 1 − 0.1 − 0.1 = 0.8 s at the prior 100 °/s.
        for time in [1.0, 1.3, 2.0, 5.0] {
            let expected = min(40 + 100 * 0.5 * (1 - exp(-(time - 0.8) / 0.5)), 165)
            #expect(abs(tracker.estimateAngle(at: time) - expected) < 1e-9)
        }
        // The next crossing gives the speed between the two: 135° in 0.6 s.
        tracker.ingest(time: 1.6, angle: 180)
        #expect(abs(tracker.estimateAngle(at: 1.4) - 165) < 1e-9)
        #expect(tracker.estimateAngle(at: 10) <= 175 && tracker.estimateAngle(at: 10) > 174.9)
    }

    @Test("The shown angle has no jump and no kink at a report, and converges to the estimate")
    func continuity() {
        var tracker = StepSensorTracker(sensor: .galaxyZFold8)
        tracker.ingest(time: 0, angle: 180)
        tracker.ingest(time: 2, angle: 90)
        let before = tracker
        let beforeValue = before.angle(at: 2.6)
        let beforeSlope = (before.angle(at: 2.6) - before.angle(at: 2.6 - 1e-6)) / 1e-6
        tracker.ingest(time: 2.6, angle: 0)
        let after = tracker.angle(at: 2.6)
        let afterSlope = (tracker.angle(at: 2.6 + 1e-6) - after) / 1e-6
        #expect(abs(after - beforeValue) < 1e-9)
        #expect(abs(afterSlope - beforeSlope) < 0.01 * max(1, abs(beforeSlope)))
        #expect(abs(tracker.angle(at: 8) - tracker.estimateAngle(at: 8)) < 1e-6)
        #expect(abs(tracker.angle(at: 8) - 6) < 1e-6)
    }

    /// The coast from `angle` at `speed` (°/s, signed) after `tau` s with time constant `coast`,
    /// clamped to `band`: the oracle of the two hypotheses below, written from the docs.
    static func coast(
        _ angle: Double, _ speed: Double, _ tau: Double, _ coast: Double, _ band: ClosedRange<Double>
    )
        -> Double
    {
        min(max(angle + speed * coast * (1 - exp(-tau / coast)), band.lowerBound), band.upperBound)
    }

    @Test("A first crossing blends the prior coast with a snap's until the snap would have been reported")
    func snapHypothesis() {
        let parameters = StepSensorTracker.Parameters(
            priorSpeed: 45, coast: 2.5, omega: 15, fastSpeed: 400, fastShare: 0.3, carry: 0, ruleOut: 0, snapBend: 0,
            coastsPastEdge: false)
        var tracker = StepSensorTracker(sensor: .galaxyZFold8, parameters: parameters)
        tracker.ingest(time: 0, angle: 0)
        tracker.ingest(time: 1, angle: 90)
        // Crossed 40° at 0.8 s. A snap at 400 °/s reaches 165° after −2.5·ln(1 − 125/1000) s and
        // would be reported a lag and a grid step later: ruled out from then on.
        let refuted = 0.8 - 2.5 * log(1 - 125.0 / 1000) + 0.1 + 0.2
        for time in [1.0, 1.05, 1.1, refuted - 0.01] {
            let slow = Self.coast(40, 45, time - 0.8, 2.5, 20...165)
            let fast = Self.coast(40, 400, time - 0.8, 2.5, 20...165)
            #expect(abs(tracker.estimateAngle(at: time) - (0.7 * slow + 0.3 * fast)) < 1e-9, "at \(time) s")
        }
        // After: the snap's weight decays by e per third of a grid step.
        for late in [refuted + 0.1, refuted + 1] {
            let slow = Self.coast(40, 45, late - 0.8, 2.5, 20...165)
            let weight = 0.3 * exp(-(late - refuted) / (0.2 / 3))
            let expected = slow + weight * (Self.coast(40, 400, late - 0.8, 2.5, 20...165) - slow)
            #expect(abs(tracker.estimateAngle(at: late) - expected) < 1e-9, "at \(late) s")
        }
        // Without the snap (share 0) the estimate at the report is the prior coast: lower.
        var plain = StepSensorTracker(
            sensor: .galaxyZFold8,
            parameters: .init(
                priorSpeed: 45, coast: 2.5, omega: 15, fastSpeed: 400, fastShare: 0, carry: 0, ruleOut: 0, snapBend: 0,
                coastsPastEdge: false))
        plain.ingest(time: 0, angle: 0)
        plain.ingest(time: 1, angle: 90)
        #expect(tracker.estimateAngle(at: 1) - plain.estimateAngle(at: 1) > 15)
    }

    /// A Fold 8 tracker (prior 45 °/s, coast 2.5 s, ω 15, snap 400 °/s, `parameters`' snap) that
    /// was closed at 0 s and reported 90 at 1 s: it crossed 40° at 0.8 s.
    static func opened(_ parameters: StepSensorTracker.Parameters) -> StepSensorTracker {
        var snap = parameters
        (snap.priorSpeed, snap.coast, snap.omega, snap.fastSpeed) = (45, 2.5, 15, 400)
        // The oracles of the tests that use it hold the coast at the band's edge.
        snap.coastsPastEdge = false
        var tracker = StepSensorTracker(sensor: .galaxyZFold8, parameters: snap)
        tracker.ingest(time: 0, angle: 0)
        tracker.ingest(time: 1, angle: 90)
        return tracker
    }

    @Test("A gentle rule-out fades the snap from its earliest report as (1 + u)·e^(−u), without a kink")
    func gentleRuleOut() {
        let fade = 0.15
        let tracker = Self.opened(
            .init(fastShare: 0.3, carry: 0, ruleOut: fade, snapBend: 0, matchesAcceleration: false))
        // Crossed 40° at 0.8 s; the snap reaches 165° after −2.5·ln(1 − 125/1000) s and could be
        // reported from a lag (0.1 s) later: the fade starts there.
        let start = 0.8 - 2.5 * log(1 - 125.0 / 1000) + 0.1
        func weight(_ time: Double) -> Double {
            let u = max(0, time - start) / fade
            return 0.3 * (1 + u) * exp(-u)
        }
        for time in [1.0, start - 0.01, start + 0.02, start + 0.1, start + 0.3, start + 1] {
            let slow = Self.coast(40, 45, time - 0.8, 2.5, 20...165)
            let fast = Self.coast(40, 400, time - 0.8, 2.5, 20...165)
            let expected = slow + weight(time) * (fast - slow)
            #expect(abs(tracker.estimateAngle(at: time) - expected) < 1e-9, "at \(time) s")
        }
        // No kink where the fade starts: the slope on either side within 1 %; the sharp rule
        // (ruleOut 0) has one, where the snap is ruled out a grid step later.
        func slopeJump(_ tracker: StepSensorTracker, at time: Double) -> Double {
            let h = 1e-6
            let before = (tracker.estimateAngle(at: time) - tracker.estimateAngle(at: time - h)) / h
            let after = (tracker.estimateAngle(at: time + h) - tracker.estimateAngle(at: time)) / h
            return abs(after - before)
        }
        #expect(slopeJump(tracker, at: start) < 0.01 * 45)
        let sharp = Self.opened(.init(fastShare: 0.3, carry: 0, ruleOut: 0, snapBend: 0, matchesAcceleration: false))
        // The sharp rule's slope falls by 0.3·(165 − slow)/(grid/3) there: hundreds of °/s.
        #expect(slopeJump(sharp, at: start + 0.2) > 300)
    }

    @Test("A bent snap reaches the band's edge when the coast does, speeding up from 1 − b to 1 + b its speed")
    func bentSnap() {
        let bend = 0.6
        // The snap alone (share 1): the estimate is the snap's coast until it is ruled out.
        let tracker = Self.opened(.init(fastShare: 1, carry: 0, ruleOut: 0, snapBend: bend, matchesAcceleration: false))
        let reached = -2.5 * log(1 - 125.0 / 1000)
        for tau in [0.05, 0.1, 0.2, reached - 0.01, reached + 0.05] {
            let clock = tau < reached ? tau * (1 - bend + bend * tau / reached) : tau
            let expected = Self.coast(40, 400, clock, 2.5, 20...165)
            #expect(abs(tracker.estimateAngle(at: 0.8 + tau) - expected) < 1e-9, "at τ = \(tau) s")
        }
        // Its speed: (1 − b)·400 °/s just after the crossing, (1 + b)·400·e^(−τₑ/2.5) just before
        // the edge (from differences of the estimate, within 0.5 %).
        let h = 1e-5
        let first = (tracker.estimateAngle(at: 0.8 + h) - tracker.estimateAngle(at: 0.8)) / h
        let last = (tracker.estimateAngle(at: 0.8 + reached - h) - tracker.estimateAngle(at: 0.8 + reached - 2 * h)) / h
        #expect(abs(first - (1 - bend) * 400) < 0.005 * 400)
        let end = (1 + bend) * 400 * exp(-reached / 2.5)
        #expect(abs(last - end) < 0.005 * end)
    }

    /// A Fold 8 tracker closed at 0 s, at 90 at 1 s and at 180 at 1.5 s: before the last report
    /// and after it.
    static func openedTwice(
        _ parameters: StepSensorTracker.Parameters
    ) -> (before: StepSensorTracker, after: StepSensorTracker) {
        var tracker = StepSensorTracker(sensor: .galaxyZFold8, parameters: parameters)
        tracker.ingest(time: 0, angle: 0)
        tracker.ingest(time: 1, angle: 90)
        let before = tracker
        tracker.ingest(time: 1.5, angle: 180)
        return (before, tracker)
    }

    @Test(
        "Matching the acceleration: no jump in value, slope or acceleration at a report; the difference is (Δ + rτ + qτ²)·e^(−ωτ)"
    )
    func acceleratedCorrection() {
        // Its own rule-out and bend (none): under the fitted ones the acceleration before the
        // report is small (339 °/s²) and the first-order differences' error, about h times the
        // jerk, exceeds 2 % of it (docs/reading.md); accelerationAtReportUnderDefaults checks them.
        let omega = 12.0
        let parameters = StepSensorTracker.Parameters(
            priorSpeed: 45, coast: 2.5, omega: omega, fastSpeed: 400, fastShare: 0.3, carry: 0.5, ruleOut: 0,
            snapBend: 0, matchesAcceleration: true, coastsPastEdge: false)
        // The next report 0.5 s later, while the first one's difference still moves the angle.
        let (before, tracker) = Self.openedTwice(parameters)
        let (t, h) = (1.5, 1e-4)
        let old = [2, 1, 0].map { before.angle(at: t - Double($0) * h) }
        let new = [0, 1, 2].map { tracker.angle(at: t + Double($0) * h) }
        #expect(abs(new[0] - old[2]) < 1e-9)
        let (slopeBefore, slopeAfter) = ((old[2] - old[1]) / h, (new[1] - new[0]) / h)
        let (accelerationBefore, accelerationAfter) = (
            (old[2] - 2 * old[1] + old[0]) / (h * h), (new[2] - 2 * new[1] + new[0]) / (h * h)
        )
        #expect(abs(slopeAfter - slopeBefore) < 0.01 * max(10, abs(slopeBefore)), "\(slopeBefore) \(slopeAfter)")
        #expect(
            abs(accelerationAfter - accelerationBefore) < 0.02 * max(100, abs(accelerationBefore)),
            "\(accelerationBefore) \(accelerationAfter)")
        // The oracle: the difference's value, slope and acceleration at the report measured by
        // differences (the shown angle before it against the estimate after), then
        // (c + rτ + qτ²)·e^(−ωτ) with r = Δslope + ωc, q = (Δacceleration + 2ωr − ω²c)/2.
        let estimate = [0, 1, 2].map { tracker.estimateAngle(at: t + Double($0) * h) }
        let c = old[2] - estimate[0]
        let slopeGap = (old[2] - old[1]) / h - (estimate[1] - estimate[0]) / h
        let accelerationGap = accelerationBefore - (estimate[2] - 2 * estimate[1] + estimate[0]) / (h * h)
        let r = slopeGap + omega * c
        let q = (accelerationGap + 2 * omega * r - omega * omega * c) / 2
        for tau in [0.02, 0.05, 0.1, 0.2, 0.4] {
            let expected = (c + r * tau + q * tau * tau) * exp(-omega * tau)
            let difference = tracker.angle(at: t + tau) - tracker.estimateAngle(at: t + tau)
            #expect(abs(difference - expected) < 0.01 * max(1, abs(c)), "at τ = \(tau) s")
        }
        #expect(abs(c) > 10)
        #expect(abs(tracker.angle(at: 4) - tracker.estimateAngle(at: 4)) < 1e-6)
    }

    @Test(
        "Under the fitted defaults the shown acceleration jumps at a report by what the critically damped correction leaves; matched, not at all"
    )
    func accelerationAtReportUnderDefaults() {
        // Second-order one-sided differences (error O(h²), about 0.01 °/s² here); first-order
        // ones, as acceleratedCorrection's, are off by about h times the jerk either side of the
        // report, 10 °/s² here at h = 1e-4. `h` < 0 looks back.
        func slope(_ f: (Double) -> Double, _ t: Double, _ h: Double) -> Double {
            (-3 * f(t) + 4 * f(t + h) - f(t + 2 * h)) / (2 * h)
        }
        func acceleration(_ f: (Double) -> Double, _ t: Double, _ h: Double) -> Double {
            (2 * f(t) - 5 * f(t + h) + 4 * f(t + 2 * h) - f(t + 3 * h)) / (h * h)
        }
        for matches in [false, true] {
            let parameters = StepSensorTracker.Parameters(matchesAcceleration: matches)
            let omega = parameters.omega
            let (before, tracker) = Self.openedTwice(parameters)
            let (t, h) = (1.5, 1e-4)
            // The oracle (docs/reading.md): the shown angle less the new estimate at the report
            // decays as (Δ + (Δv + ωΔ)τ)·e^(−ωτ), whose second derivative at τ = 0 is
            // −2ωΔv − ω²Δ; the shown acceleration after is the new estimate's plus that.
            let gap = before.angle(at: t) - tracker.estimateAngle(at: t)
            let slopeGap = slope(before.angle, t, -h) - slope(tracker.estimateAngle, t, h)
            let shownBefore = acceleration(before.angle, t, -h)
            let shownAfter = acceleration(tracker.angle, t, h)
            let critical = acceleration(tracker.estimateAngle, t, h) - 2 * omega * slopeGap - omega * omega * gap
            let expected = matches ? 0 : critical - shownBefore
            #expect(abs(tracker.angle(at: t) - before.angle(at: t)) < 1e-9)
            #expect(
                abs(shownAfter - shownBefore - expected) < 0.1,
                "matched \(matches): \(shownBefore) → \(shownAfter), expected a jump of \(expected)")
            // The estimate moves 110° at the report (65° to 175°), so unmatched the jump is
            // large: about 10,080 °/s² against −137 before.
            if !matches { #expect(abs(expected) > 5000) }
        }
    }

    @Test("A measured snap moves the next move's snap share by carry; the top level rules nothing out")
    func carry() {
        let parameters = StepSensorTracker.Parameters(
            priorSpeed: 45, coast: 2.5, omega: 15, fastSpeed: 400, fastShare: 0.3, carry: 0.5, ruleOut: 0, snapBend: 0,
            coastsPastEdge: false)
        var tracker = StepSensorTracker(sensor: .galaxyZFold8, parameters: parameters)
        tracker.ingest(time: 0, angle: 0)
        tracker.ingest(time: 10, angle: 90)
        // 40° → 165° in 0.4 s: 312 °/s, faster than √(45·400) = 134 °/s, a snap: the share goes
        // from 0.3 halfway to 1, 0.65.
        tracker.ingest(time: 10.4, angle: 180)
        #expect(abs(tracker.estimateAngle(at: 10.5) - Self.coast(165, 312.5, 0.3, 2.5, 135...175)) < 1e-9)
        tracker.ingest(time: 12, angle: 90)
        // Crossed 135° down at 11.8 s: the snap share is 0.65.
        for time in [12.0, 12.1] {
            let slow = Self.coast(135, -45, time - 11.8, 2.5, 20...165)
            let fast = Self.coast(135, -400, time - 11.8, 2.5, 20...165)
            #expect(abs(tracker.estimateAngle(at: time) - (0.35 * slow + 0.65 * fast)) < 1e-9, "at \(time) s")
        }
    }

    @Test("A coast runs on a lag past the band's edge, then holds, never past the next level's far edge")
    func coastPastEdge() {
        // The oracle: the coast's speed v·e^(−τ/T) summed in 10 µs steps (midpoint rule) until
        // the angle reaches the band's edge, then for the sensor's lag (0.1 s) more; then held,
        // and never past the next level's far edge (the open rest, 175°, or the closed one, 6°).
        // The midpoint sum is within 1e-6° of the integral; 0.01° covers the step at the edge.
        func integrated(from angle: Double, speed: Double, edge: Double, far: Double, tau: Double) -> Double {
            let (dt, coast, sign) = (1e-5, 2.5, edge > angle ? 1.0 : -1.0)
            var (value, time, stop) = (angle, 0.0, Double.infinity)
            while time < min(tau, stop) {
                value += sign * speed * exp(-(time + dt / 2) / coast) * dt
                time += dt
                if stop == .infinity, sign * (value - edge) >= 0 { stop = time + 0.1 }
            }
            return sign > 0 ? min(value, far) : max(value, far)
        }
        for (from, to, speed, edge, far) in [
            (0.0, 90.0, 300.0, 165.0, 175.0), (0, 90, 1000, 165, 175), (180, 90, 100, 20, 6), (180, 90, 1000, 20, 6),
        ] {
            // Only the prior coast (no snap): crossed at 0.8 s (a lag and half a grid step before
            // the report at 1 s), 40° up or 135° down.
            let parameters = StepSensorTracker.Parameters(
                priorSpeed: speed, coast: 2.5, omega: 15, fastSpeed: 400, fastShare: 0, carry: 0, ruleOut: 0,
                snapBend: 0, matchesAcceleration: false, coastsPastEdge: true)
            var tracker = StepSensorTracker(sensor: .galaxyZFold8, parameters: parameters)
            tracker.ingest(time: 0, angle: from)
            tracker.ingest(time: 1, angle: to)
            let crossed = from < to ? 40.0 : 135.0
            var stopped = StepSensorTracker(
                sensor: .galaxyZFold8,
                parameters: .init(
                    priorSpeed: speed, coast: 2.5, omega: 15, fastSpeed: 400, fastShare: 0, carry: 0, ruleOut: 0,
                    snapBend: 0, matchesAcceleration: false, coastsPastEdge: false))
            stopped.ingest(time: 0, angle: from)
            stopped.ingest(time: 1, angle: to)
            for tau in [0.1, 0.3, 0.5, 1, 2, 4] {
                let expected = integrated(from: crossed, speed: speed, edge: edge, far: far, tau: tau)
                let got = tracker.estimateAngle(at: 0.8 + tau)
                #expect(abs(got - expected) < 0.01, "\(from)→\(to) at \(speed) °/s, τ = \(tau) s: \(got), \(expected)")
            }
            // Stopping at the edge instead holds it there: at least 5° short at the end.
            #expect(abs(stopped.estimateAngle(at: 4.8) - edge) < 1e-9)
            #expect(abs(tracker.estimateAngle(at: 4.8) - edge) > 5)
        }
    }
}
