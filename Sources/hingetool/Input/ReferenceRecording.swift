import HingeAnalysis
import HingeKit

/// A reference recording of the same motion (`--truth`, e.g. Samsung's private fused angle from
/// `import logcat --stream fused`), as it was read: its angles at its times, how it is read
/// between them, and the origin of an integer time column.
struct ReferenceRecording {
    var times: [Double]
    var angles: [Double]
    var interpolation: GroundTruth.Interpolation
    /// Whether one of its comment lines before the header declares it change-triggered.
    var declaredChangeTriggered: Bool
    /// Its integer time column's first value in nanoseconds (`time_ns`, `time_us`), or `nil`.
    var integerOrigin: Int64?

    /// The comment line (before the header) that declares a recording change-triggered: it
    /// starts with these words, any letter case. `import logcat --stream fused` writes it.
    static let declaration = "change-triggered"

    /// The line `import logcat --stream fused` writes after its `#`.
    static let fusedDeclaration =
        "change-triggered: Samsung's fused angle moves in steps of 10° or more on a 40 ms grid; "
        + "a gap is a rest (score --truth-interpolation change)"

    /// Whether any of `comments` (a trace's leading comment lines, without `#`) declares it.
    static func declaresChangeTriggered(_ comments: [String]) -> Bool {
        comments.contains { $0.lowercased().hasPrefix(declaration) }
    }

    /// The ground truth for a trace whose integer time origin is `traceOrigin`. Integer time
    /// columns are measured from their own first row, so when both the trace and the reference
    /// have one, the reference is moved by the difference of their origins: both are then on
    /// the recorder's clock, as `--truth` promises. Otherwise the times are compared as read.
    func truth(traceOrigin: Int64?) -> GroundTruth {
        .reference(times: times(traceOrigin: traceOrigin), angles: angles, interpolation: interpolation)
    }

    /// The sample times on the trace's clock (``truth(traceOrigin:)``).
    func times(traceOrigin: Int64?) -> [Double] {
        guard let integerOrigin, let traceOrigin else { return times }
        let (difference, overflow) = integerOrigin.subtractingReportingOverflow(traceOrigin)
        guard !overflow else { return times }
        let offset = Double(difference) / 1e9
        return times.map { $0 + offset }
    }
}
