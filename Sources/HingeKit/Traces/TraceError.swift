internal import HingeSupport

/// A problem in a hinge trace, located by file, line and column.
///
/// ```swift
/// do { try reader.next() } catch { print(error) }  // flat.csv:12:7: angle 'abc' is not a number
/// ```
///
/// Lines count from 1 and include comment and blank lines, so they match what an editor shows.
/// Columns count bytes from 1, after any byte-order mark, and point at the start of the field
/// at fault (or just past the end of the line when a field is missing).
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem, for code that wants to react to one in particular.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file is empty or holds no header.
        case emptyFile
        /// Bytes that are not UTF-8, or UTF-16 text.
        case notUTF8
        /// A NUL byte: binary data.
        case binaryData
        /// A carriage return inside a line.
        case strayCarriageReturn
        /// A line longer than the limit.
        case lineTooLong
        /// A quoted field not closed on its line.
        case unterminatedQuote
        /// Text after a closing quote.
        case textAfterQuote
        /// A header column without a name.
        case emptyColumnName
        /// A column named twice, or two time or angle columns.
        case duplicateColumn
        /// No time or no angle column.
        case missingColumn
        /// A column whose name gives a unit other than the one the reader was told
        /// (``TraceReadOptions/angleUnit``).
        case conflictingUnit
        /// No accepted data row.
        case noRows
        /// A row with more or fewer fields than the header.
        case raggedRow
        /// An empty time.
        case emptyValue
        /// Text that is not a plain decimal number.
        case invalidNumber
        /// NaN, infinity, or a number too large for a Double.
        case notFinite
        /// An angle outside the accepted range.
        case outOfRange
        /// A status that names none of the three.
        case invalidStatus
        /// A time earlier than the previous row's.
        case timeGoesBackwards
        /// A time equal to the previous row's.
        case duplicateTime
        /// The byte source failed.
        case unreadable
    }

    /// The file name as given to the reader, or `nil` for unnamed input.
    public var file: String?
    /// 1-based line number.
    public var line: Int
    /// 1-based byte column.
    public var column: Int
    /// What went wrong, for code.
    public var kind: Kind
    /// A sentence a person can act on, without the location.
    public var message: String

    /// An error at `file:line:column`.
    public init(file: String?, line: Int, column: Int, kind: Kind, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.message = message
    }

    /// `file:line:column: message`, the form compilers use, so editors can jump to it.
    public var description: String {
        InputLocation(file: file ?? "<stdin>", line: line, column: column).message(message)
    }
}
