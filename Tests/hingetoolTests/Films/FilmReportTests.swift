import FilmAnalysis
import Foundation
import Frames
import HingeTestSupport
import Testing

/// `film --report DIR` on the synthetic crossfade: the page links only files it wrote, escapes
/// the names it shows, and Chromium draws the thumbnails (the screenshot is not blank where
/// they are).
@Suite("film --report")
struct FilmReportTests {
    @Test("the report page shows its thumbnails in headless Chromium", .slow)
    func report() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // A source name with HTML in it must be shown as text.
        let film = work + "/<b>fade&co</b>"
        try FileManager.default.copyItem(atPath: dataset("films/crossfade"), toPath: film)
        let folder = work + "/report"
        let run = GuardedProcess(
            arguments: [builtTool, "film", film, "--report", folder, "-o", work + "/rows.dat"], folder: work,
            timeLimit: 300
        ).run()
        try #require(run.status == 0, "\(run.error)")
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(page.contains("&lt;b&gt;fade&amp;co&lt;/b&gt;"))
        #expect(!page.contains("<b>fade"))
        // Every image the page links is a file in the folder.
        let links = page.split(separator: "src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
        #expect(links.contains("event-2-before.png") || links.contains { $0.hasSuffix("-before.png") })
        for link in links {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + link), "\(link)")
            #expect(!link.contains("/"))
        }
        // Headless Chromium draws the page; the thumbnails' row must have detail.
        let shot = work + "/shot.png"
        let chromium = GuardedProcess(
            arguments: [
                "/usr/bin/env", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(work)/profile", "--window-size=1000,1400", "--screenshot=\(shot)",
                "file://" + folder + "/index.html",
            ], folder: work, memoryLimit: 0, timeLimit: 120
        ).run()
        try #require(chromium.status == 0 && FileManager.default.fileExists(atPath: shot), "\(chromium.error)")
        let picture = try Frame(contentsOf: [UInt8](Data(contentsOf: URL(fileURLWithPath: shot))), file: shot)
        let summary = FrameSummary(picture)
        // The page's white background has no detail; with the curve and the thumbnails drawn the
        // screenshot has plenty (a blank page measures 0).
        #expect(summary.detail > 0.1, "detail \(summary.detail)")
        // The thumbnails are 180 px wide at the left of their rows: some tile there in the
        // lower half of the page (below the table and curve) shows a frame.
        let grid = summary.grid
        let lower = (grid.rows / 2)..<grid.rows
        let detailed = lower.flatMap { row in (0..<3).map { row * grid.columns + $0 } }.filter {
            summary.tileDetail[$0] > 0.1
        }
        #expect(!detailed.isEmpty)
    }

    @Test("with --hinge, the page shows the hinge clock and its ambiguity warning", .slow)
    func hingeClock() throws {
        let tool = packageRoot + "/.build/release/hingetool"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "make test builds the release hingetool")
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let real = dataset("films/real/late-motion-30-h264-hq")
        let run = GuardedProcess(
            arguments: [
                tool, "film", real + ".mp4", "--events", "--hinge", real + ".csv", "--report", work + "/report", "-o",
                work + "/rows.dat",
            ], folder: work, timeLimit: 300
        ).run()
        try #require(run.status == 0, "\(run.error)")
        let page = try String(contentsOfFile: work + "/report/index.html", encoding: .utf8)
        let rows = try String(contentsOfFile: work + "/rows.dat", encoding: .utf8)
        // The header's note, word for word (escaped), in its own paragraph under the summary.
        let header = try #require(rows.split(separator: "\n").first { $0.hasPrefix("# hinge offset ") })
        var note = String(header.dropFirst(2))
        for (character, entity) in [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")] {
            note = note.replacingOccurrences(of: character, with: entity)
        }
        #expect(page.contains("<p class=\"clock\">\(note)</p>"), "\(note)\n\(page.prefix(1500))")
        #expect(note.contains("ambiguous"), "\(note)")
    }

    @Test("a folder holding files film did not write is refused without suggesting '--force', which film lacks")
    func strangerRemedyIsAnOptionFilmHas() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let folder = work + "/report"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mine".write(toFile: folder + "/index.html", atomically: false, encoding: .utf8)
        let run = runTool(["film", dataset("films/crossfade"), "--report", folder, "-o", work + "/rows.dat"])
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("did not write"), "\(run.error)")
        #expect(!run.error.contains("--force"), "\(run.error)")
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == "mine")
        // The option it suggested does not exist.
        #expect(runTool(["film", dataset("films/crossfade"), "--force"]).status == 64)
    }
}
