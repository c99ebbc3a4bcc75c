import Dispatch
import HingeKit
internal import HingeSupport

/// Parses a trace on a second thread, a few batches ahead of the loop that uses its records.
///
/// Parsing a row is about a third of what `hingetool read` spends on it (the reader and the
/// number formatting are the rest), so on two cores the parse runs beside the rest instead of
/// before it. The records come out in the reader's order and the reader's error comes after the
/// last record it accepted, so a command sees exactly what one thread would have shown it.
///
/// Memory is bounded: at most ``depth`` batches of ``batchSize`` records wait at once (a few
/// hundred kilobytes). Only a finished input is read this way: a pipe (standard input) is read on
/// the caller's thread, since a batch would hold back rows a live stream has already sent.
///
/// If the consumer stops early (its body threw), ``stop()`` tells the parsing thread to end after
/// its current batch; the reader is not used by anyone after that.
final class RecordPrefetch: @unchecked Sendable {
    /// How the trace ended, after the last batch.
    enum End {
        case finished
        case failed(TraceError)
    }

    /// Records per batch: large enough that the hand-over (a lock and two semaphores) costs
    /// nothing per row, small enough that the first rows arrive at once.
    static let batchSize = 2048
    /// Batches parsed ahead at most.
    static let depth = 4

    private struct Queue {
        var batches: [(records: [TraceRecord], end: End?)] = []
        var stopped = false
    }

    /// The reader, used only by the parsing thread until it hands over its last batch.
    private let reader: TraceReader
    private let queue = LockedBuffer.make(Queue())
    /// Signalled once per batch handed over.
    private let ready = DispatchSemaphore(value: 0)
    /// Signalled once per batch taken (and once by ``stop()``): room for another batch. It
    /// starts at 0 and is signalled ``depth`` times, because libdispatch traps when a semaphore
    /// is freed with a count below the one it was made with (as after an early ``stop()``).
    private let room = DispatchSemaphore(value: 0)

    /// Starts parsing `reader` on a thread of its own.
    init(_ reader: TraceReader) {
        self.reader = reader
        for _ in 0..<Self.depth { room.signal() }
        DispatchQueue.global(qos: .userInitiated).async { [self] in parse() }
    }

    /// The next batch of records, and how the trace ended after the last one. Blocks until
    /// the parsing thread has one.
    func next() -> (records: [TraceRecord], end: End?) {
        ready.wait()
        let batch = queue.withLock { $0.batches.removeFirst() }
        room.signal()
        return batch
    }

    /// Tells the parsing thread to stop after its current batch.
    func stop() {
        queue.withLock { $0.stopped = true }
        room.signal()
    }

    private func parse() {
        var end: End?
        while end == nil {
            room.wait()
            if queue.withLock({ $0.stopped }) { return }
            var records: [TraceRecord] = []
            records.reserveCapacity(Self.batchSize)
            do {
                while records.count < Self.batchSize {
                    guard let record = try reader.next() else {
                        end = .finished
                        break
                    }
                    records.append(record)
                }
            } catch {
                end = .failed(error)
            }
            queue.withLock { $0.batches.append((records, end)) }
            ready.signal()
        }
    }
}
