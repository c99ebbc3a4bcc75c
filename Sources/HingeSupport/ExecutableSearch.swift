/// Finding a program the way a shell does: the first folder of `PATH` holding an executable
/// file of that name.
package enum ExecutableSearch {
    /// The path of `name` in the first folder of `path` (colon separated; `/usr/bin:/bin` when
    /// `nil`, as when the environment has no `PATH`) where it is executable, or `nil`.
    ///
    /// - Parameters:
    ///   - name: the program's file name, e.g. `gnuplot`.
    ///   - path: the folders to search; by default the process's `PATH`.
    package static func find(_ name: String, in path: String? = environmentPath()) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// Whether the process may execute `path` (`access(2)` with `X_OK`, as Foundation's
    /// `FileManager.isExecutableFile(atPath:)` asks).
    package static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// The process's `PATH`, or `nil` when it has none.
    package static func environmentPath() -> String? {
        getenv("PATH").map { String(cString: $0) }
    }
}
