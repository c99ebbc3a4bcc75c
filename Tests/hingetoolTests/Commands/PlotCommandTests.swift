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
            ["curve", "bloom"], ["fold-render", "--tilt", "20", "--width", "20"],
        ])
    func kinds(arguments: [String]) throws {
        let folder = temporaryFolder()
        // Named after the kind and the input's file name without its extension.
        let input = arguments.count > 1 && !arguments[1].hasPrefix("-") ? arguments[1] : nil
        let kind =
            input.map { "\(arguments[0])-" + ($0 as NSString).lastPathComponent.replacing(".csv", with: "") }
            ?? arguments[0]
        let run = runTool(["plot"] + arguments + ["--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["\(kind).dat", "\(kind).gp", "\(kind).png"])
        let script = try String(contentsOfFile: folder + "/\(kind).gp", encoding: .utf8)
        #expect(script.contains("'\(kind).dat'"))
        #expect(script.contains("set output '\(kind).png'"))
        // The data is exactly what the plotted subcommand prints.
        let data = try String(contentsOfFile: folder + "/\(kind).dat", encoding: .utf8)
        #expect(data.hasPrefix("# hingetool"))
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/\(kind).png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
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

    @Test("A crafted file name cannot run commands through the script")
    func escaping() throws {
        let folder = temporaryFolder()
        let marker = folder + "/pwned"
        let name = folder + "/x`touch pwned`$(touch pwned)@m'\"; system('touch pwned').csv"
        try "time,angle\n0,180\n0.1,170\n".write(toFile: name, atomically: true, encoding: .utf8)
        let run = runTool(["plot", "trace", name, "--out-dir", folder])
        #expect(run.status == 0, "\(run.error)")
        // The file name keeps only letters, digits and '-_.': one script, named safely.
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gp") }
        #expect(scripts == ["trace-x_touch_pwned___touch_pwned__m____system__touch_pwned__.gp"])
        let script = try String(contentsOfFile: folder + "/" + scripts[0], encoding: .utf8)
        for dangerous in ["`", "$(", "@", "system(", "\""] { #expect(!script.contains(dangerous)) }
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(GnuplotText.quoted("a'b`c") == "'a_b_c'")
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
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["spring.dat", "spring.gp"])
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
        let bad = runTool(["plot", "trace", dataset("malformed/not-a-number.csv"), "--out", temporaryFolder()])
        #expect(bad.status == 65)
    }
}
