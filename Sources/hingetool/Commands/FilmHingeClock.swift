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
        guard
            let estimate = HingeClockOffset(
                frames: frames.map { (time: $0.time, rmse: $0.rmse) }, samples: samples)
        else {
            return (samples, 0, "hinge offset 0 ms (too little film or hinge motion to estimate one)")
        }
        let note =
            "hinge offset \(estimate.offset) ms ± \(estimate.uncertainty) ms (estimated from frame activity "
            + "against hinge speed, correlation \(DecimalNumber.fixed(estimate.correlation, places: 2))); "
            + "--hinge-offset overrides it"
        return (samples, estimate.offset, note)
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
        let name = ToolContext.displayName(path)
        let limit = try HingeTool.rowLimit(arguments)
        var samples: [HingeSample] = []
        do {
            while let record = try reader.next() {
                try HingeTool.checkRowCount(samples.count + 1, limit: limit, file: name)
                samples.append(record.sample)
            }
        } catch let failure as ToolError {
            throw failure
        } catch let error as TraceError {
            throw .trace(error)
        } catch {
            throw .failure("\(error)")
        }
        if Clock(arguments) == .zero, let first = samples.first?.time, reader.integerTimeOrigin == nil, first != 0 {
            for index in samples.indices {
                samples[index].time = ((samples[index].time - first) * 1e9).rounded() / 1e9
            }
        }
        return samples
    }
}
