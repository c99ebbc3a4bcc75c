import Foundation
internal import HingeSupport

/// Text that goes into gnuplot scripts.
enum GnuplotText {
    /// `text` as a single-quoted gnuplot string that prints it literally and cannot run anything.
    ///
    /// Inside single quotes gnuplot expands nothing: no back-quoted commands, no `@` macros, no
    /// backslash escapes; `''` stands for one quote. So a title made from a file name or a CSV
    /// header keeps every printable character (with ``literal`` in the script, `_`, `^`, `@`
    /// and `{` are not enhanced-text markup either); only control characters, which would end
    /// the command, become `?`.
    static func quoted(_ text: String) -> String {
        var safe = ""
        for scalar in text.unicodeScalars {
            if scalar == "'" {
                safe += "''"
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                || scalar == "\u{2029}"
            {
                safe += "?"
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return "'" + safe + "'"
    }

    /// The line that makes every title, label and key entry print as written: enhanced text
    /// would read `_` and `^` in a file name as sub- and superscripts, `@` and `{` as markup.
    static let literal = "set termoption noenhanced\n"

    /// A key below the plot, outside the data, with a bottom margin that leaves it room under
    /// the axis label (gnuplot's own margin lets a key below overlap the label): `rows` is how
    /// many rows the key takes.
    static func keyBelow(rows: Int = 1) -> String {
        "set key below box\nset bmargin \(5 + rows)"
    }
}

/// Finding and running gnuplot.
enum Gnuplot {
    /// The gnuplot on `PATH`, or `nil`. `HINGETOOL_GNUPLOT` overrides the search (tests use it
    /// to stand for a machine without gnuplot).
    static func executable() -> String? {
        if let forced = ProcessInfo.processInfo.environment["HINGETOOL_GNUPLOT"] {
            return ExecutableSearch.isExecutable(forced) ? forced : nil
        }
        return ExecutableSearch.find("gnuplot")
    }

    /// Runs gnuplot on `script` (given on its standard input) in the folder of `set` (its
    /// staging folder when it has one), as a
    /// ``ChildProgram`` (its own process group, killed if the tool dies). The picture, when there
    /// is one, is drawn into a temporary file (removed on failure or any terminating signal) and
    /// renamed over `picture` in the set only when gnuplot succeeds. Returns what gnuplot printed.
    static func render(
        _ gnuplot: String, script: String, picture: String?, in set: OutputSet
    ) throws(ToolError) -> String {
        let folder = set.workingFolder
        var script = script
        var temporary: (path: String, slot: Int?)?
        if let picture {
            // The checks of the set (inputs, other outputs) before gnuplot draws anything.
            try set.claim(picture)
            let name = ".\(picture).\(getpid()).tmp"
            script = script.replacing("set output '\(picture)'", with: "set output '\(name)'")
            let path = "\(folder)/\(name)"
            temporary = (path, TemporaryFiles.register(path))
        }
        defer {
            if let temporary {
                unlink(FileName.native(temporary.path))
                TemporaryFiles.release(temporary.slot)
            }
        }
        let result = try ChildProgram.run(
            gnuplot, arguments: ["-"], convention: .plain, input: FileName.bytes(script), in: folder)
        guard result.status == 0 else {
            throw .failure(
                "gnuplot failed in \(Echo.quoted(set.folder, limit: 200)) (the previous picture is kept): "
                    + Echo.quoted(bytes: result.error, limit: 2000))
        }
        if let temporary, let picture {
            guard rename(FileName.native(temporary.path), FileName.native("\(folder)/\(picture)")) == 0 else {
                throw .failure(
                    "cannot write '\(Echo.quoted("\(set.folder)/\(picture)", limit: 200))': \(String(cString: strerror(errno)))"
                )
            }
        }
        return String(decoding: result.output, as: UTF8.self)
    }
}

/// Counts the lines of gnuplot data that hold data: not blank, not a `#` comment.
struct DataRowCounter {
    private(set) var rows = 0
    private var atLineStart = true

    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            if byte == 0x0A {
                atLineStart = true
            } else if atLineStart {
                atLineStart = false
                if byte != UInt8(ascii: "#") { rows += 1 }
            }
        }
    }
}
