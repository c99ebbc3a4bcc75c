internal import HingeSupport

/// Why a frame or a film could not be read: the file it concerns and what was wrong.
public struct FrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in (for frames of different sizes, the later one).
    public var file: String
    /// The line in a text header (a plain PPM), when the problem has one.
    public var line: Int?
    /// The column (in bytes, from 1) on ``line``.
    public var column: Int?
    /// What was wrong, in words.
    public var message: String

    /// An error about `file`, optionally at a line and column of it.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` without a position.
    public var description: String {
        guard let line else { return "\(file): \(message)" }
        return InputLocation(file: file, line: line, column: column ?? 1).message(message)
    }
}
