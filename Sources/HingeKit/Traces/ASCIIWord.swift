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
        // Called only with literals of at most 16 ASCII letters (status names), which always fold.
        // swift-format-ignore: NeverForceUnwrap
        self.init(folding: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))!
    }

    static let closed = ASCIIWord("closed")
    static let partiallyOpen = ASCIIWord("partiallyopen")
    static let fullyOpen = ASCIIWord("fullyopen")
    static let unknown = ASCIIWord("unknown")

    /// The same letters, whether or not separators were left out.
    static func == (left: ASCIIWord, right: ASCIIWord) -> Bool { left.low == right.low && left.high == right.high }
}
