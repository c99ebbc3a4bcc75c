/// A two-layer fade between pages alike, read from its dip alone (round 18).
///
/// When both layers fade at once over the window the frame dips towards its colour,
/// `frame = α·B + (1 − α)²·A + α(1 − α)·background`. Where A and B differ in their content's
/// tile means by less than ``FilmEventThresholds/smallestBlend`` no blend of them is fitted
/// (``FilmBlendFit``), and the dip alone reads on the whole frame as strays or motion:
///
/// - `tune/settings-dark-720x1280-vfr-h264` (a two-layer fade of a dark settings list at a
///   variable rate, 2667–2850, dip 0.241): the content changes 0.0075; its frames read dips of
///   0.06, 0.11, 0.16, 0.23, 0.26, 0.27, 0.24, 0.19, 0.16 with residuals under 0.03;
/// - `tune/settings-dark-960x540-30-vp9-s93` (a 200 ms ease-in two-layer fade, VP9 at 30 fps,
///   3567–3667, dip 0.238): the content changes 0.0059; dips 0.15, 0.28, 0.28, 0.14.
///
/// With A ≈ B the frame is `(1 − d)·A + g`: the contrast of the content falls by the dip `d`
/// and its level moves to the window's. Each frame between is fitted so on the content area,
/// against A up to the deepest frame and against B after it, `d` is read back to α on the
/// side of ½ it lies (`α(1 − α) = d`), and the shares are a crossfade's when the dip is a
/// two-layer fade's: every frame's within −0.05…``deepestDip`` with a residual under
/// ``FilmEventThresholds/blendResidual`` (of its move, or of ``FilmEventThresholds/blendChange``),
/// the deepest read against the mean of A and B at least ``shallowestDip`` (a fade passing ½
/// dips ¼), at least ``dipFrames`` frames, and the dip rising to its deepest and falling after
/// it, never going back by more than 0.05. Only tried when nothing else reads a crossfade.
extension EventSearch {
    /// A two-layer fade between pages alike, read from its dip alone (round 18); `nil` when the
    /// frames between `before` and `after` do not read as one.
    func readDip(before: Int, after: Int, everyFrame: Bool) -> BlendReading? {
        let grid = frames[before].summary.grid
        guard let area = contentArea(of: grid) else { return nil }
        let a = frames[before].summary.tileMeans.map(Double.init)
        let b = frames[after].summary.tileMeans.map(Double.init)
        guard a.count == b.count, a.count == 3 * grid.count else { return nil }
        let tiles = grid.indices.filter { area[$0] }
        var squares = 0.0
        for tile in tiles { for i in (3 * tile)..<(3 * tile + 3) { squares += (b[i] - a[i]) * (b[i] - a[i]) } }
        let change = (squares / Double(3 * tiles.count)).squareRoot()
        guard change < t.smallestBlend else { return nil }
        let middle = a.indices.map { (a[$0] + b[$0]) / 2 }
        let indices = ((before + 1)..<after).filter { everyFrame || !steps.repeats[$0] }
        var fits: [(index: Int, mid: DipFit, a: DipFit, b: DipFit)] = []
        for index in indices {
            let means = frames[index].summary.tileMeans.map(Double.init)
            guard let mid = DipFit(means, against: middle, tiles: tiles, floor: t.blendChange),
                let againstA = DipFit(means, against: a, tiles: tiles, floor: t.blendChange),
                let againstB = DipFit(means, against: b, tiles: tiles, floor: t.blendChange)
            else { return nil }
            fits.append((index, mid, againstA, againstB))
        }
        guard fits.count >= Self.dipFrames, let peak = fits.indices.max(by: { fits[$0].mid.dip < fits[$1].mid.dip }),
            fits[peak].mid.dip >= Self.shallowestDip
        else { return nil }
        let dips = fits.indices.map { position in
            let fit = position <= peak ? fits[position].a : fits[position].b
            return (fits[position].index, fit.dip, fit.residual)
        }
        return dipReading(dips, peak: peak)
    }

    /// The crossfade `dips` read as (each frame's dip and residual, in time order), or `nil`.
    func dipReading(_ dips: [(index: Int, dip: Double, residual: Double)], peak: Int) -> BlendReading? {
        guard dips.allSatisfy({ (-0.05...Self.deepestDip).contains($0.dip) && $0.residual <= t.blendResidual }),
            dips[peak].dip >= Self.shallowestDip,
            monotonic(dips[...peak].map(\.dip)), monotonic(dips[peak...].map { -$0.dip })
        else { return nil }
        var reading = BlendReading()
        for (position, frame) in dips.enumerated() {
            let root = (max(0, 1 - 4 * max(0, frame.dip))).squareRoot()
            let new = position <= peak ? (1 - root) / 2 : (1 + root) / 2
            reading.shares.append(
                (frame.index, FilmBlendFit.Share(old: 1 - new - frame.dip, new: new, residual: frame.residual)))
        }
        reading.fitted = true
        return reading.isCrossfade ? reading : nil
    }

    /// The deepest dip a frame may read: 0.32 (two layers reach ¼; `-s93` reads 0.28 against
    /// the mean of its ends, under VP9's error).
    static let deepestDip = 0.32
    /// The deepest frame's dip against the mean of the ends must reach this: 0.2 (α within
    /// 0.28…0.72). 0.1 named a map's redraw and a tail of a light list's fade (`tune/`, round 18).
    static let shallowestDip = 0.2
    /// The frames between the ends a dip needs: 3.
    static let dipFrames = 3
}

/// A frame fitted as `s·R + g` on a reference's tile means over some tiles (`g` one per
/// channel, `s` from their covariance): its dip `1 − s`, and the residual's root mean square
/// over how far the fit moves `R` (at least `floor`).
struct DipFit {
    var dip: Double
    var residual: Double

    init?(_ frame: [Double], against reference: [Double], tiles: [Int], floor: Double) {
        guard frame.count == reference.count, !tiles.isEmpty else { return nil }
        var referenceMean = [0.0, 0.0, 0.0]
        var frameMean = [0.0, 0.0, 0.0]
        for tile in tiles {
            for channel in 0..<3 {
                referenceMean[channel] += reference[3 * tile + channel]
                frameMean[channel] += frame[3 * tile + channel]
            }
        }
        for channel in 0..<3 {
            referenceMean[channel] /= Double(tiles.count)
            frameMean[channel] /= Double(tiles.count)
        }
        var spread = 0.0
        var covariance = 0.0
        for tile in tiles {
            for channel in 0..<3 {
                let deviation = reference[3 * tile + channel] - referenceMean[channel]
                spread += deviation * deviation
                covariance += deviation * (frame[3 * tile + channel] - frameMean[channel])
            }
        }
        guard spread > 0 else { return nil }
        let scale = covariance / spread
        let offset = (0..<3).map { frameMean[$0] - scale * referenceMean[$0] }
        var squares = 0.0
        var moved = 0.0
        for tile in tiles {
            for channel in 0..<3 {
                let sample = 3 * tile + channel
                let error = frame[sample] - scale * reference[sample] - offset[channel]
                squares += error * error
                let shift = scale * reference[sample] + offset[channel] - reference[sample]
                moved += shift * shift
            }
        }
        let count = Double(3 * tiles.count)
        dip = 1 - scale
        residual = (squares / count).squareRoot() / max((moved / count).squareRoot(), floor)
    }
}
