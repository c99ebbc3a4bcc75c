/// A cut the codec settles (round 16).
///
/// After a cut an encoder often draws the new page in one large step and sharpens it over the
/// next frame or two (a keyframe's refinement, a rate control catching up). Fitted as blends of
/// the frames around the run, the first frame past the change already reads nearly all of the
/// new page and the next one the rest, so the run read as a crossfade of one frame or two:
///
/// - `tune/map-light-720x1280-30-vp9-s250` (a cut on a light map, VP9 at 30 fps, 2533): the
///   frame of the cut reads **0.931** (a step of RMSE 0.104), the next 0.988 (a step of 0.006),
///   then 0.993, 0.999 — named a crossfade 2533–2567;
/// - `tune/settings-dark-960x540-vfr-hevc-s202` (a theme switch, HEVC at a variable rate,
///   5925): the frame of the cut reads **0.946** (a step of 0.80), the next 0.953 (0.012), then
///   0.996 — named a crossfade 5925–5950.
///
/// Now a run whose only frame strictly between its ends (a share within 0.05…0.95) already
/// reads at least ``settledCutShare`` of the new page, and whose next step is a small
/// refinement (at most ``settledStepRatio`` of the step into it), is no crossfade: nothing of
/// it was ever shown half-way. It is left to the cut
/// (``classifyRun(_:crossfadeOnly:everyFrame:)``), at that frame.
///
/// What must not pass is a real short fade: a fade of 150 ms or a grab at a variable rate keeps
/// at least one frame well short of the new page (two blend frames, or one near half-way), and
/// a fade with two frames or more between keeps its name whatever their shares.
extension EventSearch {
    /// The share of the new page the one frame between must already read for the run to be a
    /// cut the codec settles: 0.9. `-s250` reads 0.931 and `-s202` 0.946; of the fades of `tune/`
    /// read with one frame between, only `-s225`'s reads over it (0.906), and the step rule
    /// (``settledStepRatio``) keeps it a fade: the share alone is no margin.
    static let settledCutShare = 0.9

    /// How large the step after the one frame between may be, against the step into it: 0.1.
    /// `-s250` steps 0.006 after 0.104 (0.056 of it) and `-s202` 0.012 after 0.80 (0.015);
    /// `tune/article-light-900x1000-vfr-h264-s225`'s 350 ms linear fade, grabbed at a variable
    /// rate with one frame between reading 0.906 (3683), steps 0.060 after 0.199 (0.30): the
    /// fade still had a tenth of its way to go, no codec refinement.
    static let settledStepRatio = 0.1

    /// Whether `reading` is a cut the codec settles: its fitted frames passing as blends, with
    /// exactly one strictly between the ends, that one at ``settledCutShare`` or more, and the
    /// step after it at most ``settledStepRatio`` of the step into it.
    func isSettledCut(_ reading: BlendReading) -> Bool {
        guard reading.fitted else { return false }
        let between = reading.between
        guard between.count == 1, between[0].share.new >= Self.settledCutShare else { return false }
        let cut = between[0].index
        return cut + 1 < frames.count && frames[cut + 1].rmse <= Self.settledStepRatio * frames[cut].rmse
    }
}
