import Foundation
import HingeSupport
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 32's smaller findings: each was accepted silently, gave a figure that is no figure, or
/// left something broken behind. Each test failed before its fix.
@Suite("Quiet failures: half reports, unbounded headers, impossible figures, options that do nothing")
struct QuietFailureTests {
    // MARK: film

    @Test("film --report on a full disk leaves no half report: nothing of the new one, the earlier one whole")
    func reportOnFullDisk() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let disk = work + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        // A tmpfs of 40 KiB (10 pages): the manifest and curve.dat fit, curve.png (about 36 kB) does not.
        try #require(mountSmallDisk(disk, kilobytes: 40), "mounting a tmpfs needs root")
        defer { _ = runShell("umount '\(disk)'") }
        let report = disk + "/report"
        let run = runTool(["film", dataset("films/crossfade"), "--report", report, "-o", work + "/rows.dat"])
        #expect(run.status != 0, "\(run.error)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: report)) ?? []
        // Only the manifest, which lists what a later run may replace: no page, no picture, no data.
        #expect(left.filter { $0 != ".hingetool-film-report" }.isEmpty, "\(left)")

        // A report written with room, then the disk filled: the next run fails and the first stays whole.
        try #require(runShell("umount '\(disk)'") == 0)
        try #require(mountSmallDisk(disk, kilobytes: 256))
        let first = runTool(["film", dataset("films/crossfade"), "--report", report, "-o", work + "/rows.dat"])
        try #require(first.status == 0, "\(first.error)")
        let before = try snapshot(report)
        #expect(before["index.html"] != nil)
        _ = runShell("head -c 10000000 /dev/zero > '\(disk)/filler' 2>/dev/null")
        let second = runTool(["film", dataset("films/cut"), "--report", report, "-o", work + "/rows.dat"])
        #expect(second.status != 0, "\(second.error)")
        let after = try snapshot(report)
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after == before)
    }

    @Test("film --report inside the folder of frames is refused (it would be read as a frame next time)")
    func reportInsideFrames() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let frames = work + "/frames"
        try FileManager.default.copyItem(atPath: dataset("films/crossfade"), toPath: frames)
        let listing = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        for report in [frames + "/009999.png", frames, frames + "/./sub/../report", work + "/link/009999.png"] {
            if report.hasPrefix(work + "/link") {
                try? FileManager.default.createSymbolicLink(atPath: work + "/link", withDestinationPath: frames)
            }
            let run = runTool(["film", frames, "--report", report, "-o", work + "/rows.dat"])
            #expect(run.status == 64, "\(report): \(run.error)")
            #expect(run.error.contains("inside the folder of frames"), "\(run.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == listing)
        }
        // Beside the frames is fine.
        let beside = runTool(["film", frames, "--report", work + "/report", "-o", work + "/rows.dat"])
        #expect(beside.status == 0, "\(beside.error)")
    }

    @Test("--ignore covering the whole frame is an error, not RMSE 0 everywhere")
    func ignoreWholeFrame() {
        let film = dataset("films/crossfade")
        // 180 × 390 frames: one region over all of it, and four that tile it.
        for regions in [["0,0,180,390"], ["0,0,90,200", "90,0,90,200", "0,200,90,190", "90,200,90,190"]] {
            let run = runTool(["film", film] + regions.flatMap { ["--ignore", $0] })
            #expect(run.status == 64, "\(regions): \(run.error)")
            #expect(run.error.contains("covers the whole 180 × 390 frame"), "\(run.error)")
        }
        // One pixel left: measured, and that pixel changes in a crossfade.
        let run = runTool(["film", film, "--ignore", "0,0,180,389", "--ignore", "0,389,179,1"])
        #expect(run.status == 0, "\(run.error)")
    }

    @Test("a video ffmpeg cannot read: one line with ffmpeg's reason, no listing, no progress, no advice")
    func ffmpegFailureIsOneLine() throws {
        try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg is not installed (run make deps)")
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The real recording cut after its first third, the rest noise: ffmpeg lists the
        // streams and fails part way or at the start.
        let real = try Data(contentsOf: URL(fileURLWithPath: dataset("films/real/blank-30-h264-hq.mp4")))
        var broken = [UInt8](real)
        var state: UInt64 = 1
        for index in (broken.count / 3)..<broken.count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            broken[index] = UInt8(truncatingIfNeeded: state >> 33)
        }
        for (name, bytes) in [("noise.mp4", broken), ("text.mp4", [UInt8]("not a video".utf8))] {
            let path = work + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let run = runTool(["film", path])
            #expect(run.status == 65, "\(run.error)")
            let lines = run.error.split(separator: "\n")
            #expect(lines.count == 1, "\(run.error)")
            #expect(run.error.contains("ffmpeg failed (status"), "\(run.error)")
            for noise in ["frame=", "Stream #", "Conversion failed", "Metadata", "Input #", " @ 0x"] {
                #expect(!run.error.contains(noise), "\(run.error)")
            }
        }
    }

    @Test("ffmpeg's messages reduced to the line naming the failure (listing, progress and advice left out)")
    func ffmpegSummary() {
        let messages = [
            "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:a.mp4':", "  Duration: 00:00:04.97, start: 0.000000",
            "  Stream #0:0[0x1](und): Video: h264 (High), yuv420p(progressive), 540x960", "Stream mapping:",
            "frame=  149 fps=0.0 q=-0.0 size=  226294kB time=00:00:04.96 speed=17.2x    ",
            "[h264 @ 0x55d0c0a1b2c0] Invalid NAL unit size (1234 > 567).",
            "[h264 @ 0x55d0c0a1b2c0] Error splitting the input into NAL units.",
            "Error while decoding stream #0:0: Invalid data found when processing input", "Conversion failed!",
        ]
        #expect(
            FFmpegMessage.summary(messages)
                == "Error while decoding stream #0:0: Invalid data found when processing input")
        #expect(
            FFmpegMessage.summary(["[mov @ 0x1] moov atom not found", "file:a\u{1B}b.mp4: Invalid data found"])
                == "a\\x1Bb.mp4: Invalid data found")
        #expect(FFmpegMessage.summary(["frame=  1 fps=0.0", "  Metadata:", "Conversion failed!"]) == nil)
        #expect(FFmpegMessage.summary(["something odd happened"]) == "something odd happened")
    }

    @Test("film VIDEO --order is refused: a video's frames come in their own order, so it would do nothing")
    func orderOnAVideo() {
        let video = dataset("films/real/blank-30-h264-hq.mp4")
        let run = runTool(["film", video, "--order", "name"])
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("'--order' applies to a folder of frames"), "\(run.error)")
        #expect(runTool(["film", dataset("films/crossfade"), "--order", "name"]).status == 0)
    }

    @Test(
        "--max-frames: a longer film is exit 65 naming the limit (a folder before reading, a video at the frame past it)"
    )
    func maxFrames() {
        let folder = runTool(["film", dataset("films/crossfade"), "--max-frames", "5"])
        #expect(folder.status == 65, "\(folder.error)")
        #expect(folder.error.contains("more than 5 frames") && folder.error.contains("--max-frames"), "\(folder.error)")
        #expect(runTool(["film", dataset("films/crossfade"), "--max-frames", "15"]).status == 0)
        guard ExecutableSearch.find("ffmpeg") != nil else { return }
        let video = runTool(["film", dataset("films/real/blank-30-h264-hq.mp4"), "--max-frames", "10"])
        #expect(video.status == 65, "\(video.error)")
        #expect(video.error.contains("more than 10 frames"), "\(video.error)")
    }

    @Test("film VIDEO --report: thumbnails kept on disk come back as the folder route's, byte for byte", .slow)
    func videoReportThumbnails() throws {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"), "ffmpeg is not installed (run make deps)")
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The recording's first 2.2 s, its packets copied (no re-encoding: the same H.264 frames,
        // 68 of its 149), which hold its first blank frame (1767–1833 ms): the debug build reads
        // each 540 × 960 frame in about 0.2 s of CPU, twice here (the video, then the PNGs).
        let video = work + "/blank.mp4"
        let cut = ChildProcess.run(
            ffmpeg,
            [
                "-nostdin", "-v", "error", "-i", dataset("films/real/blank-30-h264-hq.mp4"), "-t", "2.2", "-c", "copy",
                video,
            ],
            timeLimit: 120)
        try #require(cut.status == 0, "\(cut.error)")
        let fromVideo = runTool(["film", video, "--report", work + "/video", "-o", work + "/video.dat"])
        try #require(fromVideo.status == 0, "\(fromVideo.error)")
        // The PNG route: the same RGB (a yuv420p film), read back from files for the thumbnails.
        try FileManager.default.createDirectory(atPath: work + "/frames", withIntermediateDirectories: true)
        let made = ChildProcess.run(
            ffmpeg,
            ["-nostdin", "-v", "error", "-i", video] + FilmSource.ffmpegArguments + [work + "/frames/%06d.png"],
            timeLimit: 120)
        try #require(made.status == 0, "\(made.error)")
        let fromFolder = runTool(["film", work + "/frames", "--report", work + "/folder", "-o", work + "/folder.dat"])
        try #require(fromFolder.status == 0, "\(fromFolder.error)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: work + "/video").filter {
            $0.hasPrefix("event-") && !$0.hasSuffix("-tiles.png")
        }
        #expect(!pictures.isEmpty)
        for name in pictures {
            let a = try Data(contentsOf: URL(fileURLWithPath: work + "/video/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: work + "/folder/" + name))
            #expect(a == b, "\(name)")
        }
    }

    // MARK: import

    @Test("import logcat: the '# ignored lines' header is bounded however many and however long the tags")
    func ignoredLinesHeaderIsBounded() {
        // 70 ignored lines, each with its own 10 kB tag: the header listed all 64 kept tags in full (640 kB).
        var log = ""
        for index in 0..<70 {
            log += "09-15 17:20:07.930  1 1 I T\(1000 + index)" + String(repeating: "x", count: 10_000) + ": x\n"
        }
        log +=
            "09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle "
            + "ts=268003965013815 ns value  90/ 40/0\n"
        let run = runTool(["import", "logcat", "-"], input: log)
        #expect(run.status == 0, "\(run.error)")
        let header = run.output.split(separator: "\n").first { $0.hasPrefix("# ignored lines: ") } ?? ""
        #expect(header.utf8.count < 1500, "\(header.utf8.count) bytes")
        // Every line is still counted: the listed counts and the rest add up to 70.
        let listed = header.dropFirst("# ignored lines: ".count).split(separator: ", ").map {
            Int($0.split(separator: " ")[0]) ?? 0
        }
        #expect(listed.count == 12)
        let more = header.split(separator: " and ").last?.split(separator: "(").last?.split(separator: " ").first
        #expect(listed.reduce(0, +) + (more.flatMap { Int($0) } ?? 0) == 70, "\(header)")
        #expect(header.contains("more tags"))
    }

    @Test("import writes no time a trace cannot hold: past 2³² s is refused at its line and column")
    func importTimesPastTwoToTheThirtyTwo() {
        let dumpsys =
            "hinge_angle: last 2 events\n\t 1 (ts=5000000000.000000000, wall=x) 1.0,\n"
            + "\t 2 (ts=5000000001.000000000, wall=x) 2.0,\n"
        let recorder = runTool(["import", "dumpsys", "-", "--clock", "recorder"], input: dumpsys)
        #expect(recorder.status == 65)
        // Line 2, column 9: where '5000000000' starts after '\t 1 (ts='.
        #expect(
            recorder.error.contains("<stdin>:2:9: the time 5000000000 s is outside 0…4294967296 s"), "\(recorder.error)"
        )
        #expect(recorder.error.contains("--clock zero"))
        // From zero it is 1 s: accepted, and `stats` reads what import wrote.
        let zero = runTool(["import", "dumpsys", "-"], input: dumpsys)
        #expect(zero.status == 0, "\(zero.error)")
        #expect(runTool(["stats", "-"], input: zero.output).status == 0)
        // A log spanning more than 2³² s is refused even from zero, at the late line.
        let span =
            "hinge_angle: last 2 events\n\t 1 (ts=1.000000000, wall=x) 1.0,\n"
            + "\t 2 (ts=5000000001.000000000, wall=x) 2.0,\n"
        let spanRun = runTool(["import", "dumpsys", "-"], input: span)
        #expect(spanRun.status == 65)
        #expect(spanRun.error.contains("<stdin>:3:9: the time 5000000000 s"), "\(spanRun.error)")
        // logcat: the same rule, at the timestamp's column.
        let logcat =
            "09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle "
            + "ts=5000000000000000000 ns value  90/ 40/0\n"
        let logcatRun = runTool(["import", "logcat", "-", "--clock", "recorder"], input: logcat)
        #expect(logcatRun.status == 65)
        #expect(logcatRun.error.contains("<stdin>:1:90: the time 5000000000 s is outside"), "\(logcatRun.error)")
        // The last time a trace holds is accepted, and read back.
        let edge = "hinge_angle: last 1 events\n\t 1 (ts=4294967296.000000000, wall=x) 1.0,\n"
        let edgeRun = runTool(["import", "dumpsys", "-", "--clock", "recorder"], input: edge)
        #expect(edgeRun.status == 0, "\(edgeRun.error)")
        #expect(runTool(["stats", "-"], input: edgeRun.output).status == 0)
    }

    // MARK: score

    @Test("score --unfold --truth with a one-row truth is refused, not scored against a constant")
    func oneRowTruth() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try "time,angle\n1.5,90\n".write(toFile: work + "/one.csv", atomically: true, encoding: .utf8)
        for mode in [["--unfold"], []] {
            let run = runTool(["score"] + mode + [dataset("flat-to-laptop.csv"), "--truth", work + "/one.csv"])
            #expect(run.status == 65, "\(mode): \(run.error)")
            #expect(run.error.contains("one row has an angle (at 1.5 s)"), "\(run.error)")
        }
        try "time,angle\n1.5,90\n2,91\n".write(toFile: work + "/two.csv", atomically: true, encoding: .utf8)
        #expect(
            runTool(["score", "--unfold", dataset("flat-to-laptop.csv"), "--truth", work + "/two.csv"]).status == 0)
    }

    @Test("score --frontier on a still truth prints n/a (JSON null) where the reference never chops, never inf")
    func frontierOnStillTruth() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        var csv = "time,angle,true_angle,true_velocity\n"
        for index in 0..<500 { csv += "\(Double(index) / 100),90,90,0\n" }
        try csv.write(toFile: work + "/still.csv", atomically: true, encoding: .utf8)
        let run = runTool(["score", "--frontier", work + "/still.csv"])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.contains("inf"), "\(run.output)")
        #expect(run.output.contains("the reference does not chop"))
        // Every chop is a number or n/a.
        let rows = run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(!rows.isEmpty)
        for row in rows {
            let chop = row.split(separator: " ")[2]
            #expect(chop == "n/a" || Double(chop)?.isFinite == true, "\(row)")
        }
        let json = runTool(["score", "--frontier", work + "/still.csv", "--format", "json"])
        #expect(json.status == 0)
        #expect(!json.output.contains("inf"))
        #expect(json.output.contains("\"chop\": null"))
    }

    // MARK: limits

    @Test("--max-rows beyond what memory holds is refused before reading (an endless '--hinge -' aborted)")
    func maxRowsBeyondMemory() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // Under a 1 GiB address-space limit: 2⁴⁰ rows cannot be held, and the refusal comes first.
        let endless = work + "/endless.csv"
        var text = "time,angle\n"
        for index in 0..<100 { text += "\(index),90\n" }
        try text.write(toFile: endless, atomically: true, encoding: .utf8)
        let run = runChild(
            ["film", dataset("films/crossfade"), "--hinge", endless, "--max-rows", "1099511627776"], in: work)
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("the most it can honour is"), "\(run.error)")
        // The most it says it honours is accepted.
        let most =
            run.error.split(separator: "the most it can honour is ").last.flatMap {
                Int($0.prefix { $0.isNumber })
            } ?? 0
        #expect(most > 4_000_000)
        let accepted = runChild(
            [
                "film", dataset("films/crossfade"), "--hinge", endless, "--max-rows", "\(most)", "-o",
                work + "/rows.dat",
            ],
            in: work)
        #expect(accepted.status == 0, "\(accepted.error)")
    }

    // MARK: names

    @Test("a Latin-1 name (not UTF-8) is read and written under exactly its bytes, and echoed as \\xE9")
    func nonUTF8Names() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The names are made, passed and checked by the shell, whose printf writes the byte
        // 0xE9 itself: the oracle is the file system's bytes, not a Swift string.
        let make = GuardedProcess(
            arguments: [
                "/bin/sh", "-c",
                "printf 'time,angle\\n0,90\\n1,91\\n' > \"$(printf 'caf\\351.csv')\"; cp \"$(printf 'caf\\351.csv')\" plain.csv",
            ],
            folder: work, workingFolder: work
        ).run()
        try #require(make.status == 0, "\(make.error)")
        let stats = GuardedProcess(
            arguments: ["/bin/sh", "-c", "exec \"$0\" stats \"$(printf 'caf\\351.csv')\"", builtTool], folder: work,
            workingFolder: work
        ).run()
        #expect(stats.status == 0, "\(stats.error)")
        #expect(stats.output.hasPrefix("# hingetool stats caf\\xE9.csv\n"), "\(stats.output.prefix(200))")
        // -o under the Latin-1 name: that file, byte for byte the plain run's output but the
        // header's name, and no other name made ('out\xEF\xBF\xBD.txt' before issue 32).
        let script =
            "\"$0\" read \"$(printf 'caf\\351.csv')\" -o \"$(printf 'out\\351.txt')\" && \"$0\" read plain.csv -o plain.txt"
            + " && test -f \"$(printf 'out\\351.txt')\" && ls | LC_ALL=C sort | od -An -c | tr -s ' '"
        let run = GuardedProcess(arguments: ["/bin/sh", "-c", script, builtTool], folder: work, workingFolder: work)
            .run()
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("o u t 351 . t x t"), "\(run.output)")
        #expect(!run.output.contains("357 277 275"), "\(run.output)")
        // The contents, compared by the shell (Foundation cannot open the name either).
        let compare = GuardedProcess(
            arguments: [
                "/bin/sh", "-c",
                "sed 's/caf\\\\xE9\\.csv/plain.csv/' \"$(printf 'out\\351.txt')\" | cmp - plain.txt && echo same",
            ],
            folder: work, workingFolder: work
        ).run()
        #expect(compare.output == "same\n", "\(compare.output) \(compare.error)")
        // A Latin-1 name that does not exist is named with its byte escaped.
        let missing = GuardedProcess(
            arguments: ["/bin/sh", "-c", "exec \"$0\" stats \"$(printf 'nope\\351.csv')\"", builtTool], folder: work,
            workingFolder: work
        ).run()
        #expect(missing.status == 66, "\(missing.error)")
        #expect(missing.error.contains("'nope\\xE9.csv'"), "\(missing.error)")
    }

    @Test("a frame named in Latin-1 is one frame of its folder: --order name reads it, --order time names it as \\xE9")
    func latin1Frame() throws {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The last frame renamed by the shell to 001275\xE9.png (issue 32: such a frame failed
        // the whole folder); the oracle is the film of the untouched folder.
        let film = dataset("films/crossfade")
        let make = GuardedProcess(
            arguments: [
                "/bin/sh", "-c", "cp -R \"$0\" frames && mv frames/001275.png \"frames/001275$(printf '\\351').png\"",
                film,
            ],
            folder: work, workingFolder: work
        ).run()
        try #require(make.status == 0, "\(make.error)")
        let renamed = runTool(["film", work + "/frames", "--order", "name"])
        let plain = runTool(["film", film, "--order", "name"])
        #expect(renamed.status == 0, "\(renamed.error)")
        #expect(renamed.output.split(separator: "\n").dropFirst() == plain.output.split(separator: "\n").dropFirst())
        let byTime = runTool(["film", work + "/frames"])
        #expect(byTime.status == 65)
        #expect(byTime.error.contains("frames/001275\\xE9.png: the name is not a time"), "\(byTime.error)")
    }

    // MARK: helpers

    private func mountSmallDisk(_ path: String, kilobytes: Int) -> Bool {
        runShell("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(path)' 2>/dev/null") == 0
    }

    private func runShell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every visible file of `folder` and its bytes.
    private func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }
}
