/// One frame off a fade's course (round 15).
///
/// Two layers fading at once over the window dip towards its colour while the status and
/// navigation bars keep theirs, so the whole frame fits no blend and the fade is read on its
/// content area (``readBlend(before:after:everyFrame:)``). There an encoder's redraw can put a
/// single frame of the fade off its course while every other frame reads a clean blend:
///
/// - `tune/settings-light-720x1280-60-av1-s92` (a 200 ms ease-in-out two-layer fade, AV1 at
///   60 fps, 2950–3033): the content reads 0.212, 0.224, 0.379, 0.740, 0.866, 0.941, then
///   **0.876**, then 0.946 — a step back of 0.065 where a blend may go back by 0.05
///   (``monotonic(_:)``), every frame's residual 0.06–0.14 of the change;
/// - `tune/map-light-960x540-30-av1-s230` (a 450 ms ease-in two-layer fade of a map, AV1 at
///   30 fps, 2833–3200): twelve frames read 0.019…0.805 with residuals 0.04–0.09, then the last
///   frame before the map reads 0.948 with the old page's share at **−0.123**, out of a
///   blend's bounds (−0.05).
///
/// Round 14's rules named nothing at all for either. Now, on the content area only, a reading
/// that one frame alone keeps from a crossfade — the only frame refused as a blend, or the one
/// frame whose removal leaves the shares never going back — is a crossfade of the rest, when
/// at least ``strayFadeFrames`` of the rest lie between the ends: a frame that moves no share
/// of its own is no event of its own, and the fade claims it with the others.
///
/// What must not pass is content moving, and two frames or more off course are not forgiven: a
/// page pushed in at a variable rate keeps two or more frames of neither page (round 13's
/// strays, `-s182`), and moving content that reads as a mixture is refused before any share
/// is read (``FilmEventThresholds/mixture``). On the whole frame nothing is forgiven: a bar
/// following a theme on its own curve, a placeholder arriving with a relayout and a sheet over a
/// dimming page read there, and a single stray on the whole frame is what sends a fade on to its
/// content reading (not tried on `tune/`: see docs/film.md, round 15).
extension EventSearch {
    /// The frames between the ends (a share within 0.05…0.95) a reading must keep once its one
    /// stray is left out: 3. `-s92` keeps 7, `-s230` 11; a fade of two frames between (a
    /// grab at a variable rate) is never read through a stray, as its one remaining frame would
    /// be a blend read from a single share.
    static let strayFadeFrames = 3

    /// The shares of `fits` with one frame left out, when that one frame alone keeps them from
    /// reading as a crossfade: the only one refused as a blend (``FilmBlendFit/accepted(_:)``),
    /// or the first whose removal leaves the rest never going back (``monotonic(_:)``); `nil`
    /// when no single frame does, or when fewer than ``strayFadeFrames`` of the rest lie
    /// between the ends.
    ///
    /// - Complexity: O(n²) for n fitted frames when the shares go back (each left out in turn).
    func sharesWithoutOneStray(
        _ fits: [(Int, FilmBlendFit.Share?)], fit: FilmBlendFit
    ) -> [(index: Int, share: FilmBlendFit.Share)]? {
        let accepted = fits.compactMap { index, share in fit.accepted(share).map { (index: index, share: $0) } }
        func isFade(_ shares: [(index: Int, share: FilmBlendFit.Share)]) -> Bool {
            shares.filter { $0.share.new > 0.05 && $0.share.new < 0.95 }.count >= Self.strayFadeFrames
                && monotonic(shares.map(\.share.new))
        }
        switch fits.count - accepted.count {
        case 0:
            for stray in accepted.indices {
                var rest = accepted
                rest.remove(at: stray)
                if isFade(rest) { return rest }
            }
            return nil
        case 1:
            return isFade(accepted) ? accepted : nil
        default:
            return nil
        }
    }
}
