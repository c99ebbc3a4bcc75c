internal import CFrameKernels
import Dispatch
public import Frames

/// A frame's brightness profiles: the mean of red, green and blue (premultiplied, 0…1) down
/// each column and along each row — `width + height` values, from which ``FrameShift`` reads
/// how far the picture moved between two frames.
///
/// A pan or a scroll moves the column or row profile by as many pixels as the picture moved,
/// whatever the texture: a texture far finer than the tiles of ``FrameSummary`` (whose means
/// average its grains away) still leaves a profile that follows the shift.
public struct FrameProfile: Sendable {
    /// The mean over each column, left to right.
    public let columns: [Float]
    /// The mean over each row, top to bottom.
    public let rows: [Float]

    /// The profiles of `frame`.
    ///
    /// - Complexity: O(pixels) time, O(width + height) memory.
    public init(_ frame: Frame) {
        let width = frame.width
        let height = frame.height
        var columnSums = [Double](repeating: 0, count: width)
        var rowSums = [Double](repeating: 0, count: height)
        if frame.layout == .rgb8 {
            // Whole-number sums: a column's share of one band stays under 2³² (a band of at most
            // 2²² rows of 3 · 255 each), then goes into the Double sums.
            var band = [UInt32](repeating: 0, count: width)
            var sums = [UInt64](repeating: 0, count: min(height, 1 << 22))
            var lanes = [UInt16](repeating: 0, count: 3 * width)
            let bandRows = 1 << 22
            frame.bytes.withUnsafeBufferPointer { bytes in
                var top = 0
                while top < height {
                    let bottom = min(height, top + bandRows)
                    band.withUnsafeMutableBufferPointer { band in
                        sums.withUnsafeMutableBufferPointer { sums in
                            lanes.withUnsafeMutableBufferPointer { lanes in
                                band.update(repeating: 0)
                                // The C pass (hk_rgb8_profiles: AVX2 or SSE2 on x86).
                                hk_rgb8_profiles(
                                    bytes.baseAddress, width, top, bottom, band.baseAddress, sums.baseAddress,
                                    lanes.baseAddress, -1)
                            }
                        }
                    }
                    for y in top..<bottom { rowSums[y] = Double(sums[y - top]) / 765 }
                    for x in 0..<width { columnSums[x] += Double(band[x]) / 765 }
                    top = bottom
                }
            }
        } else {
            var row = [Double](repeating: 0, count: width * 3)
            for y in 0..<height {
                row.withUnsafeMutableBufferPointer { frame.premultipliedRow(y, into: $0) }
                var sum = 0.0
                for x in 0..<width {
                    let value = (row[3 * x] + row[3 * x + 1] + row[3 * x + 2]) / 3
                    columnSums[x] += value
                    sum += value
                }
                rowSums[y] = sum
            }
        }
        columns = columnSums.map { Float($0 / Double(height)) }
        rows = rowSums.map { Float($0 / Double(width)) }
    }

    /// Profiles from their values (each in 0…1).
    public init(columns: [Float], rows: [Float]) {
        self.columns = columns
        self.rows = rows
    }
}

/// How far the picture moved from one frame to the next along each axis, read from their
/// ``FrameProfile``s: the offset (in pixels, within ``searchLimit(_:)``) that best lines the
/// later profile up with the earlier one — the least mean squared difference over the part they
/// share — and how much of the profile's change that offset explains.
///
/// A pan of any texture lines up at its own shift, also after a hold where it jumped several
/// steps at once; a cut, a fade or codec noise lines up nowhere better than where it stood.
public struct FrameShift: Sendable, Equatable {
    /// One axis: the best offset and the change it leaves.
    public struct Axis: Sendable, Equatable {
        /// The offset in pixels: positive when the picture moved right (columns) or down (rows).
        public let offset: Int
        /// The mean squared change of the profile where it stands (offset 0).
        public let change: Float
        /// The mean squared difference left at ``offset``.
        public let residual: Float

        /// The share of the change the offset explains: 1 − residual / change (0 without change).
        public var explained: Double { change > 0 ? 1 - Double(residual) / Double(change) : 0 }
    }

    /// Along the columns profile: left (−) or right (+).
    public let x: Axis
    /// Along the rows profile: up (−) or down (+).
    public let y: Axis

    /// The largest offset searched on a profile of `count` values: a quarter of it (so the part
    /// the two profiles share is at least three quarters), at most 160 px.
    public static func searchLimit(_ count: Int) -> Int { min(count / 4, 160) }

    /// The shift from `earlier` to `later` (profiles of frames of the same size).
    ///
    /// - Complexity: O((width + height) · limit), limit ≤ 160: bounded whatever the film.
    public init(from earlier: FrameProfile, to later: FrameProfile) {
        x = Self.axis(earlier.columns, later.columns)
        y = Self.axis(earlier.rows, later.rows)
    }

    /// The shift of one axis from its values.
    public init(x: Axis, y: Axis) {
        self.x = x
        self.y = y
    }

    /// The shift into each profile from the one before it, on all cores: `result[i]` is the
    /// shift from `profiles[i]` to `profiles[i + 1]`, `nil` where either is missing.
    static func between(_ profiles: [FrameProfile?]) -> [FrameShift?] {
        let count = max(0, profiles.count - 1)
        guard count > 0 else { return [] }
        // Each worker writes only its own index.
        nonisolated(unsafe) let slots = UnsafeMutableBufferPointer<FrameShift?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            if let earlier = profiles[index], let later = profiles[index + 1] {
                slots[index] = FrameShift(from: earlier, to: later)
            }
        }
        return Array(slots)
    }

    /// The best offset of `later` against `earlier`: `later[i] ≈ earlier[i − offset]`. Ties go
    /// to the smaller offset (0 first), so a flat or unchanged profile stands still.
    static func axis(_ earlier: [Float], _ later: [Float]) -> Axis {
        let count = min(earlier.count, later.count)
        let limit = searchLimit(count)
        guard count > 0 else { return Axis(offset: 0, change: 0, residual: 0) }
        return earlier.withUnsafeBufferPointer { a in
            later.withUnsafeBufferPointer { b in
                func residual(_ offset: Int) -> Float {
                    let from = max(0, offset)
                    let to = min(count, count + offset)
                    // Eight lanes at a time, then the rest.
                    var lanes = SIMD8<Float>()
                    var i = from
                    if let later = b.baseAddress, let earlier = a.baseAddress {
                        while i + 8 <= to {
                            let d =
                                UnsafeRawPointer(later + i).loadUnaligned(as: SIMD8<Float>.self)
                                - UnsafeRawPointer(earlier + i - offset).loadUnaligned(as: SIMD8<Float>.self)
                            lanes += d * d
                            i += 8
                        }
                    }
                    var sum = lanes.sum()
                    while i < to {
                        let d = b[i] - a[i - offset]
                        sum += d * d
                        i += 1
                    }
                    return sum / Float(to - from)
                }
                let change = residual(0)
                var best = (offset: 0, residual: change)
                guard limit > 0 else { return Axis(offset: 0, change: change, residual: change) }
                for magnitude in 1...limit {
                    for offset in [magnitude, -magnitude] {
                        let value = residual(offset)
                        if value < best.residual { best = (offset, value) }
                    }
                }
                return Axis(offset: best.offset, change: change, residual: best.residual)
            }
        }
    }
}
