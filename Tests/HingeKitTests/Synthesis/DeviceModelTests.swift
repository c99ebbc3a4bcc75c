import HingeKit
import HingeTestSupport
import Testing

@Suite("Sensor models of real devices and the human hand")
struct DeviceModelTests {
    private func samples(_ device: SensorModel.Device, seed: UInt64) -> [SyntheticSample] {
        SyntheticTrace(motion: device.motion, sensor: device.sensor).samples(seed: seed)
    }

    @Test(
        "Fold 8: only 0/90/180, on the 200 ms grid, a stale first 90, each change past its threshold", arguments: 1...6)
    func fold8(seed: UInt64) {
        let rows = samples(.fold8, seed: seed)
        let motion = SensorModel.Device.fold8.motion
        #expect(rows.first?.sample.angle == 90 && rows.first?.trueAngle == 176)
        // The noise is Irwin–Hall, bounded by 6σ.
        let bound = 6 * SensorModel.Device.fold8.sensor.noise
        // The pairs after the stale first value, before the closing row.
        for (previous, row) in zip(rows, rows.dropFirst()).dropFirst().dropLast() {
            let time = row.sample.time
            #expect([0, 90, 180].contains(row.sample.angle!))
            let ticks = time / 0.2
            #expect(abs(ticks - ticks.rounded()) < 1e-6, "\(time) is off the 200 ms grid")
            let lagged = motion.state(at: time - 0.1).angle
            let before = motion.state(at: time - 0.3).angle
            switch (previous.sample.angle!, row.sample.angle!) {
            case (0, 90), (0, 180): #expect(lagged >= 31 - bound && before < 31 + bound)
            case (90, 180): #expect(lagged >= 161 - bound && before < 161 + bound)
            case (180, 90), (180, 0): #expect(lagged <= 145 + bound && before > 145 - bound)
            case (90, 0): #expect(lagged <= 21 + bound && before > 21 - bound)
            default: break
            }
        }
    }

    @Test("Razr: only its five levels, and across seeds some fast move skips a level in one report")
    func razr() {
        var skipped = false
        for seed in UInt64(1)...6 {
            let rows = samples(.razr, seed: seed)
            let levels: [Double] = [0, 70, 90, 110, 180]
            #expect(rows.allSatisfy { levels.contains($0.sample.angle!) })
            for (a, b) in zip(rows, rows.dropFirst()) {
                let from = levels.firstIndex(of: a.sample.angle!)!
                let to = levels.firstIndex(of: b.sample.angle!)!
                if abs(to - from) >= 2 { skipped = true }
            }
        }
        #expect(skipped)
    }

    @Test("Surface Duo reports whole degrees at ~10 Hz; Pixel 1° at 10–50 Hz; both within their range")
    func rates() {
        for (device, low, high) in [(SensorModel.Device.surfaceDuo, 0.08, 0.125), (.pixel, 0.02, 0.1)] {
            let rows = samples(device, seed: 1)
            #expect(rows.allSatisfy { $0.sample.angle! == $0.sample.angle!.rounded() })
            #expect(rows.allSatisfy { $0.sample.angle! <= device.sensor.maximumRange })
            // Polls are on-change, so a moving hinge shows the poll rate: the median interval
            // while the hand moves fast.
            let moving = zip(rows, rows.dropFirst()).filter { abs($0.0.trueVelocity!) > 100 }.map {
                $0.1.sample.time - $0.0.sample.time
            }.sorted()
            let median = moving[moving.count / 2]
            #expect(median >= low && median <= high, "\(device): \(median) s")
        }
    }

    @Test("The human folds match the recording's figures: snap peaks, slow speeds, rests")
    func humanFigures() {
        let motion = HandMotion.humanFolds
        // The oracle: the motion sampled every millisecond.
        let states = stride(from: 0.0, through: motion.duration, by: 0.001).map { motion.state(at: $0) }
        let peak = states.map { abs($0.velocity) }.max()!
        #expect(peak >= 600 && peak <= 850)
        // Snaps are the moves faster than 300 °/s: each lasts 0.3–0.6 s at above 1 % of its peak.
        var runs: [Int] = []
        var run = 0
        for state in states {
            if abs(state.velocity) > 5 { run += 1 } else if run > 0 { runs.append(run); run = 0 }
        }
        #expect(runs.contains { (300...600).contains($0) })
        // Rests: every still stretch of 300 ms or more lies in 0–11° or 171–179°, or is a pause
        // mid-fold.
        let angles = states.map(\.angle)
        #expect(angles.min()! >= 0 && angles.max()! <= 179)
        #expect(abs(angles.first! - 176) < 1e-9 && abs(angles.last! - 174) < 1e-9)
        // The slow close from 176° to 6° takes 6.5 s: 170° at 26 °/s on average.
        let slow = 170 / 6.5
        #expect(slow >= 25 && slow <= 40)
    }

    @Test("A ladder moves as many levels as the thresholds crossed, and holds inside its band")
    func ladder() throws {
        let ladder = try SensorModel.Ladder(levels: [0, 90, 180], up: [30, 165], down: [20, 146])
        #expect(ladder.level(from: 0, measured: 29.9) == 0)
        #expect(ladder.level(from: 0, measured: 30) == 1)
        #expect(ladder.level(from: 0, measured: 170) == 2)
        #expect(ladder.level(from: 2, measured: 150) == 2)
        #expect(ladder.level(from: 2, measured: 146) == 1)
        #expect(ladder.level(from: 2, measured: 10) == 0)
        #expect(ladder.level(from: 1, measured: 25) == 1)
    }

    @Test(
        "MacBook lid: whole degrees, each row on the 98 ms refresh grid, within rounding and noise of the hand",
        arguments: 1...3)
    func macbookLid(seed: UInt64) throws {
        let rows = samples(.macbookLid, seed: seed)
        let motion = HandMotion.humanFolds
        #expect(rows.count > 50)
        // The closing row (the trace's end) is off the grid.
        for row in rows.dropLast() {
            let angle = try #require(row.sample.angle)
            #expect(angle == angle.rounded(), "\(angle) is not a whole degree")
            let ticks = row.sample.time / 0.098
            #expect(abs(ticks - ticks.rounded()) < 1e-6, "\(row.sample.time) is off the 98 ms grid")
            // Noise σ 0.2° is bounded by 6σ (Irwin–Hall), rounding by 0.5°.
            #expect(abs(angle - motion.state(at: row.sample.time).angle) <= 1.2 + 0.5)
        }
    }

    @Test("TriFold: only 0 and 180, on the 200 ms grid; the hand passes 120° before 180 and 60° before 0")
    func trifold() throws {
        let motion = HandMotion.humanFolds
        for seed in UInt64(1)...3 {
            let rows = samples(.trifold, seed: seed)
            #expect(Set(rows.compactMap(\.sample.angle)) == [0, 180])
            for (previous, row) in zip(rows, rows.dropFirst()).dropLast() {
                let ticks = row.sample.time / 0.2
                #expect(abs(ticks - ticks.rounded()) < 1e-6)
                let lagged = motion.state(at: row.sample.time - 0.1).angle
                switch (previous.sample.angle, row.sample.angle) {
                case (0, 180): #expect(lagged >= 120 - 4.8)
                case (180, 0): #expect(lagged <= 60 + 4.8)
                default: break
                }
            }
        }
    }
}
