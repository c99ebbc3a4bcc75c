import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

@Suite("hingetool spring in every platform's words")
struct SpringPlatformsCommandTests {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let run = runTool(["spring"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    private func close(_ value: Any?, _ expected: Double, _ tolerance: Double = 1e-12) -> Bool {
        guard let value = value as? Double else { return false }
        return abs(value - expected) <= tolerance * max(1, abs(expected))
    }

    @Test("--stiffness 1500 --damping-ratio 1 is Compose's spring(); --mass keeps the ratio")
    func stiffnessAndRatio() throws {
        let compose = try json(["--stiffness", "1500", "--damping-ratio", "1", "--report"])
        #expect(compose["stiffness"] as? Double == 1500)
        #expect(close(compose["damping"], 2 * 1500.0.squareRoot()))
        #expect(close(compose["damping_ratio"], 1))
        let heavy = try json(["--stiffness", "1500", "--damping-ratio", "0.5", "--mass", "2", "--report"])
        #expect(close(heavy["damping_ratio"], 0.5) && heavy["mass"] as? Double == 2)
        #expect(
            try json(["--stiffness", "100", "--damping-ratio", "3", "--report"])["regime"] as? String == "overdamped")
    }

    @Test("--tension and --friction are react-spring's config; overdamped presets stay overdamped")
    func tensionAndFriction() throws {
        let molasses = try json(["--tension", "280", "--friction", "120", "--report"])
        #expect(molasses["stiffness"] as? Double == 280 && molasses["damping"] as? Double == 120)
        #expect(molasses["regime"] as? String == "overdamped")
        let heavy = try json(["--tension", "170", "--friction", "26", "--mass", "3", "--report"])
        #expect(heavy["mass"] as? Double == 3)
    }

    @Test("--visual-duration follows Motion, and with it --bounce follows Motion's clamp")
    func visualDuration() throws {
        let k = pow(2 * Double.pi / (1.2 * 0.3), 2)
        let plain = try json(["--visual-duration", "0.3", "--bounce", "0.25", "--report"])
        #expect(close(plain["stiffness"], k) && close(plain["damping"], 2 * 0.75 * k.squareRoot()))
        // SwiftUI refuses a bounce of -1.5; Motion clamps it to critical damping.
        let negative = try json(["--visual-duration", "0.3", "--bounce", "-1.5", "--report"])
        #expect(close(negative["damping_ratio"], 1))
        let huge = try json(["--visual-duration", "0.3", "--bounce", "4", "--report"])
        #expect(close(huge["damping_ratio"], 0.05))
    }

    @Test("--report --format json says the spring as every platform, equal to the library's translation")
    func reportAs() throws {
        let object = try json(["--preset", "material3-expressive-spatial", "--report"])
        let words = DampedSpring.Preset.material3ExpressiveSpatial.spring.translation
        let blocks = try #require(object["as"] as? [String: Any])
        let swiftUI = try #require(blocks["swiftui"] as? [String: Any])
        #expect(close(swiftUI["duration"], words.swiftUI.duration) && close(swiftUI["bounce"], words.swiftUI.bounce))
        #expect(close(swiftUI["settles_s"], try #require(object["settling_duration"] as? Double)))
        let compose = try #require(blocks["compose"] as? [String: Any])
        #expect(close(compose["stiffness"], 380) && close(compose["damping_ratio"], 0.8))
        #expect(close(compose["settles_s"], words.compose.settlingDuration))
        let react = try #require(blocks["react_spring"] as? [String: Any])
        #expect(close(react["tension"], 380) && close(react["mass"], 1))
        let motion = try #require(blocks["motion"] as? [String: Any])
        #expect(close(motion["visual_duration"], words.motion.visualDuration ?? 0))
        #expect(close(motion["settles_s"], words.motion.settlingDuration))
        #expect((blocks["notes"] as? [Any])?.isEmpty == true)
    }

    @Test("A vocabulary that cannot say the spring gives null and a note")
    func cannotSay() throws {
        let object = try json(["--preset", "react-spring-molasses", "--report"])
        let blocks = try #require(object["as"] as? [String: Any])
        let motion = try #require(blocks["motion"] as? [String: Any])
        #expect(motion["visual_duration"] is NSNull && motion["bounce"] is NSNull)
        #expect(motion["stiffness"] as? Double == 280)
        let notes = try #require(blocks["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("motion:") })
        let text = runTool(["spring", "--preset", "react-spring-molasses", "--report"]).output
        #expect(text.contains("visualDuration —") && text.contains("note: motion:"))
    }

    @Test("--list prints every preset with its source; --format json is one document with a schema and rows")
    func list() throws {
        let text = runTool(["spring", "--list"])
        #expect(text.status == 0)
        for preset in DampedSpring.Preset.allCases {
            #expect(text.output.contains(preset.rawValue) && text.output.contains(preset.source), "\(preset)")
        }
        let object = try json(["--list"])
        #expect(object["schema"] as? String == "hingetool/spring-presets/1")
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.compactMap { $0["name"] as? String } == DampedSpring.Preset.allCases.map(\.rawValue))
        #expect(rows.allSatisfy { ($0["source"] as? String)?.isEmpty == false && $0["as"] is [String: Any] })
        let validator = try SchemaValidator(file: packageRoot + "/docs/schemas/spring-presets.json")
        let parsed = try #require(JSON.parse(runTool(["spring", "--list", "--format", "json"]).output))
        #expect(validator.problems(parsed).isEmpty, "\(validator.problems(parsed).prefix(3))")
    }

    /// The stops of `linear(…)` and the duration of a `spring --format css` output.
    private func parseCSS(_ css: String) throws -> (stops: [(progress: Double, value: Double)], milliseconds: Double) {
        let function = try #require(css.split(separator: "\n").first { $0.hasPrefix("transition-timing-function:") })
        let inside = try #require(function.split(separator: "(", maxSplits: 1).last?.split(separator: ")").first)
        let stops = try inside.split(separator: ",").map { stop -> (Double, Double) in
            let parts = stop.split(separator: " ")
            #expect(parts.count == 2 && parts[1].hasSuffix("%"))
            return (try #require(Double(parts[1].dropLast())) / 100, try #require(Double(parts[0])))
        }
        let duration = try #require(css.split(separator: "\n").first { $0.hasPrefix("transition-duration:") })
        let milliseconds = try #require(Double(duration.dropFirst("transition-duration: ".count).dropLast(3)))
        return (stops, milliseconds)
    }

    @Test(
        "--format css: a linear() easing within 1e-3 of the spring everywhere, over its settling duration",
        arguments: [
            "smooth", "bouncy", "material3-expressive-spatial-fast", "react-spring-wobbly", "react-spring-molasses",
            "motion-default", "compose-default",
        ])
    func css(preset: String) throws {
        let run = runTool(["spring", "--preset", preset, "--format", "css"])
        #expect(run.status == 0, "\(run.error)")
        let (stops, milliseconds) = try parseCSS(run.output)
        let spring = try #require(DampedSpring.Preset(rawValue: preset)).spring
        let duration = spring.settlingDuration
        #expect(stops.count >= 30)
        #expect(abs(milliseconds - duration * 1000) <= 5e-4)
        #expect(stops.first?.progress == 0 && stops.last?.progress == 1)
        // The browser's piecewise-linear function, evaluated densely against the closed form at
        // the same fraction of the settling duration.
        var segment = 0
        for k in 0...50_000 {
            let u = Double(k) / 50_000
            while segment < stops.count - 2, stops[segment + 1].progress <= u { segment += 1 }
            let (a, b) = (stops[segment], stops[segment + 1])
            let line = a.value + (b.value - a.value) * (u - a.progress) / (b.progress - a.progress)
            let exact = spring.value(from: 0, to: 1, time: u * duration)
            #expect(abs(line - exact) <= 1e-3, "\(preset) at \(u)")
            if abs(line - exact) > 1e-3 { break }
        }
        let overshoot = spring.report().overshoot
        if overshoot > 1e-3 { #expect(stops.map(\.value).max()! > 1, "overshoot kept") }
    }

    @Test(
        "The new forms clash with the others, and their values are checked, in usage errors that name the options",
        arguments: [
            (
                ["--tension", "170", "--duration", "0.5"],
                "'--duration' and '--tension' describe the spring in two different ways"
            ),
            (["--tension", "170"], "'--friction' is needed with the react-spring form"),
            (
                ["--stiffness", "100", "--damping", "10", "--damping-ratio", "1"],
                "'--damping' and '--damping-ratio' both set"
            ),
            (["--visual-duration", "0", "--bounce", "0.2"], "The value '0' is invalid for '--visual-duration'"),
            (["--tension", "-1", "--friction", "2"], "The value '-1' is invalid for '--tension'"),
            (["--mass", "2", "--visual-duration", "0.3"], "'--mass' and '--visual-duration' describe the spring"),
            (["--tension", "170", "--friction", "26", "--bounce", "0.2"], "'--bounce' goes with"),
            (["--preset", "smooth", "--format", "markdown"], "'--format markdown' goes with '--list'"),
            (["--list", "--format", "css"], "'--format css' is a motion's easing"),
            (["--report", "--format", "css"], "'--format css' prints the motion, not a report"),
            (["--stiffness", "100", "--damping-ratio", "0", "--format", "css"], "the spring never settles"),
        ])
    func clashes(arguments: [String], message: String) {
        let run = runTool(["spring"] + arguments)
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("Error: " + message), "\(run.error)")
    }

    @Test("docs/springs.md holds the current preset table (make figures: scripts/spring-table.sh)")
    func presetTable() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/springs.md", encoding: .utf8)
        let run = runTool(["spring", "--list", "--format", "markdown"])
        #expect(run.status == 0)
        #expect(
            guide.contains("<!-- spring-presets:begin -->\n" + run.output + "<!-- spring-presets:end -->"),
            "run scripts/spring-table.sh")
    }
}
