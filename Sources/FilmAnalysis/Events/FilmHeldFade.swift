/// A fade the grab held in its middle is no placeholder flash (round 14).
///
/// Two layers fading at once over a dark window pass through frames that are nearly flat (the
/// dip), and a loaded recorder can hold one of them for a while: a few tiles of the held frame
/// are flat, and they fill as the fade goes on. Read tile by tile that is a placeholder flash
/// (`tune/settings-light-720x1280-60-vp9-s201`'s theme fade, held at 0.39–0.41 with a dip of
/// 0.28–0.30, was named one, and its crossfade was lost). What tells the two apart is the step
/// into the flat frame: a placeholder replaces content where it lands, so that step changes the
/// tiles that turn flat and a few around them (a relayout); a fade changes every tile of the
/// page at once, most of which do not turn flat.
extension EventSearch {
    /// How many times as many tiles as turned flat the step into a flash must change to be a
    /// fade's, with the flash's frames a blend: 17. On `tune/`, the placeholders whose frames
    /// also read as a blend changed 1.7 to 9 times as many tiles as turned flat, the held fades
    /// 33 to 324 times; 17 is the geometric middle of 9 and 33.
    static let heldFadeChange = 17.0

    /// Whether the flat tiles from frame `index` to `fill` (`flatTiles` of them) are the held
    /// middle of a fade: the step into `index` changed more than ``heldFadeChange`` times as many
    /// tiles as turned flat, and every frame from `index` to the one before `fill` reads as a
    /// crossfade between the frame before `index` and `fill`'s, not motion.
    func isHeldFade(_ index: Int, fill: Int, flatTiles: Int) -> Bool {
        let changed = changedArea(index) * Double(frames[index].summary.grid.count)
        guard changed.rounded() > Self.heldFadeChange * Double(flatTiles) else { return false }
        let reading = readBlend(before: index - 1, after: fill, everyFrame: true)
        return !reading.motion && reading.isCrossfade
    }
}
