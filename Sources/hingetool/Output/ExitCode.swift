import HingeKit
internal import HingeSupport

/// Exit statuses, following BSD's sysexits.h as swift-argument-parser does.
enum ExitCode: Int32 {
    case success = 0
    /// A gate found something (`stats --strict`, `film --fail-on`): the only meaning of 1.
    case failure = 1
    /// EX_USAGE: the command line was wrong.
    case usage = 64
    /// EX_DATAERR: the input was read but is malformed.
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
    /// EX_IOERR: an output could not be written, a folder created or a helper (gnuplot,
    /// ffmpeg) run.
    case ioError = 74
}
