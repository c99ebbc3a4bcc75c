import Foundation
import HingeSupport
import Testing

/// File names as bytes (issue 32): the oracle is the bytes themselves — every name, valid UTF-8
/// or not, comes back byte for byte, and the system opens the file those bytes name.
@Suite("FileName: names kept as the bytes the user gave")
struct FileNameTests {
    @Test("UTF-8 names are the same strings; any bytes come back exactly (100,000 random names)")
    func roundTrip() {
        for name in ["data.csv", "ångström/°C.csv", "日本語.png", "", "a b\tc"] {
            #expect(FileName.decode(Array(name.utf8)) == name)
            #expect(FileName.bytes(name) == Array(name.utf8))
            #expect(FileName.native(name) == Array(name.utf8CString))
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = Int(state >> 59)
            var bytes: [UInt8] = []
            for index in 0..<count {
                // Bytes around the UTF-8 edges: ASCII, continuations, leads of every length, F4 8F.
                let pick = UInt8(truncatingIfNeeded: (state >> UInt64(index * 2 % 56)) ^ UInt64(index &* 151))
                bytes.append([pick, pick | 0x80, 0xC3, 0xA9, 0xF4, 0x8F, 0xBF, 0xE9][Int(pick % 8)])
            }
            let decoded = FileName.decode(bytes)
            #expect(FileName.bytes(decoded) == bytes, "\(bytes)")
            #expect(FileName.native(decoded) == bytes.map { CChar(bitPattern: $0) } + [0])
            if let text = String(validating: bytes, as: UTF8.self),
                !text.unicodeScalars.contains(where: { $0.value >= 0x10_FF80 })
            {
                #expect(decoded == text)
            }
        }
    }

    @Test("A byte that is not UTF-8 is shown as \\xHH in messages, and a real U+10FFE9 stays distinct")
    func shown() {
        let latin1 = FileName.decode(Array("caf".utf8) + [0xE9] + Array(".csv".utf8))
        #expect(Echo.quoted(latin1) == "caf\\xE9.csv")
        // The character U+10FFE9 is a valid name of its own: escaped byte by byte, so that it
        // never reads as the byte 0xE9.
        let reserved = "x\u{10FFE9}"
        let decoded = FileName.decode(Array(reserved.utf8))
        #expect(FileName.bytes(decoded) == Array(reserved.utf8))
        #expect(decoded != FileName.decode(Array("x".utf8) + [0xE9]))
        // Overlong forms, surrogates and truncated sequences are bytes, one by one.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF5, 0x80, 0x80, 0x80], [0xFF]] {
            #expect(FileName.decode(bad).unicodeScalars.count == bad.count)
            #expect(FileName.bytes(FileName.decode(bad)) == bad)
        }
    }

    @Test("Folders made, files opened and trees removed under a Latin-1 name")
    func systemCalls() throws {
        let root =
            FileManager.default.temporaryDirectory.path + "/filename-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/" + FileName.decode([0x64, 0xE9, 0x6A, 0xE0]) + "/sub"
        #expect(FileName.makeFolders(folder) == 0)
        #expect(FileName.makeFolders(folder) == 0)
        let file = folder + "/" + FileName.decode([0x66, 0xFF]) + ".txt"
        let descriptor = open(FileName.native(file), O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(descriptor >= 0)
        close(descriptor)
        // The bytes on disk are the bytes given, seen through the C library's own listing.
        guard let directory = opendir(FileName.native(folder)) else {
            Issue.record("cannot list the folder")
            return
        }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        closedir(directory)
        #expect(names.contains([0x66, 0xFF, 0x2E, 0x74, 0x78, 0x74]))
        #expect(FileName.makeFolders(file) == ENOTDIR)
        FileName.removeTree(root + "/" + FileName.decode([0x64, 0xE9, 0x6A, 0xE0]))
        var status = stat()
        #expect(lstat(FileName.native(folder), &status) != 0)
    }

    @Test(
        "TMPDIR is a name of bytes: a Latin-1 value comes back as its bytes with a '/' after it; unset or empty is /tmp/"
    )
    func temporaryFolder() {
        let latin1 = FileName.decode(Array("/work/t".utf8) + [0xE9, 0x6D, 0x70])
        let folder = FileName.temporaryFolder(tmpdir: latin1)
        #expect(FileName.bytes(folder) == Array("/work/t".utf8) + [0xE9, 0x6D, 0x70, 0x2F])
        #expect(FileName.temporaryFolder(tmpdir: latin1 + "/") == folder)
        #expect(FileName.temporaryFolder(tmpdir: nil) == "/tmp/")
        #expect(FileName.temporaryFolder(tmpdir: "") == "/tmp/")
        #expect(FileName.temporaryFolder(tmpdir: "/var/tmp") == "/var/tmp/")
    }
}
