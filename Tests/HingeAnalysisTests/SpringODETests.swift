import CGSL
import HingeAnalysis
import HingeKit
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("SpringODE (gsl_odeiv2, rk8pd)")
struct SpringODETests {
    @Test("A critically damped spring matches the textbook solution (1 + t)·e^(−t) to 1e-12")
    func textbookCriticalSpring() throws {
        // m 1, k 1, c 2: x(t) = 1 − (1 + t)·e^(−t) from 0 toward 1 at rest.
        let ode = try SpringODE(pieces: [
            .init(startTime: 0, target: 1, mass: 1, stiffness: 1, damping: 2)
        ])
        let times = stride(from: 0.0, through: 12, by: 0.25).map { $0 }
        for sample in try ode.solve(value: 0, velocity: 0, at: times) {
            let t = sample.time
            #expect(abs(sample.value - (1 - (1 + t) * exp(-t))) <= 1e-12)
            #expect(abs(sample.velocity - t * exp(-t)) <= 1e-12)
        }
    }

    @Test("An undamped spring keeps its energy over 20 periods to 1e-11")
    func undampedEnergy() throws {
        let ode = try SpringODE(pieces: [
            .init(startTime: 0, target: 0, mass: 2, stiffness: 50, damping: 0)
        ])
        let period = 2 * Double.pi * (2.0 / 50).squareRoot()
        let samples = try ode.solve(value: 1, velocity: 0, at: [20 * period])
        #expect(abs(samples[0].value - 1) <= 1e-11)
        #expect(abs(samples[0].velocity) <= 1e-10)
    }

    @Test("Switching targets and springs equals chaining closed forms at the switch times")
    func piecewiseEqualsChainedClosedForms() throws {
        let pieces: [SpringODE.Piece] = [
            .init(startTime: 0.5, target: 180, spring: .bend),
            .init(startTime: 0.62, target: 90, spring: .snappy),
            .init(
                startTime: 0.63, target: 95,
                spring: DampedSpring(mass: 1, stiffness: 40, damping: 30, allowOverDamping: true)),
            .init(startTime: 1.4, target: 0, spring: .bouncy),
        ]
        let times = [0.5, 0.55, 0.62, 0.625, 0.63, 0.9, 1.4, 1.4, 2.0, 3.5]
        let samples = try SpringODE(pieces: pieces).solve(value: 10, velocity: -100, at: times)
        #expect(samples.map(\.time) == times)

        // The closed form, restarted from its own state at every switch.
        var state = (value: 10.0, velocity: -100.0)
        var now = 0.5
        var piece = 0
        for sample in samples {
            while piece + 1 < pieces.count, pieces[piece + 1].startTime <= sample.time {
                let spring = DampedSpring(
                    mass: pieces[piece].mass, stiffness: pieces[piece].stiffness,
                    damping: pieces[piece].damping, allowOverDamping: true)
                state = spring.update(
                    value: state.value, velocity: state.velocity, target: pieces[piece].target,
                    deltaTime: pieces[piece + 1].startTime - now)
                now = pieces[piece + 1].startTime
                piece += 1
            }
            let spring = DampedSpring(
                mass: pieces[piece].mass, stiffness: pieces[piece].stiffness,
                damping: pieces[piece].damping, allowOverDamping: true)
            let expected = spring.update(
                value: state.value, velocity: state.velocity, target: pieces[piece].target,
                deltaTime: sample.time - now)
            // Values up to 180 and velocities up to a few thousand per second.
            #expect(abs(sample.value - expected.value) <= 1e-10 * 180)
            #expect(abs(sample.velocity - expected.velocity) <= 1e-10 * 5000)
        }
    }

    @Test("Bad pieces, tolerances and times are errors, never a GSL abort")
    func badInput() throws {
        let good = SpringODE.Piece(startTime: 0, target: 1, spring: .smooth)
        #expect(throws: SpringODE.IntegrationError.noPieces) { try SpringODE(pieces: []) }
        #expect(throws: SpringODE.IntegrationError.startTimesNotIncreasing(index: 1)) {
            try SpringODE(pieces: [good, good])
        }
        #expect(
            throws: SpringODE.IntegrationError.invalidPiece(
                index: 0, reason: "mass must be positive and finite")
        ) {
            try SpringODE(pieces: [
                .init(startTime: 0, target: 1, mass: 0, stiffness: 1, damping: 1)
            ])
        }
        #expect(throws: SpringODE.IntegrationError.invalidTolerance(absolute: 0, relative: 0)) {
            try SpringODE(pieces: [good], absoluteTolerance: 0, relativeTolerance: 0)
        }
        let ode = try SpringODE(pieces: [good])
        #expect(throws: SpringODE.IntegrationError.timesNotSorted(index: 2)) {
            try ode.solve(value: 0, velocity: 0, at: [0.1, 0.3, 0.2])
        }
        #expect(throws: SpringODE.IntegrationError.timeOutsideRange(index: 0, time: -1, start: 0)) {
            try ode.solve(value: 0, velocity: 0, at: [-1])
        }
        #expect(throws: SpringODE.IntegrationError.initialStateNotFinite(value: .infinity, velocity: 0)) {
            try ode.solve(value: .infinity, velocity: 0, at: [1])
        }
    }

    @Test("Running out of steps is GSL_EMAXITER as a Swift error")
    func stepLimit() throws {
        let ode = try SpringODE(
            pieces: [.init(startTime: 0, target: 1, spring: .bouncy)], maximumSteps: 5)
        #expect {
            try ode.solve(value: 0, velocity: 0, at: [100])
        } throws: { error in
            guard case .gsl(let gslError) = error as? SpringODE.IntegrationError else { return false }
            return gslError.status == Int32(GSL_EMAXITER)
                && gslError.operation == "gsl_odeiv2_driver_apply"
        }
    }
}
