internal import HingeSupport

/// The hinge lines of Samsung's sensor HAL in an `adb logcat` buffer.
///
/// Two kinds of line carry a hinge angle (seen in a public Galaxy Z Fold 8 HAL logcat, the
/// gizmax/FoldDuo recording in `Datasets/real/`):
///
/// - `… sensors-hal: handle_sns_client_event:50, hinge_angle ts=<ns> ns value <step>/<raw>/<n>`:
///   the public `TYPE_HINGE_ANGLE` event an app receives (`step` 0, 90 or 180) with the HAL's
///   raw angle at that moment;
/// - `… [0]lid_angle_fusion ts=<ns> ns value [<state>/<angle>/<n>] …`: Samsung's private fused
///   angle, change-triggered in steps of 10° or more.
///
/// `ts` is CLOCK_BOOTTIME in integer nanoseconds, kept exact. Every other line (other tags,
/// the HAL's posture-state lines, the framework's lines, `--------- beginning of` markers) is
/// ignored and counted by its tag. A line that names one of the two streams but does not
/// parse is a ``Problem`` with its line and column: nothing is dropped silently.
struct SamsungHALLog {
    /// The two streams a Samsung HAL log carries.
    enum Stream: String, CaseIterable, Sendable {
        /// The public `TYPE_HINGE_ANGLE` events: what an app sees.
        case `public`
        /// The private fused angle (`lid_angle_fusion`): the reference.
        case fused

        /// The text that introduces the stream's lines.
        var marker: String { "\(markerBytes)" }

        /// ``marker`` for the byte reader.
        var markerBytes: StaticString { self == .public ? "hinge_angle ts=" : "lid_angle_fusion ts=" }
    }

    /// One event.
    struct Event: Equatable {
        /// CLOCK_BOOTTIME, nanoseconds.
        var nanoseconds: Int64
        /// The reported angle: the public step (0/90/180), or the fused angle.
        var angle: Int
        /// The public event's raw angle, or the fused event's posture state.
        var detail: Int
        var line: Int
        /// The column where the timestamp starts.
        var column: Int
    }

    /// A malformed line of one of the two streams.
    struct Problem: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The public events, then the fused ones, each in file order.
    var events: [Stream: [Event]] = [.public: [], .fused: []]
    /// The first ``problemLimit`` lines that name a stream but do not parse, in line order;
    /// ``problemCount`` counts them all.
    var problems: [Problem] = []
    private(set) var problemCount = 0
    /// Ignored lines by their logcat tag (`<no tag>` for lines without one); past
    /// ``tagLimit`` tags the rest are counted under `<other tags>`, so a log of a million
    /// tags holds a bounded list.
    var ignored: [String: Int] = [:]
    /// The memory the events hold, in bytes, as ``LineReader/held`` counts it.
    private(set) var heldBytes = 0

    /// The problems held: more than any report lists.
    static let problemLimit = 1000
    /// The distinct tags counted by name.
    static let tagLimit = 64
    /// The characters of a tag kept (a longer one is cut and ends in `…`), so that 64 tags of a
    /// line's length each (9.4 MB of header, issue 32) cannot reach a header.
    static let tagLength = 48
    /// The tags a header or message lists by name; the rest are counted.
    static let listedTags = 12

    /// The ignored lines as a header shows them: `N tag` for the first ``listedTags`` tags by
    /// name, then `and K more tags (L lines)`; `none` when there are none.
    var ignoredSummary: String {
        guard !ignored.isEmpty else { return "none" }
        let sorted = ignored.sorted { $0.key < $1.key }
        var text = sorted.prefix(Self.listedTags).map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        if sorted.count > Self.listedTags {
            let rest = sorted.dropFirst(Self.listedTags)
            text += " and \(rest.count) more tags (\(rest.reduce(0) { $0 + $1.value }) lines)"
        }
        return text
    }

    /// Parses `text` at once: LF or CRLF lines (a CRLF is one `Character` in Swift, so both are
    /// separators); see ``add(_:number:)``.
    init(text: String) {
        var rest = Substring(text)
        var number = 0
        while true {
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" }
            number += 1
            add(rest[..<(end ?? rest.endIndex)], number: number)
            guard let end else { break }
            rest = rest[rest.index(after: end)...]
        }
    }

    /// An empty log, to be fed line by line.
    init() {}

    /// Reads line `number` (without its line end): an event of one of the two streams, a
    /// problem, a blank line (skipped) or an ignored line (counted by its tag).
    ///
    /// An ASCII line (every line the HAL and the framework print) is read on its bytes
    /// (``reading(ascii:number:)``); any other keeps the `Character`-wise reading
    /// (``reading(_:number:)``), whose columns count `Character`s. On ASCII a byte is a
    /// `Character`, so both give the same events, problems, columns and tags.
    mutating func add(_ line: Substring, number: Int) {
        if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        var text = line
        let ascii = text.withUTF8 { bytes in
            ASCIIBytes.isASCII(bytes) ? Self.reading(ascii: bytes, number: number) : nil
        }
        switch ascii ?? Self.reading(line, number: number) {
        case .ignored(let tag):
            if ignored[tag] != nil || ignored.count < Self.tagLimit {
                ignored[tag, default: 0] += 1
            } else {
                ignored["<other tags>", default: 0] += 1
            }
        case .event(let stream, let event):
            events[stream, default: []].append(event)
            heldBytes += MemoryLayout<Event>.stride
        case .problem(let problem):
            problemCount += 1
            if problems.count < Self.problemLimit { problems.append(problem) }
        }
    }

    /// What a non-blank line is.
    enum Reading: Equatable {
        case event(Stream, Event)
        case problem(Problem)
        /// Neither stream's line, with its tag (``tag(of:)``).
        case ignored(String)
    }

    /// The `Character`-wise reading of a non-blank line: the stream whose marker it holds (the
    /// public one first), else its tag.
    static func reading(_ line: Substring, number: Int) -> Reading {
        guard let stream = Stream.allCases.first(where: { line.contains($0.marker) }) else {
            return .ignored(tag(of: line))
        }
        do {
            return .event(stream, try event(line, stream: stream, line: number))
        } catch {
            return .problem(error)
        }
    }

    /// All ignored lines.
    var ignoredCount: Int { ignored.values.reduce(0, +) }

    /// The tag of a `threadtime` line (`MM-DD HH:MM:SS.mmm  PID  TID L Tag: message`), with a
    /// `sensors-hal` line's kind (`sensors-hal submit_sensors_hal_event`) so that the count says
    /// what was passed over.
    static func tag(of line: Substring) -> String {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 6, words[4].count == 1, let colon = words[5].lastIndex(of: ":") else {
            return "<no tag>"
        }
        var tag = String(words[5][..<colon])
        if tag.count > tagLength { tag = tag.prefix(tagLength - 1) + "…" }
        if tag == "sensors-hal", line.contains("submit_sensors_hal_event") { return "sensors-hal posture states" }
        return tag
    }

    static func event(_ line: Substring, stream: Stream, line number: Int) throws(Problem) -> Event {
        guard let marker = line.firstRange(of: stream.marker) else {
            throw Problem(line: number, column: 1, message: "no '\(stream.marker)' in the line")
        }
        var rest = line[marker.upperBound...]
        let digits = rest.prefix { $0.isASCIIDigit }
        func column(_ index: Substring.Index) -> Int { line.distance(from: line.startIndex, to: index) + 1 }
        let nanoseconds: Int64
        do {
            nanoseconds = try ExactTime.integer(digits.utf8)
        } catch .malformed {
            throw Problem(
                line: number, column: column(marker.upperBound),
                message: "\(stream.marker) is not followed by a timestamp in integer nanoseconds")
        } catch {
            throw Problem(
                line: number, column: column(marker.upperBound),
                message: "the timestamp \(Echo.quoted(String(digits))) ns is past \(Int64.max) ns, the latest time held"
            )
        }
        rest = rest[digits.endIndex...]
        guard rest.hasPrefix(" ns value ") else {
            throw Problem(
                line: number, column: column(rest.startIndex), message: "expected ' ns value ' after the timestamp")
        }
        rest = rest.dropFirst(" ns value ".count)
        var fields = rest.drop { $0 == " " }
        if stream == .fused {
            guard fields.hasPrefix("["), let close = fields.firstIndex(of: "]") else {
                throw Problem(
                    line: number, column: column(fields.startIndex),
                    message: "expected '[state/angle/n]' after 'value'")
            }
            fields = fields[fields.index(after: fields.startIndex)..<close]
        } else {
            // The trailing blanks found on the scalars, in one pass (issue 32: one
            // `dropLast()` at a time took 4.3 s on 40 kB of spaces).
            let last = fields.unicodeScalars.lastIndex { $0 != " " && $0 != "\t" }
            fields = Substring(
                fields.unicodeScalars[..<(last.map { fields.unicodeScalars.index(after: $0) } ?? fields.startIndex)])
        }
        let parts = fields.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(" ")
        }
        guard parts.count == 3, let first = Int(parts[0]), let second = Int(parts[1]), Int(parts[2]) != nil else {
            throw Problem(
                line: number, column: column(fields.startIndex),
                message: "expected three '/'-separated integers after 'value', found '\(Echo.quoted(String(fields)))'")
        }
        let angle = stream == .public ? first : second
        let detail = stream == .public ? second : first
        guard (0...360).contains(angle) else {
            throw Problem(
                line: number, column: column(fields.startIndex), message: "angle \(angle) is outside 0…360°")
        }
        return Event(
            nanoseconds: nanoseconds, angle: angle, detail: detail, line: number, column: column(marker.upperBound))
    }

    // MARK: ASCII lines, on their bytes

    // The same reading as `reading(_:number:)`, `tag(of:)` and `event(_:stream:line:)`, byte by
    // byte: each step there has its twin here, and a column (a `Character` count there) is a
    // byte offset, the same number on ASCII. The texts a message quotes and the integers are
    // made by the same calls (`Echo.quoted`, `Int(_:)`) on the same text.

    /// ``reading(_:number:)`` of a non-blank ASCII line.
    static func reading(ascii bytes: UnsafeBufferPointer<UInt8>, number: Int) -> Reading {
        for stream in Stream.allCases {
            guard let marker = ASCIIBytes.find(stream.markerBytes, in: bytes, 0..<bytes.count) else { continue }
            do {
                let after = marker + stream.markerBytes.utf8CodeUnitCount
                return .event(stream, try event(ascii: bytes, after: after, stream: stream, line: number))
            } catch {
                return .problem(error)
            }
        }
        return .ignored(tag(ascii: bytes))
    }

    /// ``tag(of:)`` of an ASCII line.
    static func tag(ascii bytes: UnsafeBufferPointer<UInt8>) -> String {
        // The first six words, split on spaces and tabs.
        var words: [Range<Int>] = []
        var index = 0
        while words.count < 6 {
            while index < bytes.count, bytes[index] == ASCIIBytes.space || bytes[index] == ASCIIBytes.tab { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            while index < bytes.count, bytes[index] != ASCIIBytes.space, bytes[index] != ASCIIBytes.tab { index += 1 }
            words.append(start..<index)
        }
        guard words.count == 6, words[4].count == 1,
            let colon = bytes[words[5]].lastIndex(of: UInt8(ascii: ":"))
        else { return "<no tag>" }
        let name = words[5].lowerBound..<colon
        if name.count > tagLength {
            return ASCIIBytes.text(bytes, name.lowerBound..<(name.lowerBound + tagLength - 1)) + "…"
        }
        if ASCIIBytes.matches("sensors-hal", in: bytes, at: name.lowerBound), name.count == 11,
            ASCIIBytes.find("submit_sensors_hal_event", in: bytes, 0..<bytes.count) != nil
        {
            return "sensors-hal posture states"
        }
        return ASCIIBytes.text(bytes, name)
    }

    /// ``event(_:stream:line:)`` of an ASCII line whose marker ends at byte `after`.
    // Long: the twin of event(_:stream:line:), step for step in the same order, so the two
    // can be read side by side.
    static func event(
        ascii bytes: UnsafeBufferPointer<UInt8>, after: Int, stream: Stream, line number: Int
    ) throws(Problem) -> Event {
        let count = bytes.count
        var index = after
        while index < count, ASCIIBytes.isDigit(bytes[index]) { index += 1 }
        let digits = after..<index
        let nanoseconds: Int64
        do {
            nanoseconds = try ExactTime.integer(UnsafeBufferPointer(rebasing: bytes[digits]))
        } catch .malformed {
            throw Problem(
                line: number, column: after + 1,
                message: "\(stream.marker) is not followed by a timestamp in integer nanoseconds")
        } catch {
            throw Problem(
                line: number, column: after + 1,
                message:
                    "the timestamp \(Echo.quoted(ASCIIBytes.text(bytes, digits))) ns is past \(Int64.max) ns, the latest time held"
            )
        }
        guard ASCIIBytes.matches(" ns value ", in: bytes, at: index) else {
            throw Problem(line: number, column: index + 1, message: "expected ' ns value ' after the timestamp")
        }
        var start = index + 10
        while start < count, bytes[start] == ASCIIBytes.space { start += 1 }
        var fields = start..<count
        if stream == .fused {
            guard start < count, bytes[start] == UInt8(ascii: "["),
                let close = bytes[fields].firstIndex(of: UInt8(ascii: "]"))
            else {
                throw Problem(line: number, column: start + 1, message: "expected '[state/angle/n]' after 'value'")
            }
            fields = (start + 1)..<close
        } else {
            // The trailing blanks, in one pass.
            var end = count
            while end > start, bytes[end - 1] == ASCIIBytes.space || bytes[end - 1] == ASCIIBytes.tab { end -= 1 }
            fields = start..<end
        }
        // The three parts, split on '/' (empty parts kept), each without its spaces.
        var parts: [String] = []
        var partStart = fields.lowerBound
        for slash in fields where bytes[slash] == UInt8(ascii: "/") {
            parts.append(ASCIIBytes.text(bytes, ASCIIBytes.trimmed(bytes, partStart..<slash, tabs: false)))
            partStart = slash + 1
            if parts.count > 3 { break }
        }
        if parts.count <= 3 {
            parts.append(ASCIIBytes.text(bytes, ASCIIBytes.trimmed(bytes, partStart..<fields.upperBound, tabs: false)))
        }
        guard parts.count == 3, let first = Int(parts[0]), let second = Int(parts[1]), Int(parts[2]) != nil else {
            throw Problem(
                line: number, column: fields.lowerBound + 1,
                message:
                    "expected three '/'-separated integers after 'value', found '\(Echo.quoted(ASCIIBytes.text(bytes, fields)))'"
            )
        }
        let angle = stream == .public ? first : second
        let detail = stream == .public ? second : first
        guard (0...360).contains(angle) else {
            throw Problem(line: number, column: fields.lowerBound + 1, message: "angle \(angle) is outside 0…360°")
        }
        return Event(nanoseconds: nanoseconds, angle: angle, detail: detail, line: number, column: after + 1)
    }

    /// `events` in time order, and a problem for each event that repeats an earlier one's
    /// timestamp, or whose time, written from `origin` (the nanoseconds the trace's 0 s is),
    /// reads as the same `Double` as the earlier one's (``ExactTime/readsAsSame(_:as:origin:)``):
    /// the later in the file is left out, so the times a reader reads strictly increase.
    static func inTimeOrder(_ events: [Event], origin: Int64) -> (events: [Event], problems: [Problem]) {
        let sorted = events.enumerated().sorted { a, b in
            a.element.nanoseconds != b.element.nanoseconds
                ? a.element.nanoseconds < b.element.nanoseconds : a.offset < b.offset
        }.map(\.element)
        var kept: [Event] = []
        var problems: [Problem] = []
        for event in sorted {
            if let previous = kept.last, previous.nanoseconds == event.nanoseconds {
                problems.append(
                    Problem(
                        line: event.line, column: 1,
                        message: "ts=\(event.nanoseconds) repeats the timestamp of line \(previous.line)"))
                continue
            }
            if let previous = kept.last,
                let note = ExactTime.repeatNote(
                    event.nanoseconds, after: previous.nanoseconds, origin: origin, line: previous.line)
            {
                problems.append(Problem(line: event.line, column: 1, message: "ts=\(event.nanoseconds) " + note))
                continue
            }
            kept.append(event)
        }
        return (kept, problems)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
