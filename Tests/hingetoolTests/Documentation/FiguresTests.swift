import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// Every measured figure README.md and docs/ quote has one source: `Benchmarks/results.json`
/// (make bench) or the tool's own output. scripts/figures.sh writes them between marker
/// comments; these tests fail when a quoted figure differs from its source.
@Suite("Figures quoted in README.md and docs/ match their one source")
struct FiguresTests {
    /// Every case `make bench` measures: a whole run has them all.
    static let cases = [
        "reader.ingest", "animator.persistent", "animator.additive-1", "animator.additive-3", "effect-driver.frame",
        "stand-in.exact", "stand-in.stand-in", "spring.closed-form", "spring.rk8pd", "read.time",
        "read.rows-per-second", "read.megabytes-per-second", "read.peak-rss", "read-floor.time", "read-big.time",
        "peer-big.time", "animate.time",
        "animate.rows-per-second", "animate.megabytes-per-second", "animate.peak-rss", "peer.time", "peer.peak-rss",
        "read-big.peak-rss", "animate-big.peak-rss", "film.time", "film.peer-time", "film.cpu", "film.peer-cpu",
        "film.peak-rss", "film.agreement", "film.video.time", "film.video.png-route-time",
        "film.video.raw-decode-time", "film.video.over-raw-decode", "film.video.peak-rss",
        "film.video.peak-rss-long", "film.video.agreement",
    ]

    static func results() throws -> (run: [String: Any], figures: [String: [String: Any]]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Benchmarks/results.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let figures = try #require(root["figures"] as? [[String: Any]])
        var byID: [String: [String: Any]] = [:]
        for figure in figures { byID[try #require(figure["id"] as? String)] = figure }
        return (try #require(root["run"] as? [String: Any]), byID)
    }

    /// Three significant digits, as the benchmark prints them.
    static func threeDigits(_ value: Double) -> String {
        let digits = max(0, 2 - Int(log10(abs(value)).rounded(.down)))
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    @Test("Benchmarks/results.json holds a whole run: every case, the film included, with its run record")
    func wholeRun() throws {
        let (run, figures) = try Self.results()
        #expect(Set(figures.keys) == Set(Self.cases))
        for (id, figure) in figures {
            let median = try #require(figure["median"] as? Double, "\(id)")
            #expect(median.isFinite && median >= 0, "\(id)")
        }
        #expect((run["started"] as? String)?.hasPrefix("20") == true)
        #expect((run["cores"] as? Int ?? 0) >= 1)
        // The script's list of required figures is this list.
        let script = try String(contentsOfFile: packageRoot + "/scripts/figures.sh", encoding: .utf8)
        for id in Self.cases { #expect(script.contains(" \(id) ") || script.contains(" \(id);"), "\(id)") }
    }

    @Test("README.md quotes the film and read ratios of results.json")
    func readmeRatios() throws {
        let (_, figures) = try Self.results()
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let film = try #require(figures["film.time"]?["peer_ratio"] as? Double)
        let read = try #require(figures["read.time"]?["peer_ratio"] as? Double)
        let reader = try #require(figures["reader.ingest"]?["median"] as? Double)
        #expect(readme.contains("runs \(Self.threeDigits(film))× faster than the loop"))
        #expect(readme.contains("`hingetool read` runs \(Self.threeDigits(read))× faster"))
        #expect(readme.contains("a reader sample costs \(Self.threeDigits(reader)) ns"))
        let performance = try String(contentsOfFile: packageRoot + "/docs/performance.md", encoding: .utf8)
        #expect(performance.contains("met: \(Self.threeDigits(film))× the loop") || film < 20)
    }

    /// The speed figures (ns, µs, ×) in docs/performance.md's sentences, outside the marked
    /// regions `make figures` writes, code blocks and tables; a bound (≤ 100 ns, at least 10×)
    /// is a target, not a figure, and a size written `N × M` is an input's.
    static func unmarkedSpeedFigures(in text: String) -> [String] {
        let unmarked = text.replacing(#/<!-- figures:([a-z-]+):begin -->(?s:.*?)<!-- figures:\1:end -->/#, with: "")
            .replacing(#/```(?s:.*?)```/#, with: "")
        var found: [String] = []
        for line in unmarked.split(separator: "\n") where !line.hasPrefix("|") {
            for match in line.matches(of: #/(\d[\d,.]*)\s?(ns|µs|×)(?!\s?\d)/#) {
                let before = line[line.startIndex..<match.range.lowerBound].suffix(14).lowercased()
                let bound = ["≤", "≥", "at least", "at most", "within", "target", "up to"].contains {
                    before.hasSuffix($0 + " ") || before.hasSuffix($0)
                }
                if !bound { found.append(String(line)) }
            }
        }
        return found
    }

    @Test("docs/performance.md quotes no speed figure that make figures does not write")
    func performanceProse() throws {
        let performance = try String(contentsOfFile: packageRoot + "/docs/performance.md", encoding: .utf8)
        #expect(Self.unmarkedSpeedFigures(in: performance) == [])
        // The check itself finds a figure in a sentence, and passes a target and a size.
        #expect(Self.unmarkedSpeedFigures(in: "The reader took 127 ns.\n").count == 1)
        #expect(Self.unmarkedSpeedFigures(in: "At most 100 ns; 1080 × 2400 frames; ≥ 10× the peer.\n") == [])
    }

    @Test("docs/film.md's sample table is what hingetool film prints for the bundled film")
    func filmSample() throws {
        let run = runTool([
            "film", dataset("films/late-motion"), "--events", "--hinge", dataset("films/late-motion/hinge.csv"),
            "--hinge-offset", "0",
        ])
        #expect(run.status == 0)
        let events = try #require(run.output.components(separatedBy: "# events\n").last)
            .components(separatedBy: "\n\n")[0]
        let indented = events.split(separator: "\n").map { "   " + $0 }.joined(separator: "\n")
        let guide = try String(contentsOfFile: packageRoot + "/docs/film.md", encoding: .utf8)
        #expect(guide.contains("   ```\n" + indented + "\n   ```\n"), "run `make figures`")
    }

    @Test("docs/reading.md gives the snap lead its score table prints, and no other")
    func snapLead() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/reading.md", encoding: .utf8)
        // The score table's summary line (make score keeps it current): "… decided 478 ms before …",
        // or "… decided 45 ms after …" when the snap came late on average.
        let summary = try #require(guide.split(separator: "\n").first { $0.hasPrefix("Snap over all") })
        let decided = try #require(summary.components(separatedBy: "decided ").last)
        let lead = try #require(Int(decided.prefix { $0.isNumber }))
        let side = decided.contains("ms after") ? "after" : "before"
        #expect(guide.contains("\(lead) ms \(side) the stop at 0.12 s"))
        #expect(guide.contains(String(format: "about %.2f s %@", Double(lead) / 1000, side)))
    }

    @Test(
        "scripts/figures.sh --check: every marked figure matches results.json and the tool (make figures)",
        .slow)
    func markedRegions() throws {
        // The release hingetool, which make test builds first: the figures come from scoring
        // and film runs that take minutes in the debug build.
        let tool = packageRoot + "/.build/release/hingetool"
        try #require(
            FileManager.default.isExecutableFile(atPath: tool),
            "build the release hingetool first: swift build -c release --product hingetool (make test does)")
        let run = ChildProcess.run("/bin/bash", [packageRoot + "/scripts/figures.sh", tool, "--check"], timeLimit: 900)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("every figure matches its source"))
    }
}
