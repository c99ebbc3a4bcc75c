import FilmAnalysis
import Foundation
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool synth-film SCENE --out-dir DIR`: a synthetic film with ground truth.
    struct SynthFilm: Subcommand {
        static let spec = CommandSpec(
            name: "synth-film",
            abstract: "Write a synthetic film (PNG frames named by milliseconds) with its ground truth.",
            discussion: """
                Frames are written only when the picture changes, at irregular times, as \
                NNNNNN.png (the time in milliseconds) with truth.json beside them: the events \
                'hingetool film --events' must find, and the crossfade's blend per frame. The \
                late-motion scene also writes hinge.csv, the hinge trace filmed with it. The same \
                scene, seed and size give byte-identical files.

                Scenes: \(SyntheticFilm.Scene.allCases.map(\.rawValue).joined(separator: ", ")).
                """,
            arguments: [
                CommandSpec.Argument(
                    "scene", help: "The scene to film.", optional: true,
                    kind: .choice(SyntheticFilm.Scene.allCases.map(\.rawValue)),
                    wordHelp: Dictionary(
                        uniqueKeysWithValues: SyntheticFilm.Scene.allCases.map { ($0.rawValue, $0.summary) }))
            ],
            options: [
                outDirOption.helped("The folder to write into (created if missing).").required(),
                seed.option,
                width.option,
                height.option,
                list.option,
                rowFormatOption([.dat, .csv, .json, .jsonl]).helped(
                    "With --list, the scenes as aligned text (dat), comma-separated values, one JSON document or "
                        + "JSON Lines (the film itself is always PNG frames)."),
                forceOption,
            ],
            examples: [["cut", "--out-dir", "film"]])

        static let seed = OptionKey(
            ["--seed"], value: "n", help: "Seed of the random times.", anyWhole: 0...UInt64.max, default: 1)
        static let width = OptionKey(["--width"], value: "px", help: "Frame width.", in: 36...8192, default: 180)
        static let height = OptionKey(["--height"], value: "px", help: "Frame height.", in: 78...8192, default: 390)
        static let list = OptionKey(flag: ["--list"], help: "List the scenes and what they show.").standalone()

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            if arguments.isGiven(Self.list) { return try writeList(arguments, context: context) }
            // The frames are PNG whatever --format says: a format given without --list would do nothing.
            if arguments.isGiven(Keys.rowFormat) {
                throw .usage("'--format' goes with '--list'; the film is written as PNG frames")
            }
            guard let name = arguments.positionals.first else {
                throw .malformed("Missing expected argument '<scene>'")
            }
            let names = SyntheticFilm.Scene.allCases.map(\.rawValue)
            guard let scene = SyntheticFilm.Scene(rawValue: name) else {
                var message = "Unknown scene '\(name)'"
                if let suggestion = ArgumentParser.closest(to: name, among: names) {
                    message += ". Did you mean '\(suggestion)'?"
                }
                throw .usage(message + "; expected one of \(names.joined(separator: ", "))")
            }
            guard let folder = try arguments[Keys.outDir] else {
                throw .malformed("Missing expected option '--out-dir <dir>'")
            }
            let seed = try arguments[Self.seed]
            let width = Int(try arguments[Self.width])
            let height = Int(try arguments[Self.height])
            let film = SyntheticFilm(scene: scene, seed: seed, width: width, height: height)
            try write(film, to: folder, force: try arguments[Keys.force])
            context.write("wrote \(film.shots.count) frames and truth.json to \(Echo.comment(folder))\n")
        }

        /// `--list`'s columns in csv, json and jsonl (dat prints them aligned as text).
        static let listColumns: [RowWriter.Column] = [.init("scene"), .init("summary")]

        /// `--list`: the scenes and what each shows, aligned as text or as rows in csv, json or
        /// jsonl (docs/schemas/synth-film-list.json), on standard output.
        static func writeList(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let output = try OutputWriter(path: nil, context: context)
            let format = try RowWriter.format(arguments)
            if format == .dat {
                for scene in SyntheticFilm.Scene.allCases {
                    output.write(scene.rawValue + String(repeating: " ", count: max(1, 14 - scene.rawValue.count)))
                    output.write(scene.summary + "\n")
                }
            } else {
                let rows = RowWriter(format, columns: listColumns, output: output)
                rows.writeHeader(
                    CommentHeader("synth-film", options: ["--list"]), schema: "hingetool/synth-film-list/1")
                for scene in SyntheticFilm.Scene.allCases {
                    rows.add(word: scene.rawValue)
                    rows.add(word: scene.summary)
                    rows.endRow()
                }
                rows.finish()
            }
            try output.commit()
        }

        /// Writes the frames, truth.json and (for late motion) hinge.csv into `folder`, as an
        /// exclusive ``OutputSet``: an earlier film of synth-film there is replaced whole (its
        /// frames that this film does not reuse are removed); anything else in the folder stops
        /// the run before a frame is written, unless `force`.
        static func write(_ film: SyntheticFilm, to folder: String, force: Bool) throws(ToolError) {
            let names =
                film.shots.map { frameName($0.time) } + ["truth.json"] + (film.hinge.isEmpty ? [] : ["hinge.csv"])
            let set = try OutputSet(folder: folder, owner: "synth-film", names: names, force: force, exclusive: true)
            for shot in film.shots {
                guard let png = film.render(shot).pngData() else { throw .failure("libpng could not encode a frame") }
                try set.write(frameName(shot.time), png)
            }
            if !film.hinge.isEmpty {
                let writer = TraceWriter(timeDecimals: 3, angleDecimals: 0)
                let header = CommentHeader(
                    "synth-film", options: [film.scene.rawValue, "--seed", "\(film.seed)"],
                    summary: "the hinge, film clock")
                var text = header.text + writer.header
                for sample in film.hinge { text += writer.row(for: sample) }
                try set.write("hinge.csv", text)
            }
            try set.write("truth.json", truth(film).rendered() + "\n")
            try set.finish()
        }

        static func frameName(_ time: Int) -> String {
            let digits = String(time)
            return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
        }

        static func truth(_ film: SyntheticFilm) -> JSONValue {
            func event(_ event: FilmEvent, hinge: Bool) -> JSONValue {
                var members: [(String, JSONValue)] = [
                    ("kind", .string(event.kind.rawValue)), ("start_ms", .integer(event.start)),
                    ("end_ms", .integer(event.end)), ("frames", .integer(event.frames)),
                ]
                if !event.alphas.isEmpty { members.append(("alphas", .array(event.alphas.map(JSONValue.number)))) }
                if hinge { members.append(("needs_hinge", .bool(true))) }
                return .object(members)
            }
            var members: [(String, JSONValue)] = [
                ("scene", .string(film.scene.rawValue)), ("summary", .string(film.scene.summary)),
                ("seed", .integer(Int(film.seed))), ("width", .integer(film.width)), ("height", .integer(film.height)),
                ("frames_ms", .array(film.shots.map { .integer($0.time) })),
                (
                    "events",
                    .array(film.truth.map { event($0, hinge: false) } + film.hingeTruth.map { event($0, hinge: true) })
                ),
            ]
            if !film.hinge.isEmpty { members.append(("hinge", .string("hinge.csv"))) }
            return .object(members)
        }
    }
}
