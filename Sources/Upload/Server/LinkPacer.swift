import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Releases bytes no faster than a link's rate, for every connection together, and through TCP
/// slow start: the upload model's `deliver(W)` (README, "The upload model") played out in time.
///
/// It keeps the moment the emulated link next falls idle. A read of `n` bytes moves that moment
/// later and the reader sleeps until then, so the bytes become visible when they would have
/// finished crossing the link. Bytes go out in flights: the first holds the initial window, each
/// next one twice as much and starts no sooner than one round trip after the one before (its
/// acknowledgements). A link idle for longer than `restartNanoseconds` starts again at the
/// initial window, as a kept-alive connection does after idle (RFC 5681 section 4.1), so every
/// request of a benchmark upload is paced the way the model charges it. Because the moment is
/// absolute, a late wake-up does not add up over many reads.
public final class LinkPacer: Sendable {
  public let bytesPerSecond: Double
  /// Slow start's round trip, in nanoseconds; 0 turns slow start off (the rate alone).
  public let roundTripNanoseconds: UInt64
  /// Bytes of the first flight; nil turns slow start off.
  public let initialWindowBytes: Int?
  private let schedule = Mutex(Schedule())

  /// Where the link stands: when it falls idle, and the flight being sent.
  struct Schedule {
    var idleAt: UInt64 = 0
    var flightStart: UInt64 = 0
    var window: Double = 0
    var sentInFlight: Double = 0
  }

  public init(bytesPerSecond: Double, roundTripNanoseconds: UInt64 = 0, initialWindowBytes: Int? = nil) {
    precondition(bytesPerSecond > 0, "a link rate must be positive")
    self.bytesPerSecond = bytesPerSecond
    self.roundTripNanoseconds = roundTripNanoseconds
    self.initialWindowBytes = initialWindowBytes.flatMap { $0 > 0 ? $0 : nil }
  }

  /// How many bytes to read at once: about 5 ms of the link, at least 1 KiB, so pacing stays
  /// smooth at 1 Mbit/s without a system call per few bytes at 1 Gbit/s.
  public var readQuantum: Int { max(1024, Int(bytesPerSecond / 200)) }

  /// How far behind schedule a reader may fall without the link losing that time: a reader
  /// that overslept, or was descheduled, finds the bytes that arrived meanwhile at once. Kept
  /// short so an idle link does not save up a burst.
  public var catchUpNanoseconds: UInt64 { 10_000_000 }

  /// How long the link must have been idle for the next bytes to start a new request at the
  /// initial window: half a round trip, at least the catch-up time and at most 50 ms. Requests
  /// on a kept-alive connection are at least a round trip apart (the response waits one), so
  /// each starts afresh; a reader descheduled mid-request for less does not.
  public var restartNanoseconds: UInt64 { min(max(catchUpNanoseconds, roundTripNanoseconds / 2), 50_000_000) }

  /// Charges `byteCount` bytes to the link and returns when they have arrived, in
  /// `DispatchTime` nanoseconds. Pure bookkeeping; `wait` does the sleeping.
  public func arrival(of byteCount: Int, now: UInt64) -> UInt64 {
    let nanosecondsPerByte = 1e9 / bytesPerSecond
    return schedule.withLock { link in
      let slowStart = initialWindowBytes.map(Double.init)
      var time: UInt64
      if link.idleAt &+ restartNanoseconds < now {
        // A new request: the window restarts, the first flight starts now.
        link.flightStart = now
        link.window = slowStart ?? .infinity
        link.sentInFlight = 0
        time = now
      } else {
        // Slightly behind schedule: keep it. Behind by more: the link starts afresh now, with
        // no burst saved up (and the flight it was sending goes on).
        time = link.idleAt &+ catchUpNanoseconds >= now ? link.idleAt : now
      }
      var left = Double(byteCount)
      while left > 0 {
        if link.sentInFlight >= link.window {
          // The next flight leaves when the last one's acknowledgements are back.
          link.flightStart = max(link.flightStart &+ roundTripNanoseconds, time)
          link.window *= 2
          link.sentInFlight = 0
          time = link.flightStart
        }
        let take = min(left, link.window - link.sentInFlight)
        time &+= UInt64((take * nanosecondsPerByte).rounded())
        link.sentInFlight += take
        left -= take
      }
      link.idleAt = time
      return time
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
