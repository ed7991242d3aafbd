/// What the harness reads time from. A protocol so tests can drive the runner with a fake clock
/// that advances only when a fake codec does work: harness tests then never depend on real time.
///
/// Both readings are in nanoseconds from an arbitrary origin; only differences mean anything.
public protocol MeasurementClock: Sendable {
  /// Monotonic wall-clock time: never jumps with NTP or the user changing the date.
  func wallNanoseconds() -> UInt64
  /// CPU time the calling thread has consumed. It excludes time the thread spent descheduled,
  /// so wall time much above CPU time means the machine was busy with something else.
  func threadCPUNanoseconds() -> UInt64
}
