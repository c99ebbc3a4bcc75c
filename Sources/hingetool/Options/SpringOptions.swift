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
                ["--mass"], value: "m", help: "Mass (with --stiffness and --damping).", in: finite,
                default: 1),
            CommandSpec.Option(
                ["--stiffness"], value: "k", help: "Stiffness, force per unit of displacement.", in: finite),
            CommandSpec.Option(["--damping"], value: "c", help: "Damping, force per unit of velocity.", in: finite),
            CommandSpec.Option(
                ["--allow-overdamping"], help: "Keep a damping above critical instead of lowering it."),
            CommandSpec.Option(
                ["--duration"], value: "s", help: "Perceptual duration (SwiftUI's duration = response).", in: finite),
            CommandSpec.Option(
                ["--bounce"], value: "b", help: "Bounce, -1 < b ≤ 1 (with --duration or a preset).", in: finite,
                default: 0),
            CommandSpec.Option(
                ["--response"], value: "s", help: "Response: the undamped period 2π√(m/k).", in: finite),
            CommandSpec.Option(
                ["--damping-ratio"], value: "ζ",
                help: "Damping ratio ζ (with --response; with --settling-duration, default 1).", in: finite),
            CommandSpec.Option(
                ["--settling-duration"], value: "s",
                help: "Time to settle from 0 to 1 within --epsilon; clamped to 0.01…10 s, as SwiftUI does.",
                in: finite),
            CommandSpec.Option(
                ["--epsilon"], value: "e", help: "Settling band, a fraction of the distance.", in: 1e-12...0.999_999,
                default: 0.001),
            CommandSpec.Option(
                ["--preset"], value: "name", help: "A named spring.", default: DampedSpring.Preset.smooth.rawValue,
                allowed: presetNames),
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
            "    --duration <s> [--bounce <b>]",
            "    --response <s> --damping-ratio <ζ>",
            "    --settling-duration <s> [--damping-ratio <ζ>] [--epsilon <e>]",
            "    --preset \(presetNames.joined(separator: "|"))",
            "             [--extra-bounce <x>]",
        ]

        /// The ways to describe a spring, each with the options that belong to it only.
        private static let groups: [(name: String, options: [String])] = [
            ("physical", ["mass", "stiffness", "damping", "allow-overdamping"]),
            ("duration", ["duration"]),
            ("response", ["response"]),
            ("settling", ["settling-duration"]),
            ("preset", ["preset", "extra-bounce"]),
        ]

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
                throw .usage(
                    "'--\(first)' and '--\(second)' describe the spring in two different ways; choose one")
            }
            let group = used.first?.name ?? (arguments.has("damping-ratio") ? "response" : "preset")
            if arguments.has("bounce"), group != "duration", group != "preset" {
                throw .usage("'--bounce' goes with '--duration' or '--preset', not with the \(group) form")
            }
            if arguments.has("damping-ratio"), group != "response", group != "settling" {
                throw .usage("'--damping-ratio' goes with '--response' or '--settling-duration'")
            }
            if arguments.has("epsilon"), group != "settling", !arguments.has("report") {
                throw .usage("'--epsilon' goes with '--settling-duration' or '--report'")
            }
            if group == "physical", !(arguments.has("stiffness") && arguments.has("damping")) {
                throw missing(arguments.has("stiffness") ? "damping" : "stiffness", for: "physical")
            }
            if group == "response", !arguments.has("response") { throw missing("response", for: "--damping-ratio") }
            if group == "response", !arguments.has("damping-ratio") {
                throw missing("damping-ratio", for: "--response")
            }
            if group == "preset" { return try preset(arguments) }
            return try spring(form: group, arguments)
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
