import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool synth, stats and demo")
struct SynthAndStatsTests {
    @Test("Each dataset is byte for byte what `synth --seed 1` writes", arguments: SyntheticScenario.all.map(\.name))
    func datasetsAreReproducible(name: String) throws {
        let run = runTool(["synth", name, "--seed", "1"])
        #expect(run.status == 0)
        let committed = try String(contentsOfFile: dataset(name + ".csv"), encoding: .utf8)
        #expect(run.output == committed)
    }

    @Test("The same seed gives the same bytes; another seed another trace")
    func seeds() {
        let first = runTool(["synth", "flat-to-laptop", "--seed", "7"]).output
        #expect(runTool(["synth", "flat-to-laptop", "--seed", "7"]).output == first)
        #expect(runTool(["synth", "flat-to-laptop", "--seed", "8"]).output != first)
    }

    @Test("Overrides change the sensor and are recorded in the provenance line")
    func overrides() throws {
        let run = runTool(["synth", "slow-bend", "--step", "5", "--noise", "0", "--interval", "10", "--latency", "0"])
        #expect(run.status == 0)
        #expect(
            run.output.hasPrefix("# hingetool synth slow-bend --seed 1 --interval 10 --noise 0 --latency 0 --step 5\n"))
        let statistics = try stats(of: run.output)
        #expect(statistics.quantisation == .step(5))
    }

    @Test(
        "stats infers each dataset's sensor",
        arguments: [
            ("flat-to-laptop", TraceStatistics.Quantisation.step(1)), ("five-degree-steps", .step(5)),
            ("coarse-sensor", .levels([0, 90, 180])), ("no-hinge", .none), ("slow-bend", .step(1)),
        ])
    func quantisation(name: String, expected: TraceStatistics.Quantisation) throws {
        let run = runTool(["stats", dataset(name + ".csv"), "--format", "json"])
        #expect(run.status == 0)
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        // One input is still an array under "files" (docs/schemas/README.md, rule 4).
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.count == 1)
        let json = files[0]
        let quantisation = try #require(json["quantisation"] as? [String: Any])
        switch expected {
        case .step(let step):
            #expect(quantisation["kind"] as? String == "step")
            #expect(quantisation["step"] as? Double == step)
        case .levels(let levels):
            #expect(quantisation["levels"] as? [Double] == levels)
        case .none:
            #expect(quantisation["kind"] as? String == "none")
            #expect(json["no_hinge_samples"] as? Int == json["samples"] as? Int)
        case .continuous:
            Issue.record("no dataset is continuous")
        }
        for key in [
            "samples", "duration", "first_time", "last_time", "median_interval", "p95_interval", "largest_gap",
            "angle_min", "angle_max", "status_counts", "skipped_rows",
        ] {
            #expect(json[key] != nil, "missing \(key)")
        }
    }

    @Test("stats agrees with the trace it read: counts, extremes and the largest gap")
    func statsMatchTrace() throws {
        let text = try String(contentsOfFile: dataset("dropouts.csv"), encoding: .utf8)
        let records = try TraceReader(bytes: Array(text.utf8)).readAll()
        let times = records.map(\.sample.time)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        let run = runTool(["stats", dataset("dropouts.csv"), "--format", "json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let json = try #require((document["files"] as? [[String: Any]])?.first)
        #expect(json["samples"] as? Int == records.count)
        #expect(json["angle_min"] as? Double == records.compactMap(\.sample.angle).min())
        let largest = try #require(json["largest_gap"] as? Double)
        #expect(abs(largest - gaps.max()!) < 1e-9)
        // The 0.62…0.95 s dropout is the largest silence the sensor model was given.
        #expect(largest >= 0.33)
    }

    @Test("demo reads the bundled trace, reports, animates bloom and lean, and writes its files")
    func demo() throws {
        let folder = temporaryFolder()
        let run = runTool(["demo", dataset("flat-to-laptop.csv"), "--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        for part in [
            "quantisation        1° steps", "Reading (ground truth", "velocity RMSE moving", "Springs (Reduce Motion",
            "  bloom  m 1, k 157.9", "  lean   m 1, k 61.7", "Wrote 6 files to \(folder)/:",
        ] {
            #expect(run.output.contains(part), "missing '\(part)'")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(
            files == [
                ".hingetool-demo", "demo-effects.dat", "demo-effects.gp", "demo-effects.png", "demo-reading.dat",
                "demo-reading.gp",
                "demo-reading.png",
            ])
        // Reduce Motion: the lean column stays upright, and bloom follows the hinge exactly.
        let rows = try String(contentsOfFile: folder + "/demo-effects.dat", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map { Double($0)! } }
        #expect(rows.allSatisfy { $0[5] == 0 })
        #expect(rows.contains { $0[4] > 4 })
        for row in rows where row[1].isFinite {
            #expect(abs(row[3] - BloomEffect().value(angle: row[1], status: SensorModel.status(for: row[1]))) < 1e-12)
        }
    }
    private func stats(of csv: String) throws -> TraceStatistics {
        var statistics = TraceStatistics()
        let reader = TraceReader(bytes: Array(csv.utf8))
        while let record = try reader.next() { statistics.add(record.sample) }
        return statistics
    }
}
