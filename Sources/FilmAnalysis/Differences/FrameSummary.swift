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
    /// Each row of a tile is read 48 bytes (16 pixels) at a time as three vectors of eight
    /// 16-bit words, split into their low (even) and high (odd) bytes, so lane `j` of half `h`
    /// of vector `k` always holds byte `16k + 2j + h` of the block, of channel
    /// `(16k + 2j + h) mod 3` (a tile starts on a pixel); the lanes are folded into channels
    /// once per tile row. Sums stay exact: a 16-bit lane takes at most 256 blocks
    /// (256 · 255 < 2¹⁶) before it is added to a 32-bit one, which is folded into 64 bits
    /// before it has taken 2²⁴ blocks (2²⁴ · 255 < 2³²); a square fits 16 bits (255² < 2¹⁶),
    /// and the squares of 256 blocks (≤ 256 · 6 · 2 · 255² per 32-bit lane, < 2³² summed over
    /// the four lanes) go to 64 bits at once; so do the squared differences (a byte difference
    /// taken modulo 2¹⁶ squares exactly modulo 2¹⁶, and 255² < 2¹⁶: the same bound).
    // Long: one vectorised pass. The 48-byte block loop, the flush every 256 blocks and the fold
    // per tile row share the lane pointers and the counters the bounds above are stated on; split
    // apart, each piece would take all of them and the bounds would be checked in three places.
    private static func accumulateRGB8(
        _ frame: Frame, after previous: Frame?, grid: TileGrid, sums: inout [Double], squares: inout [Double],
        differences: inout [Double]
    ) {
        let width = frame.width
        let columns = grid.columns
        // Per tile column: twelve 32-bit lane vectors (vector k, half h), then in 64 bits the
        // red, green, blue, squares and squared differences of the folded lanes and of the bytes
        // after the last block.
        let lanes = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: columns * 12)
        let wide = UnsafeMutablePointer<UInt64>.allocate(capacity: columns * 5)
        defer {
            lanes.deallocate()
            wide.deallocate()
        }
        let foldEvery = max(1, (1 << 24) / max(1, grid.tileSize / 16))
        let low = SIMD8<UInt16>(repeating: 0xFF)
        // `[]` when there is no frame before: its (empty) buffer is never read.
        let priorBytes = previous?.bytes ?? []
        frame.bytes.withUnsafeBufferPointer { bytes in
            priorBytes.withUnsafeBufferPointer { prior in
                // A frame is never empty, so it has an address.
                guard let base = bytes.baseAddress else { return }
                let priorBase = previous == nil ? nil : prior.baseAddress
                for tileRow in 0..<grid.rows {
                    lanes.initialize(repeating: .zero, count: columns * 12)
                    wide.initialize(repeating: 0, count: columns * 5)
                    let top = tileRow * grid.tileSize
                    var rowsSinceFold = 0
                    for y in top..<min(top + grid.tileSize, frame.height) {
                        for column in 0..<columns {
                            let left = column * grid.tileSize
                            let count = (min(left + grid.tileSize, width) - left) * 3
                            let row = base + (y * width + left) * 3
                            let before = priorBase.map { $0 + (y * width + left) * 3 }
                            let lane = lanes + 12 * column
                            var offset = 0
                            while offset + 48 <= count {
                                let stop = min(count - 47, offset + 48 * 256)
                                var s0 = SIMD8<UInt16>()
                                var s1 = SIMD8<UInt16>()
                                var s2 = SIMD8<UInt16>()
                                var s3 = SIMD8<UInt16>()
                                var s4 = SIMD8<UInt16>()
                                var s5 = SIMD8<UInt16>()
                                var q = SIMD4<UInt32>()
                                var d = SIMD4<UInt32>()
                                while offset < stop {
                                    let a = UnsafeRawPointer(row + offset).loadUnaligned(as: SIMD8<UInt16>.self)
                                    let b = UnsafeRawPointer(row + offset + 16).loadUnaligned(as: SIMD8<UInt16>.self)
                                    let c = UnsafeRawPointer(row + offset + 32).loadUnaligned(as: SIMD8<UInt16>.self)
                                    let (a0, a1) = (a & low, a &>> 8)
                                    let (b0, b1) = (b & low, b &>> 8)
                                    let (c0, c1) = (c & low, c &>> 8)
                                    s0 &+= a0
                                    s1 &+= a1
                                    s2 &+= b0
                                    s3 &+= b1
                                    s4 &+= c0
                                    s5 &+= c1
                                    q &+= pairSums(a0 &* a0) &+ pairSums(a1 &* a1) &+ pairSums(b0 &* b0)
                                    q &+= pairSums(b1 &* b1) &+ pairSums(c0 &* c0) &+ pairSums(c1 &* c1)
                                    if let before {
                                        let x = UnsafeRawPointer(before + offset).loadUnaligned(as: SIMD8<UInt16>.self)
                                        let y = UnsafeRawPointer(before + offset + 16).loadUnaligned(
                                            as: SIMD8<UInt16>.self)
                                        let z = UnsafeRawPointer(before + offset + 32).loadUnaligned(
                                            as: SIMD8<UInt16>.self)
                                        let (e0, e1) = (a0 &- (x & low), a1 &- (x &>> 8))
                                        let (f0, f1) = (b0 &- (y & low), b1 &- (y &>> 8))
                                        let (g0, g1) = (c0 &- (z & low), c1 &- (z &>> 8))
                                        d &+= pairSums(e0 &* e0) &+ pairSums(e1 &* e1) &+ pairSums(f0 &* f0)
                                        d &+= pairSums(f1 &* f1) &+ pairSums(g0 &* g0) &+ pairSums(g1 &* g1)
                                    }
                                    offset += 48
                                }
                                for (index, sum) in [s0, s1, s2, s3, s4, s5].enumerated() {
                                    let words = unsafeBitCast(sum, to: SIMD4<UInt32>.self)
                                    lane[2 * index] &+= words & 0xFFFF
                                    lane[2 * index + 1] &+= words &>> 16
                                }
                                wide[5 * column + 3] &+= UInt64(q.wrappedSum())
                                wide[5 * column + 4] &+= UInt64(d.wrappedSum())
                            }
                            // The last pixels, fewer than sixteen.
                            while offset < count {
                                let (r, g, b) = (UInt64(row[offset]), UInt64(row[offset + 1]), UInt64(row[offset + 2]))
                                wide[5 * column] &+= r
                                wide[5 * column + 1] &+= g
                                wide[5 * column + 2] &+= b
                                wide[5 * column + 3] &+= r &* r &+ g &* g &+ b &* b
                                if let before {
                                    for channel in 0..<3 {
                                        let e = Int(row[offset + channel]) - Int(before[offset + channel])
                                        wide[5 * column + 4] &+= UInt64(e * e)
                                    }
                                }
                                offset += 3
                            }
                        }
                        rowsSinceFold += 1
                        if rowsSinceFold == foldEvery {
                            foldLanes(lanes, into: wide, columns: columns)
                            rowsSinceFold = 0
                        }
                    }
                    foldLanes(lanes, into: wide, columns: columns)
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

    /// Adds the 32-bit lanes to the channels their bytes belong to and clears them. Vector
    /// `2v + w` of a column holds, in lane `i`, the low (`w` = 0) or high (`w` = 1) 16-bit half
    /// of word `i` of sum vector `v = 2k + h`: the low (`h` = 0) or high byte of each word of
    /// load `k` of every block. On a little-endian host that is byte `16k + 2(2i + w) + h`.
    private static func foldLanes(
        _ lanes: UnsafeMutablePointer<SIMD4<UInt32>>, into wide: UnsafeMutablePointer<UInt64>, columns: Int
    ) {
        for column in 0..<columns {
            for vector in 0..<6 {
                for half in 0..<2 {
                    let lane = lanes[12 * column + 2 * vector + half]
                    let little = Frame.hostIsLittleEndian
                    for i in 0..<4 {
                        let word = 2 * i + (little ? half : 1 - half)
                        let byte = 16 * (vector / 2) + 2 * word + (little ? vector % 2 : 1 - vector % 2)
                        wide[5 * column + byte % 3] &+= UInt64(lane[i])
                    }
                    lanes[12 * column + 2 * vector + half] = .zero
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
