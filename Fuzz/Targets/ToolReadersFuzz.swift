// fuzz-target: tool_readers
// fuzz-sources: Sources/hingetool/Formats/StageLogReader.swift
// fuzz-sources: Sources/hingetool/Output/ToolError.swift
// fuzz-sources: Sources/hingetool/Output/ExitCode.swift
// fuzz-sources: Sources/hingetool/CommandLine/UsageError.swift

@testable import FilmAnalysis
@testable import Frames
@testable import HingeKit

/// libFuzzer target: the readers hingetool uses for files that are not traces, the stage log
/// of `poses` (`StageLogReader`) and the images of `fold-render --image` (FilmAnalysis's
/// `Frame(contentsOf:)`, whose PPM path no other target reaches; PNGs have `png_decoder`). The
/// first byte chooses the reader, the rest is the file. Any input must end in a value or a data
/// error, never a crash; an error names `input` and is bounded (echoed input is cut); a stage
/// log's times never go backwards and its window sizes are finite and ≥ 0; an image has the
/// samples its header promised, within the pixel limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToolReaders(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    func checkFailure(_ failure: ToolError) {
        guard case .data(let message) = failure else { return check(false, "not a data error: \(failure)") }
        check(message.hasPrefix("input"), "no file name: \(message)")
        check(message.utf8.count <= 600, "a message of \(message.utf8.count) bytes")
    }
    if data[0] & 1 == 0 {
        do {
            let stages = try StageLogReader.read(bytes, file: "input")
            var last = -Double.infinity
            for (time, stage) in stages {
                check(time.isFinite && time >= last, "time \(time) after \(last)")
                last = time
                let size = stage.windowSize
                check(size.width.isFinite && size.height.isFinite, "window \(size)")
                check(size.width >= 0 && size.height >= 0, "window \(size)")
            }
        } catch {
            checkFailure(error)
        }
    } else {
        do {
            let frame = try Frame(contentsOf: bytes, file: "input", pixelLimit: 1 << 20)
            check(frame.width * frame.height <= 1 << 20, "\(frame.width) × \(frame.height)")
            let size = frame.width * frame.height * frame.layout.channels * frame.layout.bitDepth / 8
            check(frame.bytes.count == size, "\(frame.bytes.count) bytes of samples, not \(size)")
        } catch {
            check(error.file == "input", "no file name: \(error)")
            check(error.description.utf8.count <= 600, "a message of \(error.description.utf8.count) bytes")
        }
    }
    return 0
}
