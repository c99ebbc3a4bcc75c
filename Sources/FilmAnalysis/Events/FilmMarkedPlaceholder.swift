/// A placeholder whose only whole tiles hold a small mark that stays (issue 35, round 17).
///
/// The flash pass reads a placeholder from tiles that turn flat (``FilmEventThresholds/flatTile``,
/// 0.008) where content was. A tile is flat only if nothing at all is drawn on it, and the
/// recorder's pointer stays drawn over whatever the page shows. A grey placeholder over one
/// picture of a light map at 960 × 540 (`tune/map-light-960x540-60-vp9-s265`, 3250–3383, and
/// `tune/map-light-960x540-60-av1-s52`, 3283–3417) covers whole 80-pixel tiles in one row only,
/// two of them, and the pointer stands on the line between them: they read a detail of 0.021
/// and 0.053 (0.022 and 0.066 in `-s52`) where the water under them read 0.066 and 0.099
/// (0.066 and 0.112), so no tile turned flat, nothing was named a flash, and the arrival and
/// the fill were left to the settle. The 16-pixel blocks of the truth probe find the grey.
///
/// So when no tile turns flat in a step, a tile that showed content in the frame before
/// (``FilmEventThresholds/detail``) and now shows none, with at most ``markedShare`` of the
/// detail it had, is read as a flat tile under a mark: a placeholder when it is not the page
/// behind's colour, filled as flat tiles are (its detail back to content, by a step that
/// changes little else). Tiles that merely lose some texture (water after land) keep more than
/// half of it. Steps with a flat tile read as before this rule.
extension EventSearch {
    /// The most of its detail a tile under a mark may keep as it turns into a placeholder: 0.5.
    /// The two marked tiles of `tune/` kept 0.32 and 0.33.
    static let markedShare = 0.5

    /// The tiles of `now` that changed from `before` (by `change`) from content into no content,
    /// keeping at most ``markedShare`` of their detail: flat tiles under a mark, read only when
    /// no tile turned flat.
    func markedTiles(_ now: FrameSummary, before: FrameSummary, change: FrameDifference) -> [Int] {
        now.grid.indices.filter {
            let (had, has) = (Double(before.tileDetail[$0]), Double(now.tileDetail[$0]))
            return Double(change.tiles[$0]) >= t.quiet && had >= t.detail && has < t.detail
                && has <= Self.markedShare * had
        }
    }
}
