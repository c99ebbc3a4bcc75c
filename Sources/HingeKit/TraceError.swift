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
        case emptyFile
        case notUTF8
        case binaryData
        case strayCarriageReturn
        case lineTooLong
        case unterminatedQuote
        case textAfterQuote
        case emptyColumnName
        case duplicateColumn
        case missingColumn
        case noRows
        case raggedRow
        case emptyValue
        case invalidNumber
        case notFinite
        case outOfRange
        case invalidStatus
        case timeGoesBackwards
        case duplicateTime
        case unreadable
    }

    /// The file name as given to the reader, or `nil` for unnamed input.
    public var file: String?
    /// 1-based line number.
    public var line: Int
    /// 1-based byte column.
    public var column: Int
    public var kind: Kind
    /// A sentence a person can act on, without the location.
    public var message: String

    public init(file: String?, line: Int, column: Int, kind: Kind, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.message = message
    }

    /// `file:line:column: message`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file ?? "<stdin>"):\(line):\(column): \(message)" }
}
