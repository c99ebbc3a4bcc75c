/// An 8-bit RGB image, row by row from the top.
struct PixelImage: Equatable {
    let width: Int
    let height: Int
    /// `width · height · 3` bytes: red, green, blue.
    var rgb: [UInt8]

    init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3)
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The pixel at column `x`, row `y`.
    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 3
        return (rgb[index], rgb[index + 1], rgb[index + 2])
    }

    /// The test pattern `fold-render` uses without `--image`: a 10 mm checkerboard with a black
    /// grid line every 10 mm and a tint per quadrant (red top left, green top right, blue
    /// bottom left, yellow bottom right), so blur, dimming, mirroring and misses show.
    ///
    /// - Parameters:
    ///   - width: pixels across.
    ///   - height: pixels down.
    ///   - pixelsPerMillimetre: the pattern's scale.
    static func testPattern(width: Int, height: Int, pixelsPerMillimetre: Double) -> PixelImage {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let tints: [(Double, Double, Double)] = [(1, 0.55, 0.55), (0.55, 1, 0.55), (0.55, 0.65, 1), (1, 0.95, 0.45)]
        for y in 0..<height {
            for x in 0..<width {
                let mmX = (Double(x) + 0.5) / pixelsPerMillimetre
                let mmY = (Double(y) + 0.5) / pixelsPerMillimetre
                let cellX = Int(mmX / 10)
                let cellY = Int(mmY / 10)
                let onLine = mmX - Double(cellX) * 10 < 0.6 || mmY - Double(cellY) * 10 < 0.6
                let grey = onLine ? 0.0 : (cellX + cellY) % 2 == 0 ? 235.0 : 150.0
                let tint = tints[(2 * y >= height ? 2 : 0) + (2 * x >= width ? 1 : 0)]
                let index = (y * width + x) * 3
                rgb[index] = UInt8(grey * tint.0)
                rgb[index + 1] = UInt8(grey * tint.1)
                rgb[index + 2] = UInt8(grey * tint.2)
            }
        }
        return PixelImage(width: width, height: height, rgb: rgb)
    }
}
