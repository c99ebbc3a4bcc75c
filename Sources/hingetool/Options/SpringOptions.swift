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

        static let options: [CommandSpec.Option] = [
            CommandSpec.Option(
                ["--mass"], value: "m",
                help: "Mass (with --stiffness and --damping or --damping-ratio, or with --tension and --friction).",
                in: finite, default: 1),
            CommandSpec.Option(
                ["--stiffness"], value: "k", help: "Stiffness, force per unit of displacement.", in: finite),
            CommandSpec.Option(["--damping"], value: "c", help: "Damping, force per unit of velocity.", in: finite),
            CommandSpec.Option(
                ["--allow-overdamping"], help: "Keep a damping above critical instead of lowering it."),
            CommandSpec.Option(
                ["--duration"], value: "s", help: "Perceptual duration (SwiftUI's duration = response).", in: finite),
            CommandSpec.Option(
                ["--bounce"], value: "b",
                help: "Bounce: -1 < b ≤ 1 with --duration or a preset (SwiftUI); any number with --visual-duration, "
                    + "which damps at clamp(1 − b, 0.05, 1) as Motion does.",
                in: finite, default: 0),
            CommandSpec.Option(
                ["--response"], value: "s", help: "Response: the undamped period 2π√(m/k).", in: finite),
            CommandSpec.Option(
                ["--damping-ratio"], value: "ζ",
                help:
                    "Damping ratio ζ (with --stiffness, as Compose and Android write a spring, or with --response; "
                    + "with --settling-duration, default 1).",
                in: finite),
            CommandSpec.Option(
                ["--settling-duration"], value: "s",
                help: "Time to settle from 0 to 1 within --epsilon; clamped to 0.01…10 s, as SwiftUI does.",
                in: finite),
            CommandSpec.Option(
                ["--epsilon"], value: "e", help: "Settling band, a fraction of the distance.", in: 1e-12...0.999_999,
                default: 0.001),
            CommandSpec.Option(
                ["--tension"], value: "t", help: "react-spring's tension (the stiffness), with --friction.", in: finite),
            CommandSpec.Option(
                ["--friction"], value: "f", help: "react-spring's friction (the damping), with --tension.", in: finite),
            CommandSpec.Option(
                ["--visual-duration"], value: "s",
                help: "Motion's visualDuration: stiffness (2π/(1.2·s))², with --bounce.", in: finite),
            CommandSpec.Option(
                ["--preset"], value: "name", help: "A named spring ('spring --list' shows each with its source).",
                default: DampedSpring.Preset.smooth.rawValue, allowed: presetNames),
            CommandSpec.Option(
                ["--extra-bounce"], value: "x", help: "Bounce added to smooth, snappy or bouncy.", in: finite),
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
            ("physical", ["stiffness", "damping", "allow-overdamping"]),
            ("duration", ["duration"]),
            ("response", ["response"]),
            ("settling", ["settling-duration"]),
            ("react-spring", ["tension", "friction"]),
            ("motion", ["visual-duration"]),
            ("preset", ["preset", "extra-bounce"]),
        ]

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
            if arguments.has("mass"), !massForms.contains(group) {
                throw twoWays("mass", used.first?.options.first { arguments.has($0) } ?? group)
            }
            if arguments.has("bounce"), !["duration", "preset", "motion"].contains(group) {
                throw .usage(
                    "'--bounce' goes with '--duration', '--visual-duration' or '--preset', not with the \(group) form")
            }
            if arguments.has("damping-ratio"), !["response", "settling", "stiffness"].contains(group) {
                throw .usage("'--damping-ratio' goes with '--stiffness', '--response' or '--settling-duration'")
            }
            if arguments.has("epsilon"), group != "settling", !arguments.has("report") {
                throw .usage("'--epsilon' goes with '--settling-duration' or '--report'")
            }
            if group == "physical", !(arguments.has("stiffness") && arguments.has("damping")) {
                throw missing(arguments.has("stiffness") ? "damping" : "stiffness", for: "physical")
            }
            if group == "react-spring", !(arguments.has("tension") && arguments.has("friction")) {
                throw missing(arguments.has("tension") ? "friction" : "tension", for: "react-spring")
            }
            if group == "response", !arguments.has("response") { throw missing("response", for: "--damping-ratio") }
            if group == "response", !arguments.has("damping-ratio") {
                throw missing("damping-ratio", for: "--response")
            }
            if group == "preset" { return try preset(arguments) }
            return try spring(form: group, arguments)
        }

        /// The form the options describe, from the one group used (`nil`: none).
        private static func form(_ used: String?, _ arguments: ParsedArguments) throws(ToolError) -> String {
            let ratio = arguments.has("damping-ratio")
            switch used {
            case "physical" where ratio:
                if arguments.has("damping") {
                    throw .usage("'--damping' and '--damping-ratio' both set the damping; choose one")
                }
                if arguments.has("allow-overdamping") {
                    throw .usage("'--allow-overdamping' goes with '--damping'; a '--damping-ratio' above 1 is kept")
                }
                return "stiffness"
            case .some(let name): return name
            case nil where arguments.has("mass"): return "physical"
            case nil: return ratio ? "response" : "preset"
            }
        }

        private static func twoWays(_ first: String, _ second: String) -> ToolError {
            .usage("'--\(first)' and '--\(second)' describe the spring in two different ways; choose one")
        }

        /// The spring of a form other than a preset, whose own options were given (checked by
        /// ``makeSpring(_:)``).
        private static func spring(form group: String, _ arguments: ParsedArguments) throws(ToolError) -> DampedSpring {
            let value = { (key: String) throws(ToolError) -> Double? in try number(arguments, key) }
            let (mass, stiffness, damping) = (
                try declaredNumber(arguments, "mass"), try value("stiffness"), try value("damping")
            )
            let (duration, bounce, response) = (
                try value("duration"), try declaredNumber(arguments, "bounce"), try value("response")
            )
            let (ratio, settling, epsilon) = (
                try value("damping-ratio"), try value("settling-duration"), try declaredNumber(arguments, "epsilon")
            )
            // The group's own options were given (checked above), so `given` never throws.
            func given(_ number: Double?, _ key: String) throws(ToolError) -> Double {
                guard let number else { throw missing(key, for: group) }
                return number
            }
            switch group {
            case "stiffness":
                let (stiffness, ratio) = (try given(stiffness, "stiffness"), try given(ratio, "damping-ratio"))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(mass: mass, stiffness: stiffness, dampingRatio: ratio)
                }
            case "react-spring":
                let (tension, friction) = (
                    try given(value("tension"), "tension"), try given(value("friction"), "friction")
                )
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(mass: mass, tension: tension, friction: friction)
                }
            case "motion":
                let duration = try given(value("visual-duration"), "visual-duration")
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(visualDuration: duration, bounce: bounce)
                }
            case "physical":
                let (stiffness, damping) = (try given(stiffness, "stiffness"), try given(damping, "damping"))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(
                        mass: mass, stiffness: stiffness, damping: damping,
                        allowOverDamping: arguments.has("allow-overdamping"))
                }
            case "duration":
                let duration = try given(duration, "duration")
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(duration: duration, bounce: bounce)
                }
            case "response":
                let (response, ratio) = (try given(response, "response"), try given(ratio, "damping-ratio"))
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(response: response, dampingRatio: ratio)
                }
            default:
                let settling = try given(settling, "settling-duration")
                return try validated(arguments) { () throws(DampedSpring.ParameterError) in
                    try DampedSpring.validated(settlingDuration: settling, dampingRatio: ratio ?? 1, epsilon: epsilon)
                }
            }
        }

        /// A spring parameter the library refused, blamed on the option that set it (exit 64):
        /// `The value '1e300' is invalid for '--duration': must be …`.
        static func invalid(_ error: DampedSpring.ParameterError, _ arguments: ParsedArguments) -> ToolError {
            let option: String
            switch error.parameter {
            case .dampingRatio: option = "damping-ratio"
            case .settlingDuration: option = "settling-duration"
            case .visualDuration: option = "visual-duration"
            case .bounce where !arguments.has("bounce") && arguments.has("extra-bounce"): option = "extra-bounce"
            default: option = error.parameter.rawValue
            }
            let given =
                (arguments.has(option) ? arguments.value(option) : nil).map { "The value '\(Echo.quoted($0))'" }
                ?? "The resulting \(option)"
            return .usage("\(given) is invalid for '--\(option)': it must be \(error.requirement)")
        }

        private static func preset(_ arguments: ParsedArguments) throws(ToolError) -> DampedSpring {
            let name = arguments.declaredValue("preset")
            let extra = try number(arguments, "extra-bounce")
            if arguments.has("bounce"), arguments.has("extra-bounce") {
                throw .usage("'--bounce' and '--extra-bounce' both set the bounce of the preset; choose one")
            }
            // Given, not defaulted: the preset's own bounce stands unless one is asked for.
            let bounce = arguments.has("bounce") ? try number(arguments, "bounce") : nil
            let preset = DampedSpring.Preset(rawValue: name) ?? .smooth
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

        private static func missing(_ option: String, for form: String) -> ToolError {
            .usage("'--\(option)' is needed with \(form.hasPrefix("--") ? "'\(form)'" : "the \(form) form")")
        }

        static func describe(_ spring: DampedSpring) -> String {
            "mass \(DecimalNumber.shortest(spring.mass)) stiffness \(DecimalNumber.shortest(spring.stiffness)) "
                + "damping \(DecimalNumber.shortest(spring.damping)) (ζ \(DecimalNumber.fixed(spring.dampingRatio, places: 4)))"
        }
    }
}
