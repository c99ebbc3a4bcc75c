import FilmAnalysis
import Frames
import Testing

/// A blend and moving content have the same tile means; their tiles' detail tells them apart
/// (``FilmBlendFit/Share/mixture``), so that a slide caught mid-way is not named a crossfade.
///
/// The frames are built here: A and B are two layouts with independent pixel noise; the blend
/// mixes every pixel (`0.4·A + 0.6·B`), the "moved" frame takes each pixel wholly from A or from
/// B (60 % from B), as content moving between them does. Both have the blend's tile means
/// within the sampling noise.
@Suite("Film motion: a mixture of two frames is not a blend of them")
struct FilmMotionTests {
    static let (width, height) = (180, 390)

    /// A deterministic generator (xorshift), so that the frames are the same on every run.
    struct Noise {
        var state: UInt64
        mutating func next() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
    }

    /// Layout A: dark top, light bottom; layout B: light left, dark right; each with uniform
    /// noise of ±0.15 per pixel and channel, independent between A and B.
    static func layouts() -> (a: [Double], b: [Double]) {
        var noise = Noise(state: 0x9E37_79B9_7F4A_7C15)
        var a = [Double](repeating: 0, count: width * height * 3)
        var b = a
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    let index = (y * width + x) * 3 + channel
                    a[index] = (y < height / 2 ? 0.25 : 0.75) + 0.3 * (noise.next() - 0.5)
                    b[index] = (x < width / 2 ? 0.7 : 0.2) + 0.3 * (noise.next() - 0.5)
                }
            }
        }
        return (a, b)
    }

    static func frame(_ values: [Double]) -> Frame {
        Frame(width: width, height: height, rgb: values.map { UInt8((min(1, max(0, $0)) * 255).rounded()) })
    }

    static let frames: (a: Frame, b: Frame, blend: Frame, moved: Frame) = {
        let (a, b) = layouts()
        let blend = zip(a, b).map { 0.4 * $0 + 0.6 * $1 }
        var noise = Noise(state: 0x2545_F491_4F6C_DD1D)
        var moved = a
        for pixel in 0..<(width * height) where noise.next() < 0.6 {
            for channel in 0..<3 { moved[3 * pixel + channel] = b[3 * pixel + channel] }
        }
        return (frame(a), frame(b), frame(blend), frame(moved))
    }()

    @Test("both fit the blend on tile means; the blend's detail is a blend's, the mixture's a mixture's")
    func shares() throws {
        let (a, b, blend, moved) = Self.frames
        let fit = try #require(FilmBlendFit(from: FrameSummary(a), to: FrameSummary(b)))
        let blended = try #require(fit.share(of: FrameSummary(blend)))
        let mixed = try #require(fit.share(of: FrameSummary(moved)))
        // Tile means: both at 60 % of the way (sampling noise of ~2300 pixels a tile, 8-bit rounding).
        #expect(abs(blended.new - 0.6) <= 0.02 && abs(mixed.new - 0.6) <= 0.03, "\(blended) \(mixed)")
        // Detail: the blend's variance is a²σA² + b²σB² (independent noise), the mixture's at
        // least a·σA² + b·σB², so 0 and 1 on the scale, within the sampling noise.
        let blendMixture = try #require(blended.mixture)
        let movedMixture = try #require(mixed.mixture)
        #expect(abs(blendMixture) <= 0.1, "blend \(blendMixture)")
        #expect(movedMixture >= 0.9, "moved \(movedMixture)")
    }

    /// A film A, A, X, X, B, B at 60 fps, X the blend or the moved frame.
    static func film(middle: Frame) -> [FilmFrame] {
        let (a, b, _, _) = frames
        var previous: Frame?
        return [a, a, middle, middle, b, b].enumerated().map { index, frame in
            defer { previous = frame }
            return FilmFrame(
                file: "\(index)", time: 1000 + index * 17, summary: FrameSummary(frame),
                difference: previous.map { FrameDifference($0, frame) })
        }
    }

    @Test("the detector names the blend a crossfade and the moved frame neither a crossfade nor a cut")
    func detector() {
        let faded = FilmEventDetector().events(in: Self.film(middle: Self.frames.blend)).map(\.kind)
        #expect(faded.contains(.crossfade) && !faded.contains(.cut), "\(faded)")
        let moved = FilmEventDetector().events(in: Self.film(middle: Self.frames.moved)).map(\.kind)
        #expect(!moved.contains(.crossfade) && !moved.contains(.cut), "\(moved)")
        #expect(moved.contains(.settle), "\(moved)")
        // With the threshold above any mixture, the moved frame is a crossfade again: the rule does it.
        var loose = FilmEventThresholds()
        loose.mixture = 10
        let unguarded = FilmEventDetector(thresholds: loose).events(in: Self.film(middle: Self.frames.moved))
        #expect(unguarded.map(\.kind).contains(.crossfade), "\(unguarded.map(\.kind))")
    }
}
