/// How a frame is made of the frame before a change (A), the frame after it (B) and a flat
/// background, fitted on tile means.
///
/// A compositor crossfading two opaque layers draws, at blend position α,
///
/// ```
/// one layer fading in over the other:   frame = α·B + (1 − α)·A
/// both fading at once (SwiftUI .opacity, CSS opacity on both):
///                                       frame = α·B + (1 − α)²·A + α(1 − α)·background
/// ```
///
/// so each frame is fitted as `a·A + b·B + g`, with `g` one colour for the whole frame (the
/// background's share times its colour), by least squares over the three channels of every
/// tile. The blend is `b`, and `1 − a − b` is the background's share: 0 for a clean blend, up
/// to ¼ mid-way when both layers fade (the *dip*).
///
/// Tile means cannot tell a blend from *motion*: content sliding from where it was in A to
/// where it is in B passes through frames whose tile means lie between A's and B's too. The
/// tiles' detail can. A blend mixes every pixel of a tile, so where A and B differ the detail
/// of `a·A + b·B` is about `√(a²·σA² + b²·σB²)` (their contents uncorrelated); moving content
/// leaves each pixel wholly A's or B's, a mixture whose variance is at least `a·σA² + b·σB²`.
/// ``Share/mixture`` places the frame between the two (0 a blend, 1 a mixture) over the tiles
/// where A and B differ.
public struct FilmBlendFit: Sendable {
    /// The shares of one frame.
    public struct Share: Hashable, Sendable {
        /// The share of the frame before the change (`a`).
        public var old: Double
        /// The share of the frame after the change (`b`): the blend position.
        public var new: Double
        /// The background's share, `1 − a − b`.
        public var background: Double { 1 - old - new }
        /// The root mean square of what the fit leaves over the tile means, over the RMS of `B − A`
        /// (at least ``FilmEventThresholds/blendChange``).
        public var residual: Double
        /// Where the frame's detail lies between a blend's (0) and a mixture's (1, moving
        /// content), over the tiles where A and B differ; `nil` when the two predictions are
        /// too close to tell apart (shares near 0 or 1, or no such tile).
        public var mixture: Double? { span > 0 ? excess / span : nil }
        /// The frame's variance above the blend's prediction, and the mixture's prediction above
        /// the blend's (0 when not measurable), summed over the tiles where A and B differ.
        var excess = 0.0
        var span = 0.0
    }

    let a: [Double]
    let b: [Double]
    /// The variance of each tile of A and B (detail squared), and the tiles where they differ.
    let aVariance: [Double]
    let bVariance: [Double]
    let changedTiles: [Int]
    let change: Double
    /// What the residual is measured against: the change, or ``FilmEventThresholds/blendChange``
    /// when the change is smaller (the codec's noise is not a share of a small change).
    let scale: Double
    let largestResidual: Double
    /// The share of tiles the fit may leave out (``FilmEventThresholds/blendTrim``).
    let trim: Double
    /// The tiles the fit reads (every tile, or an area of the frame: its content, inside the
    /// chrome's bands).
    let area: [Bool]
    /// How many tiles ``area`` holds.
    let areaCount: Int
    /// Whether the fit has its background term `g`; without it every frame is fitted as
    /// `a·A + b·B` alone: the blend over a black window, or one layer over the other (round 11).
    /// Two pages that are mostly their flat page colour (a settings list in its dark and its
    /// light theme) are nearly each a shade of the other, and a flat background term then
    /// trades the old page's share against its own: under a codec's noise the shares wander or
    /// leave the range of a blend.
    var background = true
    /// The square root of each tile's weight in the least squares (its samples are scaled by it),
    /// or empty when every tile weighs alike (``weighByDetail(_:)``).
    var rootWeights: [Double] = []
    /// Whether a fit with its background term measures its residual against the dip as well
    /// (``residualScale(old:new:offset:kept:)``, round 17): set on the content area.
    var scalesByDip = false

    /// Weighs each tile in the least squares by `1 + k · (σA + σB) / (|B − A| + 0.01)`: its detail
    /// in the two ends against how far its mean moves (round 14, at a variable rate only).
    ///
    /// Tile means flatten what makes a page: a tile of text or of a map's fine lines changes
    /// little in its mean between two themes while every one of its pixels changes, and a flat
    /// tile's mean moves as much as its pixels. Fitted alike, the flat tiles (the page colour,
    /// most of a settings list) carry the shares, and a fade's first frames read as no blend
    /// under the codec's noise (`tune/settings-dark-960x540-vfr-hevc-s170`'s and
    /// `tune/settings-dark-960x540-vfr-hevc-s202`'s first fades). Weighted by detail the fit reads
    /// the tiles as their pixels would. `k` and the 0.01 are in the tile means' units (0…1).
    mutating func weighByDetail(_ k: Double) {
        rootWeights = (0..<(a.count / 3)).map { tile in
            var squares = 0.0
            for channel in 0..<3 {
                let d = b[3 * tile + channel] - a[3 * tile + channel]
                squares += d * d
            }
            let meanChange = (squares / 3).squareRoot()
            let detail = aVariance[tile].squareRoot() + bVariance[tile].squareRoot()
            return (1 + k * detail / (meanChange + 0.01)).squareRoot()
        }
    }

    /// A fit between `before` and `after`, or `nil` when they differ too little to measure a
    /// blend (``FilmEventThresholds/smallestBlend``) or are summarised on different grids.
    ///
    /// With `area` (a flag per tile), only those tiles are read — the change, the fit, its
    /// trim, its residual and the detail: a frame's content area, leaving out the status and
    /// navigation bars, which keep their own colours (or follow a theme on their own curve)
    /// while the content's two layers fade over the window behind.
    public init?(
        from before: FrameSummary, to after: FrameSummary, thresholds: FilmEventThresholds = .init(),
        area: [Bool]? = nil
    ) {
        guard before.grid == after.grid, !before.tileMeans.isEmpty else { return nil }
        let area = area ?? [Bool](repeating: true, count: before.grid.count)
        guard area.count == before.grid.count else { return nil }
        let areaCount = area.filter { $0 }.count
        guard areaCount > 0 else { return nil }
        (self.area, self.areaCount) = (area, areaCount)
        a = before.tileMeans.map(Double.init)
        b = after.tileMeans.map(Double.init)
        var sum = 0.0
        for index in a.indices where area[index / 3] { sum += (b[index] - a[index]) * (b[index] - a[index]) }
        change = (sum / Double(3 * areaCount)).squareRoot()
        scale = max(change, thresholds.blendChange)
        largestResidual = thresholds.blendResidual
        trim = thresholds.blendTrim
        aVariance = before.tileDetail.map { Double($0) * Double($0) }
        bVariance = after.tileDetail.map { Double($0) * Double($0) }
        let (a, b) = (a, b)
        changedTiles = before.grid.indices.filter { tile in
            guard area[tile] else { return false }
            var squares = 0.0
            for channel in 0..<3 {
                let d = b[3 * tile + channel] - a[3 * tile + channel]
                squares += d * d
            }
            let meanChange = (squares / 3).squareRoot()
            return meanChange >= thresholds.quiet
                || abs(Double(after.tileDetail[tile]) - Double(before.tileDetail[tile])) >= thresholds.quiet
        }
        guard change >= thresholds.smallestBlend else { return nil }
    }

    /// The shares of `frame`, or `nil` when it is not such a blend (its residual passes
    /// ``FilmEventThresholds/blendResidual``, or its shares leave −0.05…1.05).
    public func share(of frame: FrameSummary) -> Share? { accepted(fit(frame)) }

    /// `share` (what ``fit(_:)`` gave for a frame) when it is such a blend, as
    /// ``share(of:)`` decides: the detector fits each frame once and asks both questions of
    /// that one fit.
    func accepted(_ share: Share?) -> Share? {
        guard let share, share.residual <= largestResidual, (-0.05...1.05).contains(share.old),
            (-0.05...1.05).contains(share.new), share.background >= -0.05, share.background <= 1
        else { return nil }
        return share
    }

    /// The least-squares shares of `frame` whatever its residual, `nil` when they cannot be
    /// solved for or the frame is on another grid.
    ///
    /// The fit is trimmed: after a first fit over every tile, the tiles it fits worst, up to
    /// ``FilmEventThresholds/blendTrim`` of them, are left out and the shares fitted again (twice).
    /// A status bar whose colours follow a theme on their own curve, the pointer, a ticking clock
    /// are a few tiles that are no part of the blend; the residual and the detail are read on
    /// the tiles kept. Shares that do not pass as a blend (``share(of:)``) with the background
    /// term are fitted again without it on the same tiles, and taken if they pass.
    public func fit(_ frame: FrameSummary) -> Share? {
        let f = frame.tileMeans.map(Double.init)
        guard f.count == a.count, frame.tileDetail.count == aVariance.count else { return nil }
        var kept = area
        guard var solution = solve(f, kept: kept, offset: background) else { return nil }
        var residuals = tileResiduals(f, solution)
        if trim > 0, areaCount > 4 {
            for _ in 0..<2 {
                let inside =
                    areaCount == area.count ? residuals : area.indices.filter { area[$0] }.map { residuals[$0] }
                let limit = inside.sorted()[min(areaCount - 1, Int((1 - trim) * Double(areaCount)))]
                let next = area.indices.map { area[$0] && residuals[$0] <= limit }
                guard let better = solve(f, kept: next, offset: background) else { break }
                (kept, solution) = (next, better)
                residuals = tileResiduals(f, solution)
            }
        }
        var residual = 0.0
        var count = 0
        for tile in kept.indices where kept[tile] {
            residual += residuals[tile]
            count += 3
        }
        let relative =
            (residual / Double(max(1, count))).squareRoot()
            / residualScale(old: solution.0, new: solution.1, offset: solution.2, kept: kept)
        var share = Share(old: solution.0, new: solution.1, residual: relative)
        // Shares that pass as no blend with the background term are fitted again without it, on
        // the same tiles: where A, B and a flat colour are nearly in line (a dark page and a
        // light one), the term takes the old page's share and leaves it below 0 (round 11).
        if background, accepted(share) == nil, let plain = solve(f, kept: kept, offset: false) {
            let plainResiduals = tileResiduals(f, plain)
            var sum = 0.0
            for tile in kept.indices where kept[tile] { sum += plainResiduals[tile] }
            let plainShare = Share(
                old: plain.0, new: plain.1, residual: (sum / Double(max(1, count))).squareRoot() / scale)
            if accepted(plainShare) != nil { (solution, share) = (plain, plainShare) }
        }
        (share.excess, share.span) = mixture(frame, old: solution.0, new: solution.1, kept: kept)
        return share
    }

    /// The sum over its three channels of each tile's squared residual from `solution`.
    func tileResiduals(_ f: [Double], _ solution: (Double, Double, [Double])) -> [Double] {
        let (old, new, offset) = solution
        return (0..<(f.count / 3)).map { tile in
            var sum = 0.0
            for index in (3 * tile)..<(3 * tile + 3) {
                let r = f[index] - old * a[index] - new * b[index] - offset[index % 3]
                sum += r * r
            }
            return sum
        }
    }

    /// Where the detail of `frame` lies between the blend's prediction `a²·σA² + b²·σB²` (0)
    /// and the mixture's `a·σA² + b·σB²` (1), summed over the tiles where A and B differ; `nil`
    /// as the observed variance above the blend's and the mixture's above the blend's; (0, 0)
    /// when the mixture's prediction exceeds the blend's by less than a quarter.
    func mixture(_ frame: FrameSummary, old: Double, new: Double, kept: [Bool]) -> (excess: Double, span: Double) {
        let (wa, wb) = (min(1, max(0, old)), min(1, max(0, new)))
        var observed = 0.0
        var blend = 0.0
        var mixed = 0.0
        for tile in changedTiles where kept[tile] {
            let detail = Double(frame.tileDetail[tile])
            observed += detail * detail
            blend += wa * wa * aVariance[tile] + wb * wb * bVariance[tile]
            mixed += wa * aVariance[tile] + wb * bVariance[tile]
        }
        guard blend > 0, mixed - blend >= 0.25 * blend else { return (0, 0) }
        return (observed - blend, mixed - blend)
    }

    /// Least squares for `a`, `b` and the offset per channel; with the offset left out when the
    /// five unknowns cannot be told apart (A and B flat, or one a shade of the other).
    ///
    /// The normal equations over the unknowns (a, b, g_r, g_g, g_b) are summed term by term in
    /// scalars: each sample's row is (A, B, and 1 in its channel's offset column), so every
    /// entry is a sum of A·A, A·B, B·B, A, B, 1, A·f, B·f or f over the kept samples of one
    /// channel or all, in sample order. The products with a row's zeros that a 5 × 5 outer
    /// product would add are +0 (the means are finite and at least 0), so the sums are the
    /// same to the bit, without an array per sample.
    func solve(_ f: [Double], kept: [Bool], offset: Bool = true) -> (Double, Double, [Double])? {
        var aa = 0.0, ab = 0.0, bb = 0.0, af = 0.0, bf = 0.0
        var aSum = (0.0, 0.0, 0.0), bSum = (0.0, 0.0, 0.0), fSum = (0.0, 0.0, 0.0), count = (0.0, 0.0, 0.0)
        let weighted = !rootWeights.isEmpty
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                f.withUnsafeBufferPointer { f in
                    kept.withUnsafeBufferPointer { kept in
                        for tile in 0..<(f.count / 3) where kept[tile] {
                            // Each sample scaled by its tile's root weight: with none, by 1,
                            // which leaves every sum the same to the bit.
                            let w = weighted ? rootWeights[tile] : 1
                            for channel in 0..<3 {
                                let index = 3 * tile + channel
                                let (x, y, value) = (w * a[index], w * b[index], w * f[index])
                                aa += x * x
                                ab += x * y
                                bb += y * y
                                af += x * value
                                bf += y * value
                                switch channel {
                                case 0:
                                    aSum.0 += w * x
                                    bSum.0 += w * y
                                    fSum.0 += w * value
                                    count.0 += w * w
                                case 1:
                                    aSum.1 += w * x
                                    bSum.1 += w * y
                                    fSum.1 += w * value
                                    count.1 += w * w
                                default:
                                    aSum.2 += w * x
                                    bSum.2 += w * y
                                    fSum.2 += w * value
                                    count.2 += w * w
                                }
                            }
                        }
                    }
                }
            }
        }
        let m = [
            [aa, ab, aSum.0, aSum.1, aSum.2, af],
            [ab, bb, bSum.0, bSum.1, bSum.2, bf],
            [aSum.0, bSum.0, count.0, 0, 0, fSum.0],
            [aSum.1, bSum.1, 0, count.1, 0, fSum.1],
            [aSum.2, bSum.2, 0, 0, count.2, fSum.2],
        ]
        if offset, let x = Self.eliminate(m) { return (x[0], x[1], [x[2], x[3], x[4]]) }
        let reduced = [[m[0][0], m[0][1], m[0][5]], [m[1][0], m[1][1], m[1][5]]]
        if let x = Self.eliminate(reduced) { return (x[0], x[1], [0, 0, 0]) }
        return nil
    }

    /// Solves the augmented system `m` (n rows of n + 1) by Gaussian elimination with partial
    /// pivoting; `nil` when it is singular (a pivot below 1e-9 of the largest diagonal).
    static func eliminate(_ system: [[Double]]) -> [Double]? {
        var m = system
        let n = m.count
        let scale = max(1e-300, (0..<n).map { abs(m[$0][$0]) }.max() ?? 0)
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                abs(m[pivot][column]) > 1e-9 * scale
            else { return nil }
            m.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = m[row][column] / m[column][column]
                for k in column...n { m[row][k] -= factor * m[column][k] }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}
