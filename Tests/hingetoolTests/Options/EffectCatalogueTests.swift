import HingeKit
import Testing

@testable import EffectPreview
@testable import hingetool

@Suite("The effect catalogue: the preview, the prose and the curve lines read it")
struct EffectCatalogueTests {
    typealias Options = HingeTool.EffectOptions

    @Test("Every preview effect is a catalogue entry's or named preview-only, and no entry is shown twice")
    func previewHeldToCatalogue() {
        let shown = Options.catalogue.compactMap(\.preview)
        #expect(Set(shown).count == shown.count, "two entries name the same preview")
        #expect(Options.previewOnly.isDisjoint(with: shown))
        for effect in PreviewEffect.allCases {
            #expect(
                shown.contains(effect) != Options.previewOnly.contains(effect),
                "preview effect '\(effect.rawValue)' is in neither the catalogue nor previewOnly, or in both")
        }
        for entry in Options.catalogue {
            // `animate --effect` offers an effect exactly when the preview draws it: a building
            // block (ramp) is in neither.
            #expect(entry.animates == (entry.preview != nil), "\(entry.name)")
            // The preview draws the effect under the name the catalogue gives it.
            if let preview = entry.preview { #expect(preview.rawValue == entry.name) }
        }
    }

    @Test("The preview draws each catalogue effect with the catalogue's defaults", arguments: Options.names)
    func previewDefaults(name: String) throws {
        let entry = try #require(Options.catalogue.first { $0.name == name })
        guard let preview = entry.preview else { return }
        let built = try Options.makeEffect(entry.name, ParsedArguments(declaring: Options.options)).effect
        // The raw lane shows the effect's value at the newest sample, no spring: equal to the
        // effect's own value at every angle, exactly (the same arithmetic on the same input).
        for angle in stride(from: 0.0, through: 180, by: 7.5) {
            var display = preview.display(.raw, reduceMotion: false, parameters: try LaneParameters())
            try display.ingest(HingeSample(time: 0, angle: angle, status: nil))
            let shown = display.value(at: 0)
            #expect(shown == built.value(angle: angle, status: nil), "\(entry.name) at \(angle)°")
        }
    }

    @Test("The curve line names each effect's bounds as built, not its defaults")
    func curveLines() throws {
        let run = runTool(["curve", "--effect", "lean", "--lower", "70", "--upper", "160", "--maximum", "20"])
        #expect(run.status == 0)
        #expect(run.output.contains("lean of 20° at 70° and below, 0 at 160°"))
    }

    @Test("The help prose lists every effect the command takes, in the catalogue's order")
    func prose() {
        for entry in Options.catalogue {
            #expect(Options.curveProse.contains("\(entry.name): "))
            #expect(Options.animateProse.contains("for \(entry.name)") == entry.animates)
        }
        #expect(Options.animateProse.contains("--effect bloom, lean or unfold maps"))
    }
}
