/// A fade whose end came after a stall is one crossfade (round 17).
///
/// A grab at a variable rate kept `tune/settings-light-960x540-vfr-h264-s261`'s 400 ms linear
/// theme fade (H.264) in frames 17–34 ms apart up to 0.74 of the new page (5483 ms, as the truth
/// probe reads it), then kept no frame for 250 ms, then the new page (5733). The stretch of
/// small steps (4a) lies more than ``FilmEventThresholds/fadeGap`` from the step after the hole,
/// so it was read alone, with 5483 as its end page B: a crossfade 5167–5483. The step after the
/// hole, alone in its run, was named a cut at 5733. Read from the crossfade's A (4783) to the
/// frame after that step, every frame fits one crossfade of the two, not motion, with 5483 at
/// 0.83 of the way: the fade had not reached its page.
///
/// So a crossfade followed by a cut within ``longestHold`` (as a fade held part-way,
/// ``joinHeldFades()``), with no other event between, is one crossfade ending at the cut when
/// every frame from the crossfade's A to the cut's page reads as a crossfade of those two (not
/// motion, never going back) and the crossfade's B lies part-way (a share within 0.05…0.95).
/// Its start and shares are kept as read: fitted again from A to the cut's page, the whole
/// frame at a variable rate put its 5 % edge at 5250, 83 ms after the content's (5167; the
/// truth 5200). A fade that reached its page and a cut after it fail the fit: the fade's page
/// is no blend of the one before it and the cut's (`FilmStalledFadeEndTests`).
extension EventSearch {
    /// Joins each crossfade to the cut that ends it after a stall (see above).
    mutating func joinStalledFadeEnds() {
        var fade = 0
        while fade < events.count {
            defer { fade += 1 }
            guard events[fade].kind == .crossfade, let (cut, end, after) = stalledEnd(of: fade),
                let start = frames.firstIndex(where: { $0.time == events[fade].start }),
                let blend = fadeBlend(of: events[fade])
            else { continue }
            fadeBlends[blend].end = events[cut].start
            fadeBlends[blend].after = after
            events[fade].end = events[cut].start
            events[fade].frames = steps.distinct(start...end)
            events[fade].peak = max(events[fade].peak, events[cut].peak)
            claim(end...after)
            events.remove(at: cut)
            if cut < fade { fade -= 1 }
        }
    }

    /// The cut that ends the crossfade `events[fade]` after a stall, its frame and the last
    /// quiet frame after it (the fade's new B), or `nil` when there is none.
    func stalledEnd(of fade: Int) -> (cut: Int, end: Int, after: Int)? {
        let one = events[fade]
        guard
            let blend = fadeBlend(of: one).map({ fadeBlends[$0] }),
            let cut = events.indices.first(where: {
                events[$0].kind == .cut && events[$0].start > one.end && events[$0].start - one.end <= Self.longestHold
            }),
            between(fade, cut).isEmpty,
            let end = frames.firstIndex(where: { $0.time == events[cut].start })
        else { return nil }
        let (_, after) = blendEnds(of: end...end, within: t.runGap)
        let reading = readBlend(before: blend.before, after: after, everyFrame: true)
        guard !reading.motion, reading.isCrossfade,
            let meeting = reading.shares.first(where: { $0.index == blend.after }),
            meeting.share.new > 0.05, meeting.share.new < 0.95
        else { return nil }
        return (cut, end, after)
    }
}
