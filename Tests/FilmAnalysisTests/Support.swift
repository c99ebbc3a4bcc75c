import Foundation
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
