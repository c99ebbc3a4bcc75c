import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool animate TRACE`: a spring animator chasing a trace's angles, sampled at a
    /// display's frame rate.
    struct Animate: Subcommand {
        static let spec = CommandSpec(
            name: "animate",
            abstract: "Animate a value toward a trace's angles with a spring, at a display's frame rate.",
            discussion: """
                Each sample retargets a SpringAnimator at the sample's time; rows \
                't target value velocity' (--format: gnuplot-ready dat, csv, JSON or JSON Lines) \
                follow at t = t0 + k/rate, from the first sample with \
                an angle to the last sample plus --tail (by default until the value has \
                settled, at most 10 s), printed from the input's first timestamp (--clock \
                zero, the default) or on its own clock (--clock recorder). The value is exact at every row, whatever the spacing \
                of the samples: it is the closed form of the springs in flight, not a \
                simulation stepped from frame to frame.

                A sample without an angle (no hinge) holds the last target. The animator \
                starts resting on the first angle. --mode persistent hands the value and \
                velocity to the new target (SwiftUI's .spring); --mode additive runs one spring \
                per change and adds them up (SwiftUI's .interpolatingSpring). The two differ \
                only when the spring changes, as with --change-spring.

                \(EffectOptions.animateProse)
                """,
            arguments: [traceArgument],
            options: SpringOptions.options + [
                mode.option, input.option, effect.option, reduceMotion.option,
                changeSpring.option, Clock.option,
                rateOption.helped("Rows per second.").defaulting(to: displayRate),
                tail.option,
                maxPointsOption, quietOption, rowFormatOption([.dat, .csv, .json, .jsonl]), outputOption,
            ],
            examples: [["Datasets/flat-to-laptop.csv"], ["Datasets/flat-to-laptop.csv", "--effect", "bloom"]],
            usageOverride: [
                "<trace> [<spring>] [--mode <mode>] [--input <source>]",
                "                         [--effect <effect>] [--reduce-motion <policy>]",
                "                         [--change-spring <t:name>] [--rate <hz>]",
                "                         [--tail <s>] [--clock <clock>]",
                "                         [--max-points <n>] [--format <format>] [-o <file>]",
            ] + SpringOptions.usage)

        static let mode = OptionKey(
            ["--mode"], value: "mode", help: "How a new target takes over.", default: SpringAnimator.Mode.persistent)
        static let input = OptionKey(
            ["--input"], value: "source",
            help:
                "What retargets the animator: 'raw', each sample's angle, or 'position', the hinge reader's filtered angle at each sample and frame.",
            default: Input.raw)
        /// `--input`'s choices.
        enum Input: String, OptionChoice {
            case raw, position

            var help: String {
                switch self {
                case .raw: "each sample's angle"
                case .position: "the hinge reader's filtered angle"
                }
            }
        }
        static let effect = OptionKey(
            ["--effect"], value: "effect",
            help: "What the hinge is mapped through before the spring (see 'curve').", default: "angle",
            allowed: ["angle"] + EffectOptions.animatedNames,
            wordHelp: EffectOptions.summaries.merging(["angle": "the hinge angle itself"]) { old, _ in old })
        static let reduceMotion = OptionKey(
            ["--reduce-motion"], value: "policy",
            help: "Reduce Motion: animate, jump to each target, or remove the bounce.",
            default: SpringAnimator.ReduceMotion.off)
        static let changeSpring = OptionKey<String?>(
            ["--change-spring"], value: "t:name",
            help:
                "From time t on (on the --clock the rows are printed on), retarget with this preset instead, "
                + "e.g. 0.3:smooth.")
        static let tail = OptionKey<Double?>(
            ["--tail"], value: "s", help: "Seconds to print after the last sample.", in: 0...1e6
        ).defaulting(toNote: "until settled")

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let settings = try Settings(arguments)
            let path = arguments.positionals[0]
            let reader = try context.openTrace(path)
            let output = try OutputWriter(path: try arguments[Keys.output], context: context)
            // The header counts the rows, so they wait in a spool until the end.
            let spool = try Spool()
            let spooled = OutputWriter(spool: spool)
            let rows = RowWriter(try RowWriter.format(arguments), columns: columns, output: spooled)
            var feed = Feed(settings: settings, path: ToolContext.displayName(path))
            // Until the first target there is nothing to animate; then a session runs to the end.
            var session: Session?
            try context.readRecords(of: reader) { (record) throws(ToolError) in
                if session != nil {
                    try session?.take(record)
                    return
                }
                feed.clock.start(at: record.sample.time, reader: reader)
                if let target = try feed.take(record) {
                    session = Session(
                        settings: settings, feed: feed, target: target, at: record.sample.time, rows: rows)
                }
            }
            var frames = 0
            if var session {
                try session.finish()
                feed = session.feed
                frames = session.frame
            }
            try spooled.commit()
            let top = RowWriter(rows.format, columns: columns, output: output)
            top.writeHeader(header(settings, path: path, feed: feed, frames: frames), schema: "hingetool/animate/2")
            try spool.copy(to: output)
            top.finish()
            try output.commit()
        }

        /// The columns, named once.
        static let columns: [RowWriter.Column] = [.init("t"), .init("target"), .init("value"), .init("velocity")]

        /// The comment lines above the rows.
        private static func header(_ settings: Settings, path: String, feed: Feed, frames: Int) -> CommentHeader {
            var summary = "\(SpringOptions.describe(settings.initialSpring)), "
            summary += "mode \(settings.mode.rawValue), input \(settings.followsPosition ? "position" : "raw"), "
            summary += "effect \(settings.effectName), reduce motion \(settings.policy.rawValue)"
            var header = CommentHeader("animate", source: path, summary: summary)
            if let (time, later) = settings.change {
                header.add("from t = \(DecimalNumber.shortest(time)) s: \(SpringOptions.describe(later))")
            }
            var counts = "\(feed.samples) samples, \(feed.angles) with an angle "
            counts +=
                settings.effect == nil
                ? "(the others hold the last target); " : "(the others: a status alone, or no hinge); "
            header.add(counts + "\(frames) rows at \(DecimalNumber.shortest(settings.rate)) Hz")
            if feed.angles == 0 { header.add("no sample has an angle: nothing to animate") }
            return header
        }

        /// Reads `t:name` into a time and a preset.
        static func springChange(_ text: String?) throws(ToolError) -> (Double, DampedSpring)? {
            guard let text else { return nil }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, DecimalNumber.isPlainDecimal(parts[0].utf8), let time = Double(parts[0]),
                time.isFinite, let spring = SpringOptions.preset(named: String(parts[1]))
            else {
                throw .usage(
                    "The value '\(text)' is invalid for '--change-spring': expected <t>:<preset>, e.g. 0.3:smooth, "
                        + "with a preset among \(ArgumentParser.list(SpringOptions.presetNames))")
            }
            return (time, spring)
        }
    }
}

/// `animate --mode`'s choices are the animator's modes.
extension SpringAnimator.Mode: OptionChoice {
    var help: String {
        switch self {
        case .persistent: "SwiftUI's .spring: the new target takes over the motion"
        case .additive: "SwiftUI's .interpolatingSpring: each change runs its own spring"
        }
    }
}

/// `animate --reduce-motion`'s choices are the animator's Reduce Motion policies.
extension SpringAnimator.ReduceMotion: OptionChoice {
    var help: String {
        switch self {
        case .off: "animate as asked"
        case .jump: "go to each target at once"
        case .tighten: "the same response without bounce"
        }
    }
}
