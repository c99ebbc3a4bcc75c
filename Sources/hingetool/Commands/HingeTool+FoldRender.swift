import EffectPreview
import Frames
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool fold-render --tilt DEG`: an image seen through the tilted frosted glass.
    struct FoldRender: Subcommand {
        static let spec = CommandSpec(
            name: "fold-render",
            abstract: "Render a test pattern, a PNG or a PPM image through the frosted-glass fold.",
            discussion: """
                The interface stays on the plane the screen had at zero tilt; the glass turns \
                by --tilt about its edge farther from the eye (positive: the right edge), and \
                the eye sits on the normal through the screen's centre. Each pixel of the glass \
                shows the interface where the ray from the eye through it lands, blurred and \
                dimmed in proportion to the gap, or black where the ray misses.

                Prints gnuplot 'rgbimage' data: rows 'x y r g b' (mm on the glass from its \
                centre, y up; 0…255), one block per pixel row, for 'plot FILE using \
                1:2:3:4:5 with rgbimage'. --png also writes the picture as a PNG, one pixel \
                per pixel: -o is the rows, --png the picture (-o with a .png name is \
                refused). --image reads a PNG or a P6/P3 PPM of at most 16777216 pixels \
                (any depth, read as 8-bit RGB; alpha is ignored); without it the test pattern \
                is 210 × 450 pixels on a 70 × 150 mm screen. See docs/effects.md.
                """,
            options: [
                tilt.option,
                eye.option,
                image.option,
                width.option,
                height.option,
                blur.option,
                dimming.option,
                png.option,
                maxBytesOption, outputOption,
            ],
            examples: [["--tilt", "10", "--width", "7", "--eye", "320"]],
            usageOverride: [
                "--tilt <deg> [--eye <mm>] [--image <file>]",
                "                             [--width <mm>] [--height <mm>] [--blur <mm>]",
                "                             [--dimming <x>] [--png <file>] [--max-bytes <n>]",
                "                             [-o <file>]",
            ])

        static let tilt = OptionKey<Double?>(
            ["--tilt"], value: "deg", help: "The glass's tilt.", in: -80...80, required: true)
        static let eye = OptionKey(
            ["--eye"], value: "mm", help: "Eye to screen distance.", in: 1...100_000, default: 320)
        static let image = OptionKey<String?>(
            ["--image"], value: "file", kind: .inputFile,
            help: "A PNG or PPM image instead of the test pattern.")
        static let width = OptionKey(["--width"], value: "mm", help: "Screen width.", in: 1...10_000, default: 70)
        static let height = OptionKey<Double?>(["--height"], value: "mm", help: "Screen height.", in: 1...10_000)
            .defaulting(toNote: "150, or the image's aspect")
        static let blur = OptionKey(
            ["--blur"], value: "mm", help: "Blur radius per mm of gap.", in: 0...10, default: 0.15)
        static let dimming = OptionKey(
            ["--dimming"], value: "x", help: "Dimming per mm of gap.", in: 0...1, default: 0.01)
        static let png = OptionKey<String?>(
            ["--png"], value: "file", kind: .outputFile, help: "Also write the render as a PNG.")

        // Long: the options, the image, the render and both outputs, in the order they happen
        // (--tilt is required: the parser has refused a command line without it).
        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let (tilt, eye, width) = (
                try arguments.declared(Self.tilt), try arguments[Self.eye],
                try arguments[Self.width]
            )
            let (blur, dimming) = (try arguments[Self.blur], try arguments[Self.dimming])
            let imagePath = (try arguments[Self.image])
            let source = try image(imagePath, limit: try inputLimit(arguments), context: context)
            let aspect = Double(source.height) / Double(source.width)
            let height = try arguments[Self.height] ?? (imagePath == nil ? 150 : width * aspect)
            guard eye > width, eye > height else {
                throw .usage("'--eye' must be farther than the screen is wide and tall")
            }
            let glass = FrostedGlass(
                width: width, height: height, eyeDistance: eye, blurPerMillimetre: blur,
                dimmingPerMillimetre: dimming)
            let rendered = FrostedGlassRenderer.render(source, through: glass, tilt: tilt)
            var summary = "tilt \(DecimalNumber.shortest(tilt))°, eye \(DecimalNumber.shortest(eye)) mm, "
            summary += "screen \(DecimalNumber.shortest(width)) × \(DecimalNumber.fixed(height, places: 3)) mm, "
            summary +=
                "\(imagePath.map { "image \(Echo.comment($0))" } ?? "test pattern"), \(source.width) × \(source.height) pixels"
            var header = CommentHeader("fold-render", summary: summary)
            header.add(
                "blur \(DecimalNumber.shortest(blur)) mm and dimming \(DecimalNumber.shortest(dimming)) per mm of gap")
            // Both outputs are opened (and checked against each other and the inputs) first; the
            // rows are then streamed, a pixel row at a time, never held whole (27 bytes a pixel).
            // One option per kind of output (docs/hingetool.md, "One vocabulary"): -o is the
            // rows, --png the picture; a PNG name given to -o would get text, so it is refused.
            let outputPath = try arguments[Keys.output]
            if let outputPath, outputPath.lowercased().hasSuffix(".png") {
                throw .usage(
                    "'-o \(Echo.quoted(outputPath, limit: 200))' writes the rows as text; "
                        + "the picture goes to '--png \(Echo.quoted(outputPath, limit: 200))'")
            }
            let output = try OutputWriter(path: outputPath, context: context)
            if let png = (try arguments[Self.png]) {
                guard let bytes = rendered.pngData() else {
                    throw .failure("libpng could not encode '\(Echo.quoted(png, limit: 200))'")
                }
                try AtomicFile.replace(png, with: bytes)
            }
            output.write(header.text + "# x y r g b\n")
            let xs = (0..<rendered.width).map { column in
                DecimalNumber.fixed(-width / 2 + (Double(column) + 0.5) * width / Double(rendered.width), places: 4)
            }
            for row in 0..<rendered.height {
                let y = DecimalNumber.fixed(
                    height / 2 - (Double(row) + 0.5) * height / Double(rendered.height), places: 4)
                var line = ""
                for column in 0..<rendered.width {
                    let index = (row * rendered.width + column) * 3
                    let (r, g, b) = (rendered.bytes[index], rendered.bytes[index + 1], rendered.bytes[index + 2])
                    line += "\(xs[column]) \(y) \(r) \(g) \(b)\n"
                }
                output.write(line + "\n")
            }
            try output.commit()
        }

        /// The image to render: `path` (a PNG or PPM) decoded by FilmAnalysis's frame decoder
        /// as 8-bit RGB, or the test pattern without one.
        static func image(_ path: String?, limit: Int, context: ToolContext) throws(ToolError) -> Frame {
            guard let path else { return testPattern(width: 210, height: 450, pixelsPerMillimetre: 3) }
            let bytes = try context.readAll(path, limit: limit)
            do {
                return try Frame(contentsOf: bytes, file: ToolContext.displayName(path), pixelLimit: pixelLimit).rgb8()
            } catch {
                throw .data("\(error)")
            }
        }

        /// The largest image `--image` takes, in pixels (16 Mpx, half a film frame's limit: the
        /// render keeps a summed-area table of 24 bytes per pixel).
        static let pixelLimit = 16_777_216

        /// The test pattern without `--image`: a 10 mm checkerboard with a black grid line every
        /// 10 mm and a tint per quadrant (red top left, green top right, blue bottom left, yellow
        /// bottom right), so blur, dimming, mirroring and misses show.
        ///
        /// - Parameters:
        ///   - width: pixels across.
        ///   - height: pixels down.
        ///   - pixelsPerMillimetre: the pattern's scale.
        static func testPattern(width: Int, height: Int, pixelsPerMillimetre: Double) -> Frame {
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            let tints: [(Double, Double, Double)] = [
                (1, 0.55, 0.55), (0.55, 1, 0.55), (0.55, 0.65, 1), (1, 0.95, 0.45),
            ]
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
            return Frame(width: width, height: height, rgb: rgb)
        }
    }
}

extension Frame {
    /// The frame as 8-bit RGB: 16-bit samples rounded to the nearest of 255 levels, alpha
    /// dropped (fold-render shows the colours, not the transparency).
    func rgb8() -> Frame {
        if layout == .rgb8 { return self }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = self.pixel(x: x, y: y)
                let index = (y * width + x) * 3
                rgb[index] = UInt8((pixel.red * 255).rounded())
                rgb[index + 1] = UInt8((pixel.green * 255).rounded())
                rgb[index + 2] = UInt8((pixel.blue * 255).rounded())
            }
        }
        return Frame(width: width, height: height, rgb: rgb)
    }
}
