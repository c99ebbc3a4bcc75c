import HingeKit
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("Frosted-glass optics")
struct FrostedGlassTests {
    let glass = FrostedGlass()

    @Test("Zero tilt is the identity: every point shows itself, sharp and undimmed")
    func identity() {
        for x in stride(from: -35.0, through: 35, by: 3.5) {
            for y in stride(from: -75.0, through: 75, by: 7.5) {
                let look = glass.look(x: x, y: y, tilt: 0)
                #expect(look.point == FrostedGlass.Point(x: x, y: y))
                #expect(look.gap == 0 && look.blurRadius == 0 && look.dimming == 0)
            }
        }
    }

    @Test("A hand-computed case: tilt 30°, the free edge's centre")
    func handComputed() throws {
        // s = 70 mm from the hinge; P = (35 − 70·cos 30°, 0, 70·sin 30°) = (−25.6218, 0, 35);
        // Q.x = P.x · 320 / 285 = −28.7683; gap 35 mm → blur 5.25 mm, dimming 0.35.
        let look = glass.look(x: -35, y: 0, tilt: 30)
        let point = try #require(look.point)
        let px = 35 - 70 * 3.0.squareRoot() / 2
        #expect(abs(point.x - px * 320 / 285) <= 1e-12 && abs(px - -25.621778264910702) <= 1e-12)
        #expect(point.y == 0)
        #expect(abs(look.gap - 35) <= 1e-12)
        #expect(abs(look.blurRadius - 5.25) <= 1e-12 && abs(look.dimming - 0.35) <= 1e-12)
        // The hinge edge does not move.
        let hinge = glass.look(x: 35, y: 20, tilt: 30)
        #expect(hinge.point == FrostedGlass.Point(x: 35, y: 20) && hinge.gap == 0)
    }

    @Test("Tilting the other way mirrors the picture about the vertical centre line")
    func symmetry() {
        for x in stride(from: -35.0, through: 35, by: 5) {
            for y in [-75.0, -40, 0, 33, 75] {
                for tilt in [5.0, 15, 30, 60] {
                    let right = glass.look(x: x, y: y, tilt: tilt)
                    let left = glass.look(x: -x, y: y, tilt: -tilt)
                    #expect(abs(right.gap - left.gap) <= 1e-12)
                    #expect((right.point == nil) == (left.point == nil))
                    if let r = right.point, let l = left.point {
                        #expect(abs(r.x + l.x) <= 1e-12 && r.y == l.y)
                    }
                    // Top and bottom are symmetric too.
                    let below = glass.look(x: x, y: -y, tilt: tilt)
                    #expect(below.point?.y == right.point.map { -$0.y })
                }
            }
        }
    }

    @Test("The miss boundary: |y|·D / (D − gap) = h/2, hand-computed at the free edge")
    func missBoundary() {
        // At tilt 30° the free edge has gap 35 mm, so rays hit while |y| ≤ 75 · 285 / 320
        // = 66.796875 mm and miss beyond.
        let boundary = 75.0 * 285 / 320
        #expect(glass.look(x: -35, y: boundary - 1e-9, tilt: 30).point != nil)
        #expect(glass.look(x: -35, y: boundary + 1e-9, tilt: 30).point == nil)
        #expect(glass.look(x: -35, y: -(boundary + 1e-9), tilt: 30).point == nil)
        // Near the hinge nothing misses.
        #expect(glass.look(x: 35, y: 75, tilt: 30).point != nil)
        // The dimming saturates at 1.
        let dark = FrostedGlass(dimmingPerMillimetre: 0.1).look(x: -35, y: 0, tilt: 30)
        #expect(dark.dimming == 1)
    }

    @Test("The gap grows with the distance from the hinge and with the tilt")
    func gapGrows() {
        var previous = -1.0
        for x in stride(from: 35.0, through: -35, by: -5) {
            let gap = glass.look(x: x, y: 0, tilt: 20).gap
            #expect(gap > previous)
            previous = gap
        }
        #expect(glass.look(x: 0, y: 0, tilt: 15).gap < glass.look(x: 0, y: 0, tilt: 30).gap)
    }
}

@Suite("Tilt from attitude")
struct TiltTests {
    let zero = DeviceAttitude(quaternion: (w: 1, x: 0, y: 0, z: 0))

    @Test("A turn about the vertical axis is the tilt; tipping and in-plane turns are not")
    func tilt() {
        let tracker = TiltTracker(zero: zero)
        for degrees in [-60.0, -15, 0, 10, 30, 89] {
            #expect(abs(tracker.tilt(of: .aboutVertical(degrees)) - degrees) <= 1e-12)
        }
        // Tipping back by 25° about x, then a 20° turn: the tilt is still 20°.
        let tipped = DeviceAttitude.aboutVertical(20).then(DeviceAttitude(quaternion: tipQuaternion(25)))
        #expect(abs(tracker.tilt(of: tipped) - 20) <= 1e-12)
        // A 40° turn in the screen's plane (about z) changes nothing.
        let spun = DeviceAttitude(quaternion: (w: cos(20 * Double.pi / 180), x: 0, y: 0, z: sin(20 * Double.pi / 180)))
        #expect(abs(tracker.tilt(of: spun)) <= 1e-12)
    }

    @Test("The tilt is relative to the calibrated zero pose, given as a matrix or a quaternion")
    func calibrated() {
        let half = 17.5 * Double.pi / 180
        let zero = DeviceAttitude(quaternion: (w: cos(half), x: 0, y: sin(half), z: 0))  // 35° about y
        let tracker = TiltTracker(zero: zero)
        #expect(abs(tracker.tilt(of: .aboutVertical(50)) - 15) <= 1e-12)
        #expect(abs(tracker.tilt(of: zero)) <= 1e-12)
        for (a, b) in zip(zero.rows.joined(), DeviceAttitude.aboutVertical(35).rows.joined()) {
            #expect(abs(a - b) <= 1e-15)
        }
    }

    @Test("The tilt rate matches a finite difference of the rotated attitude; prediction is linear")
    func rate() {
        let tracker = TiltTracker(zero: zero)
        let attitude = DeviceAttitude.aboutVertical(12).then(DeviceAttitude(quaternion: tipQuaternion(30)))
        let omega = (x: 0.4, y: 1.3, z: -0.7)
        // R(t + h) = R · exp(h [ω]×), to second order with a unit quaternion of the small turn.
        let h = 1e-6
        let norm = (omega.x * omega.x + omega.y * omega.y + omega.z * omega.z).squareRoot()
        let s = sin(norm * h / 2) / norm
        let step = DeviceAttitude(quaternion: (w: cos(norm * h / 2), x: omega.x * s, y: omega.y * s, z: omega.z * s))
        let numeric = (tracker.tilt(of: attitude.then(step)) - tracker.tilt(of: attitude)) / h
        let rate = tracker.tiltRate(of: attitude, rotationRate: omega)
        // Relative 1e-4: a forward difference with h = 1e-6 s errs by about h·θ̈ ≪ 1e-4·θ̇.
        #expect(abs(numeric - rate) <= 1e-4 * abs(rate))
        // A pure turn about y at 1 rad/s: 57.2958 °/s, and 30 ms ahead adds 1.7189°.
        let pure = tracker.tiltRate(of: .aboutVertical(10), rotationRate: (x: 0, y: 1, z: 0))
        #expect(abs(pure - 180 / Double.pi) <= 1e-12)
        let ahead = tracker.predictedTilt(of: .aboutVertical(10), rotationRate: (x: 0, y: 1, z: 0), latency: 0.03)
        #expect(abs(ahead - (10 + 0.03 * 180 / Double.pi)) <= 1e-12)
    }

    private func tipQuaternion(_ degrees: Double) -> (w: Double, x: Double, y: Double, z: Double) {
        let half = degrees * Double.pi / 360
        return (cos(half), sin(half), 0, 0)
    }
}
