#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a system call that returns -1 and sets errno on failure, repeating it while it fails with
/// EINTR: a signal arriving during a blocking call is not a failure of the call. Every retry loop
/// in the harness is this one.
@inline(__always)
public func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
  while true {
    let result = call()
    if result != -1 || errno != EINTR { return result }
  }
}
