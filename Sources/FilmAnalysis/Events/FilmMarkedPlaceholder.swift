/// A placeholder whose only whole tiles hold a small mark that stays (issue 35, round 17).
///
/// The flash pass reads a placeholder from tiles that turn flat (``FilmEventThresholds/flatTile``,
/// 0.008) where content was. A tile is flat only if nothing at all is drawn on it, and the
/// recorder's pointer stays drawn over whatever the page shows. A grey placeholder over one
/// picture of a light map at 960 × 540 (`tune/map-light-960x540-60-vp9-s265`, 3250–3383, and
/// `tune/map-light-960x540-60-av1-s52`, 3283–3417) covers whole 80-pixel tiles in one row only,
/// two of them, and the pointer stands on the line between them: they read a detail of 0.021
/// and 0.053 (0.022 and 0.094 in `-s52`) where the water under them read 0.066 and 0.099
/// (0.066 and 0.112), so no tile turned flat, nothing was named a flash, and the arrival and
/// the fill were left to the settle. The 16-pixel blocks of the truth probe find the grey.
///
/// So when no tile turns flat in a step, a tile that showed content in the frame before
/// (``FilmEventThresholds/detail``) and now shows none, with at most ``markedShare`` of the
/// detail it had, is read as a flat tile under a mark: a placeholder when it is not the page
/// behind's colour, filled as flat tiles are (its detail back to content, by a step that
/// changes little else), and only when the step that brings it changes little else as well
/// (``arrivesAlone(_:marked:)``). Steps with a flat tile read as before this rule.
///
/// Without that last condition the rule found both placeholders but named 13 flashes that are
/// none, in ten films, and lost six crossfades (`tune/` 654 / 694, 44 other → 650 / 694, 69):
/// in the middle of fades of settings lists and grids a tile of text passes through a detail
/// under 0.03 for a frame or two, and is filled, by the fade's next step, into its new text. A
/// fade changes the whole frame; a placeholder drawn over one picture changes that picture's
/// tiles.
extension EventSearch {
    /// The most of its detail a tile under a mark may keep as it turns into a placeholder: 0.5.
    /// The marked tiles of `tune/` kept 0.32 (`-s265`) and 0.33 (`-s52`); the tile beside each,
    /// with most of the pointer, kept 0.54 and 0.84 and is read as the region's edge.
    static let markedShare = 0.5
    /// The most tiles a placeholder under a mark may hold whole: 4, the tiles a mark smaller
    /// than one touches (``arrivesAlone(_:marked:)``).
    static let largestMarked = 4

    /// The tiles of `now` that changed from `before` (by `change`) from content into no content,
    /// keeping at most ``markedShare`` of their detail, not in the colour of the page behind
    /// (`page`), when they arrived alone (``arrivesAlone(_:marked:)``); none otherwise. Read
    /// only when no tile turned flat.
    func placeholderUnderMark(
        _ now: FrameSummary, before: FrameSummary, change: FrameDifference, page: [Double]?
    ) -> [Int] {
        let marked = now.grid.indices.filter {
            let (had, has) = (Double(before.tileDetail[$0]), Double(now.tileDetail[$0]))
            return Double(change.tiles[$0]) >= t.quiet && had >= t.detail && has < t.detail
                && has <= Self.markedShare * had && !isPage(now, tile: $0, colour: page)
        }
        return arrivesAlone(change, marked: marked) ? marked : []
    }

    /// Whether the tiles under a mark (`marked`) are a placeholder's that arrived alone: at
    /// most ``largestMarked`` of them, and at most ``FilmEventThresholds/fillOutside`` of
    /// `change` outside them and the tiles touching them.
    ///
    /// A mark smaller than a tile stands on at most four, and a placeholder all of whose whole
    /// tiles hold it has no more; its edge tiles, part placeholder and part page, touch them.
    /// The ring is taken around the marked tiles, not around the region grown from them in
    /// their colour: in a fade through a flat frame that region is the whole frame.
    func arrivesAlone(_ change: FrameDifference, marked: [Int]) -> Bool {
        marked.count <= Self.largestMarked
            && change.share(outside: change.grid.neighbourhood(of: marked)) <= t.fillOutside
    }
}
