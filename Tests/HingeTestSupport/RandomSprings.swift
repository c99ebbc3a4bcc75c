// Seeded random springs for reproducible random tests, shared by the test targets.

public import HingeKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension SplitMix64 {
    /// Uniform in `low…high`.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { next(in: low...high) }

    /// Log-uniform in `low…high` (both positive): every decade equally likely.
    public mutating func logUniform(_ low: Double, _ high: Double) -> Double {
        exp(uniform(log(low), log(high)))
    }

    /// A fair coin.
    public mutating func coin() -> Bool { next() & 1 == 1 }
}

/// One random spring motion: a spring, where it starts, where it goes, how fast it starts.
public struct SpringCase: CustomStringConvertible, Sendable {
    public enum Kind: CaseIterable, Sendable {
        case underdamped, critical, nearCritical, overdamped, extreme, kicked
    }

    public var kind: Kind
    public var seed: UInt64
    public var spring: DampedSpring
    public var from: Double
    public var to: Double
    public var velocity: Double

    /// 1/ω₀, the spring's natural time scale in seconds.
    public var timeScale: Double { 1 / spring.undampedAngularFrequency }

    /// A scale for the displacement: the distance, or the excursion a kick can cause (at most
    /// |v₀|/ω₀ in every regime), and at least 1.
    public var displacementScale: Double {
        Swift.max(1, abs(to - from), abs(velocity) * timeScale)
    }

    public var description: String {
        "\(kind) seed \(seed): m \(spring.mass), k \(spring.stiffness), c \(spring.damping) "
            + "(ζ \(spring.dampingRatio)), \(from) → \(to), v₀ \(velocity)"
    }

    /// The case for `seed`; the kind cycles with the seed so every kind is equally common.
    public init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let kind = Kind.allCases[Int(seed % UInt64(Kind.allCases.count))]
        let mass = random.logUniform(1e-2, 1e2)
        let stiffness = random.logUniform(1e-1, 1e4)
        var ratio: Double
        switch kind {
        case .underdamped, .kicked: ratio = random.uniform(0.02, 0.99)
        case .critical: ratio = 1  // 2·1·√(mk) / (2·√(mk)) is exactly 1
        case .nearCritical:
            ratio = 1 + (random.coin() ? 1 : -1) * random.logUniform(1e-12, 1e-3)
        case .overdamped: ratio = random.logUniform(1.001, 30)
        case .extreme: ratio = random.logUniform(1e-3, 1e3)
        }
        var spring = DampedSpring(
            mass: mass, stiffness: stiffness, damping: 2 * ratio * (mass * stiffness).squareRoot(),
            allowOverDamping: true)
        if kind == .extreme {
            let extremeMass = random.logUniform(1e-4, 1e4)
            let extremeStiffness = random.logUniform(1e-6, 1e7)
            spring = DampedSpring(
                mass: extremeMass, stiffness: extremeStiffness,
                damping: 2 * ratio * (extremeMass * extremeStiffness).squareRoot(),
                allowOverDamping: true)
        }
        let omega0 = spring.undampedAngularFrequency
        let distance = random.logUniform(1e-3, 1e3) * (random.coin() ? 1 : -1)
        let from = random.uniform(-2, 2) * abs(distance)
        let to = kind == .kicked ? from : from + distance
        let velocity =
            kind == .kicked || random.coin()
            ? random.uniform(-3, 3) * omega0 * abs(distance) : 0
        self.kind = kind
        self.seed = seed
        self.spring = spring
        self.from = from
        self.to = to
        self.velocity = velocity
    }
}
