// The package supports macOS 13 / iOS 16, so Synchronization's `Mutex` (macOS 15 / iOS 18) is
// not available: the lock is the platform's own, in memory allocated once with the state.
#if canImport(Darwin)
    public typealias LockPrimitive = os_unfair_lock
#else
    public typealias LockPrimitive = pthread_mutex_t
#endif

/// A state and the lock that guards it, in one allocation made when the buffer is made.
///
/// The lock lives in the buffer's tail storage, so its address never changes (neither
/// `os_unfair_lock` nor `pthread_mutex_t` may move once used), and taking it allocates
/// nothing. The state is reached only through ``withLock(_:)``, as a pointer, so a mutation
/// works in place with no copy and no run-time exclusivity check.
///
/// Public, unlike the rest of HingeSupport, for one reason: ImageStandIns' `@inlinable`
/// methods (specialised in the app for its `Source` and `Image`) take the lock, and inlinable
/// code may reference only public declarations of another module. HingeSupport is not a
/// product, so no app can import it.
public final class LockedBuffer<State>: ManagedBuffer<State, LockPrimitive> {
    public static func make(_ state: State) -> LockedBuffer {
        let buffer = create(minimumCapacity: 1) { _ in state }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                lock.initialize(to: os_unfair_lock())
            #else
                let status = pthread_mutex_init(lock, nil)
                precondition(status == 0, "pthread_mutex_init failed with \(status)")
            #endif
        }
        return unsafeDowncast(buffer, to: LockedBuffer.self)
    }

    deinit {
        // The header (the state) is destroyed by ManagedBuffer; the element (the lock) is ours.
        withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                lock.deinitialize(count: 1)
            #else
                _ = pthread_mutex_destroy(lock)
            #endif
        }
    }

    /// Runs `body` on the state with the lock held.
    @inlinable
    public func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        withUnsafeMutablePointers { state, lock in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
                defer { os_unfair_lock_unlock(lock) }
            #else
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
            #endif
            return body(&state.pointee)
        }
    }

    /// Whether some thread (the caller included) holds the lock: a try that fails.
    public var isLocked: Bool {
        withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                guard os_unfair_lock_trylock(lock) else { return true }
                os_unfair_lock_unlock(lock)
            #else
                guard pthread_mutex_trylock(lock) == 0 else { return true }
                pthread_mutex_unlock(lock)
            #endif
            return false
        }
    }
}
