import HingeKit
import Testing

@Suite("Android's LSQ2, exactly as AOSP computes it")
struct AndroidLSQ2Tests {
    /// The slope at the newest point (x = 0) of the least-squares quadratic through `points`
    /// (x = −age), solved in Double from the normal equations by Cramer's rule: an oracle
    /// independent of the single-precision centred sums under test.
    func quadraticSlope(_ points: [(x: Double, y: Double)]) -> Double {
        var s = [Double](repeating: 0, count: 5)
        var t = [Double](repeating: 0, count: 3)
        for (x, y) in points {
            for k in 0..<5 { s[k] += pow(x, k) }
            for k in 0..<3 { t[k] += y * pow(x, k) }
        }
        // Unknowns (c0, c1, c2): [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]] · c = t; c1 is the slope.
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let a = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let b = [[s[0], t[0], s[2]], [s[1], t[1], s[3]], [s[2], t[2], s[4]]]
        return det(b) / det(a)
    }

    func pow(_ x: Double, _ k: Int) -> Double { (0..<k).reduce(1) { product, _ in product * x } }

    func reader(_ velocity: VelocityEstimator, samples: [(Double, Double)]) throws -> HingeReader {
        var reader = HingeReader(
            configuration: HingeReader.Configuration(position: .raw, velocity: velocity, coarseStep: .infinity))
        for (time, angle) in samples { try reader.ingest(HingeSample(time: time, angle: angle)) }
        return reader
    }

    @Test("On a 10 ms grid the sample exactly 100 ms old is in the fit, as on a device")
    func hundredMillisecondTie() throws {
        // A cubic, so the fit depends on how many samples it holds; times as k × 0.01 s.
        // Newest at 0.28 s: in Double seconds 0.28 − 0.18 > 0.1, so that sample would drop out.
        let samples = (0...28).map { k -> (Double, Double) in
            let t = Double(k) * 0.01
            let u = t - 0.3
            return (t, 90 + 5 * t + 400 * u * u * u)
        }
        let newest = samples.last!.0
        let velocity = try reader(.androidLSQ2Held, samples: samples).reading(at: newest)!.velocity
        func fit(_ count: Int) -> Double {
            quadraticSlope(samples.suffix(count).map { (x: $0.0 - newest, y: $0.1) })
        }
        let eleven = fit(11)
        let ten = fit(10)
        // Single precision: 0.02 °/s (sums of ~90° values, 7.6e-6 ulp, over ages of 0.1 s); the
        // fits with and without the 100 ms sample differ by twenty times that.
        #expect(abs(velocity - eleven) <= 0.02)
        #expect(abs(ten - eleven) > 0.4)
    }

    @Test("On a 40 ms grid a gap of exactly 40 ms does not end the history")
    func fortyMillisecondTie() throws {
        // In Double seconds 5 × 0.04 − 4 × 0.04 > 0.04, which would end the history there.
        let samples = (0...6).map { k -> (Double, Double) in
            let t = Double(k) * 0.04
            return (t, 20 + 100 * t * t)
        }
        let newest = samples.last!.0
        let velocity = try reader(.androidLSQ2Held, samples: samples).reading(at: newest)!.velocity
        // Ages 0, 40 and 80 ms (120 ms is beyond the horizon): the parabola through three
        // points of y = 20 + 100t² is that parabola, whose slope at t is 200t.
        #expect(abs(velocity - 200 * newest) <= 2e-3 * 200 * newest)
    }

    @Test("lsq2-android reads 0 more than 40 ms after the newest sample; lsq2-android-held keeps the fit")
    func heldBetweenEvents() throws {
        let samples = (0...10).map { k -> (Double, Double) in (Double(k) * 0.01, 100 + 50 * Double(k) * 0.01) }
        let lift = try reader(.androidLSQ2, samples: samples)
        let held = try reader(.androidLSQ2Held, samples: samples)
        #expect(abs(lift.reading(at: 0.14)!.velocity - 50) < 0.1)
        #expect(lift.reading(at: 0.1401)!.velocity == 0)
        #expect(abs(held.reading(at: 2)!.velocity - 50) < 0.1)
        // One sample after a gap over 40 ms: no history, no velocity.
        var single = held
        try single.ingest(HingeSample(time: 0.3, angle: 120))
        #expect(single.reading(at: 0.3)!.velocity == 0)
    }
}
