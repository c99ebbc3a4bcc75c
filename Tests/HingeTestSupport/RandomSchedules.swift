// Seeded random retarget schedules for the SpringAnimator tests, shared by the test targets.

public import HingeKit

/// A start state, a sequence of retargets at irregular times and the frame times at which the
/// animator is asked for its value: one reproducible random case.
public struct RetargetSchedule: CustomStringConvertible, Sendable {
    /// How the springs of a schedule vary.
    public enum Springs: Sendable {
        /// One spring throughout (some retargets name it, some leave it implied).
        case one
        /// Every retarget picks one of a few springs: fewer than the animator's capacity, so
        /// additive mode never has to hand a spring over.
        case changing
    }

    /// How the frames are spaced.
    public enum FrameRate: CaseIterable, Sendable {
        case hz60, hz120, irregular
    }

    public struct Retarget: Sendable {
        public var time: Double
        public var target: Double
        /// `nil`: keep the current spring.
        public var spring: DampedSpring?
    }

    public var seed: UInt64
    public var startValue: Double
    public var startVelocity: Double
    public var startSpring: DampedSpring
    public var retargets: [Retarget]
    public var frameRate: FrameRate
    /// Sorted, from 0 to one second after the last retarget.
    public var frames: [Double]
    /// The spread of the start value and the targets: what errors are measured against.
    public var range: Double
    /// The largest ω₀ of the springs used, for velocity tolerances.
    public var fastestAngularFrequency: Double

    public var description: String {
        "schedule seed \(seed): \(retargets.count) retargets, \(frames.count) frames "
            + "(\(frameRate)), range \(range), start \(startValue) v₀ \(startVelocity)"
    }

    /// The schedule for `seed`: 1–20 retargets 1 ms…1 s apart (log-uniform), targets spread
    /// over 0.01…1000 units, springs with responses 0.05…1 s and damping ratios 0.1…3
    /// (a quarter of them exactly critical), a kick at the start in a third of the cases.
    public init(seed: UInt64, springs: Springs) {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        func randomSpring() -> DampedSpring {
            let response = random.logUniform(0.05, 1)
            let kind = random.next() % 4
            let ratio = kind == 0 ? 1 : (kind == 1 ? random.uniform(1.001, 3) : random.uniform(0.1, 0.99))
            return DampedSpring(response: response, dampingRatio: ratio)
        }
        let palette = (0..<(springs == .one ? 1 : 2 + Int(random.next() % 3))).map { _ in randomSpring() }
        let scale = random.logUniform(1e-2, 1e3)
        let base = random.uniform(-2, 2) * scale
        self.seed = seed
        startSpring = palette[0]
        startValue = base
        startVelocity =
            random.next() % 3 == 0
            ? random.uniform(-3, 3) * scale * startSpring.undampedAngularFrequency : 0
        var time = 0.0
        var low = base
        var high = base
        retargets = (0..<(1 + Int(random.next() % 20))).map { _ in
            time += random.logUniform(1e-3, 1)
            let target = base + random.uniform(-1, 1) * scale
            low = Swift.min(low, target)
            high = Swift.max(high, target)
            let spring: DampedSpring? =
                springs == .one
                ? (random.coin() ? palette[0] : nil) : palette[Int(random.next() % UInt64(palette.count))]
            return Retarget(time: time, target: target, spring: spring)
        }
        frameRate = FrameRate.allCases[Int(seed % 3)]
        let end = time + 1
        var frames: [Double] = []
        var frame = 0.0
        var index = 0.0
        while frame <= end {
            frames.append(frame)
            switch frameRate {
            case .hz60:
                index += 1
                frame = index / 60
            case .hz120:
                index += 1
                frame = index / 120
            case .irregular: frame += random.logUniform(1e-3, 0.05)
            }
        }
        self.frames = frames
        range = Swift.max(high - low, abs(startVelocity) / startSpring.undampedAngularFrequency, 1e-300)
        fastestAngularFrequency = palette.map(\.undampedAngularFrequency).max()!
    }

    /// Runs the schedule through `animator`, interleaving retargets and frames in time order
    /// (a retarget at a frame's time comes first), and returns the value and velocity at
    /// every frame.
    public func run(_ animator: SpringAnimator) throws -> [(value: Double, velocity: Double)] {
        var states: [(value: Double, velocity: Double)] = []
        try play(animator) { animator, frame in states.append(animator.state(at: frame)) }
        return states
    }

    /// Runs the schedule through `animator` as ``run(_:)`` does and hands `frame` the animator
    /// and the time at every frame.
    public func play(_ animator: SpringAnimator, frame: (SpringAnimator, Double) throws -> Void) throws {
        var animator = animator
        var next = 0
        for time in frames {
            while next < retargets.count, retargets[next].time <= time {
                try animator.retarget(
                    to: retargets[next].target, at: retargets[next].time, spring: retargets[next].spring)
                next += 1
            }
            try frame(animator, time)
        }
    }

    /// A fresh animator in the schedule's start state.
    public func animator(mode: SpringAnimator.Mode, epsilon: Double = 0.001) -> SpringAnimator {
        SpringAnimator(
            value: startValue, velocity: startVelocity, time: 0, spring: startSpring, mode: mode,
            epsilon: epsilon)
    }
}
