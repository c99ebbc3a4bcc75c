import HingeKit

extension HingeTool {
    /// The effects `hingetool curve` and `animate --effect` offer: each one's name, what
    /// `--lower` and `--upper` mean for it with HingeKit's defaults (read from the effect's own
    /// default instance), the other options that apply, its checks and how to build it. The
    /// option table, the help texts, the allowed names and the builder all read this list, so
    /// an effect is added in one place.
    struct EffectEntry: Sendable {
        /// What `--lower` or `--upper` sets for an effect, and its default in degrees.
        struct Bound: Sendable {
            /// Words that finish "Where …", e.g. `starts`.
            var meaning: String
            var defaultValue: Double
        }

        /// The name on the command line.
        var name: String
        /// What its value is, with its unit: the axis label of `plot curve` and `plot animate`.
        var quantity: String
        /// What it does, in a few words (zsh's completion shows it beside the name).
        var summary: String
        /// `--lower` and `--upper`; `nil` where the option does not apply.
        var lower: Bound?
        var upper: Bound?
        /// The other effect options that apply (keys of ``EffectOptions/options``).
        var takes: Set<String> = []
        /// Whether `animate --effect` offers it (with its defaults: `animate` takes no effect
        /// options).
        var animates = true
        /// Builds the effect from the bounds (defaults filled in) and the options, or throws a
        /// usage error for values the effect refuses.
        var build:
            @Sendable (_ lower: Double, _ upper: Double, _ arguments: ParsedArguments) throws(ToolError) ->
                any HingeEffect
    }

    /// The effect options and the catalogue.
    enum EffectOptions {
        static let catalogue: [EffectEntry] = [
            EffectEntry(
                name: "bloom", quantity: "bloom (0…1)", summary: "0 closed, 1 open; the status wins over the angle",
                lower: .init(meaning: "starts", defaultValue: BloomEffect().lower),
                upper: .init(meaning: "ends", defaultValue: BloomEffect().upper)
            ) { (lower, upper, _) throws(ToolError) in
                try checked(["lower": "'--lower'", "upper": "'--upper'"]) { () throws(EffectParameterError) in
                    try BloomEffect.validated(lower: lower, upper: upper)
                }
            },
            EffectEntry(
                name: "ramp", quantity: "ramp value (0…1)", summary: "0 to 1 between --lower and --upper, eased",
                lower: .init(meaning: "starts", defaultValue: RampEffect().lower),
                upper: .init(meaning: "ends", defaultValue: RampEffect().upper), takes: [easing.option.key],
                // A building block (the bloom is a ramp): its defaults alone are no effect to show.
                animates: false
            ) { (lower, upper, arguments) throws(ToolError) in
                let easing = try arguments[Self.easing]
                return try checked(["lower": "'--lower'", "upper": "'--upper'"]) { () throws(EffectParameterError) in
                    try RampEffect.validated(lower: lower, upper: upper, easing: easing)
                }
            },
            EffectEntry(
                name: "lean", quantity: "lean (°)", summary: "degrees of tilt, full when closed, 0 when open",
                lower: .init(meaning: "is full", defaultValue: LeanEffect().full),
                upper: .init(meaning: "is 0", defaultValue: LeanEffect().flat), takes: [maximum.option.key]
            ) { (full, flat, arguments) throws(ToolError) in
                let maximum = try arguments[Self.maximum]
                return try checked(["full": "'--lower'", "flat": "'--upper'", "maximum": "'--maximum'"]) {
                    () throws(EffectParameterError) in
                    try LeanEffect.validated(maximum: maximum, flat: flat, full: full)
                }
            },
            EffectEntry(
                name: "unfold", quantity: "unfold progress (0…1)", summary: "Android's unfold progress, angle / 165°",
                lower: nil,
                upper: .init(meaning: "is 1", defaultValue: UnfoldProgressEffect().unfoldedAngle)
            ) { (_, unfolded, _) throws(ToolError) in
                try checked(["unfoldedAngle": "'--upper'"]) { () throws(EffectParameterError) in
                    try UnfoldProgressEffect.validated(unfoldedAngle: unfolded)
                }
            },
        ]

        /// Builds an effect through its `validated(…)` factory, the one place its rules are
        /// written; a refusal becomes a usage error that names the options (`flags`: each
        /// parameter's option) instead of the library's parameter names.
        static func checked(
            _ flags: [String: String], _ build: () throws(EffectParameterError) -> any HingeEffect
        ) throws(ToolError) -> any HingeEffect {
            do {
                return try build()
            } catch {
                let words = error.description.split(separator: " ", omittingEmptySubsequences: false).map { word in
                    // A parameter's name stands alone or before a comma: "lower," "upper".
                    let bare = word.hasSuffix(",") ? word.dropLast() : word[...]
                    guard let flag = flags[String(bare)] else { return String(word) }
                    return flag + (word.hasSuffix(",") ? "," : "")
                }
                throw .usage(words.joined(separator: " "))
            }
        }

        /// What an effect's value is, with its unit (an axis label); the hinge angle for `angle`
        /// or no effect.
        static func quantity(of name: String?) -> String {
            catalogue.first { $0.name == name }?.quantity ?? "angle (°)"
        }

        /// The effects' names, in the catalogue's order.
        static let names = catalogue.map(\.name)
        /// Each effect's summary by name, for the completions.
        static let summaries = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.name, $0.summary) })
        /// The names `animate --effect` takes besides `angle`.
        static let animatedNames = catalogue.filter(\.animates).map(\.name)

        /// `bloom, ramp, lean or unfold`.
        static var namesInWords: String { names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") }

        static let options: [CommandSpec.Option] = [lower.option, upper.option, easing.option, maximum.option]
        static let lower = OptionKey<Double?>(["--lower"], value: "deg", help: boundHelp(\.lower), in: -360...720)
        static let upper = OptionKey<Double?>(["--upper"], value: "deg", help: boundHelp(\.upper), in: -360...720)
        static let easing = OptionKey(
            ["--easing"], value: "easing", help: "The ramp's easing.", default: RampEffect().easing,
            among: RampEffect.Easing.allCases, spelledAs: spelling, describedAs: describe)
        static let maximum = OptionKey(
            ["--maximum"], value: "deg", help: "The lean's largest tilt.", in: -90...90, default: LeanEffect().maximum)

        /// "Where bloom or ramp starts (80, 0), lean is full (90)." from the catalogue: effects
        /// whose bound means the same are named together, defaults in their order.
        private static func boundHelp(_ bound: KeyPath<EffectEntry, EffectEntry.Bound?>) -> String {
            var groups: [(meaning: String, names: [String], defaults: [String])] = []
            for entry in catalogue {
                guard let value = entry[keyPath: bound] else { continue }
                let text = DecimalNumber.shortest(value.defaultValue)
                if let index = groups.firstIndex(where: { $0.meaning == value.meaning }) {
                    groups[index].names.append(entry.name)
                    groups[index].defaults.append(text)
                } else {
                    groups.append((value.meaning, [entry.name], [text]))
                }
            }
            let parts = groups.map { group in
                "\(group.names.joined(separator: " or ")) \(group.meaning) (\(group.defaults.joined(separator: ", ")))"
            }
            return "Where " + parts.joined(separator: ", ") + "."
        }

        /// What an easing does, for the completions.
        static func describe(_ easing: RampEffect.Easing) -> String {
            switch easing {
            case .linear: "straight"
            case .smoothstep: "3p² − 2p³, level at both ends"
            case .easeIn: "p², starts level"
            case .easeOut: "1 − (1 − p)², ends level"
            case .easeInOut: "two parabolas, level at both ends, steepest in the middle"
            }
        }

        /// `easeInOut` as the command line spells it: `ease-in-out`.
        static func spelling(_ easing: RampEffect.Easing) -> String {
            var text = ""
            for character in easing.rawValue {
                if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
            }
            return text
        }

        /// The effect `name` with the options given, checked.
        static func makeEffect(_ name: String, _ arguments: ParsedArguments) throws(ToolError) -> any HingeEffect {
            let (lower, upper) = (try arguments[Self.lower], try arguments[Self.upper])
            let entry = catalogue.first { $0.name == name }
            for key in [easing.option.key, maximum.option.key]
            where arguments.has(key) && entry?.takes.contains(key) != true {
                throw .usage("'--\(key)' does not apply to the \(name) effect")
            }
            guard let entry else {
                throw .usage(ValueKind.notOneOf(name, option: "--effect", choices: names))
            }
            if entry.lower == nil, arguments.isGiven(Self.lower) {
                throw .usage("'--lower' does not apply to the \(name) effect")
            }
            return try entry.build(
                lower ?? entry.lower?.defaultValue ?? 0, upper ?? entry.upper?.defaultValue ?? 0, arguments)
        }
    }
}
