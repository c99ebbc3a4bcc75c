import HingeKit

extension HingeTool {
    /// `hingetool demo [TRACE]`: the main job on the default trace.
    struct Demo: Subcommand {
        static let defaultTrace = "Datasets/flat-to-laptop.csv"
        static let defaultScenario = "flat-to-laptop"

        static let spec = CommandSpec(
            name: "demo",
            abstract: "Read a trace (by default the bundled flat-to-laptop trace) and report on it.",
            discussion: """
                Without a TRACE, reads \(defaultTrace) when it exists, and otherwise the same \
                trace generated in memory ('hingetool synth \(defaultScenario) --seed 1' is \
                byte-identical to the file).
                """,
            arguments: [CommandSpec.Argument("trace", help: "A trace CSV, or '-' for standard input.", optional: true)],
            options: [skipBadRowsOption, outputOption])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            let options = readOptions(arguments)
            let reader: TraceReader
            let source: String
            if let path = arguments.positionals.first {
                reader = try context.openTrace(path, options: options)
                source = path
            } else if let file = try? FileByteSource(path: defaultTrace) {
                reader = TraceReader(source: file, fileName: defaultTrace, options: options)
                source = defaultTrace
            } else {
                let scenario = SyntheticScenario.named(defaultScenario)!
                let text = Synth.csv(scenario, seed: 1)
                reader = TraceReader(
                    bytes: Array(text.utf8), fileName: "<embedded \(defaultScenario)>", options: options)
                source = "embedded \(defaultScenario) (hingetool synth \(defaultScenario) --seed 1)"
            }
            var statistics = TraceStatistics()
            do {
                while let record = try reader.next() { statistics.add(record.sample) }
            } catch {
                throw .trace(error)
            }
            var text = "HingeKit demo: \(source)\n\n"
            text += Stats.report(statistics, summary: reader.summary, path: source)
            text += """

                The trace was read in constant memory and every row was checked: times in order,
                angles in 0…360°, statuses known. Next: 'hingetool synth --list' for more traces,
                'hingetool stats TRACE --format json' for machine-readable figures.

                """
            try context.emit(text, to: arguments.value("output"))
        }
    }
}
