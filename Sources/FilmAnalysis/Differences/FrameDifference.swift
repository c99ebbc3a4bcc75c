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
        var total = 0.0
        var tiles = [Float](repeating: 0, count: grid.count)
        for tile in 0..<grid.count {
            total += sums[tile]
            tiles[tile] = Float((sums[tile] / Double(3 * grid.pixelCount(ofTile: tile))).squareRoot())
        }
        self.rmse = (total / Double(3 * a.width * a.height)).squareRoot()
        self.tiles = tiles
        self.grid = grid
    }

    /// 8-bit RGB on both sides: exact integer sums of squared differences, per tile.
    private static func accumulateRGB8(_ a: Frame, _ b: Frame, grid: TileGrid, sums: inout [Double]) {
        let width = a.width
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                for tileRow in 0..<grid.rows {
                    let top = tileRow * grid.tileSize
                    for column in 0..<grid.columns {
                        let left = column * grid.tileSize
                        let right = min(left + grid.tileSize, width)
                        var sum: UInt64 = 0
                        for y in top..<min(top + grid.tileSize, a.height) {
                            let index = (y * width + left) * 3
                            let end = (y * width + right) * 3
                            sum &+= squaredDifference(
                                pa.baseAddress! + index, pb.baseAddress! + index, count: end - index)
                        }
                        sums[tileRow * grid.columns + column] = Double(sum) / 65_025
                    }
                }
            }
        }
    }

    /// Σ (a[i] − b[i])² over `count` bytes, sixteen at a time.
    @inline(__always)
    private static func squaredDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var total: UInt64 = 0
        var index = 0
        while index + 16 <= count {
            // The difference in 16 bits and its square modulo 2¹⁶, which is exact because
            // 255² < 2¹⁶; summed in 32-bit lanes, at most 2048 blocks per lane sum
            // (2048 × 2 × 255² < 2³²).
            let stop = min(count - 15, index + 16 * 2048)
            var lanes = SIMD8<UInt32>()
            while index < stop {
                let x = SIMD16<Int16>(
                    truncatingIfNeeded: UnsafeRawPointer(a + index).loadUnaligned(as: SIMD16<UInt8>.self))
                let y = SIMD16<Int16>(
                    truncatingIfNeeded: UnsafeRawPointer(b + index).loadUnaligned(as: SIMD16<UInt8>.self))
                let d = x &- y
                let square = SIMD16<UInt16>(truncatingIfNeeded: d &* d)
                lanes &+=
                    SIMD8<UInt32>(truncatingIfNeeded: square.lowHalf)
                    &+ SIMD8<UInt32>(truncatingIfNeeded: square.highHalf)
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
