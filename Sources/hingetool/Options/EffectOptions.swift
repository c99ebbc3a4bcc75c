import HingeKit

extension HingeTool {
    /// The effects by name and the options that shape them, shared by `hingetool curve` and
    /// `hingetool animate`.
    enum EffectOptions {
        static let names = ["bloom", "ramp", "lean", "unfold"]

        static let options: [CommandSpec.Option] = [
            CommandSpec.Option(
                ["--lower"], value: "deg",
                help: "Where bloom or ramp starts (80, 0), where lean is full (90)."),
            CommandSpec.Option(
                ["--upper"], value: "deg",
                help: "Where bloom or ramp ends (170, 180), lean is 0 (180), unfold is 1 (165)."),
            CommandSpec.Option(
                ["--easing"], value: "easing", help: "The ramp's easing.", default: "linear",
                allowed: RampEffect.Easing.allCases.map(spelling)),
            CommandSpec.Option(["--maximum"], value: "deg", help: "The lean's largest tilt.", default: "6"),
        ]

        /// `easeInOut` as the command line spells it: `ease-in-out`.
        static func spelling(_ easing: RampEffect.Easing) -> String {
            var text = ""
            for character in easing.rawValue {
                if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
            }
            return text
        }

        /// The effect `name` with the options given, checked.
        static func makeEffect(_ name: String, _ arguments: ParsedArguments) throws(ToolFailure) -> any HingeEffect {
            let limits = -360.0...720.0
            let lower = try number(arguments, "lower", in: limits)
            let upper = try number(arguments, "upper", in: limits)
            func refuse(_ key: String) throws(ToolFailure) {
                if arguments.has(key) { throw .usage("'--\(key)' does not apply to the \(name) effect") }
            }
            if name != "ramp" { try refuse("easing") }
            if name != "lean" { try refuse("maximum") }
            switch name {
            case "bloom":
                let (from, to) = (lower ?? 80, upper ?? 170)
                guard from < to else { throw .usage("the bloom needs '--lower' below '--upper'") }
                return BloomEffect(lower: from, upper: to)
            case "ramp":
                let (from, to) = (lower ?? 0, upper ?? 180)
                guard from != to else { throw .usage("the ramp needs '--lower' and '--upper' to differ") }
                let easing = RampEffect.Easing.allCases.first { spelling($0) == arguments.value("easing") } ?? .linear
                return RampEffect(lower: from, upper: to, easing: easing)
            case "lean":
                let (full, flat) = (lower ?? 90, upper ?? 180)
                guard full < flat else { throw .usage("the lean needs '--lower' below '--upper'") }
                let maximum = try number(arguments, "maximum", in: -90...90) ?? 6
                return LeanEffect(maximum: maximum, flat: flat, full: full)
            case "unfold":
                try refuse("lower")
                let unfolded = upper ?? 165
                guard unfolded > 0 else { throw .usage("unfold needs --upper > 0") }
                return UnfoldProgressEffect(unfoldedAngle: unfolded)
            default:
                throw .usage(
                    "The value '\(name)' is invalid for '<effect>'. Please provide one of \(ArgumentParser.list(names))."
                )
            }
        }
    }
}
