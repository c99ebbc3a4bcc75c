/// A blank page in its theme's colour after cards of another (round 16).
///
/// A settings list in its light theme is white groups (0.999) on a grey page (0.95, 0.95, 0.93),
/// and on a recording with large tiles the gaps between the groups are narrower than a tile: the
/// frame before a blank page shows the page's grey flat over less than 2 % of the frame, so
/// neither the frame before's dominant flat colour (the groups' white, 0.05–0.07 from the grey
/// in each channel, more than ``FilmEventThresholds/bareColour``) nor the colour it showed less
/// of (``shownBackgroundColour(_:before:)``) names the bare frame's. Round 15's rules read its
/// own colour only after a frame whose flat colour is no page's (``pageColour(_:after:)``: a
/// map's water), so `tune/settings-dark-900x1000-30-hevc-s138`'s one-frame blank page after its
/// theme fade to light (4267–4300, 75 px tiles) was named a placeholder flash.
///
/// Now, when the frame before's dominant flat colour is a theme's (a mean at most
/// ``FilmEventThresholds/bareDark`` or at least 1 − that), the bare frame's own page colour
/// (``ownPageColour(_:)``: a theme's, agreeing with the bars and within
/// ``FilmEventThresholds/bareColour`` of the status bar's tone) is read when it lies on the same
/// side: a light page behind light cards, or a dark one behind dark cards. A grey placeholder is
/// no theme's colour, and a black one over a dark page is darker than the bar; the event keeps
/// ``FilmEventThresholds/ownColourConfidence`` with `placeholder-flash` as the alternative.
extension EventSearch {
    /// The own page colour of a bare frame `index` (``ownPageColour(_:)``) when the frame
    /// `before`'s dominant flat colour is a theme's on the same side of the middle (cards of
    /// the same theme over its page), or `nil`.
    func themePageColour(_ index: Int, after before: Int) -> [Double]? {
        guard let shown = flatColour(before) else { return nil }
        let mean = shown.reduce(0, +) / 3
        guard mean <= t.bareDark || mean >= 1 - t.bareDark, let own = ownPageColour(index) else { return nil }
        return (own.reduce(0, +) / 3 < 0.5) == (mean < 0.5) ? own : nil
    }
}
