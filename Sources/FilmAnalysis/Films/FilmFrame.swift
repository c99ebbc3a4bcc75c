/// What a film keeps of one frame after decoding it: where it came from, when it was shown,
/// its summary and its difference from the frame before.
public struct FilmFrame: Sendable {
    /// The file the frame was read from.
    public let file: String
    /// When the frame appeared, in milliseconds (from the file name), or its position in the
    /// film when frames are ordered by name.
    public let time: Milliseconds
    /// Its colour and detail per tile.
    public let summary: FrameSummary
    /// Its difference from the frame before; `nil` for the first frame.
    public let difference: FrameDifference?
    /// How far the picture moved from the frame before (``FrameShift``), when the reader was
    /// asked to measure it (for hitches); `nil` otherwise and for the first frame.
    public let shift: FrameShift?

    /// A frame record from its parts.
    public init(
        file: String, time: Milliseconds, summary: FrameSummary, difference: FrameDifference?,
        shift: FrameShift? = nil
    ) {
        self.file = file
        self.time = time
        self.summary = summary
        self.difference = difference
        self.shift = shift
    }

    /// The difference from the frame before, 0 for the first frame.
    public var rmse: Double { difference?.rmse ?? 0 }
}
