internal import CFrameKernels
public import Frames

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
            var none: [Double] = []
            Self.accumulateRGB8(frame, after: nil, grid: grid, sums: &sums, squares: &squares, differences: &none)
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
        self.init(grid: grid, sums: sums, squares: squares)
    }

    /// `frame`'s summary and its difference from `previous` (when given): the values of
    /// `FrameSummary(frame)` and `FrameDifference(previous, frame)`, for two 8-bit RGB frames in
    /// one pass that reads each byte of both once (a film read from a pipe, where the frames
    /// are summarised and compared as they arrive).
    ///
    /// - Precondition: `previous`, when given, has the size of `frame`.
    /// - Complexity: O(pixels).
    static func measure(
        _ frame: Frame, after previous: Frame?
    ) -> (
        summary: FrameSummary, difference: FrameDifference?
    ) {
        guard let previous, frame.layout == .rgb8, previous.layout == .rgb8 else {
            return (FrameSummary(frame), previous.map { FrameDifference($0, frame) })
        }
        precondition(frame.width == previous.width && frame.height == previous.height, "frames of different sizes")
        let grid = TileGrid(width: frame.width, height: frame.height)
        var sums = [Double](repeating: 0, count: grid.count * 3)
        var squares = [Double](repeating: 0, count: grid.count * 3)
        var differences = [Double](repeating: 0, count: grid.count)
        accumulateRGB8(frame, after: previous, grid: grid, sums: &sums, squares: &squares, differences: &differences)
        return (
            FrameSummary(grid: grid, sums: sums, squares: squares),
            FrameDifference(grid: grid, squaredSums: differences)
        )
    }

    /// The summary from each tile's sums of red, green and blue and of their squares (0…1
    /// samples; `squares` may hold a tile's three channels summed in its first slot).
    private init(grid: TileGrid, sums: [Double], squares: [Double]) {
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
        let n = Double(grid.width * grid.height)
        var variance = totalSquares / n
        for channel in 0..<3 { variance -= (totalSums[channel] / n) * (totalSums[channel] / n) }
        self.detail = (max(0, variance) / 3).squareRoot()
        self.grid = grid
        self.tileMeans = means
        self.tileDetail = detail
    }

    /// The 8-bit RGB case in integers: per tile, the sums per channel, and the sum of squares
    /// over all three channels (kept in `squares[3 · tile]`); with `previous`, also the sum of
    /// the squared differences from it per tile into `differences` (as
    /// ``FrameDifference/init(_:_:)`` sums them), from the same loads of `frame`'s bytes.
    ///
    /// The pass is C (`hk_rgb8_tile_band`, one band of tile rows at a time, its bounds stated
    /// there): on x86 it widens sixteen bytes at a time and squares them with one multiply-add
    /// per eight (`pmaddwd`), which Swift's vector types did not compile to reliably; every sum
    /// is exact, so the result equals ``FrameDifference``'s Swift sums to the bit. Where the C
    /// kernel has no vector instructions (ARM), Swift's vectors do it
    /// (``accumulateRGB8Portable(_:after:grid:sums:squares:differences:)``).
    static func accumulateRGB8(
        _ frame: Frame, after previous: Frame?, grid: TileGrid, sums: inout [Double], squares: inout [Double],
        differences: inout [Double]
    ) {
        guard hk_kernel_level() > 0 else {
            accumulateRGB8Portable(
                frame, after: previous, grid: grid, sums: &sums, squares: &squares, differences: &differences)
            return
        }
        let columns = grid.columns
        var wide = [UInt64](repeating: 0, count: columns * 5)
        // `[]` when there is no frame before: its (empty) buffer is never read.
        let priorBytes = previous?.bytes ?? []
        frame.bytes.withUnsafeBufferPointer { bytes in
            priorBytes.withUnsafeBufferPointer { prior in
                let priorBase = previous == nil ? nil : prior.baseAddress
                for tileRow in 0..<grid.rows {
                    let top = tileRow * grid.tileSize
                    wide.withUnsafeMutableBufferPointer { wide in
                        wide.update(repeating: 0)
                        hk_rgb8_tile_band(
                            bytes.baseAddress, priorBase, frame.width, top, min(top + grid.tileSize, frame.height),
                            grid.tileSize, columns, wide.baseAddress, -1)
                    }
                    for column in 0..<columns {
                        let tile = tileRow * columns + column
                        for channel in 0..<3 { sums[3 * tile + channel] = Double(wide[5 * column + channel]) / 255 }
                        squares[3 * tile] = Double(wide[5 * column + 3]) / 65_025
                        if priorBase != nil { differences[tile] = Double(wide[5 * column + 4]) / 65_025 }
                    }
                }
            }
        }
    }

    /// The sums of neighbouring 16-bit lanes, in 32 bits.
    @inline(__always)
    static func pairSums(_ x: SIMD8<UInt16>) -> SIMD4<UInt32> {
        let words = unsafeBitCast(x, to: SIMD4<UInt32>.self)
        return (words & 0xFFFF) &+ (words &>> 16)
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
