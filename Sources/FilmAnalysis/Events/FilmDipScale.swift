/// A two-layer fade's residual measured against its dip (round 17).
///
/// A fit's residual is read against the change from A to B (at least
/// ``FilmEventThresholds/blendChange``): the codec's error in a blend is taken to grow with how
/// far the blend lies from its ends. When both layers fade at once the frame dips towards the
/// window's colour, `frame = α·B + (1 − α)²·A + α(1 − α)·background`, and moves further from
/// either end than A is from B wherever the two pages are alike: a dark map into another, or a
/// settings list into one that differs in a few rows. The encoder spends its bits on how far
/// each frame moved, so the dip's frames carry more error than the change allows for:
///
/// - `tune/map-dark-540x1200-60-hevc-s91` (a 200 ms ease-in two-layer fade, HEVC at 60 fps,
///   2633–2817, dip 0.36): its content changes 0.020 from A to B; its frames fit with the
///   background's share at 0.11–0.27 and residuals of **0.15–0.22** of 0.02 (0.003–0.0045 in
///   the tile means), every share going forward, every frame's detail a blend's;
/// - `tune/settings-dark-720x1280-vfr-hevc-s116` (a 350 ms linear two-layer fade at a variable
///   rate, 5250–5533, dip 0.17): its content changes 0.015; both kept frames between read the
///   background's share at 0.16–0.19 and residuals of **0.171**.
///
/// Round 16's rules named nothing for either. Now, on the content area (where a two-layer fade
/// is read, ``FilmBlendFit/Share/background`` being its dip), the residual is measured against
/// the larger of that scale and the dip itself: the root mean square, over the tiles the fit
/// keeps, of how far the fitted background term moves the frame from the plain blend of its two
/// shares. A one-layer fade has no such term (its frames lie between A and B) and reads as
/// before; a frame of neither page (content moving, a sheet over a page) still has to pass the
/// mixture test, the shares' bounds and the course of its neighbours.
extension FilmBlendFit {
    /// What the residual of a fit with `old`, `new` and the background term `offset` (one per
    /// channel) is measured against: ``scale``, or, when ``scalesByDip`` is set and the term
    /// is fitted, the dip's root mean square over the `kept` tiles if that is larger.
    ///
    /// The dip is `g − (1 − a − b)·(a·A + b·B)/(a + b)` per sample: the fitted frame
    /// `a·A + b·B + g` less the blend of A and B in the shares' proportion, scaled up to the
    /// whole frame.
    ///
    /// - Complexity: O(n) in the kept tiles.
    func residualScale(old: Double, new: Double, offset: [Double], kept: [Bool]) -> Double {
        let sum = old + new
        guard scalesByDip, offset.contains(where: { $0 != 0 }), sum > 0.05 else { return scale }
        let background = 1 - sum
        var squares = 0.0
        var count = 0
        for tile in kept.indices where kept[tile] {
            for index in (3 * tile)..<(3 * tile + 3) {
                let blend = (old * a[index] + new * b[index]) / sum
                let dip = offset[index % 3] - background * blend
                squares += dip * dip
                count += 1
            }
        }
        guard count > 0 else { return scale }
        return max(scale, (squares / Double(count)).squareRoot())
    }
}
