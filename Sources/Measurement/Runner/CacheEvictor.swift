import DeflateBenchSupport
import Synchronization

/// Pushes everything out of the CPU caches by writing a buffer larger than the last-level cache,
/// so the next call finds neither its payload nor its library's tables in cache: what a client
/// that compresses one request now and then pays.
final class CacheEvictor: Sendable {
  /// One per process: the buffer is large, and the runner measures one cold call at a time.
  static let shared = CacheEvictor()

  /// Twice the last-level cache, at least 8 MiB (when the size cannot be read) and at most 256 MiB.
  let byteCount: Int
  private let buffer = Mutex<[UInt64]>([])

  init(byteCount: Int = CacheEvictor.defaultByteCount()) {
    self.byteCount = byteCount
  }

  /// Writes every cache line of the buffer once. The sum is returned so the writes cannot be
  /// optimised away.
  @discardableResult
  func evict() -> UInt64 {
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

  static func defaultByteCount() -> Int {
    var lastLevel = 0
    #if os(Linux)
      for name in [_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE] where lastLevel <= 0 {
        lastLevel = sysconf(Int32(name))
      }
    #endif
    let wanted = lastLevel > 0 ? 2 * lastLevel : 8 << 20
    return min(max(wanted, 8 << 20), 256 << 20)
  }
}
