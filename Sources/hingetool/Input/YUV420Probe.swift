import FilmAnalysis
import Foundation
import Frames
internal import HingeSupport

/// Whether this ffmpeg converts `yuv420p` to RGB exactly as ``YUV420Conversion`` does, for one
/// picture size and one set of colours, checked on every input it could meet: a few raw
/// pictures of that size holding all 2²⁴ (Y, U, V) triples (each 2 × 2 block one (U, V) pair
/// and four luma values, 2²² blocks) go through `ffmpeg -f rawvideo … -pix_fmt rgb24` with the
/// video's colour options, and its RGB is compared byte for byte with this conversion's. As
/// each pixel's RGB depends only on its own Y and its block's U and V, identical output on all
/// triples means identical output on any picture ffmpeg converts the same way.
///
/// It runs on a thread of its own while the film is read (about 25 MB in, 50 MB out at any
/// size, one picture in memory at a time: a fifth of a second here); ``failure()`` looks without waiting, ``verdict()`` waits.
/// Its ffmpeg is a ``ChildProgram`` like the film's, killed by ``cancel()``.
final class YUV420Probe: @unchecked Sendable {
    /// The probe's state, shared by its thread and the film's, behind one lock.
    private struct State {
        /// `nil` while it runs; then `.some(nil)` when identical, or why not.
        var outcome: String??
        var running: pid_t?
        var cancelled = false
    }

    private let state = LockedBuffer.make(State())
    private let done = DispatchGroup()
    private let timeLimit: Double

    /// Starts the check for `width` × `height` pictures (both even) of `pixelFormat` (`yuv420p`
    /// or `yuvj420p`: the same planes) and `conversion`;
    /// `inputOptions` give the raw pictures the video's colours (`-color_range`, `-colorspace`).
    /// ``verdict()`` gives up after `timeLimit` seconds (the check takes a fraction of one).
    init(
        ffmpeg: String, width: Int, height: Int, conversion: YUV420Conversion, pixelFormat: String = "yuv420p",
        inputOptions: [String], timeLimit: Double = 60
    ) {
        self.timeLimit = timeLimit
        done.enter()
        DispatchQueue.global().async { [self] in
            let found = check(
                ffmpeg: ffmpeg, width: width, height: height, conversion: conversion, pixelFormat: pixelFormat,
                inputOptions: inputOptions)
            state.withLock { $0.outcome = .some(found) }
            done.leave()
        }
    }

    /// Why the conversions differ, once known; `nil` while the check runs or when they agree.
    func failure() -> String? {
        state.withLock { $0.outcome ?? nil }
    }

    /// Waits for the check: `nil` when ffmpeg's RGB and the conversion's are identical, else why
    /// not. A check still running after its time limit is stopped and counts as a difference
    /// (an ffmpeg that hangs must not hang `film`: the film is then read as RGB).
    func verdict() -> String? {
        guard done.wait(timeout: .now() + timeLimit) == .success else {
            cancel()
            return "the check of ffmpeg's conversion did not finish within \(Int(timeLimit)) s"
        }
        return failure()
    }

    /// Stops the check (kills its ffmpeg) and waits for its thread.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if let running = state.running { kill(-running, SIGKILL) }
        }
        done.wait()
    }

    /// How many `width` × `height` pictures it takes to hold every triple (2²² blocks of 2 × 2).
    static func pictureCount(width: Int, height: Int) -> Int {
        let perPicture = (width / 2) * (height / 2)
        return ((1 << 22) + perPicture - 1) / perPicture
    }

    /// Raw `yuv420p` picture `picture` of those holding every triple: block `g` (counted across
    /// all pictures) takes (U, V) = ((g >> 6) & 255, (g >> 14) & 255) and luma 4 · (g & 63) + 0…3.
    static func picture(_ picture: Int, width: Int, height: Int) -> [UInt8] {
        let across = width / 2
        let perPicture = across * (height / 2)
        var bytes = [UInt8](repeating: 0, count: YUV420Conversion.byteCount(width: width, height: height))
        bytes.withUnsafeMutableBufferPointer { buffer in
            let u = width * height
            let v = u + perPicture
            for block in 0..<perPicture {
                let g = (picture * perPicture + block) & ((1 << 22) - 1)
                let (x, y) = (2 * (block % across), 2 * (block / across))
                let base = UInt8(truncatingIfNeeded: 4 * (g & 63))
                buffer[y * width + x] = base
                buffer[y * width + x + 1] = base + 1
                buffer[(y + 1) * width + x] = base + 2
                buffer[(y + 1) * width + x + 1] = base + 3
                buffer[u + block] = UInt8(truncatingIfNeeded: g >> 6)
                buffer[v + block] = UInt8(truncatingIfNeeded: g >> 14)
            }
        }
        return bytes
    }

    // Long: one sequence — make the pictures, hand them to ffmpeg through an anonymous file,
    // read and compare its RGB picture by picture, then its exit — sharing the descriptors it
    // closes on every path.
    private func check(
        ffmpeg: String, width: Int, height: Int, conversion: YUV420Conversion, pixelFormat: String,
        inputOptions: [String]
    ) -> String? {
        // One picture at a time into an anonymous file, and again for the comparison: a few MB
        // in memory, whatever the number of pictures.
        let count = Self.pictureCount(width: width, height: height)
        guard let file = tmpfile() else { return "cannot create a temporary file for the probe" }
        defer { fclose(file) }
        for picture in 0..<count {
            let yuv = Self.picture(picture, width: width, height: height)
            guard fwrite(yuv, 1, yuv.count, file) == yuv.count else { return "cannot write the probe's pictures" }
        }
        guard fflush(file) == 0 else { return "cannot write the probe's pictures" }
        rewind(file)
        // Nothing here names a file: the pictures come through pipe:0 and go out through pipe:1.
        let arguments: [ChildProgram.Argument] =
            [
                "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", .word(pixelFormat), "-video_size",
                .word("\(width)x\(height)"),
            ]
            + inputOptions.map(ChildProgram.Argument.word)
            + ["-i", "pipe:0", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
        let child: ChildProgram
        let out: (read: Int32, write: Int32)
        do {
            out = try ChildProgram.pipe()
            defer { _ = close(out.write) }
            // Started under the lock, so a cancel either comes first or finds the pid to kill.
            let started = state.withLock { state -> Result<ChildProgram, ToolError> in
                guard !state.cancelled else { return .failure(.failure("cancelled")) }
                do throws(ToolError) {
                    let started = try ChildProgram(
                        ffmpeg, arguments: arguments, convention: .ffmpeg, input: fileno(file), output: out.write)
                    state.running = started.pid
                    return .success(started)
                } catch {
                    return .failure(error)
                }
            }
            child = try started.get()
        } catch {
            return "cannot run ffmpeg for the probe"
        }
        defer { _ = close(out.read) }
        var theirs = [UInt8](repeating: 0, count: 3 * width * height)
        var ours = theirs
        for picture in 0..<count {
            let got = theirs.withUnsafeMutableBytes { ChildProgram.fill($0, from: out.read) }
            guard got == theirs.count else {
                child.stop()
                return "ffmpeg's probe output ended after \(picture) of \(count) pictures"
            }
            let yuv = Self.picture(picture, width: width, height: height)
            yuv.withUnsafeBufferPointer { source in
                ours.withUnsafeMutableBufferPointer {
                    conversion.convert(source, width: width, height: height, into: $0)
                }
            }
            if let index = Self.firstDifference(theirs, ours) {
                child.stop()
                let pixel = index / 3
                let (x, y) = (pixel % width, pixel / width)
                let chroma = (y / 2) * (width / 2) + x / 2
                let triple = (
                    yuv[y * width + x], yuv[width * height + chroma],
                    yuv[width * height + (width / 2) * (height / 2) + chroma]
                )
                return "ffmpeg converts YUV \(triple) to RGB \(Array(theirs[(3 * pixel)..<(3 * pixel + 3)])), this "
                    + "conversion to \(Array(ours[(3 * pixel)..<(3 * pixel + 3)]))"
            }
        }
        // Every byte compared alike: what ffmpeg does after that does not matter, and a wrapper
        // that lingers is stopped rather than waited for.
        state.withLock { $0.running = nil }
        child.stop()
        return nil
    }

    /// The first index where `a` and `b` differ, or `nil`.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        let same = a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return x.count == y.count && memcmp(p, q, x.count) == 0
            }
        }
        guard !same else { return nil }
        return a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? b.count
    }
}
