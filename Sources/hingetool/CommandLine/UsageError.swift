import HingeKit

/// A usage mistake (exit 64), reported as `Error: …` and a pointer to `--help`.
///
/// Two kinds, told apart by ``isMalformed`` (docs/hingetool.md, "Errors"): a command line
/// whose words do not fit the command's shape (an unknown subcommand or option, a missing
/// value, a value given to a flag, an option given twice, a missing or extra argument, a
/// missing required option) also prints the usage block, since the shape is what is wrong;
/// any other mistake (a value outside its choices or range, options that clash, an output in
/// the way) prints its one line and `See 'hingetool SUB --help'.`, so that line stays on screen.
struct UsageError: Error, Equatable, Sendable {
    var message: String
    /// The words do not fit the command's shape: the usage block follows the message.
    var isMalformed = false

    init(message: String, malformed: Bool = false) {
        self.message = message
        self.isMalformed = malformed
    }

    /// A command line whose words do not fit the command's shape.
    static func malformed(_ message: String) -> UsageError { UsageError(message: message, malformed: true) }
}
