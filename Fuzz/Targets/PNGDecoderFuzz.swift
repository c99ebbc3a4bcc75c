// fuzz-target: png_decoder

@testable import Frames

/// libFuzzer target: arbitrary bytes as a PNG (the signature is put in front when missing).
/// Decoding must never crash; an error names the file and says something; and whenever the
/// libdeflate fast path accepts a file, libpng (the oracle) must accept it too and give the
/// same size, layout and samples, byte for byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: count))
    let png = input.starts(with: Frame.pngSignature) ? input : Frame.pngSignature + input
    // A megapixel at most, so that no input spends the fuzzer's time or memory on size alone.
    let limit = 1 << 20
    let oracle: Result<Frame, FrameError> = Result { () throws(FrameError) in
        try Frame.libpngDecoded(png, file: "fuzz.png", pixelLimit: limit)
    }
    let decoded: Result<Frame, FrameError> = Result { () throws(FrameError) in
        try Frame(png: png, file: "fuzz.png", pixelLimit: limit)
    }
    if case .failure(let error) = decoded {
        check(error.file == "fuzz.png" && !error.message.isEmpty, "an error without a file or a message")
    }
    // The fast path alone, within the same limit (Frame(png:) checks the header first).
    var fast: Frame?
    if case .success = decoded { fast = png.withUnsafeBufferPointer { PNGFastPath.decode($0) } }
    if let fast {
        switch oracle {
        case .failure(let error):
            check(false, "the fast path decoded a file libpng refuses: \(error.message)")
        case .success(let frame):
            check(
                frame.width == fast.width && frame.height == fast.height && frame.layout == fast.layout,
                "fast path \(fast.width)×\(fast.height) \(fast.layout), libpng \(frame.width)×\(frame.height) \(frame.layout)"
            )
            check(frame.bytes == fast.bytes, "the fast path's samples differ from libpng's")
        }
    }
    switch (oracle, decoded) {
    case (.success(let a), .success(let b)): check(a.bytes == b.bytes, "Frame(png:) differs from libpng")
    case (.failure, .failure): break
    default: check(false, "Frame(png:) and libpng disagree on whether the file is good")
    }
    return 0
}
