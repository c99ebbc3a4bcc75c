// fuzz-target: logcat
// fuzz-sources: Sources/hingetool/Formats/SamsungHALLog.swift
// fuzz-sources: Sources/hingetool/Formats/DumpsysSensorLog.swift
// fuzz-sources: Sources/hingetool/Formats/ExactTime.swift
// fuzz-sources: Sources/hingetool/Formats/ASCIIBytes.swift

internal import HingeSupport

@testable import HingeKit

/// libFuzzer target: `import logcat`'s parser (`SamsungHALLog`) and its time order. Any bytes
/// (UTF-8, UTF-16 with a byte-order mark, LF or CRLF) must parse without a crash, and:
/// - no line vanishes: every non-blank line is an event, a problem or an ignored line;
/// - an ASCII line reads the same on its bytes as `Character`-wise (event, problem with its
///   column and message, tag);
/// - every problem is located (line ≥ 1, column ≥ 1 and within its line) and its message is safe
///   to print (no control character, bounded however long the line);
/// - every event's angle is in 0…360° and its time ≥ 0; in time order the times strictly
///   increase, and every event left out is a problem;
/// - the trace `import logcat` writes from a stream (times from the earliest event of both
///   streams, or from boot, exact decimals; the events kept for that origin), when the importer's time rule (`ExactTime.firstOutsideTrace`:
///   0…2³² s from that origin) lets it be written, is read by HingeKit's `TraceReader` with the
///   default options without a single error: the importer's output passes the checks
///   `hingetool read` applies, and a time the rule lets through is one the reader takes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogcat(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let text = DumpsysSensorLog.text(of: bytes)
    let log = SamsungHALLog(text: text)
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    let nonBlank = lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.count
    let eventCount = log.events.values.map(\.count).reduce(0, +)
    check(eventCount + log.problemCount + log.ignoredCount == nonBlank, "a line vanished")
    for (offset, line) in lines.enumerated() where line.utf8.allSatisfy({ $0 < 0x80 }) {
        guard !line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
        var text = line
        let bytes = text.withUTF8 { SamsungHALLog.reading(ascii: $0, number: offset + 1) }
        check(bytes == SamsungHALLog.reading(line, number: offset + 1), "line \(offset + 1) read apart on its bytes")
    }
    // Zero as `import logcat` takes it: the earliest event of either stream (`--clock zero`),
    // or boot (`--clock recorder`); the events kept depend on it (times a `Double` no longer
    // tells apart are repeats).
    let earliest = log.events.values.compactMap { $0.lazy.map(\.nanoseconds).min() }.min()
    for origin in [earliest, 0].compactMap({ $0 }) {
        for stream in SamsungHALLog.Stream.allCases {
            let events = log.events[stream] ?? []
            let (kept, repeats) = SamsungHALLog.inTimeOrder(events, origin: origin)
            check(kept.count + repeats.count == events.count, "an event vanished from \(stream)")
            var last: Int64 = -1
            for event in kept {
                check((0...360).contains(event.angle), "angle \(event.angle)")
                check(event.nanoseconds >= 0 && event.nanoseconds > last, "time \(event.nanoseconds) after \(last)")
                last = event.nanoseconds
            }
            for problem in log.problems + repeats { checkLocated(problem, lines: lines) }
            checkWritten(kept, origin: origin, measuredFromFirst: origin == earliest)
        }
    }
    return 0
}

/// The trace `import logcat` writes from `events` (kept, in time order) is read without an
/// error, unless the importer's time rule refuses it before writing.
func checkWritten(_ events: [SamsungHALLog.Event], origin: Int64, measuredFromFirst: Bool) {
    guard !events.isEmpty else { return }
    let times = events.lazy.map { (nanoseconds: $0.nanoseconds, tag: ()) }
    if ExactTime.firstOutsideTrace(times, origin: origin) != nil {
        // Refused by `import logcat` before it writes: from the earliest event only a span
        // beyond 2³² s can be.
        check(
            !measuredFromFirst || events.last!.nanoseconds - origin > ExactTime.latestTraceTime,
            "a span within 2³² s refused")
        return
    }
    var csv = "time,angle\n"
    for event in events {
        csv += ExactTime.seconds(nanoseconds: event.nanoseconds - origin) + ",\(event.angle)\n"
    }
    let reader = TraceReader(bytes: Array(csv.utf8), fileName: "import")
    do {
        var read = 0
        while try reader.next() != nil { read += 1 }
        check(read == events.count, "read \(read) of \(events.count) rows")
    } catch {
        check(false, "the imported trace is refused by the reader: \(error)")
    }
}

/// A problem names a place in its line and says what it says in printable, bounded text.
func checkLocated(_ problem: SamsungHALLog.Problem, lines: [Substring]) {
    check(problem.line >= 1 && problem.line <= lines.count, "problem at line \(problem.line)")
    check(problem.column >= 1 && problem.column <= lines[problem.line - 1].count + 1, "column \(problem.column)")
    // The longest template is under 100 scalars; the echo rule quotes at most 40 input
    // characters, none longer than 10 scalars once escaped (`\u{FFFD}`).
    check(
        problem.message.unicodeScalars.count <= 100 + 40 * 10,
        "a message of \(problem.message.unicodeScalars.count) scalars")
    check(
        !problem.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) },
        "a control character in the message")
}
