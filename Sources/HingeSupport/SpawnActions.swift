/// Keeping a spawned child to its standard descriptors.
///
/// A descriptor that some thread holds open without close-on-exec at the moment of a spawn
/// lives on in the child for as long as it runs. Foundation's atomic writes open their file
/// that way, so a script written while another thread starts a long child stays open for
/// writing in that child, and running the script then fails with `ETXTBSY`. Every spawn of the
/// package closes everything above 2 in the child.
public enum SpawnActions {
    /// Adds, to `actions`, the closing of every descriptor from 3 up (glibc's
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up at run time because the Glibc
    /// module does not declare it), and returns the `posix_spawnattr_setflags` flag that does
    /// the same where the platform has one (`POSIX_SPAWN_CLOEXEC_DEFAULT` on Darwin), else 0.
    public static func closeAboveStandard(_ actions: inout posix_spawn_file_actions_t) -> Int32 {
        #if canImport(Darwin)
            return Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            if let closeFrom { _ = closeFrom(&actions, 3) }
            return 0
        #endif
    }

    #if !canImport(Darwin)
        private typealias CloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        /// glibc 2.34 and later; `nil` on an older C library, where children inherit as before.
        private static let closeFrom: CloseFrom? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(symbol, to: CloseFrom.self)
        }()
    #endif
}
