import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool posture TRACE`: the posture of each sample under a policy.
    struct Posture: Subcommand {
        static let spec = CommandSpec(
            name: "posture",
            abstract: "Print the posture of each sample under HingeKit's or Android's book-style policy.",
            discussion: """
                Prints rows 't angle posture'. 'hingekit' is PostureTracker (closed, halfOpen, \
                flat, with hysteresis; docs/poses.md); 'android-book-style' is AOSP's \
                BookStyleDeviceStatePolicy (closed below 5°, half-opened to 125°, opened above, \
                and a closed phone opens only at 90°, the tent rule; docs/effects.md). Samples \
                without an angle are left out.
                """,
            arguments: [traceArgument],
            options: [
                CommandSpec.Option(
                    ["--policy"], value: "policy", help: "The posture policy.", default: "hingekit",
                    allowed: ["hingekit", "android-book-style"]),
                outputOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let reader = try context.openTrace(path)
            let android = arguments.value("policy") == "android-book-style"
            var tracker = PostureTracker()
            var policy: AndroidBookStylePosture?
            // Rows stream out as they are made (to -o's temporary file, or standard output): the
            // memory stays the same whatever the trace's length, so no row limit is needed.
            let output = try OutputWriter(path: arguments.value("output"), context: context)
            output.write(
                "# hingetool posture \(Echo.comment(path)) --policy \(android ? "android-book-style" : "hingekit")\n"
                    + "# t angle posture\n")
            do {
                while let record = try reader.next() {
                    let sample = record.sample
                    guard let angle = sample.angle else { continue }
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
                    output.write("\(DecimalNumber.shortest(sample.time)) \(DecimalNumber.shortest(angle)) \(name)\n")
                }
            } catch {
                throw .trace(error)
            }
            try output.commit()
        }
    }
}
