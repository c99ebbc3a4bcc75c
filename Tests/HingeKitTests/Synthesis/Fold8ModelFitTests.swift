import Foundation
import HingeKit
import HingeTestSupport
import Testing

/// The synthetic Fold 8 (`SensorModel.Device.fold8`, `HandMotion.fold8Folds`) against the
/// statistics of the two real logs, measured here from their CSVs (an independent restatement
/// of `scripts/fold8-model-check.py`, not of the Swift scoring code).
@Suite("The synthetic Fold 8 against the real logs' measured statistics")
struct Fold8ModelFitTests {
    typealias Point = (time: Double, angle: Double)

    /// The public events and the fused angle of a real log (``LogColumns``), both in seconds
    /// from the public file's first row.
    static func log(_ name: String) throws -> (events: [Point], truth: [Point]) {
        let events = try LogColumns(dataset("real/\(name)-public.csv"))
        let fused = try LogColumns(dataset("real/\(name)-fused.csv"))
        let truth = zip(fused.times(from: events.origin), fused.angles).map { Point($0, $1) }
        return (zip(events.times, events.angles).map { Point($0, $1) }, truth)
    }

    /// The fused angle read as a truth that rests: linear within 0.5 s, else held and ramped
    /// over the 0.2 s before the next sample (docs/reading.md, `change`).
    static func angle(_ truth: [Point], at time: Double) -> Double {
        guard time > truth[0].time else { return truth[0].angle }
        for (a, b) in zip(truth, truth.dropFirst()) where a.time <= time && time < b.time {
            if b.time - a.time <= 0.5 { return a.angle + (b.angle - a.angle) * (time - a.time) / (b.time - a.time) }
            let start = b.time - 0.2
            return time < start ? a.angle : a.angle + (b.angle - a.angle) * (time - start) / 0.2
        }
        return truth[truth.count - 1].angle
    }

    /// Each slow change's threshold estimate: the angle 100 ms before it, less half a 200 ms
    /// grid step of motion; keyed by (level before, level after).
    static func crossings(_ events: [Point], _ truth: (Double) -> Double) -> [[Double]: [Double]] {
        var found: [[Double]: [Double]] = [:]
        for (before, event) in zip(events, events.dropFirst()) where before.angle != event.angle {
            let measured = truth(event.time - 0.1)
            let speed = (measured - truth(event.time - 0.3)) / 0.2
            if abs(speed) < 150 { found[[before.angle, event.angle], default: []].append(measured - speed * 0.1) }
        }
        return found
    }

    /// Snap opens (0→90 then 90→180 within 0.45 s): the truth at the 0→90 and the grid steps.
    static func snapOpens(_ events: [Point], _ truth: (Double) -> Double) -> [(angle: Double, steps: Int)] {
        zip(zip(events, events.dropFirst()), events.dropFirst(2)).compactMap { pair, third in
            let (first, second) = pair
            guard first.angle == 0, second.angle == 90, third.angle == 180, third.time - second.time <= 0.45 else {
                return nil
            }
            return (truth(second.time), Int(((third.time - second.time) / 0.2).rounded()))
        }
    }

    /// Bursts of a change-triggered angle (samples ≤ 0.5 s apart) that move 60° or more: their
    /// duration (from 0.2 s before the first sample) and mean speed.
    static func moves(_ truth: [Point]) -> [(duration: Double, speed: Double)] {
        var bursts: [[Point]] = [[truth[0]]]
        for point in truth.dropFirst() {
            if let last = bursts[bursts.count - 1].last, point.time - last.time <= 0.5 {
                bursts[bursts.count - 1].append(point)
            } else {
                bursts.append([point])
            }
        }
        var found: [(duration: Double, speed: Double)] = []
        var last = truth[0].angle
        for burst in bursts {
            guard let first = burst.first, let end = burst.last else { continue }
            let duration = end.time - first.time + 0.2
            if abs(end.angle - last) >= 60 { found.append((duration, abs(end.angle - last) / duration)) }
            last = end.angle
        }
        return found
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    @Test("Its ladder thresholds are the medians of both logs' slow crossings (±1°), its grid and lag theirs")
    func thresholds() throws {
        var pooled: [[Double]: [Double]] = [:]
        for name in ["fold8", "fold8-session-part1"] {
            let log = try Self.log(name)
            // Every public event sits on a 200 ms grid (within 1 ms).
            for event in log.events {
                let ticks = (event.time - log.events[0].time) / 0.2
                #expect(abs(ticks - ticks.rounded()) * 0.2 < 0.001, "\(name): \(event.time)")
            }
            pooled.merge(Self.crossings(log.events) { Self.angle(log.truth, at: $0) }) { $0 + $1 }
        }
        let sensor = SensorModel.Device.fold8.sensor
        guard case .ladder(let ladder) = sensor.quantisation else {
            Issue.record("the Fold 8 is a ladder")
            return
        }
        #expect(sensor.meanInterval == 0.2 && sensor.jitter == 0 && sensor.latency == 0.1)
        for (key, threshold) in [
            ([0.0, 90], ladder.up[0]), ([90, 180], ladder.up[1]), ([180, 90], ladder.down[1]),
            ([90, 0], ladder.down[0]),
        ] {
            let measured = Self.median(pooled[key] ?? [])
            #expect(abs(measured - threshold) <= 1, "\(key): logs \(measured), model \(threshold)")
        }
    }

    @Test("Its snaps open as part 1's do: 90→180 one or two grid steps after 0→90, none skipping 90")
    func snaps() throws {
        let log = try Self.log("fold8-session-part1")
        let real = Self.snapOpens(log.events) { Self.angle(log.truth, at: $0) }
        #expect(real.count == 5 && real.allSatisfy { (1...2).contains($0.steps) })
        let trace = try #require(SyntheticScenario.named("fold8-folds")).trace
        var model: [(angle: Double, steps: Int)] = []
        for seed in UInt64(1)...6 {
            let events = trace.samples(seed: seed).map { ($0.sample.time, $0.sample.angle ?? 0) }
            model += Self.snapOpens(events) { trace.motion.state(at: $0).angle }
        }
        // Its snaps open in two reports, one or two grid steps apart (at least two a seed); none
        // skips 90, as none of part 1's did.
        #expect(model.count >= 6 * 2, "\(model.count)")
        for seed in UInt64(1)...6 {
            let levels = trace.samples(seed: seed).compactMap(\.sample.angle)
            #expect(!zip(levels, levels.dropFirst()).contains { $0 == 0 && $1 == 180 }, "seed \(seed)")
        }
        #expect(model.allSatisfy { (1...2).contains($0.steps) })
        // Not matched, and said so in docs/reading.md: where the hinge is at the 0→90. Part 1's
        // snaps speed up into the stop (a median 83° at the 0→90), the model's minimum-jerk snaps
        // are symmetric (a median 141°), so the model's is the later of the two; both stay
        // within the ladder's 31–180°.
        #expect((60...135).contains(Self.median(real.map(\.angle))))
        #expect(model.allSatisfy { (31...180).contains($0.angle) })
    }

    @Test(
        "Its folds as part 1's fused angle shows them: slow folds' speed within 15 °/s, snaps' duration within 0.15 s")
    func folds() throws {
        let log = try Self.log("fold8-session-part1")
        let real = Self.moves(log.truth)
        // The model's hand through a fused-like stream: a new value on a 40 ms grid whenever the
        // angle has moved 10° or more.
        let motion = HandMotion.fold8Folds
        var fused: [Point] = [(0, motion.state(at: 0).angle)]
        for tick in 1...Int(motion.duration / 0.04) {
            let angle = motion.state(at: Double(tick) * 0.04).angle
            if abs(angle - fused[fused.count - 1].angle) >= 10 { fused.append((Double(tick) * 0.04, angle.rounded())) }
        }
        let model = Self.moves(fused)
        for (name, pick) in [("slow", { (m: (duration: Double, speed: Double)) in m.speed < 150 })] {
            let (r, m) = (real.filter(pick), model.filter(pick))
            #expect(abs(Self.median(r.map(\.speed)) - Self.median(m.map(\.speed))) <= 15, "\(name)")
        }
        let (realSnaps, modelSnaps) = (real.filter { $0.speed >= 150 }, model.filter { $0.speed >= 150 })
        #expect(!modelSnaps.isEmpty)
        #expect(abs(Self.median(realSnaps.map(\.duration)) - Self.median(modelSnaps.map(\.duration))) <= 0.15)
    }
}
