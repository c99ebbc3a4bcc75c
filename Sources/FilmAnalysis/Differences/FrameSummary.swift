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
        var total = [Double](repeating: 0, count: 6)
        for tile in 0..<grid.count {
            let n = Double(grid.pixelCount(ofTile: tile))
            var variance = 0.0
            for channel in 0..<3 {
                let mean = sums[3 * tile + channel] / n
                means[3 * tile + channel] = Float(mean)
                variance += max(0, squares[3 * tile + channel] / n - mean * mean)
                total[channel] += sums[3 * tile + channel]
                total[3 + channel] += squares[3 * tile + channel]
            }
            detail[tile] = Float((variance / 3).squareRoot())
        }
        let n = Double(frame.width * frame.height)
        var variance = 0.0
        for channel in 0..<3 {
            let mean = total[channel] / n
            variance += max(0, total[3 + channel] / n - mean * mean)
        }
        self.grid = grid
        self.tileMeans = means
        self.tileDetail = detail
        self.detail = (variance / 3).squareRoot()
    }

    /// The 8-bit RGB case in integers: per tile row, sums and sums of squares per tile.
    private static func accumulateRGB8(_ frame: Frame, grid: TileGrid, sums: inout [Double], squares: inout [Double]) {
        let width = frame.width
        var rowSums = [Int](repeating: 0, count: grid.columns * 3)
        var rowSquares = [Int](repeating: 0, count: grid.columns * 3)
        frame.bytes.withUnsafeBufferPointer { bytes in
            for tileRow in 0..<grid.rows {
                for index in rowSums.indices {
                    rowSums[index] = 0
                    rowSquares[index] = 0
                }
                let top = tileRow * grid.tileSize
                for y in top..<min(top + grid.tileSize, frame.height) {
                    let base = y * width * 3
                    for column in 0..<grid.columns {
                        let left = column * grid.tileSize
                        let right = min(left + grid.tileSize, width)
                        var s0 = 0
                        var s1 = 0
                        var s2 = 0
                        var q0 = 0
                        var q1 = 0
                        var q2 = 0
                        var offset = base + left * 3
                        for _ in left..<right {
                            let r = Int(bytes[offset])
                            let g = Int(bytes[offset + 1])
                            let b = Int(bytes[offset + 2])
                            s0 += r
                            s1 += g
                            s2 += b
                            q0 += r * r
                            q1 += g * g
                            q2 += b * b
                            offset += 3
                        }
                        rowSums[3 * column] += s0
                        rowSums[3 * column + 1] += s1
                        rowSums[3 * column + 2] += s2
                        rowSquares[3 * column] += q0
                        rowSquares[3 * column + 1] += q1
                        rowSquares[3 * column + 2] += q2
                    }
                }
                for index in rowSums.indices {
                    sums[tileRow * grid.columns * 3 + index] = Double(rowSums[index]) / 255
                    squares[tileRow * grid.columns * 3 + index] = Double(rowSquares[index]) / 65_025
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
