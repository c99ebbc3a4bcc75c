extension SensorModel {
    /// Sensor models of real devices, from public logs and sensor lists (docs/recording.md,
    /// "Real devices").
    ///
    /// ```swift
    /// let trace = SyntheticTrace(motion: .humanFolds, sensor: SensorModel.Device.fold8.sensor)
    /// ```
    public enum Device: String, CaseIterable, Hashable, Sendable {
        /// Samsung Galaxy Z Fold 8: 0/90/180 only, on a 200 ms grid, with hysteresis and lag.
        case fold8 = "fold8"
        /// Motorola Razr 50 Ultra: a 0/70/90/110/180 ladder that skips levels on fast moves.
        case razr = "razr"
        /// Microsoft Surface Duo: ~10 Hz, whole degrees, 0…360°.
        case surfaceDuo = "surface-duo"
        /// Google Pixel Fold line: on-change 1° at 10–50 Hz.
        case pixel = "pixel"
        /// A MacBook's lid-angle sensor: whole degrees, one row per refresh, every ~98 ms.
        case macbookLid = "macbook-lid"
        /// Samsung Galaxy Z TriFold: its public hinge sensor reports only 0 and 180.
        case trifold = "trifold"

        /// One line on what the model reproduces.
        public var summary: String {
            switch self {
            case .fold8:
                "Galaxy Z Fold 8: 0/90/180 on a 200 ms grid, up at 31°/161°, down at 145°/21° (σ 5°), 100 ms lag; stale 90 first"
            case .razr:
                "Razr 50 Ultra: 0/70/90/110/180 with hysteresis, polled every ~150 ms, so fast moves skip levels"
            case .surfaceDuo: "Surface Duo: whole degrees at ~10 Hz (0…360°), 50 ms lag, 0.6° noise"
            case .pixel: "Pixel Fold: on-change 1° polled at ~30 Hz (10–50 Hz), 20 ms lag"
            case .macbookLid:
                "MacBook lid: whole degrees, one row per refresh every 98 ms, as a phase-locked reader sees it"
            case .trifold: "Galaxy Z TriFold: 0 or 180 only (up at 120°, down at 60°, assumed), 200 ms grid, 100 ms lag"
            }
        }

        /// The hand motion its `synth` scenario (`NAME-folds`) runs: ``HandMotion/fold8Folds`` for
        /// the Fold 8, refitted on its real logs; ``HandMotion/humanFolds`` for the others.
        public var motion: HandMotion {
            switch self {
            case .fold8: .fold8Folds
            case .razr, .surfaceDuo, .pixel, .macbookLid, .trifold: .humanFolds
            }
        }

        /// The model.
        ///
        /// - **Galaxy Z Fold 8**, refitted on both real logs (the five-fold log and the first 80 s of
        ///   the longer session, Datasets/real/; `scripts/fold8-model-check.py` measures every
        ///   figure, docs/reading.md, "The synthetic Fold 8, refitted"): the public sensor reports
        ///   0/90/180 only, evaluated on a fixed 200 ms grid (all 51 events within 0.5 ms of it);
        ///   the level follows the angle 100 ms late (the lag at which the HAL's raw angle best
        ///   matches the fused angle, on either log alone), with thresholds 31/161 up and 145/21
        ///   down, the medians of both logs' slow crossings, and 5° of noise, their scatter about
        ///   those medians. A snap open then reports 90→180 one or two grid steps after its 0→90,
        ///   as on the session's snaps (where its hinge is at the 0→90 is not matched: the
        ///   session's snaps speed up into the stop); a stale first value (Android replays the
        ///   last value to a new listener).
        /// - **Motorola Razr 50 Ultra** (public sensor logs): only 0, 70, 90, 110 and 180; a fast
        ///   close-to-open skipped 70 and 110. Thresholds between the levels with hysteresis,
        ///   polled every ~150 ms, so a fast move crosses several thresholds between polls.
        /// - **Surface Duo** (public sensor logs): about 10 Hz, whole degrees, jumps of 15° or
        ///   more in brisk folds (fused from both halves' motion sensors, hence noise and lag);
        ///   declares 360°.
        /// - **Pixel Fold line** (public sensor lists): on-change, 10–50 Hz, 1°.
        /// - **MacBook lid-angle sensor** (the HID sensor the open-source lid-angle app
        ///   Noveum/hinge reads, its MOTION.md): whole degrees (hundredths only through a
        ///   feature report), refreshed about every 98 ms; a reader phase-locked to the refresh
        ///   sees each refresh once (206 of 206 changes), so the model gives one row per refresh
        ///   at a fixed 98 ms, not one per poll; small noise (0.2°) before rounding, no extra lag.
        /// - **Galaxy Z TriFold** (public reports, shredward93/duo-open-ztrifold): the public hinge
        ///   sensor reports only 0.0 and 180.0. Its thresholds and grid are not public: modelled
        ///   as Samsung's Fold 8 HAL (200 ms grid, 100 ms lag) with a two-level ladder, up at 120°
        ///   and down at 60° (assumed, stated as such).
        public var sensor: SensorModel {
            switch self {
            case .fold8:
                SensorModel(
                    quantisation: .ladder(Ladder(valid: [0, 90, 180], up: [31, 161], down: [21, 145])),
                    meanInterval: 0.2, jitter: 0, burstProbability: 0, noise: 5, latency: 0.1,
                    maximumRange: 180, staleFirstValue: 90)
            case .razr:
                SensorModel(
                    quantisation: .ladder(
                        Ladder(valid: [0, 70, 90, 110, 180], up: [45, 82, 102, 150], down: [25, 76, 96, 135])),
                    meanInterval: 0.15, jitter: 0.2, burstProbability: 0, noise: 0.8, latency: 0.05, maximumRange: 180)
            case .surfaceDuo:
                SensorModel(
                    quantisation: .step(1), meanInterval: 0.1, jitter: 0.15, burstProbability: 0.02, noise: 0.6,
                    latency: 0.05, maximumRange: 360)
            case .pixel:
                SensorModel(
                    quantisation: .step(1), meanInterval: 0.033, jitter: 0.35, burstProbability: 0.02, noise: 0.3,
                    latency: 0.02, maximumRange: 180)
            case .macbookLid:
                SensorModel(
                    quantisation: .step(1), meanInterval: 0.098, jitter: 0, burstProbability: 0, noise: 0.2,
                    latency: 0, maximumRange: 180)
            case .trifold:
                SensorModel(
                    quantisation: .ladder(Ladder(valid: [0, 180], up: [120], down: [60])), meanInterval: 0.2,
                    jitter: 0, burstProbability: 0, noise: 0.8, latency: 0.1, maximumRange: 180)
            }
        }
    }
}
