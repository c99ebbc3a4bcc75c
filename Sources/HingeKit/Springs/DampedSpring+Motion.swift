extension DampedSpring {
    /// The value at `time` seconds after the spring was released at `from` toward `to`.
    ///
    /// The closed-form solution of `m·x″ + c·x′ + k·(x − to) = 0` with `x(0) = from` and
    /// `x′(0) = initialVelocity`, exact for any time: no time step, so no drift and no
    /// instability however far apart the calls are. It is continuous across critical damping
    /// and never produces NaN or infinity for finite inputs. At `time == 0` the result is
    /// exactly `from`.
    ///
    /// - Parameters:
    ///   - from: the value at time 0.
    ///   - to: the target.
    ///   - initialVelocity: the rate of change at time 0, in value units per second (positive
    ///     means increasing). Unlike SwiftUI's `interpolatingSpring`, not a fraction of the
    ///     distance.
    ///   - time: seconds since release, finite and not negative.
    /// - Complexity: O(1).
    public func value(
        from: Double, to: Double, initialVelocity: Double = 0, time: Double
    )
        -> Double
    {
        precondition(time >= 0 && time.isFinite, "time must be finite and not negative")
        // to + (from − to) can differ from `from` in the last bit.
        guard time > 0 else { return from }
        return to
            + motion(from: from, to: to, initialVelocity: initialVelocity)
            .state(at: time).displacement
    }

    /// The rate of change, in value units per second, at `time` seconds after release.
    ///
    /// The derivative of ``value(from:to:initialVelocity:time:)``; exactly `initialVelocity`
    /// at `time == 0`.
    ///
    /// - Parameters: as in ``value(from:to:initialVelocity:time:)``.
    /// - Complexity: O(1).
    public func velocity(
        from: Double, to: Double, initialVelocity: Double = 0, time: Double
    )
        -> Double
    {
        precondition(time >= 0 && time.isFinite, "time must be finite and not negative")
        guard time > 0 else { return initialVelocity }
        return motion(from: from, to: to, initialVelocity: initialVelocity).state(at: time).velocity
    }

    /// The spring force at `time` seconds after release: `−k·(x − to) − c·x′`.
    ///
    /// In units of mass × value units per second², with the spring's (dimensionless) mass:
    /// divide by ``mass`` for the acceleration x″. The displacement is taken from the closed form
    /// directly rather than as `x − to`, so the force stays accurate near the target.
    ///
    /// - Parameters: as in ``value(from:to:initialVelocity:time:)``.
    /// - Complexity: O(1).
    public func force(
        from: Double, to: Double, initialVelocity: Double = 0, time: Double
    )
        -> Double
    {
        precondition(time >= 0 && time.isFinite, "time must be finite and not negative")
        guard time > 0 else {
            return force(value: from, velocity: initialVelocity, target: to)
        }
        let state = motion(from: from, to: to, initialVelocity: initialVelocity).state(at: time)
        return -stiffness * state.displacement - damping * state.velocity
    }

    /// The spring force on a value in a given state: `−k·(value − target) − c·velocity`.
    ///
    /// - Returns: the force in mass × value units per second²; divide by ``mass`` for the
    ///   acceleration.
    /// - Complexity: O(1).
    public func force(value: Double, velocity: Double, target: Double) -> Double {
        -stiffness * (value - target) - damping * velocity
    }

    /// Advances a value and its velocity by `deltaTime` seconds toward `target`.
    ///
    /// The closed form from the current state, so stepping with any sequence of intervals,
    /// regular or not, lands on the same curve as one call with their sum (up to rounding):
    /// there is no integration error and no large-step instability.
    ///
    /// ```swift
    /// var state = (value: 0.0, velocity: 0.0)
    /// for dt in frameIntervals {
    ///     state = spring.update(value: state.value, velocity: state.velocity,
    ///                           target: 180, deltaTime: dt)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: the current value.
    ///   - velocity: the current velocity in value units per second.
    ///   - target: the value the spring pulls toward.
    ///   - deltaTime: seconds to advance, finite and not negative; 0 returns the state unchanged.
    /// - Returns: the value and velocity `deltaTime` seconds later.
    /// - Complexity: O(1).
    public func update(
        value: Double, velocity: Double, target: Double, deltaTime: Double
    ) -> (
        value: Double, velocity: Double
    ) {
        precondition(
            deltaTime >= 0 && deltaTime.isFinite, "deltaTime must be finite and not negative")
        guard deltaTime > 0 else { return (value, velocity) }
        let state = motion(from: value, to: target, initialVelocity: velocity).state(at: deltaTime)
        return (target + state.displacement, state.velocity)
    }

    func motion(from: Double, to: Double, initialVelocity: Double) -> SpringMotion {
        SpringMotion(spring: self, displacement: from - to, velocity: initialVelocity)
    }
}
