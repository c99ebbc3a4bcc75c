internal import CGSL
public import HingeKit

/// A reference solution of the spring equation by numerical integration, backed by
/// `gsl_odeiv2` with the Prince–Dormand 8(9) stepper.
///
/// ```swift
/// let ode = try SpringODE(pieces: [
///     .init(startTime: 0, target: 180, spring: .bend),
///     .init(startTime: 0.2, target: 90, spring: .bend),
/// ])
/// let samples = try ode.solve(value: 0, velocity: 0, at: [0.1, 0.3, 1])
/// ```
///
/// It integrates `m·x″ + c·x′ + k·(x − target(t)) = 0`, where the target — and, if wanted, the
/// spring — is constant on each piece and jumps at the start of the next. The driver is
/// restarted at every switch, so no step straddles a discontinuity and the solution keeps the
/// integrator's full order. With the default tolerances of 1e-13 it agrees with the exact
/// solution to about 1e-13 of the motion's scale (GSL 2.7 reaches ~1e-13 on a spring with
/// rk8pd), which makes it the oracle that `DampedSpring`'s closed forms and anything built on
/// them are tested against. It is explicit, so a very stiff, heavily overdamped spring costs
/// steps in proportion to its fastest rate times the time span; ``maximumSteps`` bounds that.
public struct SpringODE: Sendable {
    /// A stretch of time with a constant target and spring, from ``startTime`` until the next
    /// piece starts (the last piece lasts for ever).
    public struct Piece: Sendable, Hashable {
        /// Seconds; the pieces' start times increase strictly.
        public var startTime: Double
        /// The value the spring pulls toward on this piece.
        public var target: Double
        /// Positive and finite.
        public var mass: Double
        /// Zero or positive and finite.
        public var stiffness: Double
        /// Zero or positive and finite.
        public var damping: Double

        /// A piece with the spring given by its physical parameters.
        public init(
            startTime: Double, target: Double, mass: Double, stiffness: Double, damping: Double
        ) {
            self.startTime = startTime
            self.target = target
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
        }

        /// A piece driven by `spring`'s mass, stiffness and damping.
        public init(startTime: Double, target: Double, spring: DampedSpring) {
            self.init(
                startTime: startTime, target: target, mass: spring.mass,
                stiffness: spring.stiffness, damping: spring.damping)
        }
    }

    /// The integrated state at one requested time.
    public struct Sample: Sendable, Hashable {
        /// Seconds.
        public var time: Double
        /// The value at ``time``.
        public var value: Double
        /// Value units per second.
        public var velocity: Double
    }

    /// Why the integration could not be set up or run.
    public enum IntegrationError: Error, Equatable, CustomStringConvertible {
        /// No pieces were given.
        case noPieces
        /// A piece with invalid parameters.
        case invalidPiece(index: Int, reason: String)
        /// Piece start times that do not increase.
        case startTimesNotIncreasing(index: Int)
        /// Tolerances that are not positive and finite.
        case invalidTolerance(absolute: Double, relative: Double)
        /// A step limit that is not positive.
        case invalidMaximumSteps(Int)
        /// A starting value or velocity that is not finite.
        case initialStateNotFinite(value: Double, velocity: Double)
        /// Requested times out of order.
        case timesNotSorted(index: Int)
        /// A requested time before the first piece.
        case timeOutsideRange(index: Int, time: Double, start: Double)
        /// GSL reported a failure.
        case gsl(GSLError)

        public var description: String {
            switch self {
            case .noPieces: "at least one piece is needed"
            case .invalidPiece(let index, let reason): "piece \(index): \(reason)"
            case .startTimesNotIncreasing(let index):
                "piece \(index) must start strictly after piece \(index - 1)"
            case .invalidTolerance(let absolute, let relative):
                "tolerances must be finite and not negative, and not both 0; got absolute \(absolute), relative \(relative)"
            case .invalidMaximumSteps(let steps): "the step limit must be positive, got \(steps)"
            case .initialStateNotFinite(let value, let velocity):
                "the initial value and velocity must be finite, got \(value) and \(velocity)"
            case .timesNotSorted(let index): "time \(index) comes before time \(index - 1)"
            case .timeOutsideRange(let index, let time, let start):
                "time \(index) = \(time) must be finite and not before the start \(start)"
            case .gsl(let error): error.description
            }
        }
    }

    /// The pieces, in order of start time.
    public let pieces: [Piece]
    /// GSL's `epsabs`: the error allowed per step in value units.
    public let absoluteTolerance: Double
    /// GSL's `epsrel`: the error allowed per step relative to the value.
    public let relativeTolerance: Double
    /// The most steps one piece may take; more fails with `GSL_EMAXITER`.
    public let maximumSteps: Int

    /// Checks the pieces and tolerances.
    ///
    /// - Parameters:
    ///   - pieces: at least one, with strictly increasing finite start times, finite targets,
    ///     a positive mass and non-negative stiffness and damping.
    ///   - absoluteTolerance: GSL's `epsabs`.
    ///   - relativeTolerance: GSL's `epsrel`.
    ///   - maximumSteps: the step limit per piece.
    /// - Throws: ``IntegrationError`` naming the first offending piece or setting.
    /// - Complexity: O(number of pieces).
    public init(
        pieces: [Piece], absoluteTolerance: Double = 1e-13, relativeTolerance: Double = 1e-13,
        maximumSteps: Int = 1_000_000
    ) throws(IntegrationError) {
        guard !pieces.isEmpty else { throw .noPieces }
        for (index, piece) in pieces.enumerated() {
            guard piece.startTime.isFinite, piece.target.isFinite else {
                throw .invalidPiece(index: index, reason: "start time and target must be finite")
            }
            guard piece.mass > 0, piece.mass.isFinite else {
                throw .invalidPiece(index: index, reason: "mass must be positive and finite")
            }
            guard piece.stiffness >= 0, piece.stiffness.isFinite, piece.damping >= 0,
                piece.damping.isFinite
            else {
                throw .invalidPiece(
                    index: index, reason: "stiffness and damping must be finite and not negative")
            }
            if index > 0, !(piece.startTime > pieces[index - 1].startTime) {
                throw .startTimesNotIncreasing(index: index)
            }
        }
        let tolerancesValid = [absoluteTolerance, relativeTolerance].allSatisfy {
            $0 >= 0 && $0.isFinite
        }
        guard tolerancesValid, absoluteTolerance + relativeTolerance > 0 else {
            throw .invalidTolerance(absolute: absoluteTolerance, relative: relativeTolerance)
        }
        guard maximumSteps > 0 else { throw .invalidMaximumSteps(maximumSteps) }
        self.pieces = pieces
        self.absoluteTolerance = absoluteTolerance
        self.relativeTolerance = relativeTolerance
        self.maximumSteps = maximumSteps
    }

    /// A single spring pulling toward a fixed target from `startTime` on.
    public init(spring: DampedSpring, target: Double, startTime: Double = 0) throws(IntegrationError) {
        try self.init(pieces: [Piece(startTime: startTime, target: target, spring: spring)])
    }

    /// Integrates from the first piece's start time and reports the state at `times`.
    ///
    /// - Parameters:
    ///   - value: the value at the first piece's start time.
    ///   - velocity: the velocity then, in value units per second.
    ///   - times: finite, sorted ascending (repeats allowed), none before the first start time.
    /// - Returns: one sample per requested time, in the same order.
    /// - Throws: ``IntegrationError``; every GSL status other than success becomes ``IntegrationError/gsl(_:)``.
    /// - Complexity: proportional to the number of integrator steps, which grows with the span
    ///   of `times` times the spring's fastest rate, plus one short step per requested time.
    public func solve(
        value: Double, velocity: Double, at times: [Double]
    ) throws(IntegrationError)
        -> [Sample]
    {
        GSL.configure()
        guard value.isFinite, velocity.isFinite else {
            throw .initialStateNotFinite(value: value, velocity: velocity)
        }
        let start = pieces[0].startTime
        for (index, time) in times.enumerated() {
            guard time.isFinite, time >= start else {
                throw .timeOutsideRange(index: index, time: time, start: start)
            }
            if index > 0, time < times[index - 1] { throw .timesNotSorted(index: index) }
        }

        var state = (time: start, value: value, velocity: velocity)
        var samples: [Sample] = []
        samples.reserveCapacity(times.count)
        for (index, piece) in pieces.enumerated() where samples.count < times.count {
            let end = index + 1 < pieces.count ? pieces[index + 1].startTime : Double.infinity
            let driver = try PieceDriver(piece, from: state, settings: self)
            while samples.count < times.count, times[samples.count] <= end {
                let time = times[samples.count]
                try driver.advance(to: time)
                samples.append(Sample(time: time, value: driver.y[0], velocity: driver.y[1]))
            }
            if end.isFinite, samples.count < times.count { try driver.advance(to: end) }
            state = (driver.time, driver.y[0], driver.y[1])
        }
        return samples
    }
}

/// A GSL driver integrating one piece, freed with the object.
private final class PieceDriver {
    private(set) var time: Double
    private(set) var y: [Double]
    // GSL keeps pointers to the parameters and the system for the driver's lifetime, so both
    // live in manually managed memory rather than in Swift values that may move.
    private let parameters: UnsafeMutablePointer<SpringODE.Piece>
    private let system: UnsafeMutablePointer<gsl_odeiv2_system>
    private let driver: UnsafeMutablePointer<gsl_odeiv2_driver>

    init(
        _ piece: SpringODE.Piece, from state: (time: Double, value: Double, velocity: Double),
        settings: SpringODE
    ) throws(SpringODE.IntegrationError) {
        time = state.time
        y = [state.value, state.velocity]
        parameters = .allocate(capacity: 1)
        parameters.initialize(to: piece)
        system = .allocate(capacity: 1)
        system.initialize(
            to: gsl_odeiv2_system(
                function: springField, jacobian: nil, dimension: 2,
                params: UnsafeMutableRawPointer(parameters)))
        // A first step well inside the fastest time scale; the driver adapts it at once.
        let fastestRate = (piece.stiffness / piece.mass).squareRoot() + piece.damping / piece.mass
        let firstStep = fastestRate > 0 ? 1e-3 / fastestRate : 1e-3
        guard
            let driver = gsl_odeiv2_driver_alloc_y_new(
                system, hingekit_odeiv2_rk8pd(), firstStep, settings.absoluteTolerance,
                settings.relativeTolerance)
        else {
            Self.free(parameters, system)
            throw .gsl(
                GSLError(status: Int32(GSL_ENOMEM), operation: "gsl_odeiv2_driver_alloc_y_new"))
        }
        self.driver = driver
        let status = gsl_odeiv2_driver_set_nmax(driver, UInt(settings.maximumSteps))
        guard status == Int32(GSL_SUCCESS) else {
            throw .gsl(GSLError(status: status, operation: "gsl_odeiv2_driver_set_nmax"))
        }
    }

    deinit {
        gsl_odeiv2_driver_free(driver)
        Self.free(parameters, system)
    }

    private static func free(
        _ parameters: UnsafeMutablePointer<SpringODE.Piece>,
        _ system: UnsafeMutablePointer<gsl_odeiv2_system>
    ) {
        system.deinitialize(count: 1)
        system.deallocate()
        parameters.deinitialize(count: 1)
        parameters.deallocate()
    }

    /// Integrates up to `target`, which must not lie before ``time``.
    func advance(to target: Double) throws(SpringODE.IntegrationError) {
        // The driver rejects an empty interval, and there is nothing to integrate.
        guard target > time else { return }
        let status = y.withUnsafeMutableBufferPointer { buffer in
            gsl_odeiv2_driver_apply(driver, &time, target, buffer.baseAddress)
        }
        guard status == Int32(GSL_SUCCESS) else {
            throw .gsl(GSLError(status: status, operation: "gsl_odeiv2_driver_apply"))
        }
    }
}

/// The spring as a first-order system for GSL: y = (x, x′), params → ``SpringODE/Piece``.
private func springField(
    _ time: Double, _ y: UnsafePointer<Double>?, _ dydt: UnsafeMutablePointer<Double>?,
    _ parameters: UnsafeMutableRawPointer?
) -> Int32 {
    guard let y, let dydt, let parameters else { return Int32(GSL_EFAULT) }
    let piece = parameters.assumingMemoryBound(to: SpringODE.Piece.self).pointee
    dydt[0] = y[1]
    dydt[1] = -(piece.damping * y[1] + piece.stiffness * (y[0] - piece.target)) / piece.mass
    return Int32(GSL_SUCCESS)
}
