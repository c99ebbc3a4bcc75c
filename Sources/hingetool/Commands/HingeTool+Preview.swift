import EffectPreview
import FilmAnalysis
import Foundation
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool preview TRACE --effect NAME -o OUT.gif`: an effect driven by a trace, drawn
    /// frame by frame, its lanes side by side.
    struct Preview: Subcommand {
        static let spec = CommandSpec(
            name: "preview",
            abstract: "Render an effect driven by a trace as a film: lanes side by side, labelled.",
            discussion: """
                Each frame draws the effect (bloom: nine petals fanned over 160° × bloom; lean: \
                a ticket stub leaning back by the lean; unfold: the fold and a progress bar; \
                glass: an interface through the frosted glass tilted by a third of the fold) in \
                one panel per lane, with Cairo: the raw angle ('raw'), SwiftUI's .smooth \
                retargeted on every report ('smooth'), Android's unfold spring, stiffness 600 \
                ('android'), and HingeKit's UnfoldDriver ('hingekit'). --reduce-motion runs \
                every lane under Reduce Motion. -o FILE.gif or FILE.mp4 encodes the frames \
                with ffmpeg (a GIF through a generated palette); --out-dir DIR writes the PNG \
                frames named by milliseconds (001234.png), as 'hingetool film' reads them. \
                Frames run from the first sample to half a second after the last. See \
                docs/preview.md.
                """,
            arguments: [CommandSpec.Argument("trace", help: "A trace CSV, or '-' for standard input.")],
            options: [
                CommandSpec.Option(
                    ["--effect"], value: "name", help: "The effect to draw.", default: "bloom",
                    allowed: PreviewEffect.allCases.map(\.rawValue)),
                CommandSpec.Option(
                    ["--compare"], value: "lanes",
                    help: "Lanes, comma separated: raw, smooth, android, hingekit (default: all four)."),
                CommandSpec.Option(["--rate"], value: "hz", help: "Frames per second, 1…240.", default: "50"),
                CommandSpec.Option(["--reduce-motion"], help: "Run every lane under Reduce Motion."),
                CommandSpec.Option(
                    ["--responsiveness"], value: "r", help: "The HingeKit lane's UnfoldDriver responsiveness, 0…1.",
                    default: "0.8"),
                CommandSpec.Option(["--size"], value: "pixels", help: "The side of a panel, 64…1024.", default: "240"),
                CommandSpec.Option(["--out-dir"], value: "dir", help: "Write the PNG frames into this folder."),
                CommandSpec.Option(
                    ["-o", "--output"], value: "file", help: "Write a GIF or an MP4 (by its extension)."),
                maxRowsOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            guard let path = arguments.positionals.first else { throw .usage("Missing expected argument '<trace>'") }
            let effect = PreviewEffect(rawValue: arguments.declaredValue("effect")) ?? .bloom
            let lanes = try lanes(arguments.value("compare"))
            let rate = try declaredNumber(arguments, "rate", in: 1...240)
            let size = try declaredWholeNumber(arguments, "size", in: 64...1024)
            let responsiveness = try declaredNumber(arguments, "responsiveness", in: 0...1)
            let output = arguments.value("output")
            let folder = arguments.value("out-dir")
            switch (output, folder) {
            case (nil, nil): throw .usage("Missing expected option '-o <file>' or '--out-dir <dir>'")
            case (.some, .some): throw .usage("'-o' and '--out-dir' cannot be used together")
            default: break
            }
            let format = try output.map { file throws(ToolError) in try videoFormat(file) }
            let (samples, _) = try Score.loadWithOptionalTruth(
                path, context: context, rowLimit: try rowLimit(arguments))
            guard !samples.isEmpty else { throw .data("\(ToolContext.displayName(path)): the trace has no rows") }
            let preview = EffectPreview(
                effect: effect, lanes: lanes, reduceMotion: arguments.has("reduce-motion"), panelSize: size,
                responsiveness: responsiveness)
            if let folder {
                try writeFrames(preview, samples, rate: rate, into: folder)
            } else if let output, let format {
                try encode(preview, samples, rate: rate, format: format, to: output)
            }
        }

        /// The lanes `--compare` names, in its order.
        static func lanes(_ text: String?) throws(ToolError) -> [PreviewLane] {
            guard let text else { return PreviewLane.defaults }
            var lanes: [PreviewLane] = []
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let lane = PreviewLane(rawValue: String(name).trimmingCharacters(in: .whitespaces)) else {
                    var message =
                        "The value '\(Echo.quoted(String(name)))' is invalid for '--compare': expected "
                        + PreviewLane.allCases.map(\.rawValue).joined(separator: ", ")
                    if let close = ArgumentParser.closest(to: String(name), among: PreviewLane.allCases.map(\.rawValue))
                    {
                        message += ". Did you mean '\(close)'?"
                    }
                    throw .usage(message)
                }
                lanes.append(lane)
            }
            return lanes
        }

        enum VideoFormat: String { case gif, mp4 }

        static func videoFormat(_ file: String) throws(ToolError) -> VideoFormat {
            let lower = file.lowercased()
            if lower.hasSuffix(".gif") { return .gif }
            if lower.hasSuffix(".mp4") { return .mp4 }
            throw .usage("'-o \(Echo.quoted(file))': expected a .gif or .mp4 file (or '--out-dir DIR' for PNG frames)")
        }

        /// Writes every frame as `DIR/NNNNNN.png` (milliseconds), each atomically.
        static func writeFrames(
            _ preview: EffectPreview, _ samples: [HingeSample], rate: Double, into folder: String
        )
            throws(ToolError)
        {
            try makeFolder(folder)
            try preview.render(samples, rate: rate) { (milliseconds, frame) throws(ToolError) in
                guard let png = frame.pngData() else { throw .failure("libpng could not encode a frame") }
                try AtomicFile.replace(folder + "/" + frameName(milliseconds), with: png)
            }
        }

        /// `001234.png` for 1234 ms.
        static func frameName(_ milliseconds: Int) -> String {
            let digits = String(milliseconds)
            return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
        }

        static func makeFolder(_ folder: String) throws(ToolError) {
            guard !folder.isEmpty else { throw .usage("'--out-dir' needs a folder name") }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                guard isFolder.boolValue else { throw .usage("'--out-dir \(Echo.quoted(folder))' is not a folder") }
                return
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .failure("cannot create '\(folder)': \(error.localizedDescription)")
            }
        }

        /// Renders the frames into a temporary folder through the PNG writer, has ffmpeg encode
        /// them to its standard output, and writes that atomically.
        static func encode(
            _ preview: EffectPreview, _ samples: [HingeSample], rate: Double, format: VideoFormat, to output: String
        ) throws(ToolError) {
            guard let ffmpeg = ExecutableSearch.find("ffmpeg") else {
                throw .failure(
                    "ffmpeg (needed to encode \(format.rawValue.uppercased())) is not on PATH. Install it (make deps), "
                        + "or write the frames with '--out-dir DIR'")
            }
            var template = Array((NSTemporaryDirectory() + "hingetool-preview-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                throw .failure("cannot create a temporary folder: \(String(cString: strerror(errno)))")
            }
            let folder = String(cString: made)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var index = 0
            try preview.render(samples, rate: rate) { (_, frame) throws(ToolError) in
                guard let png = frame.pngData() else { throw .failure("libpng could not encode a frame") }
                try AtomicFile.replace(folder + "/" + frameName(index), with: png)
                index += 1
            }
            var arguments = [
                "-nostdin", "-v", "error", "-framerate", DecimalNumber.shortest(rate), "-i", folder + "/%06d.png",
            ]
            switch format {
            case .gif:
                // One palette for the whole film, made from its own frames.
                arguments += [
                    "-filter_complex",
                    "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                    "-loop", "0", "-f", "gif",
                ]
            case .mp4:
                arguments += [
                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "frag_keyframe+empty_moov", "-f", "mp4",
                ]
            }
            let bytes = try run(ffmpeg, arguments + ["pipe:1"], describing: output)
            try AtomicFile.replace(output, with: bytes)
        }

        /// Runs `tool` and returns its standard output; a failure names its standard error.
        static func run(_ tool: String, _ arguments: [String], describing output: String) throws(ToolError) -> [UInt8] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            let out = Pipe()
            let errors = Pipe()
            process.standardOutput = out
            process.standardError = errors
            do {
                try process.run()
            } catch {
                throw .failure("cannot run \(tool): \(error.localizedDescription)")
            }
            // Standard error is read on another thread so neither pipe can fill and stall ffmpeg.
            let complaints = ComplaintBuffer()
            let finished = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                complaints.data = errors.fileHandleForReading.readDataToEndOfFile()
                finished.signal()
            }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            finished.wait()
            guard process.terminationStatus == 0 else {
                let message = String(decoding: complaints.data, as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                throw .failure("\(output): ffmpeg failed (status \(process.terminationStatus)): \(message)")
            }
            return [UInt8](data)
        }
    }
}

/// Standard error of a child, filled by a reader thread.
private final class ComplaintBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    var data: Data {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
