internal import HingeSupport

/// Reads a fuzzer's bytes as numbers and choices, so that every input is some valid program
/// of calls and the fuzzer's mutations move through the space of calls, not of parse errors.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// How many calls ``nextChoice(limit:)`` has handed out.
    private var choices = 0

    init(_ data: UnsafePointer<UInt8>, _ count: Int) { bytes = UnsafeBufferPointer(start: data, count: count) }

    var isEmpty: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// Any 64-bit pattern, NaN, infinities and subnormals included.
    mutating func rawDouble() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }

    /// A value in 0…1 in steps of 1/65535.
    mutating func unit() -> Double { Double(UInt16(byte()) << 8 | UInt16(byte())) / 65535 }

    /// The byte that picks the next call of a target's sequence, or `nil` when the input is
    /// used up or `limit` calls have been made: `while let choice = input.nextChoice(limit: 1000)`.
    mutating func nextChoice(limit: Int) -> UInt8? {
        guard !isEmpty, choices < limit else { return nil }
        choices += 1
        return byte()
    }

    /// The step to the next event's time: mostly small and forward (up to 0.05 s), any bit
    /// pattern (NaN, backwards, huge) when bit 0 of `choice` is set.
    mutating func timeStep(_ choice: UInt8) -> Double { choice & 1 == 0 ? unit() * 0.05 : rawDouble() }

    /// A sample's angle: `nil` (no hinge) when bits 1 and 2 of `choice` are set, else mostly
    /// 0…180°, any bit pattern when bit 3 is set.
    mutating func angle(_ choice: UInt8) -> Double? {
        choice & 6 == 6 ? nil : (choice & 8 == 0 ? unit() * 180 : rawDouble())
    }

    /// Mostly ordinary numbers in `range`, sometimes (a quarter of the time) any bit pattern.
    mutating func number(in range: ClosedRange<Double>) -> Double {
        byte() < 64 ? rawDouble() : range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}

/// Stops the fuzzer with the broken invariant: libFuzzer saves the input that led here.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// Whether to print each call (`HINGEKIT_FUZZ_TRACE=1 .build/fuzz/<target> crash-file`), to
/// turn a crashing input into the calls of a regression test.
let tracing = getenv("HINGEKIT_FUZZ_TRACE") != nil

/// Prints `message` when ``tracing``.
func trace(_ message: @autoclosure () -> String) {
    guard tracing else { return }
    // Unbuffered, so the lines before a crash are not lost with the process.
    var line = message() + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
