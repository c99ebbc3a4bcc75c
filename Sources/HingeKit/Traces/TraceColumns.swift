internal import HingeSupport

/// Which columns of a trace hold the time, the angle and the status, and in which units.
///
/// Names are matched without regard to case: time is `time` or `t` (seconds), `time_ms`
/// (milliseconds), `time_us` or `time_ns` (integer micro- or nanoseconds, read exactly) or
/// `seconds_elapsed` (seconds, may be negative); the angle is `angle` or `angle_deg` (degrees) or `angle_rad` (radians);
/// `status` is optional. Every other column is an *extra* column: ignored by default, kept as
/// text when ``TraceReadOptions/keepsExtraColumns`` is set (synthetic traces carry
/// `true_angle` and `true_velocity` this way).
public struct TraceColumns: Hashable, Sendable {
    /// The unit of the time column.
    public enum TimeUnit: Hashable, Sendable {
        /// `time` or `t` are seconds, `time_ms` milliseconds.
        case seconds, milliseconds
        /// `time_us`: integer microseconds, read exactly (see ``TraceReader/integerTimeOrigin``).
        case microseconds
        /// `time_ns`: integer nanoseconds, read exactly — Android's `SensorEvent.timestamp`.
        case nanoseconds
        /// `seconds_elapsed`: seconds since a recorder's start button, negative for samples
        /// recorded before it was pressed.
        case secondsElapsed

        /// Seconds per unit.
        public var scale: Double {
            switch self {
            case .seconds, .secondsElapsed: 1
            case .milliseconds: 0.001
            case .microseconds: 0.000_001
            case .nanoseconds: 0.000_000_001
            }
        }

        /// Units per second: 1, 1000, 10⁶ or 10⁹, each exact in a `Double`. Dividing an exact
        /// count by it rounds once, to the `Double` nearest the decimal the count spells (3 ns
        /// is the `Double` written `3e-09`; multiplying by ``scale`` would give 3.0000000000000004e-09).
        public var perSecond: Double {
            switch self {
            case .seconds, .secondsElapsed: 1
            case .milliseconds: 1000
            case .microseconds: 1_000_000
            case .nanoseconds: 1_000_000_000
            }
        }

        /// Whether the column holds integers read exactly and measured from the first row.
        public var isInteger: Bool { self == .microseconds || self == .nanoseconds }

        /// The unit's name in messages.
        public var name: String {
            switch self {
            case .seconds, .secondsElapsed: "seconds"
            case .milliseconds: "milliseconds"
            case .microseconds: "integer microseconds"
            case .nanoseconds: "integer nanoseconds"
            }
        }

        static func of(columnName key: String) -> TimeUnit? {
            switch key {
            case "time", "t": .seconds
            case "time_ms": .milliseconds
            case "time_us": .microseconds
            case "time_ns": .nanoseconds
            case "seconds_elapsed": .secondsElapsed
            default: nil
            }
        }
    }

    /// The unit of the angle column.
    public enum AngleUnit: Hashable, Sendable {
        /// `angle` or `angle_deg` are degrees, `angle_rad` radians.
        case degrees, radians

        /// Degrees per unit.
        public var scale: Double { self == .degrees ? 1 : 180 / Double.pi }
    }

    /// Every column name as written in the header, trimmed and unquoted.
    public var names: [String]
    /// The position of the time column.
    public var time: Int
    /// The time column's unit.
    public var timeUnit: TimeUnit
    /// The position of the angle column.
    public var angle: Int
    /// The angle column's unit.
    public var angleUnit: AngleUnit
    /// The position of the status column, if there is one.
    public var status: Int?
    /// The positions of the extra columns, in header order.
    public var extras: [Int]

    /// The names of the extra columns, in the order of ``TraceRecord/extraFields``.
    public var extraNames: [String] { extras.map { names[$0] } }

    /// Where the extra column called `name` (any letter case) sits in
    /// ``TraceRecord/extraFields``.
    public func extraPosition(named name: String) -> Int? {
        let wanted = name.lowercased()
        return extras.firstIndex { names[$0].lowercased() == wanted }
    }

    /// Recognises the columns of a header.
    ///
    /// - Parameter names: the header's fields, trimmed.
    /// - Returns: the columns, or the header problem as a kind, a message and the offending
    ///   field's position (`nil` when the whole header is at fault).
    /// The names found, each through the echo rule and at most 12 of them: a header may hold
    /// thousands of columns (64 KiB of them), and escape sequences.
    static func listed(_ names: [String]) -> String {
        let shown = 12
        let list = names.prefix(shown).map { Echo.quoted($0) }.joined(separator: ", ")
        return names.count > shown ? list + " and \(names.count - shown) more" : list
    }

    static func recognise(_ names: [String]) -> Result<TraceColumns, HeaderError> {
        var time: (index: Int, unit: TimeUnit)?
        var angle: (index: Int, unit: AngleUnit)?
        var status: Int?
        var extras: [Int] = []
        var seen: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            let key = name.lowercased()
            guard !key.isEmpty else {
                return .failure(
                    HeaderError(
                        kind: .emptyColumnName, field: index,
                        message: "column \(index + 1) of the header has no name"))
            }
            if let earlier = seen[key] {
                return .failure(
                    HeaderError(
                        kind: .duplicateColumn, field: index,
                        message:
                            "column '\(Echo.quoted(name))' appears twice (columns \(earlier + 1) and \(index + 1))"))
            }
            seen[key] = index
            switch key {
            case "time", "t", "time_ms", "time_us", "time_ns", "seconds_elapsed":
                if let other = time {
                    return .failure(
                        HeaderError(
                            kind: .duplicateColumn, field: index,
                            message: "two time columns, '\(names[other.index])' and '\(name)'; keep one"))
                }
                time = (index, TimeUnit.of(columnName: key) ?? .seconds)
            case "angle", "angle_deg", "angle_rad":
                if let other = angle {
                    return .failure(
                        HeaderError(
                            kind: .duplicateColumn, field: index,
                            message: "two angle columns, '\(names[other.index])' and '\(name)'; keep one"))
                }
                angle = (index, key == "angle_rad" ? .radians : .degrees)
            case "status":
                status = index
            default:
                extras.append(index)
            }
        }
        let found = listed(names)
        guard let time else {
            return .failure(
                HeaderError(kind: .missingColumn, field: nil, message: "no 'time' column; found: \(found)"))
        }
        guard let angle else {
            return .failure(
                HeaderError(kind: .missingColumn, field: nil, message: "no 'angle' column; found: \(found)"))
        }
        return .success(
            TraceColumns(
                names: names, time: time.index, timeUnit: time.unit, angle: angle.index,
                angleUnit: angle.unit, status: status, extras: extras))
    }

    struct HeaderError: Error {
        var kind: TraceError.Kind
        var field: Int?
        var message: String
    }
}
