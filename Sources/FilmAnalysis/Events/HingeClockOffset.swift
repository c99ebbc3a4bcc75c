public import HingeKit

/// Where a hinge trace sits on a film's clock, estimated from the film itself.
///
/// ```swift
/// if let estimate = HingeClockOffset(frames: frames, samples: trace) {
///     print(estimate.offset, "±", estimate.uncertainty)   // milliseconds: film time = trace time + offset
/// }
/// ```
///
/// A screen recording carries no boot clock, so a trace and a film of one session start at
/// unrelated times. An interface that follows the hinge starts to change soon after the hinge
/// starts to move, so the offset is read from those two kinds of moment: the hinge's starts of
/// motion (`HingeReader`'s rest detection, as ``HingeRestTimeline`` reads it) and the starts of
/// the film's bursts of change after its lead-in (the detector's settles). At offset `o` a
/// hinge start `s` is *followed* when a burst starts within ``reaction`` after `s + o`; the
/// estimate is the range of offsets at which the most hinge starts are followed, its middle the
/// ``offset`` and its half-width the ``uncertainty`` (250 ms for a single start, the reaction
/// window; narrower when several starts pin it down).
///
/// A film with more bursts than the hinge has starts — a change long after the hinge stopped,
/// the late motion `film` hunts — can fit at several offsets equally well: one fold and two
/// slides are lined up as well either way, and nothing in the film says which slide followed
/// the hinge. Those offsets are ``alternatives``; the one taken is the one that puts the
/// trace's first sample nearest the film's first frame (the workflow starts both recordings
/// together), and `film` says that it guessed.
public struct HingeClockOffset: Sendable {
    /// The longest an interface following the hinge takes to start changing once the hinge starts
    /// to move: 500 ms (HingeKit's springs settle within half a second; the page of the recorded
    /// corpus starts its slide 100–250 ms after the hinge).
    public static let reaction: Milliseconds = 500

    /// Film time minus trace time, milliseconds.
    public let offset: Milliseconds
    /// Half the range of offsets that fit as well, milliseconds.
    public let uncertainty: Milliseconds
    /// The hinge starts followed by a change of the film at ``offset``.
    public let followedStarts: Int
    /// The hinge starts that lie within the film at ``offset``.
    public let startsInFilm: Int
    /// Other offsets (the middle of each range) at which as many hinge starts are followed.
    public let alternatives: [Milliseconds]

    /// Whether other offsets fit the film as well as ``offset``.
    public var isAmbiguous: Bool { !alternatives.isEmpty }
    /// Whether some hinge start within the film is followed by no change at ``offset``.
    public var isPartial: Bool { followedStarts < startsInFilm }

    /// Estimates the offset of `samples` (seconds, in time order) on the clock of `frames`:
    /// the bursts of change are the settles ``FilmEventDetector`` finds with `thresholds`.
    /// `nil` when the hinge never starts to move or the film never changes after its lead-in.
    ///
    /// - Complexity: O(frames × tiles) for the bursts, and O(s·c·log(s·c)) in the hinge's
    ///   starts s and the film's bursts c.
    public init?(
        frames: [FilmFrame], samples: [HingeSample], thresholds: FilmEventThresholds = .init(),
        configuration: HingeReader.Configuration = .init()
    ) {
        guard let firstSample = samples.first?.time, let firstFrame = frames.first?.time,
            let lastFrame = frames.last?.time,
            let timeline = try? HingeRestTimeline(samples: samples, configuration: configuration)
        else { return nil }
        let changes = FilmEventDetector(thresholds: thresholds).events(in: frames).filter { $0.kind == .settle }
            .map(\.start)
        self.init(
            changes: changes, hingeStarts: timeline.starts, traceStart: Int((firstSample * 1000).rounded()),
            film: firstFrame...lastFrame)
    }

    /// Estimates the offset from the times (ms) at which the film's bursts of change start
    /// (`changes`, on the film's clock) and at which the hinge starts to move (`hingeStarts`,
    /// on the trace's clock); `traceStart` is the trace's first sample and `film` the film's
    /// first to last frame. `nil` when either list is empty.
    public init?(
        changes: [Milliseconds], hingeStarts: [Milliseconds], traceStart: Milliseconds, film: ClosedRange<Milliseconds>
    ) {
        let ranges = Self.bestRanges(changes: changes.sorted(), hingeStarts: hingeStarts.sorted())
        guard !ranges.isEmpty else { return nil }
        let middles = ranges.map { ($0.lowerBound + $0.upperBound) / 2 }
        // The range whose offset puts the trace's first sample nearest the film's first frame.
        let taken =
            middles.indices.min {
                abs(traceStart + middles[$0] - film.lowerBound)
                    < abs(
                        traceStart + middles[$1] - film.lowerBound)
            } ?? 0
        offset = middles[taken]
        uncertainty = max(5, (ranges[taken].upperBound - ranges[taken].lowerBound + 1) / 2)
        alternatives = middles.enumerated().filter { $0.offset != taken }.map(\.element)
        let inFilm = hingeStarts.filter { film.contains($0 + middles[taken]) }
        startsInFilm = inFilm.count
        followedStarts =
            inFilm.filter { start in
                changes.contains { $0 >= start + middles[taken] && $0 <= start + middles[taken] + Self.reaction }
            }.count
    }

    /// The offset ranges (ms) at which the most hinge starts are followed by a change within
    /// ``reaction``: for each start the offsets `[c − s − reaction, c − s]` of every change `c`
    /// (their union, so that a start counts once), swept together.
    static func bestRanges(changes: [Int], hingeStarts: [Int]) -> [ClosedRange<Int>] {
        guard !changes.isEmpty else { return [] }
        var edges: [(at: Int, step: Int)] = []
        for start in hingeStarts {
            var open: ClosedRange<Int>?
            for change in changes {
                let range = (change - start - reaction)...(change - start)
                if let current = open, range.lowerBound <= current.upperBound {
                    open = current.lowerBound...range.upperBound
                } else {
                    if let current = open { edges += [(current.lowerBound, 1), (current.upperBound + 1, -1)] }
                    open = range
                }
            }
            if let current = open { edges += [(current.lowerBound, 1), (current.upperBound + 1, -1)] }
        }
        // Ends (−1) before starts (+1) at the same place: a range ends the offset before its edge.
        edges.sort { ($0.at, $0.step) < ($1.at, $1.step) }
        var count = 0
        var best = 0
        var ranges: [ClosedRange<Int>] = []
        for (index, edge) in edges.enumerated() {
            count += edge.step
            guard index + 1 < edges.count, edges[index + 1].at > edge.at, count > 0 else { continue }
            let range = edge.at...(edges[index + 1].at - 1)
            if count > best {
                best = count
                ranges = [range]
            } else if count == best {
                if let last = ranges.last, last.upperBound + 1 == range.lowerBound {
                    ranges[ranges.count - 1] = last.lowerBound...range.upperBound
                } else {
                    ranges.append(range)
                }
            }
        }
        return ranges
    }
}
