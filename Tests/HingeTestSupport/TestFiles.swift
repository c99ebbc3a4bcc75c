import Foundation

/// The path of `Datasets/name`.
public func dataset(_ name: String) -> String { packageRoot + "/Datasets/" + name }

/// A fresh empty folder for files a test writes.
public func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "hingetool-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
