/// What the system says about the hinge, besides its angle.
///
/// Apple's `UIHinge` and Android's posture APIs both report a coarse status next to the angle.
/// An unknown status is `nil` in a ``HingeSample``, not a case of its own.
public enum HingeStatus: String, CaseIterable, Sendable, Hashable, Codable {
    /// The phone is shut.
    case closed
    /// Between shut and flat: the laptop, tent and book poses.
    case partiallyOpen
    /// Open flat (or folded all the way back).
    case fullyOpen

    /// Reads a status as it is spelled in trace files: camelCase (`partiallyOpen`),
    /// snake_case (`partially_open`) or kebab-case (`partially-open`), in any letter case.
    ///
    /// - Returns: the status, or `nil` when the text names none of the three.
    public init?(spelling text: some StringProtocol) {
        if let status = Self(asciiSpelling: text.utf8) {
            self = status
            return
        }
        var folded = ""
        for character in text.unicodeScalars where character != "_" && character != "-" {
            folded.unicodeScalars.append(contentsOf: String(character).lowercased().unicodeScalars)
        }
        switch folded {
        case "closed": self = .closed
        case "partiallyopen": self = .partiallyOpen
        case "fullyopen": self = .fullyOpen
        default: return nil
        }
    }

    /// The common case of ``init(spelling:)`` without building a string: ASCII text folded
    /// byte by byte. `nil` for anything else, including non-ASCII text, which the general
    /// path folds (some non-ASCII letters lowercase to ASCII ones).
    private init?(asciiSpelling bytes: some Collection<UInt8>) {
        guard let folded = ASCIIWord(folding: bytes) else { return nil }
        self.init(folded: folded)
    }

    /// The status a folded ASCII spelling names, if any.
    init?(folded: ASCIIWord) {
        switch folded {
        case ASCIIWord.closed: self = .closed
        case ASCIIWord.partiallyOpen: self = .partiallyOpen
        case ASCIIWord.fullyOpen: self = .fullyOpen
        default: return nil
        }
    }
}

/// A short ASCII word, lowercased, with `_` and `-` left out, packed into two integers so that
/// comparing spellings allocates nothing.
struct ASCIIWord: Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// Whether a `_` or `-` was left out (`un_known` is not `unknown`).
    private(set) var hadSeparators = false
    var isEmpty: Bool { low == 0 && !hadSeparators }

    /// Folds `bytes`; `nil` when they hold a non-ASCII byte or more than 16 letters.
    @inline(__always)
    init?(folding bytes: some Collection<UInt8>) {
        var count = 0
        for byte in bytes {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
                hadSeparators = true
                continue
            }
            guard byte < 0x80, count < 16 else { return nil }
            let lower = UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            if count < 8 { low |= lower << (8 * UInt64(count)) } else { high |= lower << (8 * UInt64(count - 8)) }
            count += 1
        }
    }

    /// A word known to be short lowercase ASCII.
    init(_ word: StaticString) {
        self.init(folding: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))!
    }

    static let closed = ASCIIWord("closed")
    static let partiallyOpen = ASCIIWord("partiallyopen")
    static let fullyOpen = ASCIIWord("fullyopen")
    static let unknown = ASCIIWord("unknown")

    /// The same letters, whether or not separators were left out.
    static func == (left: ASCIIWord, right: ASCIIWord) -> Bool { left.low == right.low && left.high == right.high }
}

/// One reading of the hinge: when, at what angle, and with which status.
///
/// ```swift
/// let sample = HingeSample(time: 0.016, angle: 112, status: .partiallyOpen)
/// ```
///
/// Times are in seconds on any monotonic clock; angles in degrees, 0° closed and 180° flat
/// (a device that folds back, such as Surface Duo, reports up to 360°). A `nil` angle means
/// the device has no hinge, or has stopped reporting one.
public struct HingeSample: Hashable, Sendable, Codable {
    /// Seconds on a monotonic clock.
    public var time: Double
    /// Degrees; `nil` when there is no hinge.
    public var angle: Double?
    /// The system's status, or `nil` when it reported none.
    public var status: HingeStatus?

    /// A sample at `time` seconds with `angle` in degrees (`nil`: no hinge).
    public init(time: Double, angle: Double?, status: HingeStatus? = nil) {
        self.time = time
        self.angle = angle
        self.status = status
    }

    /// A sample from an API that reports radians, such as `UIHinge.angle` on iOS 27.1.
    public init(time: Double, radians: Double?, status: HingeStatus? = nil) {
        self.init(time: time, angle: radians.map { $0 * (180 / Double.pi) }, status: status)
    }
}
