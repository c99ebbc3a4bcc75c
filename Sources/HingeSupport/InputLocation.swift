/// A place in an input that a message points to, written `file:line:column` as compilers write
/// it, so that editors and terminals can jump there: the one form every located error of
/// HingeKit, FilmAnalysis and hingetool takes.
///
/// ```swift
/// InputLocation(file: "trace.csv", line: 12, column: 7).message("'abc' is not a number")
/// // "trace.csv:12:7: 'abc' is not a number"
/// ```
package struct InputLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the message names it (a display name, `<stdin>`, or the path given).
    package var file: String
    /// The line, counting from 1.
    package var line: Int
    /// The column, counting from 1 (1 when the message concerns the whole line).
    package var column: Int

    /// A place in `file`; `column` 1 when the message concerns the whole line.
    package init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    package var description: String { "\(file):\(line):\(column)" }

    /// `file:line:column: message`.
    package func message(_ text: String) -> String { "\(description): \(text)" }
}
