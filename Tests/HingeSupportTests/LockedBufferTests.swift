import Foundation
import HingeSupport
import Testing

/// The lock, under threads that would lose updates without it.
@Suite("LockedBuffer: a state and its lock in one allocation")
struct LockedBufferTests {
    @Test("Four threads adding 100 000 times each lose no update, and the lock is free afterwards")
    func noLostUpdates() {
        // ManagedBuffer is not Sendable; the lock is what makes sharing this one safe.
        nonisolated(unsafe) let counter = LockedBuffer.make(0)
        let threads = 4
        let additions = 100_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<additions { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * additions)
        #expect(!counter.isLocked)
    }

    @Test("isLocked is true while the lock is held")
    func isLockedWhileHeld() {
        let buffer = LockedBuffer.make([1, 2, 3])
        let heldInside = buffer.withLock { state -> Bool in
            state.append(4)
            return buffer.isLocked
        }
        #expect(heldInside)
        #expect(buffer.withLock { $0 } == [1, 2, 3, 4])
    }
}
