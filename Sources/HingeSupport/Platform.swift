// The C library of the platform, for every module of the package: a file that needs `exp`,
// `pthread_mutex_t` or `open` imports HingeSupport instead of repeating this block.
#if canImport(Darwin)
    @_exported import Darwin
#elseif canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Bionic)
    @_exported import Bionic
#else
    #error("HingeKit needs the platform's C library (Darwin, Glibc or Bionic)")
#endif
