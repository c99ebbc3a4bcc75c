import HingeKit
internal import HingeSupport

extension HingeTool {
    /// The options that describe a spring and the rules that turn them into one, shared by
    /// `hingetool spring` and `hingetool animate` so that both accept the same forms with the
    /// same messages.
    enum SpringOptions {
        /// Any finite number: the spring's own validation says what is out of range, and blames
        /// the option that set it.
        static let finite = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude

        static let mass = OptionKey(
            ["--mass"], value: "m",
            help: "Mass (with --stiffness and --damping or --damping-ratio, or with --tension and --friction).",
            in: finite, default: 1)
        static let stiffness = OptionKey<Double?>(
            ["--stiffness"], value: "k", help: "Stiffness, force per unit of displacement.", in: finite)
        static let damping = OptionKey<Double?>(
            ["--damping"], value: "c", help: "Damping, force per unit of velocity.", in: finite)
        static let allowOverdamping = OptionKey(
            flag: ["--allow-overdamping"], help: "Keep a damping above critical instead of lowering it.")
        static let duration = OptionKey<Double?>(
            ["--duration"], value: "s", help: "Perceptual duration (SwiftUI's duration = response).", in: finite)
        static let bounce = OptionKey(
            ["--bounce"], value: "b",
            help: "Bounce: -1 < b ≤ 1 with --duration or a preset (SwiftUI); any number with --visual-duration, "
                + "which damps at clamp(1 − b, 0.05, 1) as Motion does.",
            in: finite, default: 0)
        static let response = OptionKey<Double?>(
            ["--response"], value: "s", help: "Response: the undamped period 2π√(m/k).", in: finite)
        static let dampingRatio = OptionKey<Double?>(
            ["--damping-ratio"], value: "ζ",
            help:
                "Damping ratio ζ (with --stiffness, as Compose and Android write a spring, or with --response; "
                + "with --settling-duration, default 1).",
            in: finite)
        static let settlingDuration = OptionKey<Double?>(
            ["--settling-duration"], value: "s",
            help: "Time to settle from 0 to 1 within --epsilon; clamped to 0.01…10 s, as SwiftUI does.",
            in: finite)
        static let epsilon = OptionKey(
            ["--epsilon"], value: "e", help: "Settling band, a fraction of the distance.", in: 1e-12...0.999_999,
            default: 0.001)
        static let tension = OptionKey<Double?>(
            ["--tension"], value: "t", help: "react-spring's tension (the stiffness), with --friction.", in: finite)
        static let friction = OptionKey<Double?>(
            ["--friction"], value: "f", help: "react-spring's friction (the damping), with --tension.", in: finite)
        static let visualDuration = OptionKey<Double?>(
            ["--visual-duration"], value: "s",
            help: "Motion's visualDuration: stiffness (2π/(1.2·s))², with --bounce.", in: finite)
        static let preset = OptionKey(
            ["--preset"], value: "name", help: "A named spring ('spring --list' shows each with its source).",
            default: DampedSpring.Preset.smooth)
        static let extraBounce = OptionKey<Double?>(
            ["--extra-bounce"], value: "x", help: "Bounce added to smooth, snappy or bouncy.", in: finite)

        static let options: [CommandSpec.Option] = [
            mass.option, stiffness.option, damping.option, allowOverdamping.option, duration.option, bounce.option,
            response.option, dampingRatio.option, settlingDuration.option, epsilon.option, tension.option,
            friction.option, visualDuration.option, preset.option, extraBounce.option,
        ]

        /// The names `--preset` takes: HingeKit's list, ``DampedSpring/Preset``.
        static let presetNames = DampedSpring.Preset.allCases.map(\.rawValue)

        /// The presets that take `--bounce` and `--extra-bounce`.
        static let bouncyPresets = DampedSpring.Preset.allCases.filter { $0.baseBounce != nil }.map(\.rawValue)

        /// The preset called `name`, as `--preset` gives it without a bounce.
        static func preset(named name: String) -> DampedSpring? { DampedSpring.Preset(rawValue: name)?.spring }

        /// The block of a usage that explains `<spring>`.
        static let usage: [String] = [
            "",
            "  <spring> is one of (default: --preset smooth):",
            "    --mass <m> --stiffness <k> --damping <c> [--allow-overdamping]",
            "    --stiffness <k> --damping-ratio <ζ> [--mass <m>]  (Compose, Android)",
            "    --tension <t> --friction <f> [--mass <m>]         (react-spring)",
            "    --visual-duration <s> [--bounce <b>]              (Motion)",
            "    --duration <s> [--bounce <b>]                     (SwiftUI, Flutter)",
            "    --response <s> --damping-ratio <ζ>",
            "    --settling-duration <s> [--damping-ratio <ζ>] [--epsilon <e>]",
            "    --preset <name> [--extra-bounce <x>]              (see --list)",
        ]

        /// The ways to describe a spring, each with the options that belong to it only.
        /// `--mass` belongs to no group: it goes with the physical, stiffness and react-spring
        /// forms, and `--damping-ratio` turns the physical group into the stiffness form.
        private static let groups: [(name: String, options: [String])] = [
            ("physical", [stiffness.option, damping.option, allowOverdamping.option]),
            ("duration", [duration.option]),
            ("response", [response.option]),
            ("settling", [settlingDuration.option]),
            ("react-spring", [tension.option, friction.option]),
            ("motion", [visualDuration.option]),
            ("preset", [preset.option, extraBounce.option]),
        ].map { ($0.0, $0.1.map(\.key)) }

        /// The forms `--mass` goes with.
        private static let massForms: Set<String> = ["physical", "stiffness", "react-spring"]

        /// `make()`, with a refused parameter reported as the options given.
        private static func validated(
            _ arguments: ParsedArguments, _ make: () throws(DampedSpring.ParameterError) -> DampedSpring
        ) throws(ToolError) -> DampedSpring {
            do throws(DampedSpring.ParameterError) {
                return try make()
            } catch {
                throw invalid(error, arguments)
            }
        }

        static func makeSpring(_ arguments: ParsedArguments) throws(ToolError) -> DampedSpring {
            let used = groups.filter { group in group.options.contains { arguments.has($0) } }
            if used.count > 1 {
                // A group is used because one of its options was given.
                let first = used[0].options.first { arguments.has($0) } ?? used[0].name
                let second = used[1].options.first { arguments.has($0) } ?? used[1].name
                throw twoWays(first, second)
            }
            let group = try form(used.first?.name, arguments)
            if arguments.isGiven(mass), !massForms.contains(group) {
                throw twoWays(mass.option.key, used.first?.options.first { arguments.has($0) } ?? group)
            }
            if arguments.isGiven(bounce), !["duration", "preset", "motion"].contains(group) {
                throw .usage(
                    "'--bounce' goes with '--duration', '--visual-duration' or '--preset', not with the \(group) form")
            }
            if arguments.isGiven(dampingRatio), !["response", "settling", "stiffness"].contains(group) {
                throw .usage("'--damping-ratio' goes with '--stiffness', '--response' or '--settling-duration'")
            }
            if arguments.isGiven(epsilon), group != "settling", !arguments.isGiven(Spring.report) {
                throw .usage("'--epsilon' goes with '--settling-duration' or '--report'")
            }
            if group == "physical", !(arguments.isGiven(stiffness) && arguments.isGiven(damping)) {
                throw missing(arguments.isGiven(stiffness) ? damping : stiffness, for: "physical")
            }
            if group == "react-spring", !(arguments.isGiven(tension) && arguments.isGiven(friction)) {
                throw missing(arguments.isGiven(tension) ? friction : tension, for: "react-spring")
            }
            if group == "response", !arguments.isGiven(response) { throw missing(response, for: "--damping-ratio") }
            if group == "response", !arguments.isGiven(dampingRatio) {
                throw missing(dampingRatio, for: "--response")
            }
            if group == "preset" { return try preset(arguments) }
            return try spring(form: group, arguments)
        }

        /// The form the options describe, from the one group used (`nil`: none).
        private static func form(_ used: String?, _ arguments: ParsedArguments) throws(ToolError) -> String {
            let ratio = arguments.isGiven(dampingRatio)
            switch used {
            case "physical" where ratio:
                if arguments.isGiven(damping) {
                    throw .usage("'--damping' and '--damping-ratio' both set the damping; choose one")
                }
                if arguments.isGiven(allowOverdamping) {
                    throw .usage("'--allow-overdamping' goes with '--damping'; a '--damping-ratio' above 1 is kept")
                }
                return "stiffness"
            case .some(let name): return name
            case nil where arguments.isGiven(mass): return "physical"
            case nil: return ratio ? "response" : "preset"
            }
        }

        private static func twoWays(_ first: String, _ second: String) -> ToolError {
            .usage("'--\(first)' and '--\(second)' describe the spring in two different ways; choose one")
        }

        /// The spring of a form other than a preset, whose own options were given (checked by
        /// ``makeSpring(_:)``).
        private static func spring(form group: String, _ arguments: ParsedArguments) throws(ToolError) -> DampedSpring {
            // The group's own options were given (checked above), so `given` never throws.
            func given(_ key: OptionKey<Double?>) throws(ToolError) -> Double {
                guard let number = try arguments[key] else { throw missing(key, for: group) }
                return number
            }
            let (mass, bounce, epsilon) = (
                try arguments[Self.mass], try arguments[Self.bounce], try arguments[Self.epsilon]
            )
            switch group {
            case "stiffness":
                let (stiffness, ratio) = (try given(Self.stiffness), try given(Self.dampingRatio))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(mass: mass, stiffness: stiffness, dampingRatio: ratio)
                }
            case "react-spring":
                let (tension, friction) = (try given(Self.tension), try given(Self.friction))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(mass: mass, tension: tension, friction: friction)
                }
            case "motion":
                let duration = try given(Self.visualDuration)
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(visualDuration: duration, bounce: bounce)
                }
            case "physical":
                let (stiffness, damping) = (try given(Self.stiffness), try given(Self.damping))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(
                        mass: mass, stiffness: stiffness, damping: damping,
                        allowOverDamping: arguments.isGiven(allowOverdamping))
                }
            case "duration":
                let duration = try given(Self.duration)
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(duration: duration, bounce: bounce)
                }
            case "response":
                let (response, ratio) = (try given(Self.response), try given(Self.dampingRatio))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(response: response, dampingRatio: ratio)
                }
            default:
                let (settling, ratio) = (try given(Self.settlingDuration), try arguments[Self.dampingRatio])
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(settlingDuration: settling, dampingRatio: ratio ?? 1, epsilon: epsilon)
                }
            }
        }

        /// A spring parameter the library refused, blamed on the option that set it (exit 64):
        /// `The value '1e300' is invalid for '--duration': must be …`.
        static func invalid(_ error: DampedSpring.ParameterError, _ arguments: ParsedArguments) -> ToolError {
            let key: CommandSpec.Option
            switch error.parameter {
            case .mass: key = mass.option
            case .stiffness: key = stiffness.option
            case .damping: key = damping.option
            case .duration: key = duration.option
            case .bounce where !arguments.isGiven(bounce) && arguments.isGiven(extraBounce): key = extraBounce.option
            case .bounce: key = bounce.option
            case .response: key = response.option
            case .dampingRatio: key = dampingRatio.option
            case .settlingDuration: key = settlingDuration.option
            case .epsilon: key = epsilon.option
            case .tension: key = tension.option
            case .friction: key = friction.option
            case .visualDuration: key = visualDuration.option
            }
            let option = key.key
            let given =
                (arguments.has(option) ? arguments.value(option) : nil).map { "The value '\(Echo.quoted($0))'" }
                ?? "The resulting \(option)"
            return .usage("\(given) is invalid for '--\(option)': it must be \(error.requirement)")
        }

        private static func preset(_ arguments: ParsedArguments) throws(ToolError) -> DampedSpring {
            let preset = try arguments[Self.preset]
            let name = preset.rawValue
            let extra = try arguments[extraBounce]
            if arguments.isGiven(bounce), arguments.isGiven(extraBounce) {
                throw .usage("'--bounce' and '--extra-bounce' both set the bounce of the preset; choose one")
            }
            // Given, not defaulted: the preset's own bounce stands unless one is asked for.
            let bounce = arguments.isGiven(Self.bounce) ? try arguments[Self.bounce] : nil
            guard let base = preset.baseBounce else {
                if extra != nil || bounce != nil {
                    throw .usage(
                        "the '\(name)' preset has a fixed bounce; '--extra-bounce' and '--bounce' apply to "
                            + ArgumentParser.list(bouncyPresets).replacing("'", with: "")
                    )
                }
                return preset.spring
            }
            do throws(DampedSpring.ParameterError) {
                return try DampedSpring.validated(duration: 0.5, bounce: bounce ?? (base + (extra ?? 0)))
            } catch {
                throw invalid(error, arguments)
            }
        }

        private static func missing(_ key: OptionKey<Double?>, for form: String) -> ToolError {
            .usage("'\(key.option.longName)' is needed with \(form.hasPrefix("--") ? "'\(form)'" : "the \(form) form")")
        }

        static func describe(_ spring: DampedSpring) -> String {
            "mass \(DecimalNumber.shortest(spring.mass)) stiffness \(DecimalNumber.shortest(spring.stiffness)) "
                + "damping \(DecimalNumber.shortest(spring.damping)) (ζ \(DecimalNumber.fixed(spring.dampingRatio, places: 4)))"
        }
    }
}

/// `--preset`'s choices are HingeKit's presets.
extension DampedSpring.Preset: OptionChoice {
    var help: String { definition }
}
