import FilmAnalysis
import HingeKit

extension HingeTool.Film {
    /// `--hinge-offset`, `--clock` and the estimate: where the `--hinge` trace sits on the film's clock.
    static let hingeClockOptions = [
        CommandSpec.Option(
            ["--hinge-offset"], value: "ms", help: "Added to the trace's times to put them on the film's clock.",
            in: -86_400_000...86_400_000
        ).defaulting(toNote: "estimated from the film"),
        Clock.option,
    ]

    /// The trace's samples on its clock (`--clock`), the offset onto the film's clock and the
    /// header line that says where it came from: `--hinge-offset` when given, else the
    /// estimate from frame activity against hinge speed (``HingeClockOffset``), else 0.
    static func hingeClock(
        _ path: String, frames: [FilmFrame], arguments: ParsedArguments, context: ToolContext
    ) throws(ToolError) -> (samples: [HingeSample], offset: Int, note: String) {
        let samples = try hingeSamples(path, arguments: arguments, context: context)
        if arguments.value("hinge-offset") != nil {
            let given = try HingeTool.number(arguments, "hinge-offset") ?? 0
            let offset = Int(given.rounded())
            return (samples, offset, "hinge offset \(offset) ms (given)")
        }
        guard let estimate = try estimate(samples, frames: frames, path: path, arguments: arguments) else {
            return (samples, 0, "hinge offset 0 ms (too little film or hinge motion to estimate one)")
        }
        let note =
            "hinge offset \(estimate.offset) ms ± \(estimate.uncertainty) ms (estimated from frame activity "
            + "against hinge speed, correlation \(DecimalNumber.fixed(estimate.correlation, places: 2))); "
            + "--hinge-offset overrides it"
        return (samples, estimate.offset, note)
    }

    /// The best ``HingeClockOffset`` over the parts of the trace: a gap longer than the film
    /// (plus 10 s) splits the trace, since no film frame can follow both sides of it, and each
    /// part is estimated on its own, the highest correlation winning. A trace with a lone row a
    /// day after the session costs the session, not a day of 10 ms bins; each part's bins are
    /// counted against `--max-points` before any is made.
    static func estimate(
        _ samples: [HingeSample], frames: [FilmFrame], path: String, arguments: ParsedArguments
    ) throws(ToolError) -> HingeClockOffset? {
        guard let firstFrame = frames.first?.time, let lastFrame = frames.last?.time, !samples.isEmpty else {
            return nil
        }
        let gap = Double(lastFrame - firstFrame) / 1000 + 10
        let limit = try HingeTool.pointLimit(arguments)
        let activity = frames.map { (time: $0.time, rmse: $0.rmse) }
        var best: HingeClockOffset?
        var start = 0
        for end in 1...samples.count where end == samples.count || samples[end].time - samples[end - 1].time > gap {
            let part = Array(samples[start..<end])
            start = end
            guard let first = part.first?.time, let last = part.last?.time, last > first else { continue }
            try HingeTool.checkGrid(
                duration: last - first, rate: 1000 / Double(HingeClockOffset.bin), limit: limit,
                file: ToolContext.displayName(path), what: "the hinge speed for the offset estimate (every 10 ms)",
                remedy: "give '--hinge-offset', or raise '--max-points'")
            if let estimate = HingeClockOffset(frames: activity, samples: part),
                estimate.correlation > best?.correlation ?? -.infinity
            {
                best = estimate
            }
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
        if Clock(arguments) == .zero, let first = samples.first?.time, reader.integerTimeOrigin == nil, first != 0 {
            for index in samples.indices {
                samples[index].time = ((samples[index].time - first) * 1e9).rounded() / 1e9
            }
        }
        return samples
    }
}
