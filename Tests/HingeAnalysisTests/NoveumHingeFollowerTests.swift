import Foundation
import HingeAnalysis
import HingeKit
import Testing

/// The Noveum/hinge peer against values worked out by hand from its published rules. The
/// tolerance, 1e-9 (of a degree or of the progress), is rounding in a few exponentials.
@Suite("The noveum-hinge peer")
struct NoveumHingeFollowerTests {
    @Test("A first reading is placed, not animated; no hinge shows a flat phone")
    func placed() throws {
        let peer = NoveumHingeFollower()
        #expect(peer.value(at: 0) == 1)
        try peer.ingest(HingeSample(time: 0, angle: 90, status: nil))
        #expect(abs(peer.value(at: 0.5) - 90.0 / 165) < 1e-12)
        try peer.ingest(HingeSample(time: 0.6, angle: nil, status: nil))
        #expect(peer.value(at: 0.7) == 1)
    }

    @Test("The 0.6° band: a reading within it moves nothing; one beyond moves the tracked angle to its edge")
    func noiseBand() throws {
        let peer = NoveumHingeFollower(scale: .degrees)
        try peer.ingest(HingeSample(time: 0, angle: 100, status: nil))
        try peer.ingest(HingeSample(time: 0.1, angle: 100.5, status: nil))
        #expect(peer.estimatedVelocity(at: 0.1) == 0)
        #expect(abs(peer.value(at: 0.2) - 100) < 1e-12)
        try peer.ingest(HingeSample(time: 0.2, angle: 101, status: nil))
        // Tracked 100 → 100.4 in 0.1 s: 4 °/s, blended in with weight 1 − e^(−0.1/0.06).
        let velocity = 4 * (1 - exp(-0.1 / 0.06))
        #expect(abs(peer.estimatedVelocity(at: 0.2) - velocity) < 1e-9)
        #expect(abs(peer.estimatedVelocity(at: 0.225) - velocity) < 1e-9)
        // 25 ms of silence held, then a fade with τ 80 ms.
        #expect(abs(peer.estimatedVelocity(at: 0.305) - velocity * exp(-1)) < 1e-9)
    }

    /// After a jump, while the velocity is held (25 ms), target and ω are constant, so three
    /// exact frame steps from rest are the critically damped closed form at 3/120 s.
    @Test("Three frames after a reading: x = T + (x₀ − T)(1 + ωt)e^(−ωt), ω = 30 + 0.55|v|, T with the look-ahead")
    func follower() throws {
        let peer = NoveumHingeFollower(scale: .degrees)
        try peer.ingest(HingeSample(time: 0, angle: 100, status: nil))
        try peer.ingest(HingeSample(time: 1, angle: 110, status: nil))
        let velocity = 9.4 * (1 - exp(-1 / 0.06))
        let target = 109.4 + min(velocity * 0.035, 0.75)
        let omega = 30 + 0.55 * velocity
        let t = 3.0 / 120
        let expected = target + (100 - target) * (1 + omega * t) * exp(-omega * t)
        #expect(abs(peer.value(at: 1 + 2.5 / 120) - expected) < 1e-9)
    }

    @Test("ω reaches 55 rad/s at 45.5 °/s and stays; responseScale multiplies it")
    func fastResponse() throws {
        // At 200 °/s held, the target's look-ahead is capped at 0.75°.
        for scale in [1.0, 2.0] {
            let peer = NoveumHingeFollower(scale: .degrees, responseScale: scale)
            try peer.ingest(HingeSample(time: 0, angle: 0, status: nil))
            try peer.ingest(HingeSample(time: 1, angle: 200.6, status: nil))
            let velocity = 200 * (1 - exp(-1 / 0.06))
            let target = 200 + 0.75
            let omega = 55 * scale
            let t = 2.0 / 120
            let expected = target + (0 - target) * (1 + omega * t) * exp(-omega * t)
            #expect(abs(peer.value(at: 1 + 1.5 / 120) - expected) < 1e-9, "scale \(scale)")
            #expect(velocity > 45.5)
        }
    }

    @Test("Between readings of a rising hinge the value never turns back, though the look-ahead fades")
    func directionHeld() throws {
        let peer = NoveumHingeFollower(scale: .degrees)
        for k in 0...20 { try peer.ingest(HingeSample(time: Double(k) * 0.02, angle: 90 + Double(k), status: nil)) }
        var previous = peer.value(at: 0.4)
        var time = 0.4
        while time < 1.5 {
            time += 1.0 / 240
            let value = peer.value(at: time)
            #expect(value >= previous - 1e-12, "at \(time): \(value) after \(previous)")
            previous = value
        }
        // It settles on the tracked angle (110 − 0.6 band edge is not reached: readings 1° apart
        // move it to reading − 0.6), within the look-ahead it carried.
        #expect(abs(previous - 109.4) < 0.75 + 1e-9)
    }
}
