/// The named synthetic traces that `hingetool synth` writes and `Datasets/` holds.
///
/// ```swift
/// let rows = SyntheticScenario.named("flat-to-laptop")!.trace.samples(seed: 1)
/// ```
///
/// Each scenario pairs a hand motion with a sensor modelled on a real device class (figures
/// from the Android sensor documentation for `TYPE_HINGE_ANGLE` and published device reviews): a 1° sensor polled every ~4 ms, a 1° sensor at ~50 Hz
/// (OnePlus Open), 5° steps (Pixel Fold), and 0/90/180° only (Galaxy Fold3/Flip3/Fold7).
public struct SyntheticScenario: Hashable, Sendable {
    /// The name `hingetool synth` takes, e.g. `flat-to-laptop`.
    public var name: String
    /// One line on what the scenario models.
    public var summary: String
    /// The hand motion and the sensor.
    public var trace: SyntheticTrace

    /// A named scenario.
    public init(name: String, summary: String, trace: SyntheticTrace) {
        self.name = name
        self.summary = summary
        self.trace = trace
    }

    /// The scenario called `name`, if there is one.
    public static func named(_ name: String) -> SyntheticScenario? { all.first { $0.name == name } }

    /// Flat → laptop (110°) → hold 2.5 s → flat, the project's default demo trace.
    private static let flatToLaptopMotion = HandMotion(
        valid: 180, [.hold(0.5), .move(to: 110, over: 0.6), .hold(2.5), .move(to: 180, over: 0.6), .hold(0.8)])

    /// Every scenario, in the order `hingetool synth --list` prints them.
    public static let all: [SyntheticScenario] =
        [
            SyntheticScenario(
                name: "flat-to-laptop",
                summary: "180° → 110° in 0.6 s, hold 2.5 s, back to 180°; 1° sensor polled every ~4 ms",
                trace: SyntheticTrace(motion: flatToLaptopMotion, sensor: SensorModel())),
            SyntheticScenario(
                name: "close-and-open",
                summary: "180° → 0° in 0.8 s, closed 1 s, open to 180° in 0.9 s; 1° sensor at ~50 Hz",
                trace: SyntheticTrace(
                    motion: HandMotion(
                        valid: 180,
                        [.hold(0.4), .move(to: 0, over: 0.8), .hold(1), .move(to: 180, over: 0.9), .hold(0.6)]),
                    sensor: SensorModel(meanInterval: 0.02, jitter: 0.25, burstProbability: 0.02, latency: 0.015))),
            SyntheticScenario(
                name: "slow-bend",
                summary: "170° → 80° over 4 s, hold 1 s, back over 4 s; 1° sensor every ~4 ms",
                trace: SyntheticTrace(
                    motion: HandMotion(
                        valid: 170, [.hold(0.5), .move(to: 80, over: 4), .hold(1), .move(to: 170, over: 4), .hold(0.5)]),
                    sensor: SensorModel())),
            SyntheticScenario(
                name: "coarse-sensor",
                summary: "close, a fast open (0 → 180° in 0.2 s), a bend to 95°; only 0/90/180° reported",
                trace: SyntheticTrace(
                    motion: HandMotion(
                        valid: 180,
                        [
                            .hold(0.4), .move(to: 0, over: 0.8), .hold(1), .move(to: 180, over: 0.2), .hold(0.8),
                            .move(to: 95, over: 0.7), .hold(1.2), .move(to: 180, over: 0.6), .hold(0.5),
                        ]),
                    sensor: SensorModel(
                        quantisation: .levels([0, 90, 180]), meanInterval: 0.05, jitter: 0.3, burstProbability: 0.02,
                        noise: 0.5, latency: 0.03))),
            SyntheticScenario(
                name: "five-degree-steps",
                summary: "the flat-to-laptop motion through a 5° sensor (Pixel Fold)",
                trace: SyntheticTrace(
                    motion: flatToLaptopMotion,
                    sensor: SensorModel(quantisation: .step(5), meanInterval: 0.01, noise: 0.3, latency: 0.01))),
            SyntheticScenario(
                name: "jitter-at-boundary",
                summary: "holds at 164.6° and 109.5°, where noise flips the reading (and the status) back and forth",
                trace: SyntheticTrace(
                    motion: HandMotion(
                        valid: 180,
                        [.hold(0.3), .move(to: 164.6, over: 0.4), .hold(2), .move(to: 109.5, over: 0.6), .hold(2)]),
                    sensor: SensorModel(noise: 0.35))),
            SyntheticScenario(
                name: "dropouts",
                summary: "the flat-to-laptop motion with three windows of 150–400 ms in which nothing arrives",
                trace: SyntheticTrace(
                    motion: flatToLaptopMotion,
                    sensor: SensorModel(dropouts: [0.62...0.95, 1.9...2.05, 3.7...4.05]))),
            SyntheticScenario(
                name: "dropouts-varied",
                summary:
                    "a new fold and return per seed (25–120°, 0.35–1.2 s a move, a 0.6–2.5 s pause), a 150–400 ms"
                    + " dropout in each move and in the pause; 1° sensor every ~4 ms",
                trace: SyntheticTrace(drawing: .foldAndBack, sensor: SensorModel())),
        ]
        + SensorModel.Device.allCases.map { device in
            SyntheticScenario(
                name: "\(device.rawValue)-folds",
                summary: device == .fold8
                    ? "the Fold 8 session's folds (slow with pauses, snaps of 0.5–0.75 s) through the \(device.summary)"
                    : "human folds (slow with pauses and reversals, snaps to 800 °/s) through the \(device.summary)",
                trace: SyntheticTrace(motion: device.motion, sensor: device.sensor))
        } + [
            SyntheticScenario(
                name: "no-hinge",
                summary: "a device without a hinge: the angle is empty, logged once a second for 5 s",
                trace: SyntheticTrace(
                    motion: HandMotion(valid: 0, [.hold(5)]), sensor: SensorModel(noise: 0, hasHinge: false)))
        ]
}
