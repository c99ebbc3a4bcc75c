/// The steps of a film (the change from each frame to the next) as the detector sees them:
/// its noise floor, which steps are repeats of the frame before and which are changes.
///
/// A screen recorder at a constant rate repeats frames (an app drawing at 30 fps in a 60 fps
/// recording, every idle frame), and a video codec leaves a small difference between frames
/// that show the same thing. The noise floor is estimated from the film itself: twice the
/// 75th percentile of the non-zero steps below ``FilmEventThresholds/quiet`` (encoder noise,
/// a caret or a clock now and then; exact repeats are left out so that a film of mostly
/// repeats still measures its codec), at most ``FilmEventThresholds/largestNoiseFloor``. A step at or under it
/// *repeats* the frame before; a step that reaches ``FilmEventThresholds/quiet`` and
/// ``FilmEventThresholds/noiseMultiple`` times the floor is *active* (a change).
public struct FilmSteps: Sendable {
    /// The film's noise floor (RMSE).
    public let noiseFloor: Double
    /// The smallest active step.
    public let activeLevel: Double
    /// Whether frame `i` repeats frame `i − 1` (false for the first frame).
    public let repeats: [Bool]
    /// Whether the step into frame `i` is a change (false for the first frame).
    public let active: [Bool]

    /// The steps of `frames` under `thresholds`.
    public init(_ frames: [FilmFrame], thresholds: FilmEventThresholds = .init()) {
        let steps = frames.dropFirst().map(\.rmse)
        let floor = Self.noiseFloor(of: steps, thresholds: thresholds)
        noiseFloor = floor
        let level = max(thresholds.quiet, thresholds.noiseMultiple * floor)
        activeLevel = level
        repeats = frames.indices.map { $0 > 0 && frames[$0].rmse <= floor }
        active = frames.indices.map { $0 > 0 && frames[$0].rmse >= level }
    }

    /// Twice the 75th percentile of the non-zero steps under ``FilmEventThresholds/quiet``,
    /// capped; 0 when there are none.
    static func noiseFloor(of steps: [Double], thresholds: FilmEventThresholds) -> Double {
        let small = steps.filter { $0 > 0 && $0 < thresholds.quiet }.sorted()
        guard !small.isEmpty else { return 0 }
        let percentile = small[min(small.count - 1, (small.count * 3) / 4)]
        return min(thresholds.largestNoiseFloor, 2 * percentile)
    }

    /// The frames of `range` that are not repeats.
    func distinct(_ range: ClosedRange<Int>) -> Int { range.filter { !repeats[$0] }.count }
    /// The frames of `range` that are not repeats.
    func distinct(_ range: Range<Int>) -> Int { range.filter { !repeats[$0] }.count }
}
