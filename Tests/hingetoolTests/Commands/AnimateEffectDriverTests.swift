import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// `animate --effect E` is `EffectDriver` with E and its spring: the command drives its own
/// animator (it also has modes and spring changes the driver does not), so this holds them to
/// one answer on every dataset.
@Suite("animate --effect against EffectDriver")
struct AnimateEffectDriverTests {
    static let datasets =
        (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets"))?
        .filter { $0.hasSuffix(".csv") }.sorted() ?? []
    static let effects = HingeTool.EffectOptions.animatedNames

    @Test("Every frame of animate --effect equals EffectDriver's state at that time", arguments: effects)
    func sameFrames(effectName: String) throws {
        #expect(Self.datasets.count >= 8)
        let effect = try HingeTool.EffectOptions.makeEffect(
            effectName, ParsedArguments(declaring: HingeTool.EffectOptions.options)
        ).effect
        for name in Self.datasets {
            let run = runTool(["animate", dataset(name), "--effect", effectName])
            try #require(run.status == 0, "\(name): \(run.error)")
            let rows = run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                $0.split(separator: " ").compactMap { Double($0) }
            }
            let all = try TraceReader(source: try FileByteSource(path: dataset(name)), fileName: name)
                .readAll().map(\.sample)
            // The command starts on the first angle (before it there is nothing to animate).
            guard let firstAngle = all.firstIndex(where: { $0.angle != nil }) else {
                #expect(rows.isEmpty && run.output.contains("nothing to animate"), "\(name)")
                continue
            }
            let samples = Array(all[firstAngle...])
            let mismatch = Self.firstMismatch(rows, samples: samples, effect: effect)
            #expect(mismatch == nil, "\(name): \(mismatch ?? "")")
        }
    }

    /// The first row whose target, value or velocity differs from the driver's by more than
    /// 1e-9 (of a range of 1 or 180: rounding only, both are the same closed forms), or `nil`.
    static func firstMismatch<Effect: HingeEffect>(
        _ rows: [[Double]], samples: [HingeSample], effect: Effect
    ) -> String? {
        var driver = EffectDriver(effect: effect, spring: effect.preferredSpring)
        var next = 0
        for row in rows {
            guard row.count == 4 else { return "row \(row) has not 4 columns" }
            // A frame at a sample's time comes after the sample, as in the command.
            while next < samples.count, samples[next].time <= row[0] {
                do { try driver.ingest(samples[next]) } catch { return "sample \(next): \(error)" }
                next += 1
            }
            let state = driver.state(at: row[0])
            let expected = [driver.target, state.value, state.velocity]
            for (column, (shown, truth)) in zip(row.dropFirst(), expected).enumerated()
            where abs(shown - truth) > 1e-9 {
                return "t = \(row[0]): column \(column + 2) is \(shown), EffectDriver says \(truth)"
            }
        }
        return next == samples.count ? nil : "the frames end before sample \(next)"
    }
}
