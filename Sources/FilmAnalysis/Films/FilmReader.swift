import Dispatch
internal import HingeSupport

/// Decodes the frames of a film once each, in parallel, and keeps only their summaries and
/// the differences between neighbours.
///
/// ```swift
/// let files = try FrameFile.frames(inFolder: "frames")
/// let frames = try FilmReader().read(files)
/// for frame in frames { print(frame.time, frame.rmse) }
/// ```
///
/// Frames are decoded in batches of two per processor core (`DispatchQueue.concurrentPerform`);
/// each frame is decoded, summarised and compared with each neighbour already decoded in one
/// pass on one core (the later of two neighbours to finish compares them), so no core waits
/// between decoding and comparing. Memory is bounded by one batch (shrunk to fit
/// ``memoryBudget`` once the first frame's size is known) plus the last frame of the batch
/// before, whatever the length of the film; the samples of dropped frames are reused by the
/// next ones.
public struct FilmReader: Sendable {
    /// The largest frame accepted, in pixels (checked before its pixels are allocated).
    public var pixelLimit: Int
    /// The largest frame file accepted, in bytes.
    public var fileSizeLimit: Int
    /// Frames decoded at once, at most.
    public var batchSize: Int
    /// The bytes of decoded frames (and their files) a batch may hold: the batch shrinks to fit
    /// once the first frame's size is known (default 512 MiB, so that even frames at the pixel
    /// limit go one at a time rather than exhaust the memory).
    public var memoryBudget: Int

    /// A reader with the default limits and a batch of two frames per core.
    public init(
        pixelLimit: Int = Frame.defaultPixelLimit, fileSizeLimit: Int = 512 << 20, batchSize: Int? = nil,
        memoryBudget: Int = 512 << 20
    ) {
        self.pixelLimit = pixelLimit
        self.fileSizeLimit = fileSizeLimit
        self.batchSize = max(1, batchSize ?? 2 * Self.processorCount)
        self.memoryBudget = memoryBudget
    }

    /// The processors this process may use.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Reads `files` in order.
    ///
    /// - Parameters:
    ///   - files: the frames in film order (``FrameFile/frames(inFolder:order:)``).
    ///   - progress: called after each batch with the frames done so far.
    /// - Throws: ``FrameError`` for the first bad file in film order, or for a frame whose size
    ///   differs from the first frame's (naming both files).
    /// - Complexity: O(total pixels) work, spread over the cores.
    public func read(_ files: [FrameFile], progress: (Int) -> Void = { _ in }) throws(FrameError) -> [FilmFrame] {
        var result: [FilmFrame] = []
        result.reserveCapacity(files.count)
        var previous: Frame?
        var first: (file: String, width: Int, height: Int)?
        var start = 0
        // The first frame goes alone: its size sets how many fit in the memory budget.
        var size = 1
        let buffers = SampleBuffers()
        while start < files.count {
            let batch = Array(files[start..<min(start + size, files.count)])
            let state = FilmBatch(count: batch.count, before: previous)
            previous = nil
            let pixelLimit = self.pixelLimit
            let fileSizeLimit = self.fileSizeLimit
            // One pass per frame: decode, summarise, then compare with each neighbour that is
            // already decoded, so no core waits for the whole batch between the two steps.
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let file = batch[index].path
                let decoded: Result<Frame, FrameError>
                do throws(FrameError) {
                    var storage = buffers.take()
                    decoded = .success(
                        try Frame.decoded(
                            contentsOf: readFile(file, limit: fileSizeLimit), file: file, pixelLimit: pixelLimit,
                            reusing: &storage))
                } catch {
                    decoded = .failure(error)
                }
                let summary = try? decoded.get().summarised()
                for pair in state.finish(index, decoded, summary) {
                    state.setDifference(FrameDifference(pair.earlier, pair.later), at: pair.index)
                }
            }
            let (frames, outcomes, differences) = state.take()
            for index in batch.indices {
                let (width, height, summary) = try outcomes[index]!.get()
                if let first {
                    guard width == first.width, height == first.height else {
                        throw FrameError(
                            file: batch[index].path,
                            message:
                                "\(width) × \(height) pixels, but '\(first.file)' is "
                                + "\(first.width) × \(first.height): all frames must have the same size")
                    }
                } else {
                    first = (batch[index].path, width, height)
                }
                result.append(
                    FilmFrame(
                        file: batch[index].path, time: batch[index].time, summary: summary,
                        difference: differences[index]))
            }
            previous = frames.last!
            // Every other frame of the batch (and the one before it) is done with: its samples
            // take the next frames.
            for frame in frames.dropLast() { buffers.give(frame?.bytes, keeping: 2 * size + 2) }
            if start == 0, let frame = previous {
                let perFrame = 2 * frame.bytes.count + 1
                size = max(1, min(batchSize, memoryBudget / perFrame))
            }
            start += batch.count
            progress(start)
        }
        return result
    }
}

extension Frame {
    /// The frame's summary (a method so that a batch can make it inside an optional chain).
    func summarised() -> (width: Int, height: Int, summary: FrameSummary) { (width, height, FrameSummary(self)) }

    /// ``init(contentsOf:file:pixelLimit:)``, with a fast-path PNG's samples in `storage`.
    static func decoded(
        contentsOf bytes: [UInt8], file: String, pixelLimit: Int, reusing storage: inout [UInt8]
    ) throws(FrameError) -> Frame {
        if bytes.count >= 8, Array(bytes[0..<8]) == pngSignature {
            return try decodedPNG(bytes, file: file, pixelLimit: pixelLimit, reusing: &storage)
        }
        return try Frame(contentsOf: bytes, file: file, pixelLimit: pixelLimit)
    }
}

/// The frames of one batch as they finish, and the differences between neighbours.
///
/// Slot 0 holds the frame before the batch (if any), slot `i + 1` the batch's frame `i`. The
/// pair (`i − 1`, `i`) is handed out exactly once, to whichever of its two frames finishes
/// last (both are marked under one lock), and only when both decoded and have the same size;
/// a bad or mismatched frame is reported in film order afterwards.
final class FilmBatch: @unchecked Sendable {
    private var frames: [Frame?]
    private var finished: [Bool]
    private var outcomes: [Result<(width: Int, height: Int, summary: FrameSummary), FrameError>?]
    private var differences: [FrameDifference?]
    private let lock = PThreadLock()

    init(count: Int, before: Frame?) {
        frames = [before] + Array(repeating: nil, count: count)
        finished = [true] + Array(repeating: false, count: count)
        outcomes = Array(repeating: nil, count: count)
        differences = Array(repeating: nil, count: count)
    }

    /// Records frame `index`; returns the pairs it completes (`index` is the later frame's).
    func finish(
        _ index: Int, _ decoded: Result<Frame, FrameError>,
        _ summary: (width: Int, height: Int, summary: FrameSummary)?
    ) -> [(index: Int, earlier: Frame, later: Frame)] {
        lock.withLock {
            let frame = try? decoded.get()
            switch decoded {
            case .success: outcomes[index] = .success(summary!)
            case .failure(let error): outcomes[index] = .failure(error)
            }
            frames[index + 1] = frame
            finished[index + 1] = true
            guard let frame else { return [] }
            var ready: [(index: Int, earlier: Frame, later: Frame)] = []
            if finished[index], let earlier = frames[index], earlier.width == frame.width,
                earlier.height == frame.height
            {
                ready.append((index, earlier, frame))
            }
            if index + 2 < frames.count, finished[index + 2], let later = frames[index + 2],
                later.width == frame.width, later.height == frame.height
            {
                ready.append((index + 1, frame, later))
            }
            return ready
        }
    }

    func setDifference(_ difference: FrameDifference, at index: Int) {
        lock.withLock { differences[index] = difference }
    }

    /// The frames (slot 0 first), outcomes and differences, leaving the batch empty so that
    /// the frames' samples are referenced only by the caller.
    func take() -> (
        frames: [Frame?], outcomes: [Result<(width: Int, height: Int, summary: FrameSummary), FrameError>?],
        differences: [FrameDifference?]
    ) {
        lock.withLock {
            defer {
                frames = []
                outcomes = []
                differences = []
            }
            return (frames, outcomes, differences)
        }
    }
}

/// Sample buffers of dropped frames, for the next frames to decode into.
final class SampleBuffers: @unchecked Sendable {
    private var idle: [[UInt8]] = []
    private let lock = PThreadLock()

    /// A buffer, or an empty array when none is idle.
    func take() -> [UInt8] { lock.withLock { idle.popLast() ?? [] } }

    /// Keeps `bytes` for reuse, up to `keeping` buffers.
    func give(_ bytes: [UInt8]?, keeping: Int) {
        guard let bytes else { return }
        lock.withLock { if idle.count < keeping { idle.append(bytes) } }
    }
}
