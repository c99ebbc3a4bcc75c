import Frames

// The tile sums in Swift's vector types: the path where CFrameKernels has only plain C.

extension FrameSummary {
    /// The 8-bit RGB case in integers, in Swift vectors, for processors where the C kernel has
    /// no vector instructions (ARM: Swift's vectors compile to NEON there): the same sums as
    /// `accumulateRGB8`, which the tests hold it to on every size they try. Per tile, the sums
    /// per channel, and the sum of squares over all three channels (kept in
    /// `squares[3 · tile]`); with `previous`, also the sum of
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
    static func accumulateRGB8Portable(
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
