// fuzz-target: dumpsys
// fuzz-sources: Sources/hingetool/Formats/DumpsysSensorLog.swift
// fuzz-sources: Sources/hingetool/Formats/ExactTime.swift
// fuzz-sources: Sources/hingetool/Formats/ASCIIBytes.swift

@testable import HingeKit

/// libFuzzer target: `import dumpsys`'s parser (`DumpsysSensorLog`) and its checks. Any bytes
/// (UTF-8, UTF-16 with a byte-order mark, LF or CRLF) must parse without a crash; every row the
/// checks keep has a time ≥ 0 and a value that is a finite number (or none: masked); the kept
/// rows are in strictly increasing time; every problem has a line ≥ 1 and a column ≥ 1; no row
/// vanishes (kept + problems = rows + bad rows); and the trace written from the rows kept for
/// each clock (times a `Double` no longer tells apart are repeats, issue 32), where the importer's time rule (`ExactTime.firstOutsideTrace`: 0…2³² s from the
/// origin) lets it be written, is read by HingeKit's `TraceReader` with the default options
/// without a single error — the importer's output passes the checks `hingetool read` applies,
/// and a time the rule lets through is one the reader takes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDumpsys(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let log = DumpsysSensorLog(text: DumpsysSensorLog.text(of: bytes))
    // As `import dumpsys` writes it on either clock: from the first row kept, and from boot.
    for (section, measuredFromFirst) in log.sections.lazy.flatMap({ section in [(section, true), (section, false)] }) {
        let (rows, problems, count) = section.checked(origin: { measuredFromFirst ? $0 : 0 })
        check(rows.count + count == section.rows.count + section.badRowCount, "a row vanished")
        check(section.rows.count == section.rowCount, "a row was counted but not kept")
        check(problems.count <= count, "more problems held than counted")
        for problem in problems { check(problem.line >= 1 && problem.column >= 1, "problem at \(problem)") }
        var last: Int64 = -1
        for row in rows {
            check(row.nanoseconds >= 0 && row.nanoseconds > last, "time \(row.nanoseconds) after \(last)")
            last = row.nanoseconds
            if let value = row.value { check(Double(value)?.isFinite == true, "value \(value)") }
        }
        // Masked rows are an error of the importer before any trace is written.
        guard !rows.isEmpty, rows.allSatisfy({ $0.value != nil }) else { continue }
        let origin = measuredFromFirst ? rows[0].nanoseconds : 0
        let times = rows.lazy.map { (nanoseconds: $0.nanoseconds, tag: ()) }
        guard ExactTime.firstOutsideTrace(times, origin: origin) == nil else {
            // Refused by `import dumpsys` before it writes: on the first row's clock only a
            // span beyond 2³² s can be.
            check(
                !measuredFromFirst || rows.last!.nanoseconds - origin > ExactTime.latestTraceTime,
                "a span within 2³² s refused")
            continue
        }
        let reader = TraceReader(bytes: Array(DumpsysSensorLog.csv(rows, origin: origin).utf8), fileName: "import")
        do {
            var read = 0
            while try reader.next() != nil { read += 1 }
            check(read == rows.count, "read \(read) of \(rows.count) rows")
        } catch {
            check(false, "the imported trace is refused by the reader: \(error)")
        }
    }
    return 0
}
