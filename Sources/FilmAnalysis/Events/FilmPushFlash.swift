/// No placeholder flash inside a push (round 17).
///
/// A page pushed in at a constant rate can still be drawn in few frames: a loaded compositor
/// kept `tune/settings-dark-540x1200-60-av1-s262`'s 300 ms push (AV1 at 60 fps) in eight, 4350,
/// 4367, 4383 and 4400, then 4467, 4550, 4633 and 4667 as it eased in. The frame at 4367 is torn
/// (the new page drawn over part of the old one, their rows interleaved), and three tiles that
/// had text the frame before are flat, filled at 4383. The flash pass (3) runs before the
/// runs of changes (4b) and named a placeholder flash 4367–4383; its claim cut the push's run in
/// three, and each part's first step was named a cut (4350, 4400, 4467). Read whole, from the
/// frame before 4350 to the one after 4667, the run is no crossfade, not motion by its detail
/// (under ``FilmEventThresholds/mixture``), and four of its frames between are no blend of its
/// ends: round 13's strays, whose steps name no cut
/// (``EventSearch/RunKind/strays``). `tune/settings-dark-540x1200-60-av1-s224`'s push (AV1 at 60
/// fps, a flash 4300–4383 named inside it) reads the same, with seven strays.
///
/// So flat tiles filled within a run of active steps (within ``FilmEventThresholds/fadeGap``)
/// that began before they arrived, when that run reads as round 13's strays, are the push's
/// torn frame, no placeholder: the run is left to the runs of changes, where its steps name no
/// cut. A placeholder arriving with its page starts its run: the page did not move before it.
/// Tried first without that condition, and with runs read as motion too, the rule lost 21
/// placeholders in the first 110 films of `tune/` (the scoring was stopped there): a
/// placeholder's arrival and fill, read together, are motion or strays too
/// (`article-dark-540x1200-60-av1-s130`: motion, four strays). Those runs start at the arrival.
extension EventSearch {
    /// Whether the flat tiles that arrived at `index` and were filled at `fill` are a torn frame
    /// of a page moving through frames of neither page: inside a run of active steps (at most
    /// ``FilmEventThresholds/fadeGap`` apart) that began before `index` and ends at `fill` or
    /// later, read as no crossfade, not motion, with two frames or more between its ends that are
    /// no blend of them.
    func isTornFrame(_ index: Int, fill: Int) -> Bool {
        var first = index
        var earlier = index - 1
        while earlier > 0, !claimed[earlier], frames[first].time - frames[earlier].time <= t.fadeGap {
            if steps.active[earlier] { first = earlier }
            earlier -= 1
        }
        let last = runEnd(from: first, gap: t.fadeGap)
        guard first < index, last >= fill else { return false }
        let (before, after) = blendEnds(of: first...last, within: t.runGap)
        let reading = readBlend(before: before, after: after, everyFrame: false)
        return !reading.motion && !reading.isCrossfade && reading.strays >= 2
    }
}
