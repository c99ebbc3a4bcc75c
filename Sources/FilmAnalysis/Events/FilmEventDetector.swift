/// Finds cuts, crossfades, blank frames, placeholder flashes, settles and late motion in the
/// summaries of a film.
///
/// ```swift
/// let frames = try FilmReader().read(FrameFile.frames(inFolder: "frames"))
/// for event in FilmEventDetector().events(in: frames) {
///     print(event.kind, event.start, event.end, event.peak)
/// }
/// ```
///
/// A *step* is the change from one frame to the next; it is *active* when its RMSE reaches
/// ``FilmEventThresholds/quiet``. Events claim steps in this order, so that a step is
/// explained once:
///
/// 1. **Blank frame**: frames whose detail is below ``FilmEventThresholds/blankDetail``,
///    after a frame with at least ``FilmEventThresholds/detail`` and until the next such frame.
/// 2. **Placeholder flash**: tiles that had detail and turn flat
///    (``FilmEventThresholds/flatTile``) stay flat, and within
///    ``FilmEventThresholds/longestFlash`` come back with the colour and detail they had
///    before (``FilmEventThresholds/sameTile``).
/// 3. **Runs** of active steps less than ``FilmEventThresholds/runGap`` apart: a run of one
///    step of at least ``FilmEventThresholds/cut`` is a **cut**; a longer run is a
///    **crossfade** when every frame of it projects onto the blend `A + α (B − A)` of the frame
///    before the run (A) and its last frame (B) with a residual within
///    ``FilmEventThresholds/blendResidual`` of `|B − A|`, α in 0…1 and not going back.
/// 4. **Settle**: every burst of active steps less than ``FilmEventThresholds/settleGap``
///    apart; its end is when the film stopped changing.
/// 5. With a hinge timeline, a burst that starts more than ``FilmEventThresholds/lateMotion``
///    after the hinge stopped is also **late motion**, and every event gets its time from the
///    hinge's last stop and start.
public struct FilmEventDetector: Sendable {
    /// The thresholds in use.
    public var thresholds: FilmEventThresholds

    /// A detector with `thresholds` (the documented defaults unless given).
    public init(thresholds: FilmEventThresholds = .init()) { self.thresholds = thresholds }

    /// The events of `frames` (in film order), sorted by start time.
    ///
    /// - Parameters:
    ///   - frames: the film's frames, as ``FilmReader`` read them.
    ///   - hinge: the hinge's rest timeline on the film's clock, for late motion and the times
    ///     from the hinge's stop and start.
    /// - Complexity: O(frames × tiles).
    // Long: the detectors run in priority order over one list of claimed frames; the detector is
    // being rewritten for real recordings, which splits it by kind of event.
    public func events(in frames: [FilmFrame], hinge: HingeRestTimeline? = nil) -> [FilmEvent] {
        guard frames.count > 1 else { return [] }
        let t = thresholds
        let active = frames.indices.map { $0 > 0 && frames[$0].rmse >= t.quiet }
        var claimed = [Bool](repeating: false, count: frames.count)
        var events: [FilmEvent] = []

        func peak(_ range: ClosedRange<Int>) -> Double { range.map { frames[$0].rmse }.max() ?? 0 }

        // 1. Blank frames.
        var index = 1
        while index < frames.count {
            defer { index += 1 }
            guard frames[index].summary.detail < t.blankDetail, frames[index - 1].summary.detail >= t.detail
            else { continue }
            var next = index + 1
            while next < frames.count, frames[next].summary.detail < t.detail { next += 1 }
            guard next < frames.count else { continue }
            events.append(
                FilmEvent(
                    kind: .blankFrame, start: frames[index].time, end: frames[next].time, frames: next - index,
                    peak: peak(index...next)))
            for step in index...next { claimed[step] = true }
            index = next
        }

        // 2. Placeholder flashes.
        index = 1
        while index < frames.count {
            defer { index += 1 }
            guard !claimed[index], active[index], let (back, flat) = flash(at: index, in: frames) else { continue }
            var event = FilmEvent(
                kind: .placeholderFlash, start: frames[index].time, end: frames[back].time, frames: back - index,
                peak: peak(index...back))
            event.tiles = flat
            events.append(event)
            for step in index...back { claimed[step] = true }
            index = back
        }

        // 3. Cuts and crossfades among the runs of unclaimed active steps.
        index = 1
        while index < frames.count {
            guard active[index], !claimed[index] else {
                index += 1
                continue
            }
            var last = index
            while last + 1 < frames.count, active[last + 1], !claimed[last + 1],
                frames[last + 1].time - frames[last].time <= t.runGap
            {
                last += 1
            }
            if last == index {
                if frames[index].rmse >= t.cut {
                    events.append(
                        FilmEvent(
                            kind: .cut, start: frames[index].time, end: frames[index].time, frames: 1,
                            peak: frames[index].rmse))
                }
            } else if let alphas = blend(from: index - 1, to: last, in: frames) {
                var event = FilmEvent(
                    kind: .crossfade, start: frames[index].time, end: frames[last].time, frames: last - index + 1,
                    peak: peak(index...last))
                event.alphas = alphas
                events.append(event)
            }
            index = last + 1
        }

        // 4. Settles, and 5. late motion.
        index = 1
        while index < frames.count {
            guard active[index] else {
                index += 1
                continue
            }
            var last = index
            var count = 1
            var next = index + 1
            while next < frames.count, frames[next].time - frames[last].time <= t.settleGap {
                if active[next] {
                    last = next
                    count += 1
                }
                next += 1
            }
            let settle = FilmEvent(
                kind: .settle, start: frames[index].time, end: frames[last].time, frames: count,
                peak: peak(index...last))
            events.append(settle)
            if let hinge, let stop = hinge.restingSince(settle.start), settle.start - stop > t.lateMotion {
                var late = settle
                late.kind = .lateMotion
                events.append(late)
            }
            index = last + 1
        }

        if let hinge {
            for position in events.indices {
                events[position].sinceHingeStop = hinge.restingSince(events[position].start).map {
                    events[position].start - $0
                }
                events[position].sinceHingeStart = hinge.movingSince(events[position].start).map {
                    events[position].start - $0
                }
            }
        }
        // Events that start together are listed in the order the kinds are declared.
        let order = FilmEvent.Kind.allCases
        func rank(_ kind: FilmEvent.Kind) -> Int { order.firstIndex(of: kind) ?? order.count }
        return events.sorted { ($0.start, rank($0.kind)) < ($1.start, rank($1.kind)) }
    }

    /// The frame at which the region that turned flat at `index` comes back, if it does, and
    /// the tiles of that region.
    func flash(at index: Int, in frames: [FilmFrame]) -> (back: Int, tiles: [Int])? {
        let t = thresholds
        let before = frames[index - 1].summary
        let now = frames[index].summary
        guard before.grid == now.grid else { return nil }
        let flat = (0..<before.grid.count).filter {
            Double(before.tileDetail[$0]) >= t.detail && Double(now.tileDetail[$0]) < t.flatTile
        }
        guard !flat.isEmpty else { return nil }
        var next = index + 1
        while next < frames.count, frames[next].time - frames[index].time <= t.longestFlash {
            let summary = frames[next].summary
            let back = flat.allSatisfy { tile in
                abs(Double(summary.tileDetail[tile] - before.tileDetail[tile])) <= t.sameTile
                    && (0..<3).allSatisfy {
                        abs(Double(summary.tileMeans[3 * tile + $0] - before.tileMeans[3 * tile + $0])) <= t.sameTile
                    }
            }
            if back { return (next, flat) }
            guard flat.allSatisfy({ Double(summary.tileDetail[$0]) < t.flatTile }) else { return nil }
            next += 1
        }
        return nil
    }

    /// The blend positions of frames `first + 1 … last` between frames `first` and `last`, if
    /// every one of them lies on the blend.
    func blend(from first: Int, to last: Int, in frames: [FilmFrame]) -> [Double]? {
        let a = frames[first].summary.tileMeans
        let b = frames[last].summary.tileMeans
        guard a.count == b.count, !a.isEmpty else { return nil }
        var change = 0.0
        for index in a.indices {
            let d = Double(b[index] - a[index])
            change += d * d
        }
        guard (change / Double(a.count)).squareRoot() >= thresholds.blendChange else { return nil }
        var alphas: [Double] = []
        for frame in (first + 1)...last {
            let f = frames[frame].summary.tileMeans
            var dot = 0.0
            for index in a.indices { dot += Double(f[index] - a[index]) * Double(b[index] - a[index]) }
            let alpha = dot / change
            var residual = 0.0
            for index in a.indices {
                let r = Double(f[index] - a[index]) - alpha * Double(b[index] - a[index])
                residual += r * r
            }
            guard (residual / change).squareRoot() <= thresholds.blendResidual, alpha >= -0.05, alpha <= 1.05,
                alpha >= (alphas.last ?? 0) - 0.05
            else { return nil }
            alphas.append(min(1, max(0, alpha)))
        }
        return alphas
    }
}
