import HingeKit

extension HingeTool.Spring {
    /// One platform's words for a spring, as the report and the preset list print them:
    /// the JSON key, the label and the fields (JSON key, label, value or `nil`), then the rest time.
    struct Vocabulary {
        var key: String
        var label: String
        var fields: [(key: String, label: String, value: Double?)]
        var settles: Double
    }

    /// The five vocabularies of ``SpringTranslation``, in the order the report prints them.
    static func vocabularies(_ words: SpringTranslation) -> [Vocabulary] {
        let motion = words.motion
        return [
            Vocabulary(
                key: "swiftui", label: "SwiftUI",
                fields: [("duration", "duration", words.swiftUI.duration), ("bounce", "bounce", words.swiftUI.bounce)],
                settles: words.swiftUI.settlingDuration),
            Vocabulary(
                key: "flutter", label: "Flutter",
                fields: [("duration", "duration", words.flutter.duration), ("bounce", "bounce", words.flutter.bounce)],
                settles: words.flutter.settlingDuration),
            Vocabulary(
                key: "compose", label: "Compose",
                fields: [
                    ("stiffness", "stiffness", words.compose.stiffness),
                    ("damping_ratio", "damping ratio", words.compose.dampingRatio),
                ], settles: words.compose.settlingDuration),
            Vocabulary(
                key: "react_spring", label: "react-spring",
                fields: [
                    ("tension", "tension", words.reactSpring.tension),
                    ("friction", "friction", words.reactSpring.friction), ("mass", "mass", words.reactSpring.mass),
                ], settles: words.reactSpring.settlingDuration),
            Vocabulary(
                key: "motion", label: "Motion",
                fields: [
                    ("stiffness", "stiffness", motion.stiffness), ("damping", "damping", motion.damping),
                    ("mass", "mass", motion.mass), ("visual_duration", "visualDuration", motion.visualDuration),
                    ("bounce", "bounce", motion.bounce),
                ], settles: motion.settlingDuration),
        ]
    }

    /// The report's `"as"` object: each vocabulary's fields and `settles_s` (null where it
    /// cannot be said, or never settles), then `notes`.
    static func translationJSON(_ words: SpringTranslation) -> JSONValue {
        let blocks = vocabularies(words).map { vocabulary -> (String, JSONValue) in
            let fields = vocabulary.fields.map { ($0.key, JSONValue.optional($0.value)) }
            let settles = vocabulary.settles.isFinite ? vocabulary.settles : nil
            return (vocabulary.key, .object(fields + [("settles_s", .optional(settles))]))
        }
        return .object(blocks + [("notes", .array(words.notes.map(JSONValue.string)))])
    }

    /// The report's csv rows for the vocabularies: `as.swiftui.duration,0.5`.
    static func translationCSV(_ words: SpringTranslation) -> [(String, String)] {
        vocabularies(words).flatMap { vocabulary in
            (vocabulary.fields.map { ($0.key, $0.value) } + [("settles_s", vocabulary.settles)]).map {
                ("as.\(vocabulary.key).\($0.0)", $0.1.flatMap { $0.isFinite ? DecimalNumber.shortest($0) : nil } ?? "")
            }
        }
    }

    /// The report's text table of the vocabularies, with the notes under it.
    static func translationText(_ words: SpringTranslation) -> String {
        let rows: [[String]] = vocabularies(words).map { vocabulary in
            [vocabulary.label, phrase(vocabulary), milliseconds(vocabulary.settles)]
        }
        let table: [[String]] = [["as", "parameters", "settles"]] + rows
        let first = table.map { $0[0].count }.max() ?? 0
        let second = table.map { $0[1].count }.max() ?? 0
        var text = ""
        for row in table {
            text += row[0].padded(to: first + 2) + row[1].padded(to: second + 2) + row[2] + "\n"
        }
        return text + words.notes.map { "note: " + $0 + "\n" }.joined()
    }

    /// `tension 170, friction 26, mass 1`; a field that cannot be said reads `—`.
    private static func phrase(_ vocabulary: Vocabulary) -> String {
        vocabulary.fields.map { field in
            let value = field.value.map { number in
                field.key == "duration" || field.key == "visual_duration"
                    ? milliseconds(number) : DecimalNumber.fixed(number, places: 4)
            }
            return field.label + " " + (value ?? "—")
        }.joined(separator: ", ")
    }

    private static func milliseconds(_ seconds: Double) -> String {
        seconds.isFinite ? DecimalNumber.fixed(seconds * 1000, places: 1) + " ms" : "never"
    }

    /// `spring --list`: every preset with its source, in the format asked for.
    static func presetList(format: Format) -> String {
        let presets = DampedSpring.Preset.allCases
        switch format {
        case .json, .jsonl:
            let rows = presets.map { preset -> JSONValue in
                let spring = preset.spring
                return .object([
                    ("name", .string(preset.rawValue)), ("source", .string(preset.source)),
                    ("definition", .string(preset.definition)), ("mass", .number(spring.mass)),
                    ("stiffness", .number(spring.stiffness)), ("damping", .number(spring.damping)),
                    ("damping_ratio", .number(spring.dampingRatio)), ("as", translationJSON(spring.translation)),
                ])
            }
            let schema = ("schema", JSONValue.string("hingetool/spring-presets/1"))
            guard format == .json else {
                // JSON Lines: the header (the schema), then a preset a line.
                return ([JSONValue.object([schema])] + rows).map { $0.compact() + "\n" }.joined()
            }
            return JSONValue.object([schema, ("rows", .array(rows))]).rendered() + "\n"
        case .markdown: return presetTable()
        case .csv:
            var text = "name,definition,source,mass,stiffness,damping,damping_ratio\n"
            for preset in presets {
                let spring = preset.spring
                let numbers = [spring.mass, spring.stiffness, spring.damping, spring.dampingRatio].map(
                    DecimalNumber.shortest)
                text +=
                    ([preset.rawValue, csvField(preset.definition), csvField(preset.source)] + numbers)
                    .joined(separator: ",") + "\n"
            }
            return text
        case .dat, .css:
            var text = CommentHeader("spring --list", summary: "every preset, its own words and its source").text
            let width = (presets.map(\.rawValue.count).max() ?? 0) + 2
            for preset in presets {
                text += preset.rawValue.padded(to: width) + preset.definition + "\n"
                text += String(repeating: " ", count: width) + "source: " + preset.source + "\n"
            }
            return text
        }
    }

    /// A csv field, quoted when it holds a comma or a quote.
    private static func csvField(_ text: String) -> String {
        text.contains(",") || text.contains("\"") ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
    }

    /// The Markdown table docs/springs.md quotes: every preset in every vocabulary, with each
    /// platform's rest time.
    static func presetTable() -> String {
        var text =
            "| Preset | As its source writes it | SwiftUI / Flutter duration, bounce | Compose / Android stiffness, ζ "
            + "| react-spring tension, friction, mass | Motion stiffness, damping, mass | Motion visualDuration, bounce "
            + "| Settles (ms): SwiftUI · Flutter · Android · react-spring · Motion |\n"
        text += "|---|---|---|---|---|---|---|---|\n"
        let f = { (value: Double?, places: Int) in value.map { DecimalNumber.fixed($0, places: places) } ?? "—" }
        for preset in DampedSpring.Preset.allCases {
            let words = preset.spring.translation
            let motion = words.motion
            let settles = [
                words.swiftUI.settlingDuration, words.flutter.settlingDuration, words.compose.settlingDuration,
                words.reactSpring.settlingDuration, motion.settlingDuration,
            ].map { $0.isFinite ? DecimalNumber.fixed($0 * 1000, places: 1) : "never" }
            let cells = [
                "`\(preset.rawValue)`", preset.definition,
                "\(f(words.swiftUI.duration, 4)) s, \(f(words.swiftUI.bounce, 4))",
                "\(f(words.compose.stiffness, 2)), \(f(words.compose.dampingRatio, 4))",
                "\(f(words.reactSpring.tension, 2)), \(f(words.reactSpring.friction, 3)), \(f(words.reactSpring.mass, 2))",
                "\(f(motion.stiffness, 2)), \(f(motion.damping, 3)), \(f(motion.mass, 2))",
                motion.visualDuration == nil
                    ? "— (ζ outside 0.05…1)" : "\(f(motion.visualDuration, 4)) s, \(f(motion.bounce, 4))",
                settles.joined(separator: " · "),
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    fileprivate func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
