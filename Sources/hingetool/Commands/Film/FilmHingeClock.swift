import FilmAnalysis
import HingeKit

extension HingeTool.Film {
    /// `--hinge-offset`, `--clock` and the estimate: where the `--hinge` trace sits on the film's clock.
    static let hingeClockOptions = [
        hingeOffset.option, Clock.key.option,
    ]
    static let hingeOffset = OptionKey<Double?>(
        ["--hinge-offset"], value: "ms", help: "Added to the trace's times to put them on the film's clock.",
        in: -86_400_000...86_400_000
    ).defaulting(toNote: "estimated from the film")

    /// The trace's samples on its clock (`--clock`), the offset onto the film's clock and the
    /// header line that says where it came from: `--hinge-offset` when given, else the
    /// estimate from the film's bursts of change against the hinge's starts
    /// (``HingeClockOffset``), else 0. An estimate that had to choose between offsets fitting
    /// equally well, or that leaves hinge starts unfollowed, is said so in the header and on
    /// standard error.
    static func hingeClock(
        _ path: String, frames: [FilmFrame], arguments: ParsedArguments, context: ToolContext
    ) throws(ToolError) -> (samples: [HingeSample], offset: Int, note: String) {
        let samples = try hingeSamples(path, arguments: arguments, context: context)
        if let given = try arguments[hingeOffset] {
            let offset = Int(given.rounded())
            return (samples, offset, "hinge offset \(offset) ms (given)")
        }
        let thresholds = try FilmGate.thresholds(try arguments[thresholds])
        guard
            let estimate = try estimate(
                samples, frames: frames, thresholds: thresholds, path: path, arguments: arguments)
        else {
            context.writeError(
                "warning: the hinge offset cannot be estimated (the hinge never starts to move, or the film never "
                    + "changes after its lead-in); 0 ms is used: give --hinge-offset\n")
            return (samples, 0, "hinge offset 0 ms (too little film or hinge motion to estimate one)")
        }
        var note =
            "hinge offset \(estimate.offset) ms ± \(estimate.uncertainty) ms (estimated: the film starts changing within "
            + "\(HingeClockOffset.reaction) ms of \(estimate.followedStarts) of the \(estimate.startsInFilm) hinge starts in it"
        if estimate.isAmbiguous {
            let others = estimate.alternatives.prefix(5).map { "\($0) ms" }.joined(separator: ", ")
            note += "; ambiguous: \(others) fit as well, the one starting the trace nearest the film is taken"
            context.writeError(
                "warning: the hinge offset is ambiguous: \(estimate.offset) ms and \(others) line up as many hinge starts "
                    + "with changes of the film; \(estimate.offset) ms (the trace starting nearest the film) is used: "
                    + "give --hinge-offset if you know it\n")
        }
        if estimate.isPartial {
            note +=
                "; unreliable: \(estimate.startsInFilm - estimate.followedStarts) hinge starts are followed by no change"
            context.writeError(
                "warning: the hinge offset \(estimate.offset) ms is unreliable: only \(estimate.followedStarts) of the "
                    + "\(estimate.startsInFilm) hinge starts in the film are followed by a change within "
                    + "\(HingeClockOffset.reaction) ms: give --hinge-offset\n")
        }
        return (samples, estimate.offset, note + "); --hinge-offset overrides it")
    }

    /// The best ``HingeClockOffset`` over the parts of the trace: a gap longer than the film
    /// (plus 10 s) splits the trace, since no film frame can follow both sides of it, and each
    /// part is estimated on its own, the one following the most hinge starts (then the
    /// narrowest) winning. A trace with a lone row a day after the session costs the session,
    /// not a day of readings; each part's readings (every 5 ms) are counted against
    /// `--max-points` before any is made.
    static func estimate(
        _ samples: [HingeSample], frames: [FilmFrame], thresholds: FilmEventThresholds, path: String,
        arguments: ParsedArguments
    ) throws(ToolError) -> HingeClockOffset? {
        guard let firstFrame = frames.first?.time, let lastFrame = frames.last?.time, !samples.isEmpty else {
            return nil
        }
        let gap = Double(lastFrame - firstFrame) / 1000 + 10
        let limit = try HingeTool.pointLimit(arguments)
        var best: HingeClockOffset?
        var start = 0
        for end in 1...samples.count where end == samples.count || samples[end].time - samples[end - 1].time > gap {
            let part = Array(samples[start..<end])
            start = end
            guard let first = part.first?.time, let last = part.last?.time, last > first else { continue }
            try HingeTool.checkGrid(
                duration: last - first + 1, rate: 200, limit: limit, file: ToolContext.displayName(path),
                what: "the hinge's rest readings for the offset estimate (every 5 ms)",
                remedy: "give '--hinge-offset', or raise '--max-points'")
            guard let estimate = HingeClockOffset(frames: frames, samples: part, thresholds: thresholds) else {
                continue
            }
            if let current = best,
                (current.followedStarts, -current.uncertainty) >= (estimate.followedStarts, -estimate.uncertainty)
            {
                continue
            }
            best = estimate
        }
        return best
    }

    /// The offset a film's header reports (`# hinge offset N ms …`), for commands that read
    /// `film`'s output back.
    static func reportedOffset(in text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# hinge offset ") }) else {
            return nil
        }
        return Int(line.split(separator: " ")[3])
    }

    /// The `--hinge` trace's samples on the clock `--clock` names, its rows counted against
    /// `--max-rows` as they arrive.
    static func hingeSamples(
        _ path: String, arguments: ParsedArguments, context: ToolContext
    ) throws(ToolError) -> [HingeSample] {
        let reader = try context.openTrace(path)
        var samples: [HingeSample] = []
        try context.readRecords(of: reader, rowLimit: try HingeTool.rowLimit(arguments)) { record in
            samples.append(record.sample)
        }
        if try Clock(arguments) == .zero, let first = samples.first?.time, reader.integerTimeOrigin == nil, first != 0 {
            for index in samples.indices {
                samples[index].time = ((samples[index].time - first) * 1e9).rounded() / 1e9
            }
        }
        return samples
    }
}
