/// A fade the grab held part-way is one crossfade (round 15).
///
/// A loaded recorder can hold a fade's blend longer than any gap a run of changes bridges, or
/// keep half of it in steps too small to be changes: each half is then read between its own
/// ends, one of which is the held blend, and named a crossfade of its own, sometimes with a
/// placeholder flash between where a row of the page went flat mid-fade. On `tune/`:
///
/// - `grid-light-540x1200-60-h264-s232`: a 500 ms linear theme fade held at 0.68 for 333 ms
///   (4567–4867), longer than ``FilmEventThresholds/stallGap`` (300 ms): named 4250–4550 and
///   4883–5000;
/// - `grid-dark-900x1000-vfr-h264-s81`: its first half in steps under the active level, named by
///   the gradual stretches (4a) and claimed, and then a hole of 217 ms (0.38 held) before the
///   rest: named 5000–5133 and 5350–5533;
/// - `settings-light-540x1200-vfr-h264-s137`: two fades, each with a row flat for a frame or two
///   at 0.35–0.47 (0.31–0.44), named a placeholder flash between two crossfades. The step into
///   the flash changed 108–162 times as many tiles as turned flat, but read from the frame
///   before it to its fill, two blends only 0.1 apart, the frames fit no blend (a mixture's
///   detail: motion), so round 14's held-fade rule (`FilmHeldFade.swift`) kept the flash.
///
/// Read from the first crossfade's A to the second's B, every frame of each of the three is one
/// blend of those two, moving one way (mixture −0.27 to −0.06), with the held frames at 0.31
/// to 0.68. Two crossfades are therefore one when the second starts at most ``longestHold``
/// after the first ends, nothing but placeholder flashes lies between them, every frame from
/// the first's A to the second's B reads as a crossfade of A and B (not motion, the blend never
/// going back), and the frames where they meet (the first's B and the second's A) lie part-way,
/// strictly between the fade's edges of 5 % and 95 %. Two fades one after the other (A to B, B
/// to C) fail the fit: B is no blend of A and C.
extension EventSearch {
    /// The frames a crossfade was fitted between (its A and B once its edges were read), by the
    /// event's start and end.
    struct FadeBlend {
        var start: Milliseconds
        var end: Milliseconds
        var before: Int
        var after: Int
    }

    /// The index in ``fadeBlends`` of the blend crossfade `fade` was fitted on (the last one
    /// recorded with its start and end), or `nil`.
    func fadeBlend(of fade: FilmEvent) -> Int? {
        fadeBlends.lastIndex { $0.start == fade.start && $0.end == fade.end }
    }

    /// The longest time from one crossfade's end to the next one's start over which the two may
    /// be one fade held part-way: 400 ms. On `tune/` the halves joined are 50–333 ms apart; the
    /// nearest pairs that read as one blend with the meeting frames part-way are 534 ms
    /// (`settings-dark-900x1000-30-hevc-s138`: 0.053–0.056) and 700 ms apart
    /// (`settings-dark-720x1280-vfr-hevc-s116`: 0.91–0.92; `settings-light-540x1200-vfr-h264-s207`:
    /// 0.90–0.91): settings lists alike enough for one page to pass as a blend of two others.
    /// Joined at any gap, those three films found 6 of their 13 events instead of 9. 400 ms is
    /// the longest a flash may stay (``FilmEventThresholds/longestFlash``): the longest stall
    /// under load the detector takes in within one event.
    static let longestHold: Milliseconds = 400

    /// Joins crossfades the grab split at a hold part-way (see above) into one, with the
    /// placeholder flashes between them, until no pair joins.
    mutating func joinHeldFades() {
        while let (first, second, reading, ends) = heldPair() {
            let removed = Set([first, second]).union(between(first, second))
            // The two halves' blends go with them: the joined fade records its own.
            let (one, two) = (events[first], events[second])
            fadeBlends.removeAll { blend in
                [one, two].contains { $0.start == blend.start && $0.end == blend.end }
            }
            events = events.indices.filter { !removed.contains($0) }.map { events[$0] }
            crossfade(reading.shares, before: ends.before, after: ends.after, mixture: reading.mixture)
        }
    }

    /// The first two crossfades in time order that are one fade held part-way, with the reading
    /// of the frames from the first's A to the second's B and those two ends.
    func heldPair() -> (Int, Int, BlendReading, (before: Int, after: Int))? {
        let fades = events.indices.filter { events[$0].kind == .crossfade }
            .sorted { events[$0].start < events[$1].start }
        for (first, second) in zip(fades, fades.dropFirst()) {
            let (one, two) = (events[first], events[second])
            guard two.start - one.end <= Self.longestHold,
                let a = fadeBlend(of: one).map({ fadeBlends[$0] }),
                let b = fadeBlend(of: two).map({ fadeBlends[$0] }),
                between(first, second).allSatisfy({ events[$0].kind == .placeholderFlash })
            else { continue }
            let reading = readBlend(before: a.before, after: b.after, everyFrame: true)
            guard !reading.motion, reading.isCrossfade else { continue }
            let meeting = reading.shares.filter { $0.index == a.after || $0.index == b.before }.map(\.share.new)
            guard !meeting.isEmpty, meeting.allSatisfy({ $0 > 0.05 && $0 < 0.95 }) else { continue }
            return (first, second, reading, (a.before, b.after))
        }
        return nil
    }

    /// The events other than the lead-in that overlap the span from crossfade `first`'s start
    /// to crossfade `second`'s end, but those two.
    func between(_ first: Int, _ second: Int) -> [Int] {
        events.indices.filter {
            $0 != first && $0 != second && events[$0].kind != .leadIn
                && events[$0].end > events[first].start && events[$0].start < events[second].end
        }
    }
}
