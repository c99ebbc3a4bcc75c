// fuzz-target: trace_reader

@testable import HingeKit

/// libFuzzer target: arbitrary bytes as a trace CSV. The reader must never crash, every error
/// must name a line and column, and every accepted sample must be finite, in range and in
/// time order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    // The first byte picks the options, so both row policies and both duplicate policies run.
    let flags = data[0]
    let options = TraceReadOptions(
        rowPolicy: flags & 1 == 0 ? .fail : .skip, duplicateTimes: flags & 2 == 0 ? .reject : .keep,
        keepsExtraColumns: flags & 4 != 0, maximumLineLength: flags & 8 == 0 ? 65_536 : 64)
    let reader = TraceReader(bytes: UnsafeBufferPointer(start: data + 1, count: count - 1), options: options)
    var previous = -Double.infinity
    var accepted = 0
    do {
        while let record = try reader.next() {
            let sample = record.sample
            check(sample.time.isFinite, "time \(sample.time) is not finite")
            check(
                options.duplicateTimes == .keep ? sample.time >= previous : sample.time > previous,
                "time \(sample.time) after \(previous)")
            if let angle = sample.angle {
                check(angle.isFinite && options.angleRange.contains(angle), "angle \(angle)")
            }
            check(record.line >= 2, "a data row on line \(record.line)")
            previous = sample.time
            accepted += 1
        }
        check(accepted > 0, "a trace without rows ended without an error")
    } catch {
        check(error.line >= 1 && error.column >= 1, "error location \(error.line):\(error.column)")
        check(!error.message.isEmpty, "an empty error message")
    }
    check(reader.summary.samples == accepted, "summary counts \(reader.summary.samples), saw \(accepted)")
    check(
        reader.summary.skippedErrors.count <= options.retainedErrorLimit,
        "kept \(reader.summary.skippedErrors.count) errors")
    return 0
}
