import Foundation
import HingeSupport
import HingeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `TMPDIR` is a name of bytes like any other (issue 32): a Latin-1 `TMPDIR` (a folder the test
/// makes in its own temporary folder) must hold the tool's temporary folders, and every
/// command that makes temporary files — `preview -o X.gif|X.mp4` (its frames in a folder under
/// `TMPDIR`, ffmpeg as a child), `film VIDEO --report` (ffmpeg's pipe, the thumbnails' anonymous
/// file, the YUV probe), `plot` (gnuplot's picture beside the output), `animate -o` (the spool)
/// and `-o` itself (a hidden file beside the target) — must succeed and leave nothing behind
/// there or beside its outputs. Before, `TMPDIR` was read as text (U+FFFD for the byte):
/// `preview -o X.gif` failed with "cannot create a temporary folder".
@Suite("A Latin-1 TMPDIR holds the tool's temporary files and is left empty")
struct TemporaryFolderNameTests {
    /// The names in `folder` (its bytes), without `.` and `..`.
    static func entries(_ folder: String) -> [[UInt8]] {
        guard let directory = opendir(FileName.native(folder)) else { return [[0x3F]] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test(
        "preview, film VIDEO --report, plot, animate and -o succeed under TMPDIR=…/t\\xE9mp and leave it empty", .slow)
    func latin1TemporaryFolder() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is needed")
        let folder = temporaryFolder()
        let temporary = folder + "/" + FileName.decode(Array("t".utf8) + [0xE9] + Array("mp".utf8))
        #expect(FileName.makeFolders(temporary) == 0)
        // The child's TMPDIR is set by its shell from the bytes (an environment given as
        // Swift strings would be UTF-8): `folder/t`, byte 0xE9, `mp`.
        func run(_ arguments: [String]) -> ChildRun {
            GuardedProcess(
                arguments: [
                    "/bin/sh", "-c", "TMPDIR=\"$1/t$(printf '\\351')mp\"; export TMPDIR; shift; exec \"$@\"", "sh",
                    folder,
                ] + arguments, folder: folder, timeLimit: 300
            ).run()
        }
        let trace = folder + "/trace.csv"
        #expect(runChild(["synth", "flat-to-laptop", "-o", trace], in: folder).status == 0)
        let video = folder + "/clip.mp4"
        try ChildProgramNameTests.clip(video, seconds: "1", source: "testsrc")
        let out = folder + "/out"
        #expect(FileName.makeFolders(out) == 0)
        let commands: [[String]] = [
            ["preview", trace, "--size", "64", "-o", out + "/preview.gif"],
            ["preview", trace, "--size", "64", "-o", out + "/preview.mp4"],
            ["film", video, "--report", out + "/report", "-o", out + "/film.dat"],
            ["plot", "trace", trace, "--out-dir", out + "/plots"],
            ["animate", trace, "-o", out + "/animate.dat"],
            ["stats", trace, "-o", out + "/stats.txt"],
        ]
        for command in commands {
            let result = run([builtTool] + command)
            #expect(result.status == 0, "\(command.prefix(2)): \(result.error)")
            #expect(Self.entries(temporary) == [], "\(command.prefix(2)) left something in TMPDIR")
        }
        // Only the outputs asked for, no hidden or temporary file beside them.
        let written = Self.entries(out).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            written == ["animate.dat", "film.dat", "plots", "preview.gif", "preview.mp4", "report", "stats.txt"],
            "\(written)")
        // A folder's only hidden entry is its owner's manifest (OutputSet), no staging folder.
        for (sub, owner) in [("report", "film-report"), ("plots", "plot-trace-trace")] {
            let names = Self.entries(out + "/" + sub).map { String(decoding: $0, as: UTF8.self) }
            #expect(
                names.count > 1 && names.filter { $0.hasPrefix(".") } == [".hingetool-" + owner], "\(sub): \(names)")
        }
    }
}
