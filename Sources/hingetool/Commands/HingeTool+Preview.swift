import EffectPreview
import Foundation
import Frames
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
                effect.option,
                compare.option,
                rate.option,
                reduceMotion.option,
                responsiveness.option,
                size.option,
                outDir.option,
                output.option,
                maxRowsOption, maxPointsOption, forceOption,
            ],
            examples: [
                [
                    "Datasets/flat-to-laptop.csv", "--out-dir", "frames", "--rate", "2", "--size", "64", "--compare",
                    "raw",
                ]
            ])

        static let effect = OptionKey(
            ["--effect"], value: "effect", help: "The effect to draw.", default: PreviewEffect.bloom)
        static let compare = OptionKey<String?>(
            ["--compare"], value: "lanes",
            help: "Lanes, comma separated: raw, smooth, android, hingekit (default: all four).")
        static let rate = OptionKey(
            ["--rate"], value: "hz", help: "Frames per second (the frame count is held to --max-points).",
            in: HingeTool.rateRange, default: 50)
        static let reduceMotion = OptionKey(flag: ["--reduce-motion"], help: "Run every lane under Reduce Motion.")
        static let responsiveness = OptionKey(
            ["--responsiveness"], value: "r", help: "The HingeKit lane's UnfoldDriver responsiveness.",
            in: 0...1, default: UnfoldDriver.Configuration.defaultResponsiveness)
        static let size = OptionKey(
            ["--size"], value: "pixels", help: "The side of a panel.", whole: 64...1024, default: 240)
        static let outDir = OptionKey<String?>(
            ["--out-dir"], value: "dir", kind: .directory, help: "Write the PNG frames into this folder.")
        static let output = OptionKey<String?>(
            ["-o", "--output"], value: "file", kind: .outputFile,
            help: "Write a GIF or an MP4 (by its extension).")

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            guard let path = arguments.positionals.first else {
                throw .malformed("Missing expected argument '<trace>'")
            }
            let effect = try arguments[Self.effect]
            let lanes = try lanes((try arguments[Self.compare]))
            let rate = try arguments[Self.rate]
            let size = try arguments[Self.size]
            let responsiveness = try arguments[Self.responsiveness]
            let output = try arguments[Self.output]
            let folder = try arguments[Self.outDir]
            switch (output, folder) {
            case (nil, nil): throw .malformed("Missing expected option '-o <file>' or '--out-dir <dir>'")
            case (.some, .some): throw .usage("'-o' and '--out-dir' cannot be used together")
            default: break
            }
            let format = try output.map { file throws(ToolError) in try videoFormat(file) }
            let (samples, _) = try Score.loadWithOptionalTruth(
                path, context: context, rowLimit: try rowLimit(arguments))
            guard !samples.isEmpty else { throw .data("\(ToolContext.displayName(path)): the trace has no rows") }
            // Every frame is drawn: sized before any is (from the first sample to half a second
            // after the last, as EffectPreview.frameTimes counts them).
            if let first = samples.first?.time, let last = samples.last?.time {
                try checkGrid(
                    duration: last - first + 0.5, rate: rate, limit: min(try pointLimit(arguments), frameLimit),
                    file: ToolContext.displayName(path), what: "the preview",
                    remedy: "a preview draws at most \(frameLimit) frames: lower '--rate' or cut the trace")
            }
            let preview = try EffectOptions.checked(["responsiveness": "'--responsiveness'"]) {
                () throws(EffectParameterError) in
                try EffectPreview(
                    effect: effect, lanes: lanes, reduceMotion: arguments.isGiven(Self.reduceMotion), panelSize: size,
                    responsiveness: responsiveness)
            }
            var refused = RefusedSamples()
            if let folder {
                refused = try writeFrames(preview, samples, rate: rate, into: folder, force: try arguments[Keys.force])
            } else if let output, let format {
                refused = try encode(preview, samples, rate: rate, format: format, to: output)
            }
            Score.warnRefused(refused, path: path, context: context)
        }

        /// The most frames one preview draws (33 minutes at 50 fps): every frame is drawn with
        /// Cairo and encoded, so a trace with a long gap is refused before the first one.
        static let frameLimit = 100_000

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
                // A lane named twice would draw the same panel twice (issue 32: accepted silently).
                guard !lanes.contains(lane) else {
                    throw .usage(
                        "The value '\(Echo.quoted(text))' is invalid for '--compare': '\(lane.rawValue)' is named twice"
                    )
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

        /// Writes every frame as `DIR/NNNNNN.png` (milliseconds) as an exclusive ``OutputSet``:
        /// an earlier preview there is replaced whole; anything else in the folder stops the
        /// run before a frame is written, unless `force`.
        static func writeFrames(
            _ preview: EffectPreview, _ samples: [HingeSample], rate: Double, into folder: String, force: Bool
        ) throws(ToolError) -> RefusedSamples {
            guard !folder.isEmpty else { throw .usage("'--out-dir' needs a folder name") }
            let names = preview.frameTimes(for: samples, rate: rate).map(frameName)
            let set = try OutputSet(folder: folder, owner: "preview", names: names, force: force, exclusive: true)
            let refused = try preview.render(samples, rate: rate) { (milliseconds, frame) throws(ToolError) in
                guard let png = frame.pngData() else { throw .failure("libpng could not encode a frame") }
                try set.write(frameName(milliseconds), png)
            }
            try set.finish()
            return refused
        }

        /// Has ffmpeg encode the frames `frames/000000.png`… at `rate` as `format` in that folder;
        /// returns the file it wrote. `output` names the result in messages.
        static func runFFmpeg(
            _ ffmpeg: String, frames folder: String, rate: Double, format: VideoFormat, output: String
        ) throws(ToolError) -> String {
            // The frames' pattern and the result are files (file:), as every name handed to ffmpeg is.
            let frames: [ChildProgram.Argument] = [
                "-nostdin", "-v", "error", "-framerate", .word(DecimalNumber.shortest(rate)), "-f", "image2", "-i",
                .file(folder + "/%06d.png"),
            ]
            func run(_ arguments: [ChildProgram.Argument]) throws(ToolError) {
                let result = try ChildProgram.run(ffmpeg, arguments: arguments, convention: .ffmpeg, limit: 65_536)
                guard result.status == 0 else {
                    throw .failure(
                        "\(Echo.quoted(output, limit: 200)): ffmpeg failed (status \(result.status)): "
                            + (FFmpegMessage.summary(bytes: result.error) ?? "it printed no reason"))
                }
            }
            let encoded = folder + "/preview." + format.rawValue
            switch format {
            case .gif:
                // One palette for the whole film, made from its own frames, in two passes over the
                // frames on disk: `split` into `palettegen` in one pass held every frame in ffmpeg
                // until the palette was done (1.1 MB a frame, issue 32); each pass streams.
                let palette = folder + "/palette.png"
                try run(
                    frames + [
                        "-vf", "palettegen=stats_mode=full", "-frames:v", "1", "-update", "1", "-f", "image2",
                        .file(palette),
                    ])
                try run(
                    frames + [
                        "-i", .file(palette), "-lavfi", "[0:v][1:v]paletteuse=dither=sierra2_4a", "-loop", "0", "-f",
                        "gif", .file(encoded),
                    ])
            case .mp4:
                try run(
                    frames + [
                        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4",
                        .file(encoded),
                    ])
            }
            return encoded
        }

        /// Copies the file ffmpeg wrote into `file` a megabyte at a time (a long GIF is not held whole).
        static func copy(
            _ encoded: String, to file: FileOutput, shownAs output: String, format: VideoFormat
        ) throws(ToolError) {
            let source = open(FileName.native(encoded), O_RDONLY | O_CLOEXEC)
            guard source >= 0 else {
                throw .failure(
                    "ffmpeg wrote no \(format.rawValue.uppercased()) for '\(Echo.quoted(output, limit: 200))'")
            }
            defer { close(source) }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let (got, error) = chunk.withUnsafeMutableBytes { DescriptorIO.readSome(source, into: $0) }
                guard error == 0 else {
                    throw .failure(
                        "cannot read ffmpeg's \(format.rawValue.uppercased()): \(String(cString: strerror(error)))")
                }
                if got == 0 { return }
                guard chunk.withUnsafeBufferPointer({ file.write(UnsafeBufferPointer(rebasing: $0[..<got])) }) else {
                    throw .failure(
                        "cannot write '\(Echo.quoted(output, limit: 200))': \(String(cString: strerror(errno)))")
                }
            }
        }

        /// `001234.png` for 1234 ms.
        static func frameName(_ milliseconds: Int) -> String {
            let digits = String(milliseconds)
            return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
        }

        /// Renders the frames through the PNG writer into a temporary folder (removed on every
        /// exit and signal), has ffmpeg (a ``ChildProgram``, dying with the tool) encode them
        /// there, and writes the result to `output` atomically.
        static func encode(
            _ preview: EffectPreview, _ samples: [HingeSample], rate: Double, format: VideoFormat, to output: String
        ) throws(ToolError) -> RefusedSamples {
            // The output is opened first, before ffmpeg is looked for and a frame is drawn: a missing or unwritable folder stops
            // the run at once, not after minutes of rendering (issue 32).
            let file = try FileOutput(path: output)
            var committed = false
            defer { if !committed { file.abandon() } }
            guard let ffmpeg = ExecutableSearch.find("ffmpeg") else {
                throw .failure(
                    "ffmpeg (needed to encode \(format.rawValue.uppercased())) is not on PATH. Install it (make deps), "
                        + "or write the frames with '--out-dir DIR'")
            }
            let folder = try TemporaryFolder(purpose: "preview")
            var index = 0
            let refused = try preview.render(samples, rate: rate) { (_, frame) throws(ToolError) in
                guard let png = frame.pngData() else { throw .failure("libpng could not encode a frame") }
                try AtomicFile.replace(folder.path + "/" + frameName(index), with: png)
                index += 1
            }
            let encoded = try runFFmpeg(ffmpeg, frames: folder.path, rate: rate, format: format, output: output)
            try copy(encoded, to: file, shownAs: output, format: format)
            committed = true
            try file.commit()
            return refused
        }
    }
}

/// `preview --effect`'s choices are the effects the preview draws.
extension PreviewEffect: OptionChoice {
    var help: String {
        switch self {
        case .bloom: "nine petals fanned by the bloom"
        case .lean: "a ticket stub leaning by the lean"
        case .unfold: "Android's unfold progress as a bar and a fold"
        case .glass: "frosted glass over an interface, tilted by the fold"
        }
    }
}
