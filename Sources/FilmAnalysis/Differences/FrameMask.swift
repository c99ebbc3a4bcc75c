public import Frames

/// Regions of every frame that film analysis leaves out — a status bar's clock, a recorder's
/// own overlay — given in pixels of the frame.
///
/// Before a frame is summarised or compared, each region is filled with one colour: the mean
/// of the pixels along one side just outside it (the row below it, or else the row above, the
/// column to its right or to its left; pixels in another region left out). A masked region
/// therefore never differs between two frames that are the same elsewhere, a bare frame stays
/// bare (the side is bare background), a region is flat in every frame, so it never flashes,
/// and the mean of a few hundred pixels carries almost none of the encoder's noise.
///
/// ```swift
/// let mask = FrameMask([FrameMask.Region(x: 0, y: 0, width: 1080, height: 96)])
/// let reader = FilmStreamReader(mask: mask)
/// ```
public struct FrameMask: Sendable, Hashable {
    /// A rectangle of pixels: columns `x..<x + width`, rows `y..<y + height`.
    public struct Region: Sendable, Hashable {
        /// The first column, from the left.
        public var x: Int
        /// The first row, from the top.
        public var y: Int
        /// Columns covered.
        public var width: Int
        /// Rows covered.
        public var height: Int

        /// A region; `width` and `height` must be at least 1 and `x`, `y` at least 0.
        public init(x: Int, y: Int, width: Int, height: Int) {
            precondition(x >= 0 && y >= 0 && width >= 1 && height >= 1, "a region has a place and a size")
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// Whether the pixel at column `column`, row `row` is in the region.
        func contains(column: Int, row: Int) -> Bool {
            (x..<x &+ width).contains(column) && (y..<y &+ height).contains(row)
        }

        /// Whether some pixel of a `width` × `height` frame is in the region.
        public func overlaps(width frameWidth: Int, height frameHeight: Int) -> Bool {
            x < frameWidth && y < frameHeight
        }
    }

    /// The regions left out.
    public var regions: [Region]

    /// A mask of `regions` (none: every pixel counts).
    public init(_ regions: [Region] = []) { self.regions = regions }

    /// Whether the mask leaves nothing out.
    public var isEmpty: Bool { regions.isEmpty }

    /// Whether the regions together cover every pixel of a `width` × `height` frame (then no
    /// pixel is left to compare, and every difference would read 0).
    ///
    /// The frame is cut at every region edge inside it; each cell of that grid is covered or
    /// not as a whole, so one pixel per cell decides.
    /// - Complexity: O(*r*³) for *r* regions, independent of the frame's size.
    package func covers(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, !regions.isEmpty else { return false }
        func cuts(_ edges: [Int], _ size: Int) -> [Int] {
            Array(Set([0] + edges.filter { $0 > 0 && $0 < size })).sorted()
        }
        let columns = cuts(regions.flatMap { [$0.x, $0.x &+ $0.width] }, width)
        let rows = cuts(regions.flatMap { [$0.y, $0.y &+ $0.height] }, height)
        return rows.allSatisfy { row in
            columns.allSatisfy { column in regions.contains { $0.contains(column: column, row: row) } }
        }
    }

    /// `frame` with every region (clipped to the frame) filled with the mean colour of one
    /// side just outside it, as read from `frame` before any filling; a region with no side in
    /// the frame (it covers the whole frame) is filled with zeros.
    public func applied(to frame: Frame) -> Frame {
        guard !regions.isEmpty else { return frame }
        let channels = frame.layout.channels
        let sampleBytes = frame.layout.bitDepth / 8
        let pixelBytes = channels * sampleBytes
        var bytes = frame.bytes
        for region in regions where region.overlaps(width: frame.width, height: frame.height) {
            let columns = region.x..<min(frame.width, region.x &+ region.width)
            let rows = region.y..<min(frame.height, region.y &+ region.height)
            let colour = meanColour(outside: columns, rows, of: frame)
            bytes.withUnsafeMutableBufferPointer { buffer in
                for row in rows {
                    var offset = (row * frame.width + columns.lowerBound) * pixelBytes
                    for _ in columns {
                        for byte in 0..<pixelBytes { buffer[offset + byte] = colour[byte] }
                        offset += pixelBytes
                    }
                }
            }
        }
        return Frame(width: frame.width, height: frame.height, layout: frame.layout, bytes: bytes)
    }

    /// The mean of each sample over the first side next to the region (the row below, the row
    /// above, the column to the right, the column to the left) with a pixel in the frame and in
    /// no region, as one pixel's bytes; zeros when there is none.
    private func meanColour(outside columns: Range<Int>, _ rows: Range<Int>, of frame: Frame) -> [UInt8] {
        let channels = frame.layout.channels
        let wide = frame.layout.bitDepth == 16
        // A 16-bit sample is two bytes in the host's byte order: the low byte first or second.
        let low = Frame.hostIsLittleEndian ? 0 : 1
        let sides: [[(Int, Int)]] = [
            rows.upperBound < frame.height ? columns.map { ($0, rows.upperBound) } : [],
            rows.lowerBound > 0 ? columns.map { ($0, rows.lowerBound - 1) } : [],
            columns.upperBound < frame.width ? rows.map { (columns.upperBound, $0) } : [],
            columns.lowerBound > 0 ? rows.map { (columns.lowerBound - 1, $0) } : [],
        ]
        for side in sides {
            let free = side.filter { pixel in !regions.contains { $0.contains(column: pixel.0, row: pixel.1) } }
            guard !free.isEmpty else { continue }
            var sums = [Int](repeating: 0, count: channels)
            for (column, row) in free {
                let index = (row * frame.width + column) * channels
                for channel in 0..<channels {
                    let sample = index + channel
                    sums[channel] +=
                        wide
                        ? Int(frame.bytes[2 * sample + low]) | Int(frame.bytes[2 * sample + 1 - low]) << 8
                        : Int(frame.bytes[sample])
                }
            }
            let means = sums.map { ($0 + free.count / 2) / free.count }
            guard wide else { return means.map { UInt8($0) } }
            return means.flatMap { mean in
                let bytes = [UInt8(mean & 0xFF), UInt8(mean >> 8)]
                return low == 0 ? bytes : bytes.reversed()
            }
        }
        return [UInt8](repeating: 0, count: channels * (wide ? 2 : 1))
    }
}
