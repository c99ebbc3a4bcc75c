import Dispatch
public import Frames
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
/// between decoding and comparing. Memory is bounded by ``memoryBudget`` whatever the length
/// of the film or the kind of its frames: after the first frame (which goes alone and gives
/// the film's size), each batch takes frames only while their cost (``cost(fileSize:pixels:)``:
/// the file and its samples as decoded, at the widest layout) and the last frame of the batch
/// before fit in it; the samples of dropped frames are reused by the next ones.
public struct FilmReader: Sendable {
    /// The largest frame accepted, in pixels (checked before its pixels are allocated).
    public var pixelLimit: Int
    /// The largest frame file accepted, in bytes.
    public var fileSizeLimit: Int
    /// Frames decoded at once, at most.
    public var batchSize: Int
    /// The bytes a batch may hold while it is decoded — files, decoding buffers and decoded
    /// samples, with the frame kept from the batch before (default 512 MiB, so that even frames
    /// at the pixel limit go one at a time rather than exhaust the memory).
    public var memoryBudget: Int
    /// Regions left out of every frame (``FrameMask``), applied as each frame is decoded.
    public var mask: FrameMask
    /// Whether to measure each frame's ``FrameShift`` from the one before (for hitches: one
    /// more pass over each frame for its ``FrameProfile``; off, nothing of it runs).
    public var shifts: Bool

    /// A reader with the default limits and a batch of two frames per core.
    public init(
        pixelLimit: Int = Frame.defaultPixelLimit, fileSizeLimit: Int = 512 << 20, batchSize: Int? = nil,
        memoryBudget: Int = 512 << 20, mask: FrameMask = FrameMask(), shifts: Bool = false
    ) {
        self.mask = mask
        self.shifts = shifts
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
    /// - Throws: `FrameError` (Frames) for the first bad file in film order, or for a frame whose size
    ///   differs from the first frame's (naming both files).
    /// - Complexity: O(total pixels) work, spread over the cores.
    public func read(_ files: [FrameFile], progress: (Int) -> Void = { _ in }) throws(FrameError) -> [FilmFrame] {
        var result: [FilmFrame] = []
        result.reserveCapacity(files.count)
        var previous: Frame?
        var previousProfile: FrameProfile?
        var first: (file: String, width: Int, height: Int)?
        var start = 0
        let buffers = SampleBuffers()
        while start < files.count {
            // The first frame goes alone: its size is every frame's (a frame of another size is
            // refused), and so bounds what each of the others decodes to.
            let end = first.map {
                batchEnd(
                    files, from: start, pixels: $0.width * $0.height,
                    holding: (previous?.bytes.count ?? 0) + buffers.heldBytes)
            }
            let batch = Array(files[start..<(end ?? start + 1)])
            let (frames, outcomes, differences) = decode(batch, after: previous, buffers: buffers)
            previous = nil
            var shifted = [FrameShift?](repeating: nil, count: batch.count)
            if shifts {
                let profiles = [previousProfile] + Self.profiles(Array(frames.dropFirst()))
                shifted = FrameShift.between(profiles)
                previousProfile = profiles.last ?? nil
            }
            for index in batch.indices {
                let (frame, summary) = try outcomes[index].get()
                if let first {
                    guard frame.width == first.width, frame.height == first.height else {
                        throw FrameError(
                            file: batch[index].path,
                            message:
                                "\(frame.width) × \(frame.height) pixels, but '\(first.file)' is "
                                + "\(first.width) × \(first.height): all frames must have the same size")
                    }
                } else {
                    first = (batch[index].path, frame.width, frame.height)
                }
                result.append(
                    FilmFrame(
                        file: batch[index].path, time: batch[index].time, summary: summary,
                        difference: differences[index], shift: shifted[index]))
            }
            // Slot 0 is the frame before the batch; the batch is not empty, so the last slot is
            // its last frame, the one the next batch compares its first with.
            previous = frames.last ?? nil
            // Every other frame of the batch (and the one before it) is done with: its samples
            // take the next frames.
            for frame in frames.dropLast() { buffers.give(frame?.bytes, keeping: batchSize) }
            start += batch.count
            progress(start)
        }
        return result
    }

    /// The profiles of `frames` on all cores (`nil` where a frame is missing).
    static func profiles(_ frames: [Frame?]) -> [FrameProfile?] {
        nonisolated(unsafe) let slots = UnsafeMutableBufferPointer<FrameProfile?>.allocate(capacity: frames.count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        // Each worker writes only its own index.
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            slots[index] = frames[index].map(FrameProfile.init)
        }
        return Array(slots)
    }

    /// The bytes a frame costs while it is decoded, counted as decoded: its file twice (the file,
    /// and a PNG's image data joined or a PPM's samples parsed from it) and its samples twice
    /// (the inflated or parsed samples, and the frame), at the widest layout (16-bit RGBA, 8
    /// bytes a pixel) whatever the first frame's was — so 16-bit frames, and files padded with
    /// chunks or comments far beyond their pixels, are counted at what they take.
    public static func cost(fileSize: Int, pixels: Int) -> Int {
        2 * fileSize + 2 * 8 * pixels
    }

    /// The end of the batch that starts at `start`: as many frames (at least one, at most
    /// ``batchSize``) as fit in ``memoryBudget`` beside the bytes already `holding` (the frame
    /// kept from the batch before, the idle sample buffers), each at its ``cost(fileSize:pixels:)`` (its
    /// size from `stat`; a file that cannot be looked at counts as ``fileSizeLimit``, and fails
    /// when it is read).
    func batchEnd(_ files: [FrameFile], from start: Int, pixels: Int, holding: Int) -> Int {
        var spent = holding
        var end = start
        while end < files.count, end - start < batchSize {
            var status = stat()
            let size = stat(FileName.native(files[end].path), &status) == 0 ? Int(status.st_size) : fileSizeLimit
            spent += Self.cost(fileSize: size, pixels: pixels)
            if end > start, spent > memoryBudget { break }
            end += 1
        }
        return end
    }

    /// Decodes, summarises and compares the frames of `batch` on all cores: each frame in one
    /// pass (decode, summarise, then compare with each neighbour already decoded), so no core
    /// waits for the whole batch between the two steps.
    ///
    /// - Returns: the frames (slot 0 is `before`, slot `i + 1` the batch's frame `i`, `nil`
    ///   where decoding failed), each frame's outcome and its difference from the frame before.
    private func decode(_ batch: [FrameFile], after before: Frame?, buffers: SampleBuffers) -> FilmBatch.Results {
        let state = FilmBatch(count: batch.count, before: before)
        let pixelLimit = self.pixelLimit
        let fileSizeLimit = self.fileSizeLimit
        let mask = self.mask
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
            let file = batch[index].path
            let outcome: Result<(Frame, FrameSummary), FrameError>
            do throws(FrameError) {
                var storage = buffers.take()
                let decoded = try Frame.decoded(
                    contentsOf: readFile(file, limit: fileSizeLimit), file: file, pixelLimit: pixelLimit,
                    reusing: &storage)
                let frame = mask.applied(to: decoded)
                outcome = .success((frame, FrameSummary(frame)))
            } catch {
                outcome = .failure(error)
            }
            for pair in state.finish(index, outcome) {
                state.setDifference(FrameDifference(pair.earlier, pair.later), at: pair.index)
            }
        }
        return state.take()
    }
}

extension Frame {
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
///
/// `@unchecked Sendable` as ImageStandIns' cache is: the state is reached only through its
/// ``LockedBuffer``'s lock.
final class FilmBatch: @unchecked Sendable {
    /// Each frame's outcome (the frame decoded and its summary, or why not), in batch order.
    typealias Outcome = Result<(Frame, FrameSummary), FrameError>
    /// The frames (slot 0 first), the outcomes and the differences.
    typealias Results = (frames: [Frame?], outcomes: [Outcome], differences: [FrameDifference?])

    private struct State {
        var frames: [Frame?]
        var finished: [Bool]
        var outcomes: [Outcome]
        var differences: [FrameDifference?]
    }

    private let state: LockedBuffer<State>

    init(count: Int, before: Frame?) {
        // Every outcome is written by ``finish(_:_:)`` before ``take()``; the placeholder is
        // never read.
        let pending = Outcome.failure(FrameError(file: "", message: "not decoded"))
        state = LockedBuffer.make(
            State(
                frames: [before] + Array(repeating: nil, count: count),
                finished: [true] + Array(repeating: false, count: count),
                outcomes: Array(repeating: pending, count: count),
                differences: Array(repeating: nil, count: count)))
    }

    /// Records frame `index`; returns the pairs it completes (`index` is the later frame's).
    func finish(_ index: Int, _ outcome: Outcome) -> [(index: Int, earlier: Frame, later: Frame)] {
        state.withLock { state in
            state.outcomes[index] = outcome
            let frame = try? outcome.get().0
            state.frames[index + 1] = frame
            state.finished[index + 1] = true
            guard let frame else { return [] }
            var ready: [(index: Int, earlier: Frame, later: Frame)] = []
            if state.finished[index], let earlier = state.frames[index], earlier.width == frame.width,
                earlier.height == frame.height
            {
                ready.append((index, earlier, frame))
            }
            if index + 2 < state.frames.count, state.finished[index + 2], let later = state.frames[index + 2],
                later.width == frame.width, later.height == frame.height
            {
                ready.append((index + 1, frame, later))
            }
            return ready
        }
    }

    func setDifference(_ difference: FrameDifference, at index: Int) {
        state.withLock { $0.differences[index] = difference }
    }

    /// The frames (slot 0 first), outcomes and differences, leaving the batch empty so that
    /// the frames' samples are referenced only by the caller.
    func take() -> Results {
        state.withLock { state in
            defer { state = State(frames: [], finished: [], outcomes: [], differences: []) }
            return (state.frames, state.outcomes, state.differences)
        }
    }
}

/// Sample buffers of dropped frames, for the next frames to decode into (`@unchecked Sendable`:
/// the buffers are reached only through the lock).
final class SampleBuffers: @unchecked Sendable {
    private let idle = LockedBuffer.make([[UInt8]]())

    /// A buffer, or an empty array when none is idle.
    func take() -> [UInt8] { idle.withLock { $0.popLast() ?? [] } }

    /// The bytes of the idle buffers (a batch counts them against the budget).
    var heldBytes: Int { idle.withLock { $0.reduce(0) { $0 + $1.capacity } } }

    /// Keeps `bytes` for reuse, up to `keeping` buffers.
    func give(_ bytes: [UInt8]?, keeping: Int) {
        guard let bytes else { return }
        idle.withLock { if $0.count < keeping { $0.append(bytes) } }
    }
}
