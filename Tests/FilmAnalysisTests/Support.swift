import Foundation
import Frames
import HingeTestSupport

/// A fresh empty folder for files a test writes, named `name` inside the test process's own
/// folder (removed when the process exits).
func temporaryFolder(_ name: String = "film") -> String {
    let path = HingeTestSupport.temporaryFolder() + "/" + name
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func write(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// ImageMagick's `compare`, or `nil` when it is not installed (make deps installs it).
let imageMagickCompare: String? = ["/usr/bin/compare", "/usr/local/bin/compare", "/opt/homebrew/bin/compare"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// The normalised RMSE `compare -metric RMSE a b null:` prints in parentheses, with 17
/// significant digits.
func imageMagickRMSE(_ a: String, _ b: String) -> Double? {
    guard let compare = imageMagickCompare else { return nil }
    let run = ChildProcess.run(compare, ["-precision", "17", "-metric", "RMSE", a, b, "null:"], timeLimit: 60)
    // compare exits 1 when the images differ; its figures are on standard error.
    guard run.status <= 1, let open = run.error.firstIndex(of: "("), let close = run.error.firstIndex(of: ")") else {
        return nil
    }
    return Double(run.error[run.error.index(after: open)..<close])
}

/// A grey frame of `width` × `height` whose pixel (x, y) has the grey `value(x, y)` (clamped to
/// 0…1, rounded to a byte): the drawn films of the crossfade tests.
func greyFrame(width: Int, height: Int, _ value: (Int, Int) -> Double) -> Frame {
    var bytes = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            let grey = UInt8((min(1, max(0, value(x, y))) * 255).rounded())
            for channel in 0..<3 { bytes[(y * width + x) * 3 + channel] = grey }
        }
    }
    return Frame(width: width, height: height, rgb: bytes)
}
