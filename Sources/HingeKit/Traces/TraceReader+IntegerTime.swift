extension TraceReader {
    /// The time of an integer (`time_ns`, `time_us`) field in seconds from the first row's.
    func integerTime(
        _ field: FieldSpan, _ bytes: UnsafeBufferPointer<UInt8>, in line: UnsafeBufferPointer<UInt8>
    ) throws(TraceError) -> Double {
        // Rows are parsed only after the header, which sets the columns.
        // swift-format-ignore: NeverForceUnwrap
        let columns = self.columns!
        let name = columns.names[columns.time]
        let unit = columns.timeUnit
        let value: Int64
        switch IntegerTime.parse(bytes) {
        case .success(let parsed):
            value = parsed
        case .failure(.empty):
            throw TraceError(
                file: fileName, line: lineNumber, column: field.column, kind: .emptyValue,
                message: "\(name) is empty; every row needs a time in \(unit.name)")
        case .failure(.notInteger(let hasFraction)):
            let text = String(decoding: bytes, as: UTF8.self)
            let hint = hasFraction ? "; a fractional time belongs in a 'time' (seconds) or 'time_ms' column" : ""
            throw TraceError(
                file: fileName, line: lineNumber, column: field.column, kind: .invalidNumber,
                message: "\(name) '\(text)' is not an integer; expected \(unit.name)\(hint)")
        case .failure(.tooLarge):
            let text = String(decoding: bytes, as: UTF8.self)
            throw TraceError(
                file: fileName, line: lineNumber, column: field.column, kind: .outOfRange,
                message: "\(name) \(text) is too large for \(unit.name) (at most 19 digits, below 2⁶³)")
        }
        let origin = integerTimeOrigin ?? value
        integerTimeOrigin = origin
        guard let seconds = IntegerTime.seconds(value, from: origin, unit: unit) else {
            let text = String(decoding: bytes, as: UTF8.self)
            throw TraceError(
                file: fileName, line: lineNumber, column: field.column, kind: .outOfRange,
                message: "\(name) \(text) is too far from the first row's \(origin) \(unit.name)")
        }
        return seconds
    }

    /// The accepted times for a unit: ``TraceReadOptions/timeRange``, mirrored to negative
    /// times for `seconds_elapsed` and for integer times measured from the first row (whose
    /// later rows may only go backwards by mistake, which the order check reports).
    func timeRange(for unit: TraceColumns.TimeUnit) -> ClosedRange<Double> {
        let range = options.timeRange
        guard unit == .secondsElapsed || unit.isInteger, range.lowerBound >= 0 else { return range }
        return -range.upperBound...range.upperBound
    }

    /// "; …rename…" when an out-of-range time looks like a Unix epoch in a finer unit.
    func renameHint(_ seconds: Double, unit: TraceColumns.TimeUnit) -> String {
        guard unit == .seconds || unit == .milliseconds,
            let name = IntegerTime.suggestedName(forSeconds: seconds, unit: unit)
        else { return "" }
        let what = name == "time_ns" ? "nanoseconds" : name == "time_us" ? "microseconds" : "milliseconds"
        return "; the values look like Unix-epoch \(what): rename the column '\(name)'"
    }
}
