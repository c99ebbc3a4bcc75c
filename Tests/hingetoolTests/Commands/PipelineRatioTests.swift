import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

/// `ratio_pipeline`, the ratio README quotes (issue 34, point 9): HingeKit's unfold RMSE over the
/// RMSE of Android's whole pipeline (the display `android`), checked against the quotient of the
/// two RMSEs the same output prints.
@Suite("score --unfold: ratio_pipeline is HingeKit's RMSE over Android's whole pipeline's")
struct PipelineRatioTests {
    /// The rows of a text table whose header line starts with `# display`, by display name:
    /// each row's cells by column name.
    static func table(_ output: String, header: String) -> [[String: String]] {
        let lines = output.split(separator: "\n").map(String.init)
        guard let head = lines.first(where: { $0.hasPrefix(header) }) else { return [] }
        let names = head.dropFirst(2).split(separator: " ").map(String.init)
        return lines.filter { !$0.hasPrefix("#") }.map { line in
            let cells = line.split(separator: " ").map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(names, cells))
        }
    }

    @Test(
        "Text: the printed ratio_pipeline is the quotient of the printed RMSEs",
        arguments: ["flat-to-laptop.csv", "five-degree-steps.csv", "fold8-folds.csv"])
    func text(name: String) throws {
        let run = runTool(["score", "--unfold", dataset(name)])
        #expect(run.status == 0, "\(run.error)")
        let rows = Self.table(run.output, header: "# display")
        let kit = try #require(rows.first { $0["display"] == "hingekit" })
        let android = try #require(rows.first { $0["display"] == "android" })
        let kitRMSE = try #require(Double(kit["rmse"] ?? ""))
        let androidRMSE = try #require(Double(android["rmse"] ?? ""))
        let printed = try #require(Double(kit["ratio_pipeline"] ?? ""))
        // The RMSEs print to 5 places (±0.000005 each) and the ratio to 2 (±0.005): the quotient
        // of the printed RMSEs may differ from the printed ratio by the ratio's rounding plus the
        // RMSEs' relative rounding.
        let quotient = kitRMSE / androidRMSE
        let tolerance = 0.005 + quotient * (0.000005 / kitRMSE + 0.000005 / androidRMSE) + 1e-9
        #expect(abs(printed - quotient) <= tolerance, "\(printed) against \(kitRMSE) / \(androidRMSE)")
        // And it is not the column against Android's spring alone (a different denominator).
        let spring = try #require(rows.first { $0["display"] == "android-spring" })
        #expect(Double(spring["rmse"] ?? "") != androidRMSE)
    }

    @Test("JSON, whole and per move: ratio_pipeline is rmse over the android row's rmse")
    func json() throws {
        for extra in [[], ["--per-move"]] {
            let run = runTool(["score", "--unfold", dataset("fold8-folds.csv"), "--format", "json"] + extra)
            #expect(run.status == 0, "\(run.error)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            // Several inputs' commands put each input under "files", one input too.
            let files = try #require(document["files"] as? [[String: Any]])
            #expect(files.count == 1)
            let object = try #require(files.first)
            let tables: [[[String: Any]]]
            if let moves = object["moves"] as? [[String: Any]] {
                tables = moves.compactMap { $0["rows"] as? [[String: Any]] }
            } else {
                tables = [try #require(object["rows"] as? [[String: Any]])]
            }
            #expect(!tables.isEmpty)
            for rows in tables {
                let kit = try #require(rows.first { $0["display"] as? String == "hingekit" })
                let android = try #require(rows.first { $0["display"] as? String == "android" })
                let kitRMSE = try #require(kit["rmse"] as? Double)
                let androidRMSE = try #require(android["rmse"] as? Double)
                guard androidRMSE > 0 else { continue }
                let printed = try #require(kit["ratio_pipeline"] as? Double)
                // The same two doubles divided: exact up to the JSON round trip (17 digits).
                #expect(abs(printed - kitRMSE / androidRMSE) <= 1e-12 * max(1, printed))
            }
        }
    }
}
