import CDelayLine
import DeflateBenchResults
import Foundation
import Synchronization

/// The userspace link between the two namespaces (CDelayLine), on a thread of its own at
/// real-time priority (SCHED_FIFO 50) so the shared machine's load does not delay packets.
public final class DelayLine: @unchecked Sendable {
  /// What the delay line counted, and how late it delivered packets.
  public struct Counters: Sendable {
    public var packetsUp: UInt64
    public var packetsDown: UInt64
    public var droppedUp: UInt64
    public var bytesUp: UInt64
    /// Packets per lateness bucket (`DL_LATENESS_BUCKET_NS` wide).
    public var lateness: [UInt64]
    public var maxLatenessNanoseconds: UInt64

    /// The lateness below which `fraction` of the packets were delivered, in microseconds (the
    /// upper edge of its 10 µs bucket).
    public func latenessMicroseconds(percentile fraction: Double) -> Double {
      let total = lateness.reduce(0, +)
      guard total > 0 else { return 0 }
      let target = UInt64((Double(total) * fraction).rounded(.up))
      var seen: UInt64 = 0
      for (index, count) in lateness.enumerated() {
        seen += count
        if seen >= target {
          return min(Double((index + 1) * Int(DL_LATENESS_BUCKET_NS)), Double(maxLatenessNanoseconds)) / 1000
        }
      }
      return Double(maxLatenessNanoseconds) / 1000
    }
  }

  private let line: OpaquePointer
  private let finished = DispatchSemaphore(value: 0)
  /// The forwarding loop's return value, set on its thread.
  private final class Outcome: Sendable {
    let code = Atomic<Int32>(0)
  }
  private let result = Outcome()
  private let stopped = Atomic<Bool>(false)
  public let link: LinkPreset
  public let queueLimitBytes: Int

  /// Opens both TUN devices in their namespaces and starts forwarding.
  public init(link: LinkPreset, namespaces: NetworkNamespaces, queueLimitBytes: Int) throws(NetworkNamespaces
    .SetupError)
  {
    let clientFD = dl_open_tun(namespaces.client, NetworkNamespaces.clientDevice)
    guard clientFD >= 0 else {
      throw .init(
        description: "cannot open a TUN device in \(namespaces.client): \(String(cString: strerror(-clientFD)))")
    }
    let serverFD = dl_open_tun(namespaces.server, NetworkNamespaces.serverDevice)
    guard serverFD >= 0 else {
      close(clientFD)
      throw .init(
        description: "cannot open a TUN device in \(namespaces.server): \(String(cString: strerror(-serverFD)))")
    }
    let config = dl_config(
      uplink_bytes_per_second: link.uplinkBytesPerSecond, one_way_delay_ns: UInt64(link.rttMilliseconds * 500_000),
      queue_limit_bytes: UInt64(queueLimitBytes))
    guard let line = dl_create(clientFD, serverFD, config) else {
      close(clientFD)
      close(serverFD)
      throw .init(description: "cannot allocate the delay line")
    }
    self.line = line
    self.link = link
    self.queueLimitBytes = queueLimitBytes
    // The handle crosses to the forwarding thread once; the C side synchronises through atomics.
    nonisolated(unsafe) let handle = line
    let thread = Thread { [result, finished] in
      result.code.store(dl_run(handle, 50), ordering: .releasing)
      finished.signal()
    }
    thread.name = "delay line"
    thread.start()
  }

  /// Whether the forwarding thread got SCHED_FIFO (nil until it started).
  public var isRealtime: Bool? {
    for _ in 0..<100 {
      let value = dl_realtime(line)
      if value >= 0 { return value == 1 }
      usleep(1000)
    }
    return nil
  }

  deinit { stop() }

  public func counters() -> Counters {
    var stats = dl_stats()
    dl_snapshot(line, &stats)
    var lateness = [UInt64](repeating: 0, count: Int(DL_LATENESS_BUCKETS))
    lateness.withUnsafeMutableBufferPointer { dl_lateness(line, $0.baseAddress, Int32($0.count)) }
    return Counters(
      packetsUp: stats.packets_up, packetsDown: stats.packets_down, droppedUp: stats.dropped_up,
      bytesUp: stats.bytes_up, lateness: lateness, maxLatenessNanoseconds: stats.max_lateness_ns)
  }

  /// Stops forwarding, closes both devices (their addresses and routes go with them) and
  /// returns the forwarding loop's error, if any.
  @discardableResult
  public func stop() -> Int32 {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return 0 }
    dl_stop(line)
    finished.wait()
    dl_destroy(line)
    return result.code.load(ordering: .acquiring)
  }
}
