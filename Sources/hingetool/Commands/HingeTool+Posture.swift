import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool posture TRACE`: the posture of each sample under a policy.
    struct Posture: Subcommand {
        static let spec = CommandSpec(
            name: "posture",
            abstract: "Print the posture of each sample under HingeKit's or Android's book-style policy.",
            discussion: """
                Prints rows 't angle posture' (--format: gnuplot-ready dat, csv, JSON, JSON Lines, or a \
                trace CSV). 'hingekit' is PostureTracker (closed, halfOpen, \
                flat, with hysteresis; docs/poses.md); 'android-book-style' is AOSP's \
                BookStyleDeviceStatePolicy (closed below 5°, half-opened to 125°, opened above, \
                and a closed phone opens only at 90°, the tent rule; docs/effects.md). Samples \
                without an angle are left out. t follows the clock rule (--clock): from zero (the \
                first sample) by default, or on the recorder's clock, exactly.
                """,
            arguments: [traceArgument],
            options: [
                policy.option,
                Clock.option, rowFormatOption(), outputOption,
            ],
            examples: [["Datasets/flat-to-laptop.csv"]])

        /// The columns, named once.
        static let columns: [RowWriter.Column] = [.init("t"), .init("angle"), .init("posture")]

        static let policy = OptionKey(
            ["--policy"], value: "policy", help: "The posture policy.", default: Policy.hingekit)

        /// `--policy`'s choices.
        enum Policy: String, OptionChoice {
            case hingekit
            case androidBookStyle = "android-book-style"

            var help: String {
                switch self {
                case .hingekit: "HingeKit's posture tracker"
                case .androidBookStyle: "Android's book-style posture rules"
                }
            }
        }

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let reader = try context.openTrace(path)
            let android = try arguments[Self.policy] == .androidBookStyle
            var tracker = PostureTracker()
            var policy: AndroidBookStylePosture?
            let header = CommentHeader(
                "posture", source: path, options: ["--policy", android ? "android-book-style" : "hingekit"])
            var clock = ClockedTimes(try Clock(arguments))
            try RowWriter.write(header, schema: "hingetool/posture/2", columns: columns, arguments, context: context) {
                (rows) throws(ToolError) in
                try context.readRecords(of: reader) { (record) throws(ToolError) in
                    let sample = record.sample
                    clock.start(at: sample.time, reader: reader)
                    guard let angle = sample.angle else { return }
                    let name: String
                    if android {
                        // The first angle sets the state the policy starts in.
                        var current =
                            policy ?? AndroidBookStylePosture(state: AndroidBookStylePosture.state(of: angle))
                        name = current.update(angle: angle).rawValue
                        policy = current
                    } else {
                        name = tracker.update(angle: angle, status: sample.status).rawValue
                    }
                    clock.write(sample.time, to: rows)
                    rows.add(angle)
                    rows.add(word: name)
                    rows.endRow()
                }
            }
        }
    }
}
