/// What is kept of a frame once it has been compared with its neighbours: its mean colour and
/// its detail (standard deviation) per tile and over the whole frame.
///
/// Values are premultiplied by alpha and in 0…1. Detail is the root of the mean over the
/// three channels of the variance of the samples: 0 for a flat fill, about 0.5 for a
/// black-and-white checkerboard.
public struct FrameSummary: Sendable {
    /// The tiles the frame was summarised on.
    public let grid: TileGrid
    /// Mean red, green and blue of each tile, row-major: `3 · grid.count` values.
    public let tileMeans: [Float]
    /// The detail of each tile, row-major.
    public let tileDetail: [Float]
    /// The detail of the whole frame.
    public let detail: Double

    /// Summarises `frame`.
    ///
    /// - Complexity: O(pixels).
    public init(_ frame: Frame) {
        let grid = TileGrid(width: frame.width, height: frame.height)
        var sums = [Double](repeating: 0, count: grid.count * 3)
        var squares = [Double](repeating: 0, count: grid.count * 3)
        if frame.layout == .rgb8 {
            Self.accumulateRGB8(frame, grid: grid, sums: &sums, squares: &squares)
        } else {
            var row = [Double](repeating: 0, count: frame.width * 3)
            for y in 0..<frame.height {
                row.withUnsafeMutableBufferPointer { frame.premultipliedRow(y, into: $0) }
                let tileRow = y / grid.tileSize
                for x in 0..<frame.width {
                    let tile = tileRow * grid.columns + x / grid.tileSize
                    for channel in 0..<3 {
                        let value = row[3 * x + channel]
                        sums[3 * tile + channel] += value
                        squares[3 * tile + channel] += value * value
                    }
                }
            }
        }
        var means = [Float](repeating: 0, count: grid.count * 3)
        var detail = [Float](repeating: 0, count: grid.count)
        var totalSums = [0.0, 0.0, 0.0]
        var totalSquares = 0.0
        for tile in 0..<grid.count {
            let n = Double(grid.pixelCount(ofTile: tile))
            // Σ_c variance_c = Σ_c E[x_c²] − Σ_c E[x_c]², so the squares may be kept summed over
            // the channels (the 8-bit path does, to run over contiguous bytes).
            var variance = (squares[3 * tile] + squares[3 * tile + 1] + squares[3 * tile + 2]) / n
            totalSquares += squares[3 * tile] + squares[3 * tile + 1] + squares[3 * tile + 2]
            for channel in 0..<3 {
                let mean = sums[3 * tile + channel] / n
                means[3 * tile + channel] = Float(mean)
                variance -= mean * mean
                totalSums[channel] += sums[3 * tile + channel]
            }
            detail[tile] = Float((max(0, variance) / 3).squareRoot())
        }
        let n = Double(frame.width * frame.height)
        var variance = totalSquares / n
        for channel in 0..<3 { variance -= (totalSums[channel] / n) * (totalSums[channel] / n) }
        self.detail = (max(0, variance) / 3).squareRoot()
        self.grid = grid
        self.tileMeans = means
        self.tileDetail = detail
    }

    /// The 8-bit RGB case in integers: per tile, the sums per channel, and the sum of squares
    /// over all three channels (kept in `squares[3 · tile]`), which runs over contiguous bytes.
    private static func accumulateRGB8(_ frame: Frame, grid: TileGrid, sums: inout [Double], squares: inout [Double]) {
        let width = frame.width
        frame.bytes.withUnsafeBufferPointer { bytes in
            for tileRow in 0..<grid.rows {
                let top = tileRow * grid.tileSize
                for column in 0..<grid.columns {
                    let left = column * grid.tileSize
                    let right = min(left + grid.tileSize, width)
                    var s0: UInt64 = 0
                    var s1: UInt64 = 0
                    var s2: UInt64 = 0
                    var q: UInt64 = 0
                    for y in top..<min(top + grid.tileSize, frame.height) {
                        var index = (y * width + left) * 3
                        let end = (y * width + right) * 3
                        // 32-bit lanes vectorise; 32766 squares of at most 255² fit in one.
                        while index < end {
                            let stop = min(end, index + 32_766)
                            var lane: UInt32 = 0
                            var r: UInt32 = 0
                            var g: UInt32 = 0
                            var b: UInt32 = 0
                            for position in index..<stop {
                                let v = UInt32(bytes[position])
                                lane &+= v &* v
                            }
                            var position = index
                            while position < stop {
                                r &+= UInt32(bytes[position])
                                g &+= UInt32(bytes[position + 1])
                                b &+= UInt32(bytes[position + 2])
                                position += 3
                            }
                            q &+= UInt64(lane)
                            s0 &+= UInt64(r)
                            s1 &+= UInt64(g)
                            s2 &+= UInt64(b)
                            index = stop
                        }
                    }
                    let tile = tileRow * grid.columns + column
                    sums[3 * tile] = Double(s0) / 255
                    sums[3 * tile + 1] = Double(s1) / 255
                    sums[3 * tile + 2] = Double(s2) / 255
                    squares[3 * tile] = Double(q) / 65_025
                }
            }
        }
    }
}

extension Frame {
    /// Fills `row` with the pixels of row `y` as premultiplied red, green and blue in 0…1:
    /// `alpha · colour`, which is how ImageMagick 6 weighs colour in its distortion metrics.
    func premultipliedRow(_ y: Int, into row: UnsafeMutableBufferPointer<Double>) {
        let channels = layout.channels
        bytes.withUnsafeBufferPointer { bytes in
            if layout.bitDepth == 8 {
                let base = y * width * channels
                for x in 0..<width {
                    let p = base + x * channels
                    let alpha = channels == 4 ? Double(bytes[p + 3]) / 255 : 1
                    for c in 0..<3 { row[3 * x + c] = alpha * (Double(bytes[p + c]) / 255) }
                }
            } else {
                bytes.withMemoryRebound(to: UInt16.self) { samples in
                    let base = y * width * channels
                    for x in 0..<width {
                        let p = base + x * channels
                        let alpha = channels == 4 ? Double(samples[p + 3]) / 65_535 : 1
                        for c in 0..<3 { row[3 * x + c] = alpha * (Double(samples[p + c]) / 65_535) }
                    }
                }
            }
        }
    }
}
