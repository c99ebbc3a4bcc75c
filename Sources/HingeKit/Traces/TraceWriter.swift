/// Writes hinge samples in the trace CSV format that ``TraceReader`` reads.
///
/// ```swift
/// var writer = TraceWriter()
/// var text = writer.header
/// text += writer.row(for: HingeSample(time: 0.5, angle: 112, status: .partiallyOpen))
/// ```
///
/// By default numbers are written in their shortest exact form, so a write followed by a read
/// gives back exactly the same `Double`s. Fixed decimals (``timeDecimals``,
/// ``angleDecimals``) make smaller, more readable files at the cost of rounding.
public struct TraceWriter: Hashable, Sendable {
    /// Names of extra columns written after `time,angle,status`.
    public var extraColumns: [String]
    /// Decimals for times (seconds); `nil` writes the shortest exact form.
    public var timeDecimals: Int?
    /// Decimals for angles (degrees); `nil` writes the shortest exact form.
    public var angleDecimals: Int?

    /// A writer; `nil` decimals write the shortest exact form.
    public init(extraColumns: [String] = [], timeDecimals: Int? = nil, angleDecimals: Int? = nil) {
        self.extraColumns = extraColumns
        self.timeDecimals = timeDecimals
        self.angleDecimals = angleDecimals
    }

    /// The header line, ending in a line feed.
    public var header: String {
        (["time", "angle", "status"] + extraColumns.map(Self.quoted)).joined(separator: ",") + "\n"
    }

    /// One row, ending in a line feed.
    ///
    /// - Parameters:
    ///   - sample: the sample; a `nil` angle or status is written as an empty field.
    ///   - extras: one text per ``extraColumns`` entry, quoted when needed.
    /// - Precondition: `extras.count == extraColumns.count`, and the time is finite.
    public func row(for sample: HingeSample, extras: [String] = []) -> String {
        precondition(extras.count == extraColumns.count, "one extra field per extra column")
        precondition(sample.time.isFinite, "trace times must be finite")
        var line = Self.number(sample.time, decimals: timeDecimals)
        line += ","
        if let angle = sample.angle {
            precondition(angle.isFinite, "trace angles must be finite")
            line += Self.number(angle, decimals: angleDecimals)
        }
        line += ","
        line += sample.status?.rawValue ?? ""
        for extra in extras {
            line += ","
            line += Self.quoted(extra)
        }
        line += "\n"
        return line
    }

    static func number(_ value: Double, decimals: Int?) -> String {
        guard let decimals else { return DecimalNumber.shortest(value) }
        return DecimalNumber.fixed(value, places: decimals)
    }

    /// Quotes a field that holds a comma, a quote, a `#` at its start, or surrounding spaces.
    package static func quoted(_ field: String) -> String {
        let needsQuotes =
            field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || field.first == "#" || field.first == " " || field.last == " "
        guard needsQuotes else { return field }
        var result = "\""
        for character in field {
            if character == "\"" { result += "\"\"" } else { result.append(character) }
        }
        return result + "\""
    }
}
