import Dispatch
public import Frames

/// Reads a film whose frames arrive one after another already decoded — a video decoded by
/// ffmpeg into a pipe — into the same summaries and differences as ``FilmReader``.
///
/// ```swift
/// let frames = try FilmStreamReader().read { () throws(FrameError) in
///     try pipe.nextFrame()   // (time in ms, Frame), nil at the end
/// }
/// ```
///
/// Frames are taken in batches of two per core; while one batch is summarised and compared on
/// all cores, the next is read, so reading (the decoder) and measuring overlap. Memory is two
/// batches of frames, whatever the length of the film.
public struct FilmStreamReader: Sendable {
    /// Frames measured at once.
    public var batchSize: Int
    /// Regions left out of every frame (``FrameMask``), applied as each frame is taken.
    public var mask: FrameMask
    /// Whether to measure each frame's ``FrameShift`` from the one before (for hitches: one
    /// more pass over each frame for its ``FrameProfile``; off, nothing of it runs).
    public var shifts: Bool

    /// A reader with a batch of two frames per core unless given.
    public init(batchSize: Int? = nil, mask: FrameMask = FrameMask(), shifts: Bool = false) {
        self.batchSize = max(1, batchSize ?? 2 * FilmReader.processorCount)
        self.mask = mask
        self.shifts = shifts
    }

    /// Reads frames from `next` until it returns `nil`.
    ///
    /// - Parameters:
    ///   - next: the next frame and its time in milliseconds, `nil` after the last.
    ///   - source: the name frames are reported under (``FilmFrame/file``, errors).
    ///   - inspect: called with each frame and its position, on any thread, before it is dropped
    ///     (for thumbnails).
    ///   - progress: called after each batch with the frames done so far.
    /// - Throws: what `next` throws, or `FrameError` (Frames) for a frame whose size differs from the
    ///   first frame's.
    public func read(
        source: String, _ next: () throws(FrameError) -> (time: Milliseconds, frame: Frame)?,
        inspect: (@Sendable (Int, Frame) -> Void)? = nil, progress: (Int) -> Void = { _ in }
    ) throws(FrameError) -> [FilmFrame] {
        var result: [FilmFrame] = []
        var previous: Frame?
        var previousProfile: FrameProfile?
        var batch = try take(next, after: previous, source: source)
        while !batch.isEmpty {
            let measuring = StreamBatch(
                batch, before: previous, firstIndex: result.count, inspect: inspect,
                profile: shifts ? .some(previousProfile) : nil)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { measuring.measure() }
            previous = batch.last?.frame
            // Read the next batch while this one is measured.
            let following = Result { () throws(FrameError) in try take(next, after: previous, source: source) }
            group.wait()
            for (index, shot) in batch.enumerated() {
                result.append(
                    FilmFrame(
                        file: "\(source)@\(shot.time)ms", time: shot.time, summary: measuring.summaries[index],
                        difference: measuring.differences[index], shift: measuring.shifts[index]))
            }
            previousProfile = measuring.lastProfile
            progress(result.count)
            batch = try following.get()
        }
        return result
    }

    /// Up to ``batchSize`` frames from `next`, each of the size of `first` (the frame before).
    func take(
        _ next: () throws(FrameError) -> (time: Int, frame: Frame)?, after first: Frame?, source: String
    ) throws(FrameError) -> [(time: Int, frame: Frame)] {
        var batch: [(time: Int, frame: Frame)] = []
        var reference = first
        while batch.count < batchSize, let shot = try next() {
            if let reference, reference.width != shot.frame.width || reference.height != shot.frame.height {
                throw FrameError(
                    file: source,
                    message:
                        "the frame at \(shot.time) ms is \(shot.frame.width) × \(shot.frame.height) pixels, but the "
                        + "film's first is \(reference.width) × \(reference.height): all frames must have the same size"
                )
            }
            reference = shot.frame
            batch.append((shot.time, mask.applied(to: shot.frame)))
        }
        return batch
    }
}

/// One batch of a stream being measured: each frame's summary and its difference from the
/// frame before, computed on all cores into slots no two workers share.
final class StreamBatch: @unchecked Sendable {
    let frames: [Frame]
    let before: Frame?
    let firstIndex: Int
    let inspect: (@Sendable (Int, Frame) -> Void)?
    /// `nil` when no shifts are measured; else the profile of the frame before (`nil` inside
    /// for the film's first batch).
    let beforeProfile: FrameProfile??
    private(set) var summaries: [FrameSummary]
    private(set) var differences: [FrameDifference?]
    private(set) var shifts: [FrameShift?]
    private(set) var lastProfile: FrameProfile?

    init(
        _ batch: [(time: Int, frame: Frame)], before: Frame?, firstIndex: Int,
        inspect: (@Sendable (Int, Frame) -> Void)?, profile beforeProfile: FrameProfile?? = nil
    ) {
        frames = batch.map(\.frame)
        self.before = before
        self.firstIndex = firstIndex
        self.inspect = inspect
        self.beforeProfile = beforeProfile
        summaries = []
        differences = []
        shifts = Array(repeating: nil, count: batch.count)
    }

    /// Fills ``summaries`` and ``differences`` (and ``shifts`` when asked).
    func measure() {
        let count = frames.count
        // Each worker writes only its own index.
        nonisolated(unsafe) let summarySlots = UnsafeMutableBufferPointer<FrameSummary?>.allocate(capacity: count)
        nonisolated(unsafe) let differenceSlots = UnsafeMutableBufferPointer<FrameDifference?>.allocate(
            capacity: count)
        nonisolated(unsafe) let profileSlots = UnsafeMutableBufferPointer<FrameProfile?>.allocate(capacity: count)
        summarySlots.initialize(repeating: nil)
        differenceSlots.initialize(repeating: nil)
        profileSlots.initialize(repeating: nil)
        defer {
            summarySlots.deallocate()
            differenceSlots.deallocate()
            profileSlots.deinitialize()
            profileSlots.deallocate()
        }
        let profiled = beforeProfile != nil
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let frame = frames[index]
            // One pass over the frame and the one before for both (FrameSummary.measure).
            let measured = FrameSummary.measure(frame, after: index > 0 ? frames[index - 1] : before)
            summarySlots[index] = measured.summary
            differenceSlots[index] = measured.difference
            if profiled { profileSlots[index] = FrameProfile(frame) }
            inspect?(firstIndex + index, frame)
        }
        summaries = summarySlots.compactMap { $0 }
        differences = Array(differenceSlots)
        if let beforeProfile {
            let profiles = [beforeProfile] + Array(profileSlots)
            shifts = FrameShift.between(profiles)
            lastProfile = profiles.last ?? nil
        }
    }
}
