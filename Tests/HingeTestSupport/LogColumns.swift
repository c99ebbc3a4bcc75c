import Foundation
import Testing

/// The time and angle columns of a real log's CSV (`Datasets/real/`), read here without
/// HingeKit's trace reader, so that tests restating a figure from the logs do not lean on the
/// code they check.
///
/// ```swift
/// let events = try LogColumns(dataset("real/fold8-public.csv"))
/// let fused = try LogColumns(dataset("real/fold8-fused.csv"))
/// let truth = fused.times(from: events.origin)   // on the public file's clock
/// ```
public struct LogColumns: Sendable {
    /// Seconds: from the file's own first row when it has a `time_ns` column (subtracted in
    /// whole nanoseconds, so no digit is lost), else the `time` column as written.
    public var times: [Double]
    /// The `angle` column, degrees.
    public var angles: [Double]
    /// The first row's `time_ns`, or nil for a file with `time` in seconds.
    public var origin: Int64?

    /// Reads `path`: `#` lines skipped, a header naming `time_ns` or `time`, and `angle`.
    /// A missing column or a cell that is not a number fails the test (`#require`).
    public init(_ path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        let nanoseconds = header.contains("time_ns")
        let timeColumn = try #require(header.firstIndex(of: nanoseconds ? "time_ns" : "time"))
        let angleColumn = try #require(header.firstIndex(of: "angle"))
        (times, angles, origin) = ([], [], nil)
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            let time = try #require(cells.indices.contains(timeColumn) ? cells[timeColumn] : nil)
            if nanoseconds {
                let ns = try #require(Int64(time))
                let zero = origin ?? ns
                origin = zero
                times.append(Double(ns - zero) / 1e9)
            } else {
                times.append(try #require(Double(time)))
            }
            let angle = try #require(cells.indices.contains(angleColumn) ? cells[angleColumn] : nil)
            angles.append(try #require(Double(angle)))
        }
    }

    /// The times in seconds from `zero` (a `time_ns` of another file of the same log, so that
    /// both lie on one clock); the times as they are when either file has no `time_ns`.
    public func times(from zero: Int64?) -> [Double] {
        guard let zero, let origin else { return times }
        let shift = Double(origin - zero) / 1e9
        return times.map { $0 + shift }
    }
}
