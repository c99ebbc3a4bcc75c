import HingeKit

/// A usage mistake, reported as `Error: …`, the usage line and a pointer to `--help`.
struct UsageError: Error, Equatable, Sendable {
    var message: String
}
