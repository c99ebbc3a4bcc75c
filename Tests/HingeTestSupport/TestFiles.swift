import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The path of `Datasets/name`.
public func dataset(_ name: String) -> String { packageRoot + "/Datasets/" + name }

/// The one folder under which every test folder of this process lives, removed with all it
/// holds when the process exits (normally or by `exit`): a suite of several hundred tests
/// otherwise leaves as many folders behind in `$TMPDIR`. Short, so that a socket's path under
/// it stays within `sun_path`'s 108 bytes.
private let testRoot = NSTemporaryDirectory() + "hingetool-tests-\(getpid())"

/// Creates ``testRoot`` and registers its removal at exit, once.
private let testRootReady: Void = {
    try? FileManager.default.createDirectory(atPath: testRoot, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: testRoot) }
}()

/// A fresh empty folder for files a test writes, removed when the test process exits (a test
/// may remove it sooner).
public func temporaryFolder() -> String {
    testRootReady
    let path = testRoot + "/" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
