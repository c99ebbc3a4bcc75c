import HingeKit

extension HingeTool {
    /// `hingetool animate TRACE`: a spring animator chasing a trace's angles, sampled at a
    /// display's frame rate.
    struct Animate: Subcommand {
        /// How long the default tail may run when the motion never settles (an undamped spring).
        static let longestTail = 10.0

        static let spec = CommandSpec(
            name: "animate",
            abstract: "Animate a value toward a trace's angles with a spring, at a display's frame rate.",
            discussion: """
                Each sample retargets a SpringAnimator at the sample's time; rows \
                't target value velocity' follow at t = t0 + k/rate, from the first sample with \
                an angle to the last sample plus --tail (by default until the value has \
                settled, at most 10 s). The value is exact at every row, whatever the spacing \
                of the samples: it is the closed form of the springs in flight, not a \
                simulation stepped from frame to frame.

                A sample without an angle (no hinge) holds the last target. The animator \
                starts resting on the first angle. --mode persistent hands the value and \
                velocity to the new target (SwiftUI's .spring); --mode additive runs one spring \
                per change and adds them up (SwiftUI's .interpolatingSpring). The two differ \
                only when the spring changes, as with --change-spring.

                --effect bloom, lean or unfold maps each reading (angle and status, or the \
                position with --input position) through the effect with its defaults, and the \
                spring chases the effect's value (without spring options, the effect's own \
                spring: smooth for bloom, response 0.8 s and ζ 1 for lean, stiffness 600 and \
                ζ 1 for unfold); a sample with neither angle nor status is then \
                no hinge, and a status alone changes the status. Under any --reduce-motion but 'off', bloom and unfold follow the hinge \
                directly (no spring) and lean stays upright at 0.
                """,
            arguments: [traceArgument],
            options: SpringOptions.options + [
                CommandSpec.Option(
                    ["--mode"], value: "mode", help: "How a new target takes over.", default: "persistent",
                    allowed: ["persistent", "additive"]),
                CommandSpec.Option(
                    ["--input"], value: "source",
                    help:
                        "What retargets the animator: 'raw', each sample's angle, or 'position', the hinge reader's filtered angle at each sample and frame.",
                    default: "raw", allowed: ["raw", "position"]),
                CommandSpec.Option(
                    ["--effect"], value: "effect",
                    help: "What the hinge is mapped through before the spring (see 'curve').", default: "angle",
                    allowed: ["angle", "bloom", "lean", "unfold"]),
                CommandSpec.Option(
                    ["--reduce-motion"], value: "policy",
                    help: "Reduce Motion: animate, jump to each target, or remove the bounce.", default: "off",
                    allowed: ["off", "jump", "tighten"]),
                CommandSpec.Option(
                    ["--change-spring"], value: "t:name",
                    help: "From time t on, retarget with this preset instead, e.g. 0.3:smooth."),
                CommandSpec.Option(["--rate"], value: "hz", help: "Rows per second.", default: "120"),
                CommandSpec.Option(
                    ["--tail"], value: "s", help: "Seconds to print after the last sample (default: until settled)."),
                maxPointsOption, outputOption,
            ],
            usageOverride: [
                "<trace> [<spring>] [--mode <mode>] [--input <source>]",
                "                         [--effect <effect>] [--reduce-motion <policy>]",
                "                         [--change-spring <t:name>] [--rate <hz>] [--tail <s>]",
                "                         [--max-points <n>] [-o <file>]",
            ] + SpringOptions.usage)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            let effectName = arguments.value("effect") ?? "angle"
            let effect = effectName == "angle" ? nil : try EffectOptions.makeEffect(effectName, ParsedArguments())
            let springGiven = SpringOptions.options.contains { arguments.has($0.key) }
            let initialSpring: DampedSpring
            if let effect, !springGiven {
                initialSpring = effect.preferredSpring
            } else {
                initialSpring = try SpringOptions.makeSpring(arguments)
            }
            var spring = initialSpring
            let mode = SpringAnimator.Mode(rawValue: arguments.value("mode") ?? "persistent")!
            let policy = SpringAnimator.ReduceMotion(rawValue: arguments.value("reduce-motion") ?? "off")!
            let followsPosition = arguments.value("input") == "position"
            var hinge = HingeReader()
            let running = effect?.animatorPolicy(for: policy) ?? policy
            /// The animator's target for the newest reading, or `nil` to hold the last one.
            func target(raw: Double?, at time: Double) -> Double? {
                let reading = hinge.reading(at: time)
                let angle = followsPosition ? reading?.position : reading?.angle
                guard let effect else { return raw.map { followsPosition ? angle ?? $0 : $0 } }
                return effect.target(angle: angle, status: reading?.status, reduceMotion: policy != .off)
            }
            let requestedChange = try springChange(arguments.value("change-spring"))
            var change = requestedChange
            let rate = try number(arguments, "rate", in: 1e-3...1e6) ?? 120
            let tail = try number(arguments, "tail", in: 0...1e6)
            let pointLimit = try pointLimit(arguments)
            let path = arguments.positionals[0]
            let reader = try context.openTrace(path)
            let output = try OutputWriter(path: arguments.value("output"), context: context)
            // The header counts the rows, so they wait in a spool until the end.
            let rows = try Spool()
            var plausibility = TracePlausibility()
            func nextRecord() throws(ToolFailure) -> TraceRecord? {
                do {
                    guard let record = try reader.next() else { return nil }
                    plausibility.add(record.sample)
                    return record
                } catch {
                    throw .trace(error)
                }
            }

            var animator: SpringAnimator?
            var startTime = 0.0
            var frame = 0
            var counts = (samples: 0, angles: 0)
            var lastTime = 0.0
            /// Prints frame `frame` of a started animator; returns its time and whether the
            /// value has settled there.
            func emitFrame() throws(ToolFailure) -> (time: Double, settled: Bool) {
                let t = startTime + Double(frame) / rate
                // Following the position, every frame retargets to the reader's position then:
                // it keeps moving between reports (the filter converges while the sensor is quiet).
                if followsPosition, hinge.reading(at: t) != nil,
                    let goal = target(raw: hinge.reading(at: t)?.angle, at: t),
                    abs(goal - animator!.target) > 1e-6
                {
                    try? animator!.retarget(to: goal, at: t)
                }
                let state = animator!.state(at: t)
                var row = DecimalNumber.shortest(t)
                row += " " + DecimalNumber.shortest(animator!.target)
                row += " " + DecimalNumber.shortest(state.value)
                row += " " + DecimalNumber.shortest(state.velocity) + "\n"
                rows.write(row)
                frame += 1
                return (t, animator!.isSettled(at: t))
            }
            func nextFrameTime() -> Double { startTime + Double(frame) / rate }

            while let record = try nextRecord() {
                let sample = record.sample
                counts.samples += 1
                lastTime = sample.time
                if let (time, later) = change, sample.time >= time {
                    spring = later
                    change = nil
                }
                // Every frame before the sample; a sample at a frame's time retargets first.
                if animator != nil {
                    // Counted before any is computed (docs/performance.md, resource policy).
                    try checkGrid(
                        duration: sample.time - startTime, rate: rate, limit: pointLimit, file: reader.fileName ?? path,
                        what: "the animation")
                    while nextFrameTime() < sample.time { _ = try emitFrame() }
                }
                do {
                    try hinge.ingest(sample)
                } catch {
                    throw .data("\(path):\(record.line):1: \(error)")
                }
                if sample.angle != nil { counts.angles += 1 }
                // The animator starts on the first angle; an effect also maps a later sample
                // without one (a status alone, or no hinge).
                guard animator != nil || sample.angle != nil, let angle = target(raw: sample.angle, at: sample.time)
                else { continue }
                guard animator != nil else {
                    animator = SpringAnimator(
                        value: angle, time: sample.time, spring: spring, mode: mode, reduceMotion: running)
                    startTime = sample.time
                    continue
                }
                do throws(SpringAnimator.EventError) {
                    try animator!.retarget(to: angle, at: sample.time, spring: spring)
                } catch {
                    throw .data("\(path):\(record.line):1: \(error)")
                }
            }
            if animator != nil {
                try checkGrid(
                    duration: lastTime + (tail ?? longestTail) - startTime, rate: rate, limit: pointLimit,
                    file: reader.fileName ?? path, what: "the animation and its tail",
                    remedy: "raise it with '--max-points', or lower '--rate' or '--tail'")
                if let tail {
                    while nextFrameTime() <= lastTime + tail { _ = try emitFrame() }
                } else {
                    while nextFrameTime() <= lastTime + longestTail {
                        let (time, settled) = try emitFrame()
                        let reading = hinge.reading(at: time)
                        let quiet = !followsPosition || reading.map { abs($0.position - $0.angle) < 1e-3 } ?? true
                        if settled, quiet, time >= lastTime { break }
                    }
                }
            }
            var text =
                "# hingetool animate \(Echo.comment(path)): \(SpringOptions.describe(initialSpring)), mode \(mode.rawValue), "
            text +=
                "input \(followsPosition ? "position" : "raw"), effect \(effectName), reduce motion \(policy.rawValue)\n"
            if let (time, later) = requestedChange {
                text += "# from t = \(DecimalNumber.shortest(time)) s: \(SpringOptions.describe(later))\n"
            }
            text += "# \(counts.samples) samples, \(counts.angles) with an angle "
            text +=
                effect == nil ? "(the others hold the last target); " : "(the others: a status alone, or no hinge); "
            text += "\(frame) rows at \(DecimalNumber.shortest(rate)) Hz\n"
            if animator == nil { text += "# no sample has an angle: nothing to animate\n" }
            text += "# t target value velocity\n"
            output.write(text)
            try rows.copy(to: output)
            try output.commit()
            context.warn(plausibility, reader: reader)
        }

        /// Reads `t:name` into a time and a preset.
        private static func springChange(_ text: String?) throws(ToolFailure) -> (Double, DampedSpring)? {
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
