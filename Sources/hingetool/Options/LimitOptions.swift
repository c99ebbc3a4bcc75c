import HingeKit

/// The options that bound a command's memory and work, and the checks that apply them before
/// the work starts (docs/performance.md, "Resource policy").
extension HingeTool {
    /// Inputs a command reads whole (`poses`, `fold-render --image`) stop here.
    static let defaultMaxBytes = 67_108_864

    static let maxBytesOption = CommandSpec.Option(
        ["--max-bytes"], value: "n", help: "Refuse an input longer than this (it is read whole into memory).",
        default: "67108864")

    /// `--max-bytes`, checked: a whole number from 1 to 2⁴⁰.
    static func inputLimit(_ arguments: ParsedArguments) throws(ToolFailure) -> Int {
        try wholeNumber(arguments, "max-bytes", in: 1...(1 << 40)) ?? defaultMaxBytes
    }

    /// The most grid points (rows of output, samples of a filter) one command computes.
    static let defaultMaxPoints = 10_000_000

    static let maxPointsOption = CommandSpec.Option(
        ["--max-points"], value: "n", help: "Refuse a grid of more points than this (duration × rate).",
        default: "10000000")

    /// `--max-points`, checked: a whole number from 1 to 2⁴⁰.
    static func pointLimit(_ arguments: ParsedArguments) throws(ToolFailure) -> Int {
        try wholeNumber(arguments, "max-points", in: 1...(1 << 40)) ?? defaultMaxPoints
    }

    /// Refuses a grid over `duration` seconds at `rate` per second that would hold more than
    /// `limit` points, before any of it is computed: exit 65, naming the data and the limit.
    static func checkGrid(
        duration: Double, rate: Double, limit: Int, file: String, what: String = "the grid"
    ) throws(ToolFailure) {
        let points = (duration * rate).rounded(.down) + 1
        guard points.isFinite, points <= Double(limit) else {
            throw .data(
                "\(file): \(what) over \(DecimalNumber.shortest(duration)) s at \(DecimalNumber.shortest(rate)) Hz "
                    + "would hold \(points.isFinite ? DecimalNumber.shortest(points) : "too many") points, more than "
                    + "the limit of \(limit) (raise it with '--max-points', or lower '--rate')")
        }
    }

    /// A whole-number option, checked against `range`.
    static func wholeNumber(
        _ arguments: ParsedArguments, _ key: String, in range: ClosedRange<Int>
    ) throws(ToolFailure) -> Int? {
        guard let text = arguments.value(key) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "The value '\(Echo.quoted(text))' is invalid for '--\(key)': expected a whole number "
                    + "\(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }
}
