import Dispatch

/// Monotonic time in nanoseconds from `DispatchTime`, for timeouts and durations.
enum Deadline {
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  static func secondsSince(_ start: UInt64) -> Double {
    Double(now() &- start) / 1e9
  }

  static func milliseconds(_ nanoseconds: UInt64) -> Double {
    (Double(nanoseconds) / 1e6 * 1000).rounded() / 1000
  }
}
