import CCacheFlush
import DeflateBenchResults
import Foundation
import Synchronization

/// Makes the next call cold: what a client that compresses one request now and then pays, with
/// neither its payload nor its library's code and tables in the CPU caches.
///
/// Two parts, so that its memory does not follow what the machine says about its caches:
/// - what can be named is flushed line by line (`clflushopt`/`clflush` + `mfence`, `dc civac` +
///   `dsb ish`), whatever its size: the bytes the call reads and writes (payload, output), and
///   the loaded segments of the library the call runs in (its code and static tables);
/// - a sweep of one bounded buffer (twice the reported last-level cache, 8 to 64 MiB, allocated
///   once per process) fills the caches with other work and pushes out what cannot be named: the
///   heap the fresh context will be given.
///
/// Its limit: where the real last-level cache is larger than half the cap (32 MiB), the sweep
/// leaves part of the cache as it was, and the cold call reads cheaper than after a sweep of the
/// whole cache; the payload, the output and the library never survive, where the CPU has a
/// flush instruction (`flushMethodName` says which; without one only the sweep runs). On a VM
/// whose cache kept a buffer through the 64 MiB sweep, flushing the library as well moved no
/// cold figure beyond the spread between runs, nor did flushing the harness's own code, the
/// runtime's and libc's, or the blocks the fresh context is given: what survives and matters is
/// the rest of the cache's state, not isolated (docs/memory.md, "Its limit, measured").
final class CacheEvictor: Sendable {
  enum Method: String, Sendable, CaseIterable {
    /// The bounded sweep, then the library, payload and output flushed: the default.
    case flush
    /// The method before issue #26, kept to compare the two side by side: a sweep of twice the
    /// last-level cache capped at 256 MiB, no flush. Selected by `DEFLATE_BENCH_COLD_EVICTION=sweep`.
    case sweep
  }

  /// The environment variable that selects the method (`flush` or `sweep`), for comparisons only.
  static let environmentVariable = "DEFLATE_BENCH_COLD_EVICTION"

  /// One per process: the runner measures one cold call at a time, so one buffer serves them all.
  static let shared = CacheEvictor(
    method: ProcessInfo.processInfo.environment[environmentVariable].flatMap(Method.init(rawValue:)) ?? .flush,
    reportedLastLevelBytes: ReportedCaches.current?.lastLevelBytes)

  /// The most the default method sweeps, whatever the reported cache.
  static let sweepCap = 64 << 20
  /// The old method's cap.
  static let legacySweepCap = 256 << 20
  /// The least either sweeps (also when no cache size can be read).
  static let sweepFloor = 8 << 20

  let method: Method
  /// The sweep buffer's size.
  let byteCount: Int
  private let buffer = Mutex<[UInt64]>([])

  /// - Parameter reportedLastLevelBytes: the last-level cache as the machine reports it (sysfs),
  ///   injectable so tests can pretend any size.
  init(method: Method = .flush, reportedLastLevelBytes: Int?) {
    self.method = method
    byteCount = Self.sweepBytes(method: method, reportedLastLevelBytes: reportedLastLevelBytes)
  }

  /// Twice the reported cache, within the floor and the method's cap. A reported size that is
  /// absurd (negative, or near `Int.max`) lands on a bound, never on an overflow.
  static func sweepBytes(method: Method, reportedLastLevelBytes: Int?) -> Int {
    let cap = method == .flush ? sweepCap : legacySweepCap
    guard let reported = reportedLastLevelBytes, reported > 0 else { return sweepFloor }
    return min(max(reported > cap ? cap : 2 * reported, sweepFloor), cap)
  }

  /// Bytes the sweep buffer holds now: 0 until the first `evict`, then `byteCount`.
  var allocatedBytes: Int { buffer.withLock { $0.count * 8 } }

  /// Sweeps, then (method `flush`) flushes every line of the libraries that define
  /// `librarySymbols` and of `regions`. The sum is returned so the sweep's writes cannot be
  /// optimised away.
  @discardableResult
  func evict(flushing regions: [UnsafeRawBufferPointer] = [], librarySymbols: [String] = []) -> UInt64 {
    let sum = sweep()
    // After the sweep: a line that a large real cache kept through it goes now.
    if method == .flush {
      for symbol in librarySymbols {
        for segment in LibrarySegments.defining(symbol) { Self.flush(segment) }
      }
      for region in regions { Self.flush(region) }
    }
    return sum
  }

  /// Writes every cache line of the buffer once.
  private func sweep() -> UInt64 {
    buffer.withLock { words in
      if words.isEmpty { words = [UInt64](repeating: 1, count: byteCount / 8) }
      var sum: UInt64 = 0
      // 8 words = one 64-byte line.
      var index = 0
      let count = words.count
      while index < count {
        words[index] &+= 1
        sum &+= words[index]
        index += 8
      }
      return sum
    }
  }

  /// Flushes the lines of `region` from every cache level; returns how many (0 without a flush
  /// instruction).
  @discardableResult
  static func flush(_ region: UnsafeRawBufferPointer) -> Int {
    guard let base = region.baseAddress, region.count > 0 else { return 0 }
    return deflatebench_flush_range(base, region.count)
  }

  /// The instruction `flush` uses here, for the docs and tests: `clflushopt`, `clflush`,
  /// `dc civac`, or `none`.
  static var flushMethodName: String {
    switch deflatebench_flush_method_in_use() {
    case DEFLATEBENCH_FLUSH_CLFLUSHOPT: "clflushopt"
    case DEFLATEBENCH_FLUSH_CLFLUSH: "clflush"
    case DEFLATEBENCH_FLUSH_DC_CIVAC: "dc civac"
    default: "none"
    }
  }

  /// The flush loop's stride: the data cache line.
  static var flushLineBytes: Int { deflatebench_flush_line_bytes() }
}
