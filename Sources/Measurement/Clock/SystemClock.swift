import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real clock: `DispatchTime` for wall time and `CLOCK_THREAD_CPUTIME_ID` for CPU time.
public struct SystemClock: MeasurementClock {
  public init() {}

  /// `DispatchTime.uptimeNanoseconds` reads CLOCK_MONOTONIC on Linux (mach_absolute_time on
  /// Darwin): a few tens of nanoseconds per call through the vDSO, no system call.
  @inlinable
  public func wallNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }

  public func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    // CLOCK_THREAD_CPUTIME_ID cannot fail for the calling thread on Linux or Darwin; should it,
    // zero makes CPU speeds read as infinite rather than silently plausible.
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }
}
