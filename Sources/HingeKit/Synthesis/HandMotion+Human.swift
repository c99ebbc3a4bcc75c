extension HandMotion {
    /// A hand folding a phone as people do, calibrated to the ~30 folds of a public Galaxy Z
    /// Fold 8 recording (gizmax/FoldDuo): slow folds at 25–40 °/s on average over 4–6 s with a
    /// pause and a small reversal, snaps of 0.4–0.45 s peaking at 700–800 °/s (the recording's
    /// 0.3–0.6 s and 600–850 °/s), rests at 6–8° closed and 174–177° open (it read 0–11° and
    /// 171–179°). 19.55 s long.
    ///
    /// The moves, in order: a slow close from 176° (pause at 130°, back up to 135°, pause at
    /// 60°), closed 1.5 s, a snap open, open 1.5 s, a snap shut, closed 1.2 s, a slow open
    /// (pause at 70°, back to 66°), open 1 s.
    public static let humanFolds = HandMotion(
        valid: 176,
        [
            .hold(1), .move(to: 130, over: 1.6), .hold(0.4), .move(to: 135, over: 0.4), .move(to: 60, over: 2.2),
            .hold(0.3), .move(to: 6, over: 1.6), .hold(1.5), .move(to: 177, over: 0.4), .hold(1.5),
            .move(to: 8, over: 0.45), .hold(1.2), .move(to: 70, over: 2), .hold(0.5), .move(to: 66, over: 0.3),
            .move(to: 174, over: 3.2), .hold(1),
        ])
}

extension HandMotion {
    /// The Galaxy Z Fold 8's folds, refitted on the first 80 s of its longer real session
    /// (Datasets/real/, the moves of its fused angle as `scripts/fold8-model-check.py` finds
    /// them) and checked on the five-fold log (docs/reading.md, "The synthetic Fold 8,
    /// refitted"): slow folds at 35–55 °/s over 1–3 s with a pause of 0.3–0.7 s inside, rests
    /// of 2–4 s between them, a fold at 125 °/s, then five snaps of 0.5–0.75 s (the session's
    /// 0.48–0.85 s, 200–355 °/s on average) 0.5–1.5 s apart, resting at 2–8° closed and
    /// 172–178° open (it read 0–8° and 169–179°). 39.45 s long.
    public static let fold8Folds = HandMotion(
        valid: 176,
        [
            .hold(1), .move(to: 80, over: 2.2), .hold(0.4), .move(to: 47, over: 0.9), .hold(0.3),
            .move(to: 4, over: 1.1), .hold(3.8), .move(to: 57, over: 1.6), .hold(0.4), .move(to: 178, over: 3),
            .hold(3.4), .move(to: 100, over: 1.5), .hold(0.5), .move(to: 66, over: 1.4), .hold(0.7),
            .move(to: 2, over: 1.7), .hold(2.5), .move(to: 177, over: 1.4), .hold(2), .move(to: 2, over: 0.5),
            .hold(1.1), .move(to: 178, over: 0.6), .hold(0.5), .move(to: 6, over: 0.55), .hold(1.1),
            .move(to: 177, over: 0.65), .hold(0.5), .move(to: 8, over: 0.5), .hold(1.4), .move(to: 172, over: 0.75),
            .hold(1.5),
        ])
}
