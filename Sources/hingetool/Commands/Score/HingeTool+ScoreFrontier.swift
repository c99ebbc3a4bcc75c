import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool.Score {
    /// One trace's frontier: every family's points, and the trace's name.
    struct FrontierTrace {
        var name: String
        var points: [UnfoldFrontier.Point]
        /// The samples the displays refused (none on a checked trace but for a reader that is
        /// stricter than the trace's checks, such as its angle range).
        var refused = RefusedSamples()

        init(name: String, _ frontier: (points: [UnfoldFrontier.Point], refused: RefusedSamples)) {
            self.name = name
            points = frontier.points
            refused = frontier.refused
        }

        func family(_ family: UnfoldFrontier.Family) -> [UnfoldFrontier.Point] {
            points.filter { $0.family == family }
        }

        /// The display chop is measured against: Android's spring at stiffness 600.
        var reference: UnfoldFrontier.Point? {
            family(.androidSpring).first { $0.setting == UnfoldFrontier.referenceStiffness }
        }
    }

    /// HingeKit's settings on the frontier: the driver at each responsiveness.
    static var hingekitSettings: [(Double, UnfoldDriver)] {
        UnfoldFrontier.responsivenessSettings.map { responsiveness in
            do {
                return (responsiveness, UnfoldDriver(configuration: try .init(responsiveness: responsiveness)))
            } catch {
                // Invariant: the settings are a constant list within 0…1 (UnfoldFrontierTests
                // builds each), so a refusal is a bug in that list, not in the input.
                preconditionFailure("\(error)")
            }
        }
    }

    /// `hingetool score --frontier`: RMSE and chop of whole families of unfold displays.
    static func runFrontier(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
        // Each is a report of its own: given with --frontier it would do nothing.
        for option in [Self.perMove, Self.leaveOneFoldOut] where arguments.isGiven(option) {
            throw .usage("'\(option.option.longName)' and '--frontier' are different reports: choose one")
        }
        let particles = try arguments[Self.particles]
        let seeds = try seedList(arguments)
        var traces: [FrontierTrace] = []
        for path in arguments.positionals {
            let (samples, truth) = try loadWithTruth(path, context: context)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let seeds else {
                traces.append(
                    FrontierTrace(
                        name: name,
                        frontier(samples, truth: truth, sensor: truth.syntheticTrace?.sensor, particles: particles)))
                continue
            }
            guard let trace = truth.syntheticTrace else {
                throw .usage("\(ToolContext.displayName(path)): '--seeds' needs a trace made by 'hingetool synth'")
            }
            for seed in seeds {
                // A scenario that draws its motion from the seed is scored against that motion.
                let drawn = trace.drawn(seed: seed)
                let samples = drawn.samples(seed: seed).map(\.sample)
                traces.append(
                    FrontierTrace(
                        name: "\(name) seed \(seed)",
                        frontier(samples, truth: .synthetic(drawn), sensor: drawn.sensor, particles: particles)))
            }
        }
        let text: String
        switch try arguments[HingeTool.Keys.reportFormat] {
        case .json: text = frontierJSON(traces)
        case .markdown: text = frontierMarkdown(traces, particles: particles)
        case .text: text = traces.map(frontierTable).joined(separator: "\n\n")
        }
        try context.emit(text, to: try arguments[HingeTool.Keys.output])
    }

    /// `--seeds`: a list such as `2-6` or `1,3,5`, or nil when not given.
    static func seedList(_ arguments: ParsedArguments) throws(ToolError) -> [UInt64]? {
        guard let text = try arguments[Self.seeds] else { return nil }
        var seeds: [UInt64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = UInt64(bounds[0]),
                let high = UInt64(bounds[bounds.count - 1]),
                low <= high, high - low < 1000
            else {
                throw .usage(
                    "The value '\(Echo.quoted(text))' is invalid for '--seeds': expected seeds such as '2-6' or '1,3,5'"
                )
            }
            seeds += Array(low...high)
        }
        return seeds
    }

    /// Every family's points on one trace.
    static func frontier(
        _ samples: [HingeSample], truth: GroundTruth, sensor: SensorModel?, particles: Int
    ) -> (points: [UnfoldFrontier.Point], refused: RefusedSamples) {
        var refused = RefusedSamples()
        guard samples.contains(where: { $0.angle != nil }) else { return ([], refused) }
        let times = UnfoldFrontier.Times(samples)
        let exact = UnfoldFrontier.Truth(truth, times: times)
        var points = UnfoldFrontier.displayPoints(
            samples, times: times, truth: exact, hingekit: hingekitSettings, refused: &refused)
        if let sensor, sensor.hasHinge, sensor.noise > 0 {
            // The floor's interval: independent runs of the filter, one per seed.
            points += UnfoldFrontier.filterPoints(
                samples, sensor: sensor, times: times, truth: exact, particles: particles)
        }
        points += UnfoldFrontier.gaussianPoints(truth, times: times)
        return (points, refused)
    }

    /// `point`'s chop over `reference`, or `nil` when it has no finite value: a reference
    /// that never chops (a still truth: Android's spring does not move) against a display that
    /// does is no ratio at all, and printing `inf` read as a number (issue 32).
    static func chop(_ point: UnfoldFrontier.Point, over reference: UnfoldFrontier.Point) -> Double? {
        let chop = point.chop(over: reference)
        return chop.isFinite ? chop : nil
    }

    /// The chop as the tables print it: `n/a` where it has no value (``chop(_:over:)``).
    static func chopText(_ point: UnfoldFrontier.Point, over reference: UnfoldFrontier.Point, places: Int) -> String {
        chop(point, over: reference).map { DecimalNumber.fixed($0, places: places) } ?? "n/a"
    }

    /// gnuplot blocks: one per family, two blank lines apart.
    static func frontierTable(_ trace: FrontierTrace) -> String {
        var header = CommentHeader("score --frontier", source: trace.name)
        header.add("chop = max(chop_max / reference's, chop_p99 / reference's), reference android-spring stiffness 600")
        header.add("particle-filter: one row per independent run, the setting its seed")
        header.add(trace.refused.summary)
        guard let reference = trace.reference else {
            header.add("no sample has a hinge angle (the trace has no hinge): nothing to score")
            return header.text
        }
        if reference.chopMax == 0 || reference.chopP99 == 0 {
            header.add("the reference does not chop (a still truth): chop is n/a where a display does")
        }
        let text = header.text
        let blocks = UnfoldFrontier.Family.allCases.map { family in
            var block = "# \(family.rawValue)\n# setting rmse chop chop_max chop_p99\n"
            for point in trace.family(family) {
                block +=
                    [
                        DecimalNumber.shortest(point.setting), DecimalNumber.fixed(point.rmse, places: 6),
                        chopText(point, over: reference, places: 4),
                        DecimalNumber.fixed(point.chopMax, places: 7), DecimalNumber.fixed(point.chopP99, places: 7),
                    ].joined(separator: " ") + "\n"
            }
            return block
        }
        return text + blocks.joined(separator: "\n\n")
    }

    static func frontierJSON(_ traces: [FrontierTrace]) -> String {
        let files = traces.map { trace in
            var refused: [(String, JSONValue)] = []
            if let first = trace.refused.first {
                refused = [
                    (
                        "refused",
                        .object([
                            ("count", .number(Double(trace.refused.count))), ("first_time", .number(first.sample.time)),
                            ("first_reason", .string(first.error.description)),
                        ])
                    )
                ]
            }
            return JSONValue.object(
                [("trace", .string(trace.name))] + refused + [
                    (
                        "points",
                        .array(
                            trace.points.map { point in
                                JSONValue.object([
                                    ("family", .string(point.family.rawValue)), ("setting", .number(point.setting)),
                                    ("rmse", .number(point.rmse)),
                                    (
                                        "chop",
                                        trace.reference.flatMap { chop(point, over: $0) }.map(JSONValue.number) ?? .null
                                    ),
                                    ("chop_max", .number(point.chopMax)), ("chop_p99", .number(point.chopP99)),
                                ])
                            })
                    )
                ])
        }
        return JSONValue.files(files, schema: "hingetool/score-frontier/1").rendered() + "\n"
    }

    /// For each of Android's stiffnesses 300…1500, the setting of `family` (HingeKit's driver by
    /// default) that dominates it (both lower RMSE and lower chop) with the least chop, or nil.
    static func dominating(
        _ trace: FrontierTrace, by family: UnfoldFrontier.Family = .hingekit
    ) -> [(stiffness: Double, setting: Double?)] {
        trace.family(.androidSpring).filter { (300...1500).contains($0.setting) }.map { spring in
            let winners = trace.family(family).filter { $0.dominates(spring) }
            return (spring.setting, winners.min { $0.chop(over: spring) < $1.chop(over: spring) }?.setting)
        }
    }

    /// The Markdown tables docs/effects.md holds.
    static func frontierMarkdown(_ traces: [FrontierTrace], particles: Int) -> String {
        func fixed(_ value: Double, _ places: Int = 4) -> String { DecimalNumber.fixed(value, places: places) }
        var text =
            "| trace | floor RMSE (particle filter, \(particles) particles: median [range] of "
            + "\(UnfoldFrontier.filterSeeds.count) runs) "
            + "| default RMSE / chop | spring 600 RMSE | spring stiffnesses 300–1500 dominated (by responsiveness) "
            + "| noveum-hinge RMSE / chop (its ω ×1) | spring stiffnesses 300–1500 dominated by noveum-hinge "
            + "| best Gaussian of truth: RMSE at chop ≤ 1 |\n"
        text += "|---|---|---|---|---|---|---|---|\n"
        for trace in traces {
            guard let reference = trace.reference else { continue }
            let runs = trace.family(.particleFilter).map(\.rmse).sorted()
            let floor =
                if let low = runs.first, let high = runs.last {
                    "\(fixed(runs[(runs.count - 1) / 2])) [\(fixed(low))–\(fixed(high))]"
                } else { "" }
            let kit = trace.family(.hingekit).first { $0.setting == UnfoldDriver.Configuration.defaultResponsiveness }
            let dominated = dominating(trace).map { stiffness, setting in
                "\(DecimalNumber.shortest(stiffness)) \(setting.map { "✓ " + DecimalNumber.shortest($0) } ?? "✗")"
            }
            let gaussian = trace.family(.gaussianTruth).filter { (chop($0, over: reference) ?? .infinity) <= 1 }.min {
                $0.rmse < $1.rmse
            }
            text += "| \(trace.name) | \(floor.isEmpty ? "–" : floor)"
            text += " | \(kit.map { "\(fixed($0.rmse)) / \(chopText($0, over: reference, places: 2))" } ?? "–")"
            text += " | \(fixed(reference.rmse)) | \(dominated.joined(separator: ", "))"
            let peer = trace.family(.noveumHinge).first { $0.setting == 1 }
            text += " | \(peer.map { "\(fixed($0.rmse)) / \(fixed($0.chop(over: reference), 2))" } ?? "–")"
            let peerDominated = dominating(trace, by: .noveumHinge).map { stiffness, setting in
                "\(DecimalNumber.shortest(stiffness)) \(setting.map { "✓ ×" + DecimalNumber.shortest($0) } ?? "✗")"
            }
            text += " | \(peerDominated.joined(separator: ", "))"
            text +=
                " | \(gaussian.map { "\(fixed($0.rmse)) (σ \(DecimalNumber.shortest($0.setting * 1000)) ms)" } ?? "–") |\n"
        }
        return text
    }
}
