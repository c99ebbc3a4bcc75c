import EffectPreview
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
        /// Its curve in words, for `curve --help` ("bloom: …").
        var curve: String
        /// Its own spring in words, for `animate --help`; `nil` where `animate` does not offer it.
        var spring: String?
        /// What it shows under Reduce Motion when it holds its neutral value, for `animate
        /// --help` ("stays upright at 0"); effects that track the hinge need no words.
        var heldAs = ""
        /// The effect with HingeKit's defaults: its Reduce Motion rule is read from here.
        var defaultEffect: any HingeEffect
        /// Which `preview --effect` draws it; `nil` for a building block the preview does not show.
        var preview: PreviewEffect?
        /// Builds the effect from the bounds (defaults filled in) and the options, or throws a
        /// usage error for values the effect refuses; with it, one line that says which curve it
        /// is (the `#` summary of `curve`).
        var build:
            @Sendable (_ lower: Double, _ upper: Double, _ arguments: ParsedArguments) throws(ToolError) -> BuiltEffect
    }

    /// An effect built from the command line, and the line that names its curve.
    struct BuiltEffect {
        var effect: any HingeEffect
        var description: String
    }

    /// The effect options and the catalogue.
    enum EffectOptions {
        static let catalogue: [EffectEntry] = [
            EffectEntry(
                name: "bloom", quantity: "bloom (0…1)", summary: "0 closed, 1 open; the status wins over the angle",
                lower: .init(meaning: "starts", defaultValue: BloomEffect().lower),
                upper: .init(meaning: "ends", defaultValue: BloomEffect().upper),
                curve: "0 up to \(d(BloomEffect().lower))°, (angle − \(d(BloomEffect().lower))) / "
                    + "\(d(BloomEffect().upper - BloomEffect().lower)) between, 1 from \(d(BloomEffect().upper))°; "
                    + "closed → 0, fully open or no hinge → 1",
                spring: "smooth", defaultEffect: BloomEffect(), preview: .bloom
            ) { (lower, upper, _) throws(ToolError) in
                let bloom = try checked(["lower": "'--lower'", "upper": "'--upper'"]) {
                    () throws(EffectParameterError) in
                    try BloomEffect(lower: lower, upper: upper)
                }
                return BuiltEffect(effect: bloom, description: "bloom from \(d(bloom.lower))° to \(d(bloom.upper))°")
            },
            EffectEntry(
                name: "ramp", quantity: "ramp value (0…1)", summary: "0 to 1 between --lower and --upper, eased",
                lower: .init(meaning: "starts", defaultValue: RampEffect().lower),
                upper: .init(meaning: "ends", defaultValue: RampEffect().upper), takes: [easing.option.key],
                // A building block (the bloom is a ramp): its defaults alone are no effect to show.
                animates: false, curve: "0 to 1 between --lower and --upper with --easing", defaultEffect: RampEffect()
            ) { (lower, upper, arguments) throws(ToolError) in
                let easing = try arguments[Self.easing]
                let ramp = try checked(["lower": "'--lower'", "upper": "'--upper'"]) {
                    () throws(EffectParameterError) in
                    try RampEffect(lower: lower, upper: upper, easing: easing)
                }
                return BuiltEffect(
                    effect: ramp,
                    description: "ramp from \(d(ramp.lower))° to \(d(ramp.upper))°, \(spelling(ramp.easing))")
            },
            EffectEntry(
                name: "lean", quantity: "lean (°)", summary: "degrees of tilt, full when closed, 0 when open",
                lower: .init(meaning: "is full", defaultValue: LeanEffect().full),
                upper: .init(meaning: "is 0", defaultValue: LeanEffect().flat), takes: [maximum.option.key],
                curve: "degrees of tilt, --maximum at --lower and below, 0 at --upper",
                spring: "response \(rounded(LeanEffect.spring.response)) s and "
                    + "ζ \(rounded(LeanEffect.spring.dampingRatio))",
                heldAs: "stays upright at 0", defaultEffect: LeanEffect(), preview: .lean
            ) { (full, flat, arguments) throws(ToolError) in
                let maximum = try arguments[Self.maximum]
                let lean = try checked(["full": "'--lower'", "flat": "'--upper'", "maximum": "'--maximum'"]) {
                    () throws(EffectParameterError) in
                    try LeanEffect(maximum: maximum, flat: flat, full: full)
                }
                return BuiltEffect(
                    effect: lean,
                    description: "lean of \(d(lean.maximum))° at \(d(lean.full))° and below, 0 at \(d(lean.flat))°")
            },
            EffectEntry(
                name: "unfold", quantity: "unfold progress (0…1)", summary: "Android's unfold progress, angle / 165°",
                lower: nil,
                upper: .init(meaning: "is 1", defaultValue: UnfoldProgressEffect().unfoldedAngle),
                curve: "clamp(angle / \(d(UnfoldProgressEffect().unfoldedAngle))), Android's convention",
                spring: "stiffness \(rounded(UnfoldProgressEffect().preferredSpring.stiffness)) and "
                    + "ζ \(rounded(UnfoldProgressEffect().preferredSpring.dampingRatio))",
                defaultEffect: UnfoldProgressEffect(), preview: .unfold
            ) { (_, unfolded, _) throws(ToolError) in
                let unfold = try checked(["unfoldedAngle": "'--upper'"]) { () throws(EffectParameterError) in
                    try UnfoldProgressEffect(unfoldedAngle: unfolded)
                }
                return BuiltEffect(effect: unfold, description: "unfold progress, 1 from \(d(unfold.unfoldedAngle))°")
            },
        ]

        /// The effects the preview draws that are no hinge effect of the catalogue: the
        /// frosted glass is an optic over an interface (``FrostedGlass``), tilted by a ramp of
        /// its own.
        static let previewOnly: Set<PreviewEffect> = [.glass]

        /// ``DecimalNumber/shortest(_:)``, short for the prose above.
        private static func d(_ value: Double) -> String { DecimalNumber.shortest(value) }

        /// A spring's derived figure (a response is 2π√(m/k)) to three decimals, as a person
        /// writes it: 0.8, not 0.7999999999999999.
        private static func rounded(_ value: Double) -> String { d((value * 1000).rounded() / 1000) }

        /// `curve --help`'s words on the effects: "bloom: …. ramp: …." in the catalogue's order.
        static var curveProse: String { catalogue.map { "\($0.name): \($0.curve)." }.joined(separator: " ") }

        /// `animate --help`'s words on the effects it offers: their names, their own springs and
        /// what Reduce Motion does to each (read from the effect's default instance).
        static var animateProse: String {
            let offered = catalogue.filter(\.animates)
            let springs = offered.map { "\($0.spring ?? "") for \($0.name)" }
            let tracking = offered.filter { $0.defaultEffect.reducedMotion == .trackHinge }.map(\.name)
            let holding = offered.filter { $0.defaultEffect.reducedMotion == .holdNeutral }
            var reduced = [
                words(tracking, "and") + (tracking.count == 1 ? " follows" : " follow")
                    + " the hinge directly (no spring)"
            ]
            reduced += holding.map { "\($0.name) \($0.heldAs)" }
            return """
                --effect \(words(offered.map(\.name), "or")) maps each reading (angle and status, or the \
                position with --input position) through the effect with its defaults, and the \
                spring chases the effect's value (without spring options, the effect's own \
                spring: \(springs.joined(separator: ", "))); a sample with neither angle nor status is then \
                no hinge, and a status alone changes the status. Under any --reduce-motion but 'off', \
                \(reduced.joined(separator: " and ")).
                """
        }

        /// `a, b or c`.
        static func words(_ names: [String], _ last: String) -> String {
            guard names.count > 1 else { return names.first ?? "" }
            return names.dropLast().joined(separator: ", ") + " \(last) " + (names.last ?? "")
        }

        /// Builds an effect (or a driver's configuration) through its throwing initialiser, the
        /// one place its rules are written (the catalogue checks nothing itself); a refusal
        /// becomes a usage error that names the options (`flags`: each parameter's option)
        /// instead of the library's parameter names.
        static func checked<Value>(
            _ flags: [String: String], _ build: () throws(EffectParameterError) -> Value
        ) throws(ToolError) -> Value {
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
        static var namesInWords: String { words(names, "or") }

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

        /// The effect `name` with the options given, checked, and the line that names its curve.
        static func makeEffect(_ name: String, _ arguments: ParsedArguments) throws(ToolError) -> BuiltEffect {
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
