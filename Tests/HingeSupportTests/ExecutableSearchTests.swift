import Foundation
import HingeSupport
import Testing

/// The PATH search, in a temporary folder with files made executable or not.
@Suite("ExecutableSearch: a program on PATH")
struct ExecutableSearchTests {
    /// A folder holding `tool` (mode 755), `plain` (644) and a folder `dir`.
    static func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hinge-support-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
        for (name, mode) in [("tool", 0o755), ("plain", 0o644)] {
            #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data("#!/bin/sh\n".utf8)))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: "\(folder)/\(name)")
        }
        return folder
    }

    @Test("The first folder holding an executable file of that name wins; a plain file is passed over")
    func finds() throws {
        let first = try Self.makeFolder()
        let second = try Self.makeFolder()
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        #expect(ExecutableSearch.find("tool", in: "/nonexistent:\(first):\(second)") == "\(first)/tool")
        #expect(ExecutableSearch.find("tool", in: "\(second):\(first)") == "\(second)/tool")
        #expect(ExecutableSearch.find("plain", in: "\(first):\(second)") == nil)
        #expect(ExecutableSearch.find("missing", in: first) == nil)
        #expect(ExecutableSearch.find("tool", in: "") == nil)
    }

    @Test("Without PATH the search looks in /usr/bin and /bin, as a shell does")
    func defaultPath() {
        #expect(
            ExecutableSearch.find("sh", in: nil) == "/usr/bin/sh" || ExecutableSearch.find("sh", in: nil) == "/bin/sh")
    }
}
