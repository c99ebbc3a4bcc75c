import HingeKit
internal import HingeSupport

/// The `#` lines that open a command's output: what made it (`hingetool read trace.csv
/// --rate 120`), then notes. Every command that writes such lines builds them here, so one
/// rule keeps each line one line: the source's name goes through ``Echo/comment(_:)`` and a
/// note's control characters are escaped, so a newline in a file name (or in a sensor's name
/// read from a file) cannot end the comment and start a data row.
///
/// ```swift
/// var header = CommentHeader("resample", source: path, options: ["--rate", "100"])
/// header.add("3 rows without an angle skipped")
/// output.write(header.text)   // # hingetool resample trace.csv --rate 100\n# 3 rows …\n
/// ```
///
/// JSON outputs carry the same lines (``provenance`` and ``notes``) with ``version``, the
/// tool's version, beside them.
struct CommentHeader: Sendable {
    /// The first line without its `# `: the command line, and a summary after `: ` if any.
    let provenance: String
    /// The lines after the first, without their `# `.
    private(set) var notes: [String] = []

    /// The version that made the output, ``HingeTool/version``.
    var version: String { HingeTool.version }

    /// `hingetool command source options…: summary`; the source is a file name as typed.
    init(_ command: String, source: String? = nil, options: [String] = [], summary: String? = nil) {
        var line = "hingetool " + command
        if let source { line += " " + Echo.comment(source) }
        for option in options { line += " " + Self.oneLine(option) }
        if let summary { line += ": " + Self.oneLine(summary) }
        provenance = line
    }

    /// Adds a line below the first (nothing for `nil`).
    mutating func add(_ note: String?) {
        if let note { notes.append(Self.oneLine(note)) }
    }

    /// Every line, each as `# line\n`.
    var text: String {
        ([provenance] + notes).map { "# " + $0 + "\n" }.joined()
    }

    /// `line` with its control characters escaped (`\x0A` for a newline), nothing else
    /// changed: text that went through ``Echo`` already keeps its escapes.
    static func oneLine(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isControl) else { return line }
        var result = ""
        for scalar in line.unicodeScalars {
            if isControl(scalar) {
                result += Echo.quoted(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
