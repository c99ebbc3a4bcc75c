import Foundation

/// Text that goes into gnuplot scripts.
enum GnuplotText {
    /// `text` as a single-quoted gnuplot string that cannot run anything.
    ///
    /// Gnuplot runs shell commands from back-quotes and `system(…)`, expands `@` macros, and
    /// lets a quote end the string; a title made from a file name or a CSV header could carry any
    /// of them. Rather than escape each construct, only letters, digits, spaces and
    /// `_ . , : / + - = ° %` are kept; anything else becomes `_`.
    static func quoted(_ text: String) -> String {
        let allowed = Set(" _.,:/+-=°%")
        let safe = String(text.map { $0.isLetter || $0.isNumber || allowed.contains($0) ? $0 : "_" })
        return "'" + safe + "'"
    }
}

/// Finding and running gnuplot.
enum Gnuplot {
    /// The gnuplot on `PATH`, or `nil`. `HINGETOOL_GNUPLOT` overrides the search (tests use it
    /// to stand for a machine without gnuplot).
    static func executable() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let forced = environment["HINGETOOL_GNUPLOT"] {
            return FileManager.default.isExecutableFile(atPath: forced) ? forced : nil
        }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/gnuplot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `gnuplot script` in `folder`; returns what it printed on standard output.
    static func run(_ gnuplot: String, script: String, in folder: String) throws(ToolError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = [script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .failure("cannot run \(gnuplot): \(error.localizedDescription)")
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .failure("gnuplot failed on \(folder)/\(script): \(String(decoding: complaints, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
