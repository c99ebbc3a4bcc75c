/// The package root, found from this file's path, so tests can read `Datasets/` and `docs/`.
public let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()
