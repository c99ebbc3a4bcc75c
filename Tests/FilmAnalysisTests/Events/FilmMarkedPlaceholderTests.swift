import FilmAnalysis
import Frames
import Testing

/// A placeholder whose only whole tile holds the pointer (issue 35, round 17): a grey
/// placeholder over one picture of a light map at 960 × 540 (`tune/map-light-960x540-60-vp9-s265`,
/// `-av1-s52`) covered whole tiles in one row only, and the pointer stood on them, so no tile
/// turned flat and round 16's rules named nothing. The film here is a textured map of 480 × 270
/// (40-pixel tiles): a grey square of 70 pixels whose one whole tile holds a 3 × 3 pointer,
/// drawn from the third frame until the picture lands. The oracle is the drawing: the flash
/// starts with the first grey frame and ends with the first filled one, to the millisecond (the
/// frames' times are given, nothing is measured).
@Suite("Placeholders whose whole tiles hold the pointer")
struct FilmMarkedPlaceholderTests {
    static let width = 480
    static let height = 270

    /// A frame: light bars over the top and bottom 20 rows, the content filled by
    /// `content(x, y)`, and a dark 3 × 3 pointer at (258, 138), inside the tile at
    /// x 240–280, y 120–160.
    static func frame(_ content: (Int, Int) -> Double) -> Frame {
        var values = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var value = y < 20 || y >= height - 20 ? 0.92 : content(x, y)
                if x >= 258 && x < 261 && y >= 138 && y < 141 { value = 0.3 }
                for channel in 0..<3 { values[(y * width + x) * 3 + channel] = UInt8((value * 255).rounded()) }
            }
        }
        return Frame(width: width, height: height, rgb: values)
    }

    /// A light map: a texture whose detail (about 0.06) is a map's lakes and contour lines.
    static func map(_ x: Int, _ y: Int) -> Double { map(x, y, seed: 0) }

    /// The map drawn from another `seed`: the same texture, moved.
    static func map(_ x: Int, _ y: Int, seed: Int) -> Double {
        0.62 + 0.2 * Double((x * 7 + y * 13 + seed * 5) % 11) / 11
    }

    /// Whether (x, y) is under the placeholder: 225–295 across, 105–175 down, whose one whole
    /// tile is the pointer's.
    static func underPlaceholder(_ x: Int, _ y: Int) -> Bool { x >= 225 && x < 295 && y >= 105 && y < 175 }

    /// The map, the grey placeholder from the third frame (with the rest of the map drawn from
    /// `seed`: another map when not 0) and the picture from the sixth (over that map).
    static func film(grey: Double, seed: Int = 0) -> [FilmFrame] {
        let a = frame(map)
        let placeholder = frame { x, y in underPlaceholder(x, y) ? grey : map(x, y, seed: seed) }
        let b = frame { x, y in
            underPlaceholder(x, y) ? 0.3 + 0.5 * Double((x * 5 + y * 3) % 13) / 13 : map(x, y, seed: seed)
        }
        return FilmBareTests.film([a, a, placeholder, placeholder, placeholder, b, b])
    }

    @Test("a grey placeholder whose one whole tile holds the pointer is one placeholder flash")
    func pointerOnThePlaceholder() throws {
        let frames = Self.film(grey: 0.55)
        // The premise: the pointer keeps the placeholder's whole tile above a flat tile's detail.
        let tile = 3 * frames[2].summary.grid.columns + 6
        #expect(Double(frames[2].summary.tileDetail[tile]) > FilmEventThresholds().flatTile)
        let events = FilmEventDetector().events(in: frames)
        let flash = try #require(events.first { $0.kind == .placeholderFlash }, "\(events)")
        #expect(flash.start == 1034 && flash.end == 1085, "\(flash)")
        #expect(!events.contains { $0.kind == .cut || $0.kind == .blankFrame }, "\(events)")
    }

    /// In this drawn film the held-fade rule (round 14) already refuses the flash without the
    /// condition that a marked placeholder arrive alone; that condition's evidence is `tune/`'s
    /// (13 flashes in fades of settings lists and grids without it).
    @Test("the same grey square arriving as the whole map changes is no flash")
    func arrivingWithTheMap() {
        let events = FilmEventDetector().events(in: Self.film(grey: 0.55, seed: 3))
        #expect(!events.contains { $0.kind == .placeholderFlash }, "\(events)")
    }
}
