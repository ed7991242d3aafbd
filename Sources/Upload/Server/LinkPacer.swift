import DeflateBenchSupport
import Dispatch
import Synchronization

/// Releases bytes no faster than a link's rate, for every connection together.
///
/// It keeps the moment the emulated link next falls idle. A read of `n` bytes moves that moment
/// `n / rate` later (starting from now if the link was idle) and the reader sleeps until then, so
/// the bytes become visible when they would have finished crossing the link. Because the moment
/// is absolute, a late wake-up does not add up over many reads.
public final class LinkPacer: Sendable {
  public let bytesPerSecond: Double
  private let idleAt = Mutex<UInt64>(0)

  public init(bytesPerSecond: Double) {
    precondition(bytesPerSecond > 0, "a link rate must be positive")
    self.bytesPerSecond = bytesPerSecond
  }

  /// How many bytes to read at once: about 5 ms of the link, at least 1 KiB, so pacing stays
  /// smooth at 1 Mbit/s without a system call per few bytes at 1 Gbit/s.
  public var readQuantum: Int { max(1024, Int(bytesPerSecond / 200)) }

  /// How far behind schedule a reader may fall without the link losing that time: a reader
  /// that overslept, or was descheduled, finds the bytes that arrived meanwhile at once. Kept
  /// short so an idle link does not save up a burst.
  public var catchUpNanoseconds: UInt64 { 10_000_000 }

  /// Charges `byteCount` bytes to the link and returns when they have arrived, in
  /// `DispatchTime` nanoseconds. Pure bookkeeping; `wait` does the sleeping.
  public func arrival(of byteCount: Int, now: UInt64) -> UInt64 {
    let transfer = UInt64((Double(byteCount) / bytesPerSecond * 1e9).rounded())
    return idleAt.withLock { idle in
      // Slightly behind schedule: keep the schedule. Long idle: the link starts afresh now,
      // with no burst saved up.
      let start = idle &+ catchUpNanoseconds >= now ? idle : now
      idle = start + transfer
      return idle
    }
  }

  /// Sleeps until `byteCount` freshly read bytes would have crossed the link.
  public func wait(for byteCount: Int) {
    let now = DispatchTime.now().uptimeNanoseconds
    LinkPacer.sleep(until: arrival(of: byteCount, now: now))
  }

  /// Sleeps until a `DispatchTime` nanosecond value; returns at once if it has passed.
  public static func sleep(until deadline: UInt64) {
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard deadline > now else { return }
      let remaining = deadline - now
      var request = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
      _ = nanosleep(&request, nil)
    }
  }
}
