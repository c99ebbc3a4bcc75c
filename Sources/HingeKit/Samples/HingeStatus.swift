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
