import Foundation
import ImageStandIns
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A grey picture with detail finer than a 100-pixel decode resolves well: a broad gradient
/// and a fine pattern of period 1/41 × 1/37 (about 2.5 pixels at 100 pixels, 5 at 200).
func poster(_ x: Double, _ y: Double) -> Double {
    0.5 + 0.25 * sin(2 * .pi * (3 * x + 2 * y)) + 0.2 * sin(2 * .pi * 41 * x) * sin(2 * .pi * 37 * y)
}

/// A decoded grey bitmap, shaped like the `CGImage` of the docs' snippet (`bytesPerRow`,
/// `height`) and as immutable.
final class Bitmap: Sendable {
    let width: Int
    let height: Int
    /// Row by row, 0…1.
    let pixels: [Double]

    var bytesPerRow: Int { width * 4 }

    /// What a decoder makes of `picture` at `width` × `height`: each pixel the mean of 4 × 4
    /// samples of its cell (the picture spans the unit square).
    init(decoding picture: (Double, Double) -> Double, width: Int, height: Int) {
        self.width = width
        self.height = height
        var pixels: [Double] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            for column in 0..<width {
                var sum = 0.0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        sum += picture(
                            (Double(column) + (Double(sx) + 0.5) / 4) / Double(width),
                            (Double(row) + (Double(sy) + 0.5) / 4) / Double(height))
                    }
                }
                pixels.append(sum / 16)
            }
        }
        self.pixels = pixels
    }

    /// The colour of each cell of a `grid` × `grid` division of the image, read by area: the
    /// mean of the pixels each cell covers, weighted by how much of each it covers. It reads
    /// the bitmap in its own pixel size, whatever size was asked for.
    func areaColours(grid: Int) -> [Double] {
        func overlap(_ pixel: Int, _ cell: Int, pixels: Int) -> Double {
            let low = max(Double(pixel), Double(cell) * Double(pixels) / Double(grid))
            let high = min(Double(pixel + 1), Double(cell + 1) * Double(pixels) / Double(grid))
            return max(0, high - low)
        }
        var colours: [Double] = []
        for cellRow in 0..<grid {
            for cellColumn in 0..<grid {
                var sum = 0.0
                var weight = 0.0
                for row in (cellRow * height / grid)...min(height - 1, (cellRow + 1) * height / grid) {
                    let rowWeight = overlap(row, cellRow, pixels: height)
                    for column in (cellColumn * width / grid)...min(width - 1, (cellColumn + 1) * width / grid) {
                        let w = rowWeight * overlap(column, cellColumn, pixels: width)
                        sum += w * pixels[row * width + column]
                        weight += w
                    }
                }
                colours.append(sum / weight)
            }
        }
        return colours
    }

    /// The colour of each cell read as the one pixel at its centre.
    func pointColours(grid: Int) -> [Double] {
        (0..<grid * grid).map { cell in
            let row = (2 * (cell / grid) + 1) * height / (2 * grid)
            let column = (2 * (cell % grid) + 1) * width / (2 * grid)
            return pixels[row * width + column]
        }
    }
}

func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).map { abs($0 - $1) }.max() ?? 0
}

/// The calls docs/stand-ins.md makes, made here (SnippetTests only type-checks the SwiftUI block there).
@Suite("docs/stand-ins.md")
struct StandInDocumentationTests {
    @Test("The image view's calls: a bend draws a stand-in, its own decode replaces it, the next view hits exactly")
    func imageViewFlow() {
        let standIns = StandInCache<String, Bitmap>(costLimit: 64 << 20)
        let url = "https://example.com/posters/42.jpg"
        let scale = 3.0

        // The compact layout drew the poster at 100 × 150 points.
        let small = Bitmap(decoding: poster, width: 300, height: 450)
        standIns.insert(
            small, source: url, pixelWidth: 300, pixelHeight: 450, scale: scale, cost: small.bytesPerRow * small.height)

        // The hinge bends; the expanded layout's view asks for 180 × 270 points.
        let (width, height) = (540, 810)
        guard
            case .standIn(let image, let pixelWidth, let pixelHeight)? =
                standIns.lookup(source: url, pixelWidth: width, pixelHeight: height, scale: scale)
        else {
            Issue.record("no stand-in")
            return
        }
        #expect(image === small && pixelWidth == 300 && pixelHeight == 450)

        // Its own decode lands and replaces the stand-in; the next view of that size hits it.
        let decoded = Bitmap(decoding: poster, width: width, height: height)
        standIns.insert(
            decoded, source: url, pixelWidth: width, pixelHeight: height, scale: scale,
            cost: decoded.bytesPerRow * decoded.height)
        guard
            case .exact(let final)? = standIns.lookup(source: url, pixelWidth: width, pixelHeight: height, scale: scale)
        else {
            Issue.record("no exact hit")
            return
        }
        #expect(final === decoded)
        #expect(standIns.totalCost == (300 * 450 + 540 * 810) * 4)

        // The picture behind the URL changed: every decode of it goes.
        standIns.remove(source: url)
        #expect(standIns.lookup(source: url, pixelWidth: width, pixelHeight: height, scale: scale) == nil)

        // A memory warning: everything goes.
        standIns.insert(
            small, source: url, pixelWidth: 300, pixelHeight: 450, scale: scale, cost: small.bytesPerRow * small.height)
        standIns.removeAll()
        #expect(standIns.totalCost == 0)
    }

    /// The calls on `standIns` in a text, as `name(label:label:)`, and the initialiser as
    /// `StandInCache(costLimit:)`.
    static func cacheCalls(in text: String) -> Set<String> {
        var calls = Set(
            text.matches(of: /standIns\.(\w+)\(([^)]*)\)/).map { call in
                let labels = call.output.2.matches(of: /(\w+):/).map { $0.output.1 + ":" }
                return "\(call.output.1)(\(labels.joined()))"
            })
        for call in text.matches(of: /StandInCache<[^>]*>\(([^)]*)\)/) {
            let labels = call.output.1.matches(of: /(\w+):/).map { $0.output.1 + ":" }
            calls.insert("StandInCache(\(labels.joined()))")
        }
        return calls
    }

    @Test("Every cache call in the docs' snippets is one this file makes")
    func snippetCallsAreTested() throws {
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
            .joined(separator: "/")
        let tested = Self.cacheCalls(in: try String(contentsOfFile: #filePath, encoding: .utf8))
        for page in ["docs/stand-ins.md", "Sources/ImageStandIns/ImageStandIns.docc/ImageStandIns.md"] {
            let documented = Self.cacheCalls(in: try String(contentsOfFile: root + "/" + page, encoding: .utf8))
            #expect(documented.count >= 3, "\(page): \(documented)")
            #expect(documented.isSubset(of: tested), "\(page) calls \(documented.subtracting(tested)), not tested")
        }
    }

    /// A tint sampled from a stand-in must not jump when the view's own decode replaces it.
    /// Each area colour of a decode is close to the mean of the picture over its cell, so a
    /// half-size stand-in and the final decode agree to about one 8-bit step (1/255) per
    /// cell: a cell is 4⅙ of the stand-in's pixels wide, and where a pixel straddles its edge
    /// the pattern inside that pixel (2.4 pixels a period, amplitude 0.2) cannot be
    /// apportioned. The colour of the whole 24 × 24 grid agrees far better. One pixel per
    /// cell lands on a different phase of the fine pattern in each decode.
    @Test("A colour sampled at 24 × 24 by area survives a half-size stand-in; one pixel per cell does not")
    func colourSurvivesStandIn() {
        let standIns = StandInCache<String, Bitmap>(costLimit: 1 << 20)
        let half = Bitmap(decoding: poster, width: 100, height: 100)
        standIns.insert(half, source: "poster", pixelWidth: 100, pixelHeight: 100, cost: half.bytesPerRow * half.height)
        guard
            case .standIn(let standIn, 100, 100)? = standIns.lookup(source: "poster", pixelWidth: 200, pixelHeight: 200)
        else {
            Issue.record("the half-size decode does not stand in")
            return
        }
        let final = Bitmap(decoding: poster, width: 200, height: 200)

        let standInColours = standIn.areaColours(grid: 24)
        let finalColours = final.areaColours(grid: 24)
        let areaDifference = largestDifference(standInColours, finalColours)
        #expect(areaDifference < 2.0 / 255, "area colours differ by \(areaDifference)")
        let meanDifference = abs(standInColours.reduce(0, +) - finalColours.reduce(0, +)) / 576
        #expect(meanDifference < 0.01 / 255, "mean colours differ by \(meanDifference)")
        let pointDifference = largestDifference(standIn.pointColours(grid: 24), final.pointColours(grid: 24))
        #expect(pointDifference > 20.0 / 255, "point colours differ by only \(pointDifference)")
    }
}
