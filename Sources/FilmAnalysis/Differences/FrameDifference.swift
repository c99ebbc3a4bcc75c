public import Frames

/// How much a frame differs from another: the root mean square error over the whole picture,
/// normalised exactly as ImageMagick 6's `compare -metric RMSE A B null:` prints it in
/// parentheses, and the same measure per tile.
///
/// ImageMagick 6 (6.9.11, Debian 12) weighs each colour sample by its pixel's alpha, leaves
/// the alpha channel itself out, and averages over red, green and blue (grey images have three
/// equal channels there):
///
/// ```
/// rmse = √( Σ_pixels Σ_{c ∈ r,g,b} (αᴬ·cᴬ − αᴮ·cᴮ)² / (3 · pixels) )
/// ```
///
/// with every sample and alpha in 0…1 (an 8-bit `v` is `v / 255`, a 16-bit `v / 65535`; alpha
/// is 1 without an alpha channel). Checked against the `compare` binary on every PNG kind in
/// the tests.
public struct FrameDifference: Sendable {
    /// The difference over the whole frame, 0…1.
    public let rmse: Double
    /// The same measure per tile of ``grid``, row-major.
    public let tiles: [Float]
    /// The grid of ``tiles``.
    public let grid: TileGrid

    /// Compares two frames of the same size.
    ///
    /// - Precondition: `a` and `b` have the same width and height.
    /// - Complexity: O(pixels).
    public init(_ a: Frame, _ b: Frame) {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        let grid = TileGrid(width: a.width, height: a.height)
        var sums = [Double](repeating: 0, count: grid.count)
        if a.layout == .rgb8 && b.layout == .rgb8 {
            Self.accumulateRGB8(a, b, grid: grid, sums: &sums)
        } else {
            var rowA = [Double](repeating: 0, count: a.width * 3)
            var rowB = [Double](repeating: 0, count: a.width * 3)
            for y in 0..<a.height {
                rowA.withUnsafeMutableBufferPointer { a.premultipliedRow(y, into: $0) }
                rowB.withUnsafeMutableBufferPointer { b.premultipliedRow(y, into: $0) }
                let tileRow = y / grid.tileSize
                for column in 0..<grid.columns {
                    let left = column * grid.tileSize
                    var sum = 0.0
                    for index in (3 * left)..<(3 * min(left + grid.tileSize, a.width)) {
                        let d = rowA[index] - rowB[index]
                        sum += d * d
                    }
                    sums[tileRow * grid.columns + column] += sum
                }
            }
        }
        self.init(grid: grid, squaredSums: sums)
    }

    /// The difference from each tile's sum of squared sample differences (0…1 samples).
    init(grid: TileGrid, squaredSums sums: [Double]) {
        var total = 0.0
        var tiles = [Float](repeating: 0, count: grid.count)
        for tile in 0..<grid.count {
            total += sums[tile]
            tiles[tile] = Float((sums[tile] / Double(3 * grid.pixelCount(ofTile: tile))).squareRoot())
        }
        self.rmse = (total / Double(3 * grid.width * grid.height)).squareRoot()
        self.tiles = tiles
        self.grid = grid
    }

    /// 8-bit RGB on both sides: exact integer sums of squared differences, per tile, row by
    /// row (the bytes are read in memory order).
    private static func accumulateRGB8(_ a: Frame, _ b: Frame, grid: TileGrid, sums: inout [Double]) {
        let width = a.width
        let columns = grid.columns
        let exact = UnsafeMutablePointer<UInt64>.allocate(capacity: grid.count)
        exact.initialize(repeating: 0, count: grid.count)
        defer { exact.deallocate() }
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                // Frames are never empty, so both have an address.
                guard let startA = pa.baseAddress, let startB = pb.baseAddress else { return }
                for y in 0..<a.height {
                    let tiles = exact + (y / grid.tileSize) * columns
                    let row = y * width * 3
                    for column in 0..<columns {
                        let left = row + column * grid.tileSize * 3
                        let right = row + min((column + 1) * grid.tileSize, width) * 3
                        tiles[column] &+= squaredDifference(
                            startA + left, startB + left, count: right - left)
                    }
                }
            }
        }
        for tile in 0..<grid.count { sums[tile] = Double(exact[tile]) / 65_025 }
    }

    /// Σ (a[i] − b[i])² over `count` bytes, sixteen at a time.
    ///
    /// The bytes are loaded as 16-bit words and split into their low and high bytes; the
    /// difference of two bytes, taken modulo 2¹⁶, squares exactly modulo 2¹⁶ and 255² < 2¹⁶,
    /// so each square is exact in its lane. Neighbouring squares are added into 32-bit lanes
    /// (≤ 4 · 255² per lane and block), at most 4096 blocks per lane sum (< 2³²).
    @inline(__always)
    private static func squaredDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var total: UInt64 = 0
        var index = 0
        let low = SIMD8<UInt16>(repeating: 0xFF)
        while index + 16 <= count {
            let stop = min(count - 15, index + 16 * 4096)
            var lanes = SIMD4<UInt32>()
            while index < stop {
                let x = UnsafeRawPointer(a + index).loadUnaligned(as: SIMD8<UInt16>.self)
                let y = UnsafeRawPointer(b + index).loadUnaligned(as: SIMD8<UInt16>.self)
                let even = (x & low) &- (y & low)
                let odd = (x &>> 8) &- (y &>> 8)
                lanes &+= FrameSummary.pairSums(even &* even) &+ FrameSummary.pairSums(odd &* odd)
                index += 16
            }
            total &+= UInt64(lanes.wrappedSum())
        }
        while index < count {
            let d = Int(a[index]) - Int(b[index])
            total &+= UInt64(d * d)
            index += 1
        }
        return total
    }
}
