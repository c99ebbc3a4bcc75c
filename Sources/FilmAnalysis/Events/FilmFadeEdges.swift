/// A crossfade's edges beyond its run of changes (round 12), and at a variable rate (round 13).
///
/// A run's blend is read between the frames just around its changes: the quiet frames within
/// ``FilmEventThresholds/runGap`` of its first and last change. A fade's head and tail can lie
/// farther out. A loaded recorder draws a fade's first small step and holds it for 100 ms
/// before the rest (`tune/settings-light-960x540-60-vp9-s113`: 0.079 and 0.108, then 0.667), and
/// a fade can reach its end page by a quiet step after a hold
/// (`tune/map-dark-900x1000-30-av1-s152`: 0.948 held 133 ms, then a step of 0.006). Read from the
/// frames around the run, the first starts at the large step and the second ends early: the
/// end page B is taken before the fade has reached it.
///
/// So a crossfade's ends are widened over the steps that are no change (repeats, and quiet
/// steps of the head or tail) up to ``FilmEventThresholds/stallGap`` before and after them,
/// not into another event: A is the frame before the first step that moved in that reach, B
/// the last frame that moved. When every frame from A to B still fits as a blend of the two
/// (``FilmBlendFit``) and reads as a crossfade, not motion, the fade's shares are those.
///
/// A change held before the fade proper sits on the blend's line too, and its share, read from
/// the widened A, can pass 5 % (`tune/article-dark-540x1200-30-h264-s108`: 0.075 held 100 ms
/// before 0.186). A fade moves on: its first frame past 5 % is followed, within
/// ``fadeMovesWithin`` fitted frames, by one at least ``fadeMovesBy`` further on. When it is
/// not, the edges are read again from the frame before that first frame (round 10's
/// ``EventSearch/edgeShares(_:before:after:)``), as before this rule.
///
/// At a variable rate (round 13) the edges are read on the content area alone (inside the
/// chrome's bands) whenever the content reads a crossfade. There a frame is whatever the grab
/// kept: one frame off can be 50 to 130 ms, where at 60 fps it is 17. The whole frame's fit
/// takes in the status and navigation bars, which follow a theme on a curve of their own and
/// pull the shares of the fade's last frames away from the page's: a dark grid turning light
/// (`tune/grid-dark-720x1280-vfr-h264-s102`) read 0.845 over the whole frame at 6133 ms, where
/// its content (what the truth probe measures) had reached 0.983, and the fade ended at 6300,
/// 167 ms late. At a constant rate the whole frame's shares are kept: read on the content at
/// every rate, `tune/` found 446 / 494 events (450 without), losing four fades at 60 fps.
extension EventSearch {
    /// The fitted frames after a fade's first frame past 5 % within which the blend must move on
    /// (``fadeMovesBy``): 2, so that a hold of one frame at 60 fps (`-s113`'s 0.079 drawn twice)
    /// is the fade's head and one of three frames at 30 fps (`-s108`'s 0.075) is not.
    static let fadeMovesWithin = 2
    /// How far the blend must move on (``fadeMovesWithin``): 0.01, above the codec's jitter in
    /// a held blend's share (0.001–0.002 on `tune/`).
    static let fadeMovesBy = 0.01
    /// `k` of the detail-weighted fit of a fade's edges at a variable rate
    /// (``FilmBlendFit/weighByDetail(_:)``): 3. On `tune/`'s 24 films at a variable rate, 1, 3
    /// and 10 found 85, 86 and 86 of their 99 events with the content's tail (83 unweighted).
    static let detailWeight = 3.0

    /// The frames a crossfade between `before` and `after` is widened to: the frame before the
    /// first step that moved (not a repeat) among the steps that are no change within
    /// ``FilmEventThresholds/stallGap`` before `before`, and the last frame that moved among
    /// those within it after `after`; not into a claimed step.
    func widenedEnds(before: Int, after: Int) -> (before: Int, after: Int) {
        var last = after
        var next = after + 1
        while next < frames.count, !claimed[next], !steps.active[next],
            frames[next].time - frames[after].time <= t.stallGap
        {
            if !steps.repeats[next] { last = next }
            next += 1
        }
        var first = before
        var previous = before
        while previous > 0, !claimed[previous], !steps.active[previous],
            frames[before].time - frames[previous - 1].time <= t.stallGap
        {
            if !steps.repeats[previous] { first = previous - 1 }
            previous -= 1
        }
        return (first, last)
    }

    /// The shares, ends and edge reading of a crossfade found between `before` and `after` with
    /// `shares`: widened over its quiet head and tail (``widenedEnds(before:after:)``) when every
    /// frame from the widened ends fits as a crossfade; at a variable rate, read on the content
    /// area when that fits as a crossfade too; its edges read again from the frame before the
    /// first past 5 % unless the fade moves on from it (see above).
    func fadeEdges(
        _ shares: [(index: Int, share: FilmBlendFit.Share)], before: Int, after: Int
    ) -> (shares: [(index: Int, share: FilmBlendFit.Share)], before: Int, after: Int) {
        var (shares, before, after) = (shares, before, after)
        let wide = widenedEnds(before: before, after: after)
        if wide != (before, after) {
            let reading = readBlend(before: wide.before, after: wide.after, everyFrame: true)
            if !reading.motion, reading.isCrossfade {
                (shares, before, after) = (reading.shares, wide.before, wide.after)
            }
        }
        if variableRate {
            let weighted = readBlend(
                before: before, after: after, everyFrame: true, area: nil, detailWeight: Self.detailWeight)
            if !weighted.motion, weighted.isCrossfade { shares = weighted.shares }
            if let area = contentArea(of: frames[before].summary.grid) {
                let content = readBlend(before: before, after: after, everyFrame: true, area: area)
                if !content.motion, content.isCrossfade, let tail = contentTail(content.shares, over: shares) {
                    shares = tail
                }
            }
        }
        let moves = movesOn(shares, before: before, after: after)
        return (moves ? shares : edgeShares(shares, before: before, after: after), before, after)
    }

    /// The whole frame's `shares` with the content area's `content` from its first share past 0.5
    /// on, when the content reads *ahead* of the whole frame at its last frame under 95 % (or the
    /// whole frame has no share there); `nil` when it does not, or when the two readings do not
    /// cover the same frames.
    ///
    /// Status and navigation bars that follow a theme on a curve of their own only hold the
    /// whole frame's shares back; a content reading behind the whole frame's is the content's
    /// own noise (`tune/settings-dark-960x540-vfr-hevc-s202`: −0.056 at that frame, and read on
    /// the content its fade ended 75 ms late). The bars lag the page most at its end, and at
    /// the head the whole frame, with more tiles, reads the fade's first steps better.
    func contentTail(
        _ content: [(index: Int, share: FilmBlendFit.Share)], over shares: [(index: Int, share: FilmBlendFit.Share)]
    ) -> [(index: Int, share: FilmBlendFit.Share)]? {
        let last = content.last { $0.share.new < 0.95 } ?? content.last
        let whole = last.flatMap { last in shares.first { $0.index == last.index } }
        guard let last, last.share.new > (whole?.share.new ?? 0) else { return nil }
        let half = content.first { $0.share.new >= 0.5 }?.index ?? Int.max
        let head = shares.filter { $0.index < half }
        let tail = content.filter { $0.index >= half }
        return head.count + tail.count == content.count ? head + tail : nil
    }

    /// Whether the blend of `shares` (a fit of every frame between `before` and `after`) moves
    /// on from its first frame past 5 %: some of the next ``fadeMovesWithin`` frames is at least
    /// ``fadeMovesBy`` further on. A reading that left out repeated frames cannot tell: its
    /// first frame past 5 % may come after frames of the fade it did not fit (a slow ease-in
    /// under the noise floor), which the edges read again take in.
    func movesOn(_ shares: [(index: Int, share: FilmBlendFit.Share)], before: Int, after: Int) -> Bool {
        guard shares.count == after - before - 1, let first = shares.firstIndex(where: { $0.share.new >= 0.05 }) else {
            return false
        }
        let head = shares[first].share.new
        return shares[(first + 1)...].prefix(Self.fadeMovesWithin).contains { $0.share.new >= head + Self.fadeMovesBy }
    }
}
