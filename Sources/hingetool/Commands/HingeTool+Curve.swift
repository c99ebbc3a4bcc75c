import HingeKit

extension HingeTool {
    /// `hingetool curve --effect EFFECT`: an effect's value at a range of angles.
    struct Curve: Subcommand {
        static let spec = CommandSpec(
            name: "curve",
            abstract: "Print an effect's value over a range of hinge angles.",
            discussion: """
                Prints rows 'angle value' (--format: gnuplot-ready dat, csv, JSON or JSON Lines) at \
                angle = from + k·step up to --to. \
                bloom: 0 up to 80°, (angle − 80) / 90 between, 1 from 170°; closed → 0, fully \
                open or no hinge → 1. ramp: 0 to 1 between --lower and --upper with --easing. \
                lean: degrees of tilt, --maximum at --lower and below, 0 at --upper. unfold: \
                clamp(angle / 165), Android's convention. --status is the status reported with \
                every angle ('none': no status, the angle decides). See docs/effects.md.
                """,
            arguments: [
                // The effect as a word (`curve bloom`), deprecated for `--effect`, the spelling of
                // animate and preview: still read, with a note on standard error (issue 34).
                CommandSpec.Argument(
                    "effect", help: "Deprecated: use '--effect'.", optional: true,
                    kind: .choice(EffectOptions.names), wordHelp: EffectOptions.summaries)
            ],
            options: [effect.option, from.option, to.option, step.option, status.option] + EffectOptions.options + [
                rowFormatOption([.dat, .csv, .json, .jsonl]), outputOption,
            ],
            examples: [["--effect", "bloom"]])

        static let effect = OptionKey<String?>(
            ["--effect"], value: "effect", kind: .choice(EffectOptions.names),
            help: "The effect to print (required)."
        ).declared { option in
            var option = option
            option.wordHelp = EffectOptions.summaries
            return option
        }

        static let from = OptionKey(["--from"], value: "deg", help: "The first angle.", in: -1e6...1e6, default: 0)
        static let to = OptionKey(["--to"], value: "deg", help: "The last angle.", in: -1e6...1e6, default: 180)
        static let step = OptionKey(["--step"], value: "deg", help: "Degrees between rows.", in: 1e-9...1e6, default: 1)
        static let status = OptionKey(
            ["--status"], value: "status", help: "The status reported with the angle.", default: StatusChoice.none)

        /// `--status`'s choices: a status, or none (the angle decides).
        enum StatusChoice: String, OptionChoice {
            case closed
            case partiallyOpen = "partially-open"
            case fullyOpen = "fully-open"
            case none

            var help: String {
                switch self {
                case .closed: "the system reports the hinge closed"
                case .partiallyOpen: "the system reports it partially open"
                case .fullyOpen: "the system reports it fully open"
                case .none: "no status: the angle decides"
                }
            }

            /// The status reported with every angle.
            var status: HingeStatus? {
                switch self {
                case .closed: .closed
                case .partiallyOpen: .partiallyOpen
                case .fullyOpen: .fullyOpen
                case .none: nil
                }
            }
        }

        /// The columns, named once.
        static let columns: [RowWriter.Column] = [.init("angle"), .init("value")]

        /// The most rows one run prints.
        static let rowLimit = 10_000_001

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let name: String
            switch (try arguments[Self.effect], arguments.positionals.first) {
            case (let given?, nil):
                name = given
            case (nil, let word?):
                context.writeError(
                    "warning: 'curve \(word)' is deprecated and will be removed in the next minor release; "
                        + "use 'curve --effect \(word)'\n")
                name = word
            case (_?, _?):
                throw .malformed("The effect is given twice: keep '--effect' and drop the word")
            case (nil, nil):
                throw .malformed("Missing expected option '--effect <effect>'")
            }
            let effect = try EffectOptions.makeEffect(name, arguments)
            let (from, to, step) = (try arguments[Self.from], try arguments[Self.to], try arguments[Self.step])
            guard from <= to else { throw .usage("'--from' must not be above '--to'") }
            // A tolerance of a millionth of a step keeps --to on the grid despite rounding.
            let count = Int(((to - from) / step * (1 + 1e-12) + 1e-6).rounded(.down)) + 1
            guard count <= rowLimit else {
                throw .usage("--from, --to and --step ask for \(count) rows; the limit is \(rowLimit)")
            }
            let statusChoice = try arguments[Self.status]
            let status = statusChoice.status
            var header = CommentHeader(
                "curve", options: ["--effect", name], summary: "\(describe(effect)), status \(statusChoice.rawValue)")
            header.add("no hinge (no angle): \(DecimalNumber.shortest(effect.value(angle: nil, status: nil)))")
            try RowWriter.write(header, schema: "hingetool/curve/2", columns: columns, arguments, context: context) {
                rows in
                for index in 0..<count {
                    let angle = from + Double(index) * step
                    rows.add(angle)
                    rows.add(effect.value(angle: angle, status: status))
                    rows.endRow()
                }
            }
        }

        /// One line that says which curve the rows are.
        static func describe(_ effect: any HingeEffect) -> String {
            let d = DecimalNumber.shortest
            switch effect {
            case let bloom as BloomEffect: return "bloom from \(d(bloom.lower))° to \(d(bloom.upper))°"
            case let ramp as RampEffect:
                return "ramp from \(d(ramp.lower))° to \(d(ramp.upper))°, \(EffectOptions.spelling(ramp.easing))"
            case let lean as LeanEffect:
                return "lean of \(d(lean.maximum))° at \(d(lean.full))° and below, 0 at \(d(lean.flat))°"
            case let unfold as UnfoldProgressEffect: return "unfold progress, 1 from \(d(unfold.unfoldedAngle))°"
            default: return "\(effect)"
            }
        }
    }
}
