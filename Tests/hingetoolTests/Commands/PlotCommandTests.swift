import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// Serialized: one test stands in for a machine without gnuplot through the environment.
@Suite("hingetool plot", .serialized)
struct PlotCommandTests {
    @Test(
        "Each kind writes its data, an editable script and the picture",
        arguments: [
            ["trace", dataset("flat-to-laptop.csv")], ["reading", dataset("five-degree-steps.csv")],
            ["spring", "--preset", "bend"], ["animate", dataset("slow-bend.csv"), "--preset", "snappy"],
            ["curve", "--effect", "bloom"], ["fold-render", "--tilt", "20", "--width", "20"],
        ])
    func kinds(arguments: [String]) throws {
        let folder = temporaryFolder()
        // Named after the kind and the input's file name without its extension (curve's: the effect).
        let input =
            arguments.count > 1 && !arguments[1].hasPrefix("-")
            ? arguments[1] : arguments.starts(with: ["curve", "--effect"]) ? arguments[2] : nil
        let kind =
            input.map { "\(arguments[0])-" + ($0 as NSString).lastPathComponent.replacing(".csv", with: "") }
            ?? arguments[0]
        let run = runTool(["plot"] + arguments + ["--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == [".hingetool-plot-\(kind)", "\(kind).dat", "\(kind).gp", "\(kind).png"])
        let script = try String(contentsOfFile: folder + "/\(kind).gp", encoding: .utf8)
        #expect(script.contains("'\(kind).dat'"))
        #expect(script.contains("set output '\(kind).png'"))
        // The data is exactly what the plotted subcommand prints.
        let data = try String(contentsOfFile: folder + "/\(kind).dat", encoding: .utf8)
        #expect(data.hasPrefix("# hingetool"))
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/\(kind).png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Each `--velocity` and `--position` choice names its own curve (issue 33: the legend of
    /// `--velocity lsq2-android-held` said "Kalman filter", a `default:` that caught it).
    @Test(
        "plot reading's legend names the estimator and the position filter chosen",
        arguments: [
            ("--velocity", "lsq2-android-held", "velocity: Android LSQ2, held"),
            ("--velocity", "lsq", "velocity: least squares"), ("--velocity", "kalman", "velocity: Kalman filter"),
            ("--position", "raw", "position: raw angle"), ("--position", "one-euro-classic", "position: 1€, classic"),
        ])
    func readingLegend(option: String, value: String, legend: String) throws {
        let folder = temporaryFolder()
        let run = runTool(["plot", "reading", dataset("slow-bend.csv"), option, value, "--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        let script = try String(contentsOfFile: folder + "/reading-slow-bend.gp", encoding: .utf8)
        #expect(script.contains("'\(legend)'") || script.contains("\"\(legend)\""), "\(script)")
        // The default estimator's legend does not stand in for another's.
        if option == "--velocity", value != "kalman" { #expect(!script.contains("Kalman filter")) }
    }

    @Test("--terminal dumb draws the plot as text and svg writes an SVG")
    func terminals() throws {
        let folder = temporaryFolder()
        let dumb = runTool(["plot", "spring", "--preset", "bouncy", "--terminal", "dumb", "--out-dir", folder])
        #expect(dumb.status == 0)
        #expect(dumb.output.contains("+-------"))
        let svg = runTool(["plot", "trace", dataset("coarse-sensor.csv"), "--terminal", "svg", "--out-dir", folder])
        #expect(svg.status == 0)
        #expect(try String(contentsOfFile: folder + "/trace-coarse-sensor.svg", encoding: .utf8).contains("<svg"))
    }

    @Test("A crafted file name is printed literally and cannot run commands through the script")
    func escaping() throws {
        let folder = temporaryFolder()
        let marker = folder + "/pwned"
        let base = "fold_2024^2@m{x}`touch pwned`$(touch pwned)'\"; system('touch pwned').csv"
        let name = folder + "/" + base
        try "time,angle\n0,180\n0.1,170\n".write(toFile: name, atomically: true, encoding: .utf8)
        let run = runTool(["plot", "trace", name, "--terminal", "svg", "--name", "trace", "--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        // Without --name the files are named after the input, keeping only letters, digits and '-_.'.
        #expect(runTool(["plot", "trace", name, "--terminal", "dumb", "--out-dir", folder]).status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: folder + "/trace-fold_2024_2_m_x__touch_pwned___touch_pwned_____system__touch_pwned__.gp"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        // gnuplot expands nothing inside single quotes; a quote is doubled.
        let script = try String(contentsOfFile: folder + "/trace.gp", encoding: .utf8)
        #expect(script.contains("set title 'trace: " + base.replacingOccurrences(of: "'", with: "''") + "'\n"))
        #expect(script.contains("set termoption noenhanced\n"))
        // The picture shows the name as it is: no subscript, superscript or markup (gnuplot's SVG
        // escapes only what XML needs).
        let svg = try String(contentsOfFile: folder + "/trace.svg", encoding: .utf8)
        let shown = base.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "\"", with: "&quot;")
        #expect(svgText(svg).contains("trace: " + base) || svg.contains("trace: " + shown), "\(svgText(svg))")
        #expect(GnuplotText.quoted("a'b`c\nd") == "'a''b`c?d'")
    }

    @Test(
        "Every script keeps its key outside the data and prints text literally",
        arguments: [
            ["trace", dataset("flat-to-laptop.csv")], ["reading", dataset("five-degree-steps.csv")],
            ["spring", "--preset", "bend"], ["animate", dataset("slow-bend.csv"), "--effect", "lean"],
            ["curve", "lean"], ["fold-render", "--tilt", "20", "--width", "20"],
            ["film", dataset("films/late-motion"), "--hinge", dataset("films/late-motion/hinge.csv")],
        ])
    func keysAndText(arguments: [String]) throws {
        let folder = temporaryFolder()
        let run = runTool(["plot"] + arguments + ["--name", arguments[0], "--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        let script = try String(contentsOfFile: folder + "/\(arguments[0]).gp", encoding: .utf8)
        #expect(script.contains("set termoption noenhanced\n"))
        #expect(Self.keysInside(script).isEmpty)
        #expect(script.contains("set key below") || script.contains("unset key"))
    }

    @Test("Every script in Plots/ keeps its key outside the data and prints text literally")
    func checkedInScripts() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Plots")
            .filter { $0.hasSuffix(".gp") }
        #expect(scripts.count >= 14)
        for name in scripts {
            let script = try String(contentsOfFile: packageRoot + "/Plots/" + name, encoding: .utf8)
            let terminal = script.split(separator: "\n").filter { $0.hasPrefix("set terminal") }
            #expect(!terminal.isEmpty && terminal.allSatisfy { $0.contains("noenhanced") }, "\(name)")
            #expect(Self.keysInside(script).isEmpty, "\(name): \(Self.keysInside(script))")
        }
    }

    @Test("plot film: only the kinds that occur in the key, the crossfade's α on the right axis")
    func filmKindsAndBlend() throws {
        let folder = temporaryFolder()
        let run = runTool([
            "plot", "film", dataset("films/crossfade"), "--terminal", "svg", "--name", "film", "--out-dir", folder,
        ])
        #expect(run.status == 0, "\(run.error)")
        // The oracle: the events and blend positions the synthetic film was made with.
        let truth =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: dataset("films/crossfade/truth.json")))) as! [String: Any]
        let events = truth["events"] as! [[String: Any]]
        let kinds = Set(events.map { ($0["kind"] as! String).replacingOccurrences(of: "-", with: " ") })
        #expect(kinds == ["crossfade", "settle"])
        let text = svgText(try String(contentsOfFile: folder + "/film.svg", encoding: .utf8))
        for kind in ["cut", "crossfade", "blank frame", "placeholder flash", "late motion", "settle"] {
            #expect(text.contains(kind) == kinds.contains(kind), "\(kind) in the key: \(text)")
        }
        #expect(text.contains("crossfade α (right axis)"))
        // The α series: one point per crossfade frame, at the frame's time, the blend within
        // 0.02 (the detector's tolerance in FilmRoundTripTests; printed to 3 decimals).
        let fade = events.first { $0["kind"] as? String == "crossfade" }!
        let frames = (truth["frames_ms"] as! [Int]).filter {
            $0 >= fade["start_ms"] as! Int && $0 <= fade["end_ms"] as! Int
        }
        let script = try String(contentsOfFile: folder + "/film.gp", encoding: .utf8)
        let block = script.components(separatedBy: "$alpha << EOD\n")[1].components(separatedBy: "EOD\n")[0]
        let points = block.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(points.map { Int($0[0])! } == frames)
        for (point, expected) in zip(points, fade["alphas"] as! [Double]) {
            #expect(abs(Double(point[1])! - expected) <= 0.02)
        }
    }

    @Test("plot film --hinge marks the hinge's stop in both panels")
    func filmHingeStop() throws {
        let folder = temporaryFolder()
        let run = runTool([
            "plot", "film", dataset("films/late-motion"), "--hinge", dataset("films/late-motion/hinge.csv"),
            // The synthetic trace is on the film's clock already: no estimate.
            "--hinge-offset", "0", "--terminal", "svg", "--name", "film", "--out-dir", folder,
        ])
        #expect(run.status == 0, "\(run.error)")
        let script = try String(contentsOfFile: folder + "/film.gp", encoding: .utf8)
        let block = script.components(separatedBy: "$stops << EOD\n")[1].components(separatedBy: "EOD\n")[0]
        let stops = block.split(separator: "\n").map { Int($0)! }
        // The oracle: the trace's last change of angle (0.986 s). HingeReader calls the hinge
        // resting once its velocity is below 3 °/s, within 100 ms of that.
        #expect(stops.count == 1)
        #expect((986...1086).contains(stops[0]), "\(stops)")
        #expect(script.components(separatedBy: "$stops using").count == 3)
        let text = svgText(try String(contentsOfFile: folder + "/film.svg", encoding: .utf8))
        #expect(text.contains("hinge stopped") && text.contains("late motion") && !text.contains("crossfade"))
    }

    @Test(
        "Axis labels carry the effect's unit, and the files its name, with --effect as with the deprecated word",
        arguments: [("lean", "lean (°)"), ("bloom", "bloom (0…1)")])
    func curveUnits(effect: String, label: String) throws {
        // `plot curve --effect lean` labelled its axis 'angle (°)' and wrote curve.gp: the effect
        // was read from the word form only.
        for spelling in [["--effect", effect], [effect]] {
            let folder = temporaryFolder()
            #expect(runTool(["plot", "curve"] + spelling + ["--out-dir", folder]).status == 0)
            let script = try String(contentsOfFile: folder + "/curve-\(effect).gp", encoding: .utf8)
            #expect(script.contains("set ylabel '\(label)'\n"), "\(spelling)")
            #expect(script.contains("set title 'curve: \(effect)'\n"), "\(spelling)")
            #expect(!script.contains("effect value"))
        }
    }

    @Test("A plot kind takes no standalone flag of its command: 'plot spring --list' wrote the list as plot data")
    func noStandaloneFlags() throws {
        let folder = temporaryFolder()
        let run = runTool(["plot", "spring", "--list", "--out-dir", folder])
        #expect(run.status == 64 && run.error.hasPrefix("Error: Unknown option '--list'"), "\(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        for entry in HingeTool.catalogue where entry.path.first == "plot" {
            #expect(entry.spec.options.allSatisfy { !$0.isStandalone }, "\(entry.path)")
        }
    }

    /// `set key` lines that put the key inside the plot area.
    static func keysInside(_ script: String) -> [Substring] {
        script.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            guard words.starts(with: ["set", "key"]) else { return false }
            return !["below", "above", "outside"].contains { words.contains(Substring($0)) }
        }
    }

    @Test("Two plots of different traces share a folder; --name chooses the files' name")
    func sharedFolder() throws {
        let folder = temporaryFolder()
        setenv("HINGETOOL_GNUPLOT", "/nonexistent/gnuplot", 1)
        defer { unsetenv("HINGETOOL_GNUPLOT") }
        for name in ["five-degree-steps", "slow-bend"] {
            #expect(runTool(["plot", "reading", dataset(name + ".csv"), "--out-dir", folder]).status == 0)
        }
        #expect(runTool(["plot", "spring", "--name", "bouncy", "--preset", "bouncy", "--out-dir", folder]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted() == [
                "bouncy.dat", "bouncy.gp", "reading-five-degree-steps.dat", "reading-five-degree-steps.gp",
                "reading-slow-bend.dat", "reading-slow-bend.gp",
            ])
        let script = try String(contentsOfFile: folder + "/reading-slow-bend.gp", encoding: .utf8)
        #expect(script.contains("'reading-slow-bend.dat'") && !script.contains("'reading.dat'"))
        // plot reading's declared 120 Hz: rows every 1/120 s.
        let data = try String(contentsOfFile: folder + "/reading-slow-bend.dat", encoding: .utf8)
        let times = data.split(separator: "\n").filter { !$0.hasPrefix("#") }.prefix(2).map {
            Double($0.split(separator: " ")[0])!
        }
        #expect(abs((times[1] - times[0]) - 1.0 / 120) < 1e-9)
        for bad in ["", "a/b", "../up", ".hidden", "x'y"] {
            let run = runTool(["plot", "spring", "--name", bad, "--out-dir", folder])
            #expect(run.status == 64, "\(bad)")
            #expect(run.error.contains("is invalid for '--name'"))
        }
    }

    @Test("--out, the old spelling of --out-dir, still works and says it is deprecated")
    func deprecatedOut() throws {
        let folder = temporaryFolder()
        setenv("HINGETOOL_GNUPLOT", "/nonexistent/gnuplot", 1)
        defer { unsetenv("HINGETOOL_GNUPLOT") }
        let run = runTool(["plot", "spring", "--out", folder])
        #expect(run.status == 0)
        #expect(
            run.error.hasPrefix(
                "warning: '--out' is deprecated and will be removed in the next minor release; use '--out-dir'\n"))
        #expect(FileManager.default.fileExists(atPath: folder + "/spring.dat"))
        #expect(!runTool(["plot", "spring", "--help"]).output.contains("--out "))
    }

    @Test("Without gnuplot the data and script are still written, and the note says how to install it")
    func missingGnuplot() throws {
        let folder = temporaryFolder()
        setenv("HINGETOOL_GNUPLOT", "/nonexistent/gnuplot", 1)
        defer { unsetenv("HINGETOOL_GNUPLOT") }
        let run = runTool(["plot", "spring", "--out-dir", folder])
        #expect(run.status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                ".hingetool-plot-spring", "spring.dat", "spring.gp",
            ])
        #expect(run.error.contains("gnuplot is not installed"))
        #expect(run.error.contains("apt-get install gnuplot-nox"))
    }

    @Test("Usage: plot lists its kinds; unknown kinds and --report are usage errors")
    func usage() {
        #expect(runTool(["plot"]).output.contains("SUBCOMMANDS:\n  trace"))
        #expect(runTool(["plot", "--help"]).output == runTool(["help", "plot"]).output)
        #expect(runTool(["plot", "reading", "--help"]).output.contains("--terminal <terminal>"))
        let unknown = runTool(["plot", "histogram"])
        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("Error: Unknown subcommand 'histogram'"))
        #expect(runTool(["plot", "spring", "--report"]).status == 64)
        let bad = runTool(["plot", "trace", dataset("malformed/not-a-number.csv"), "--out-dir", temporaryFolder()])
        #expect(bad.status == 65)
    }
}

/// The text of an SVG's `<text>` elements, joined by newlines (gnuplot writes a key entry or a
/// title as one element, its characters XML-escaped).
func svgText(_ svg: String) -> String {
    var texts: [String] = []
    for piece in svg.components(separatedBy: "<text").dropFirst() {
        guard let open = piece.firstIndex(of: ">"), let close = piece.range(of: "</text>") else { continue }
        var inner = String(piece[piece.index(after: open)..<close.lowerBound])
        while let tag = inner.range(of: "<[^>]*>", options: .regularExpression) { inner.removeSubrange(tag) }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            inner = inner.replacingOccurrences(of: entity, with: character)
        }
        texts.append(inner)
    }
    return texts.joined(separator: "\n")
}
