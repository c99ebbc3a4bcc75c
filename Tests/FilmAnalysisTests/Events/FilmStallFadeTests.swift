import FilmAnalysis
import Frames
import Testing

/// Round 8's rule (issue 35): a crossfade that a loaded compositor stalled — a hole longer than
/// `fade-gap` between two of its frames — is one crossfade when the run joined across the hole
/// (up to `stall-gap`) reads as one. The film is drawn pixel by pixel at a variable rate (a frame
/// only where the picture changed); the truth is the scripted opacity of the new page: the fade
/// starts at the first frame where it reaches 0.05 and ends at the first where it reaches 0.95.
@Suite("A crossfade stalled under load is one crossfade")
struct FilmStallFadeTests {
    /// The events of a film of the old page, then the new page at the `opacities` at `times`,
    /// then the new page; a frame only where the picture changed, plus the ends' repeats.
    static func events(
        opacities: [Double], times: [Int], thresholds: FilmEventThresholds = .init()
    ) -> [FilmEvent] {
        let old = FilmAreaFadeTests.page(1, background: 0.97, ink: 0.2)
        let new = FilmAreaFadeTests.page(2, background: 0.1, ink: 0.8)
        let draw = { (b: Double) in FilmAreaFadeTests.frame { x, y in b * new(x, y) + (1 - b) * old(x, y) } }
        let pictures = [0, 0, 0] + opacities + [1, 1, 1]
        let clock = [1000, 1017, 1033] + times + [times.last! + 17, times.last! + 500, times.last! + 1000]
        let frames = FilmBareTests.film(pictures.map(draw), times: clock)
        return FilmEventDetector(thresholds: thresholds).events(in: frames)
    }

    @Test("a fade with no frame for 260 ms half-way is one crossfade from its first blend to its last")
    func holeHalfWay() throws {
        // Two frames of the fade, 260 ms without one (over fade-gap's 200, within stall-gap's
        // 300), then the rest: start at 1050 (0.2 ≥ 0.05), end at 1344 (1 ≥ 0.95).
        let opacities = [0.2, 0.4, 0.7, 1.0]
        let times = [1050, 1067, 1327, 1344]
        let events = Self.events(opacities: opacities, times: times)
        let fades = events.filter { $0.kind == .crossfade }
        let fade = try #require(fades.first, "\(events)")
        #expect(fades.count == 1 && !events.contains { [.cut, .blankFrame, .placeholderFlash].contains($0.kind) })
        #expect(abs(fade.start - 1050) <= 34 && abs(fade.end - 1344) <= 34, "\(fade)")
        // With stall-gap no longer than fade-gap the hole splits it: the rule is what joins it.
        var split = FilmEventThresholds()
        split.stallGap = split.fadeGap
        let unjoined = Self.events(opacities: opacities, times: times, thresholds: split)
        #expect(
            !unjoined.contains { $0.kind == .crossfade && abs($0.start - 1050) <= 34 && abs($0.end - 1344) <= 34 },
            "\(unjoined)")
    }
}
