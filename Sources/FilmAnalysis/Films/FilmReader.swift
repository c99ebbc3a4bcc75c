import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Decodes the frames of a film once each, in parallel, and keeps only their summaries and
/// the differences between neighbours.
///
/// ```swift
/// let files = try FrameFile.frames(inFolder: "frames")
/// let frames = try FilmReader().read(files)
/// for frame in frames { print(frame.time, frame.rmse) }
/// ```
///
/// Frames are decoded in batches of two per processor core (`DispatchQueue.concurrentPerform`),
/// then each is compared with the frame before it, again in parallel. Memory is bounded by one
/// batch (shrunk to fit ``memoryBudget`` once the first frame's size is known) plus the last
/// frame of the batch before, whatever the length of the film: a frame is dropped as soon as
/// its successor has been compared with it.
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
        while start < files.count {
            let batch = Array(files[start..<min(start + size, files.count)])
            let decoded = Slots<Result<(Frame, FrameSummary), FrameError>>(count: batch.count)
            let pixelLimit = self.pixelLimit
            let fileSizeLimit = self.fileSizeLimit
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let file = batch[index].path
                do throws(FrameError) {
                    let frame = try Frame(
                        contentsOf: readFile(file, limit: fileSizeLimit), file: file, pixelLimit: pixelLimit)
                    decoded[index] = .success((frame, FrameSummary(frame)))
                } catch {
                    decoded[index] = .failure(error)
                }
            }
            var frames: [Frame] = []
            var summaries: [FrameSummary] = []
            for index in batch.indices {
                let (frame, summary) = try decoded[index]!.get()
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
                frames.append(frame)
                summaries.append(summary)
            }
            let differences = Slots<FrameDifference>(count: batch.count)
            let before = previous
            let current = frames
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let earlier = index == 0 ? before : current[index - 1]
                if let earlier { differences[index] = FrameDifference(earlier, current[index]) }
            }
            for index in batch.indices {
                result.append(
                    FilmFrame(
                        file: batch[index].path, time: batch[index].time, summary: summaries[index],
                        difference: differences[index]))
            }
            previous = frames.last
            if start == 0, let frame = frames.first {
                let perFrame = 2 * frame.bytes.count + 1
                size = max(1, min(batchSize, memoryBudget / perFrame))
            }
            start += batch.count
            progress(start)
        }
        return result
    }
}

/// Result slots that concurrent iterations fill, one index each.
final class Slots<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = PThreadLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}

/// A pthread mutex (FilmAnalysis does not use Foundation).
final class PThreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
