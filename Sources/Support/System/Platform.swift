// The C library of the platform, imported once for every target that depends on this one: the
// POSIX calls (open, write, rename, errno, ...) come from Glibc on Linux, Musl on static Linux
// builds and Darwin on macOS.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
