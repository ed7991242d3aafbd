import DeflateBenchSupport
import Foundation
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
    let lastLevel = lastLevelCacheBytes() ?? 0
    let wanted = lastLevel > 0 ? 2 * lastLevel : 8 << 20
    return min(max(wanted, 8 << 20), 256 << 20)
  }

  /// The largest cache level's size. sysfs first: it is what the kernel read from CPUID (lscpu
  /// shows it), while glibc's sysconf guesses on some CPUs, and under KVM on an AMD EPYC it said
  /// 256 MiB for a 32 MiB L3, which made every sweep 4x longer (113 ms instead of 31 ms) for no
  /// more eviction: a 256 KiB read after a 64 MiB sweep already took DRAM time (26 µs, 2.6 hot).
  static func lastLevelCacheBytes() -> Int? {
    let folder = "/sys/devices/system/cpu/cpu0/cache"
    var best: (level: Int, bytes: Int)?
    for index in 0..<8 {
      guard let levelText = try? String(contentsOfFile: "\(folder)/index\(index)/level", encoding: .utf8),
        let sizeText = try? String(contentsOfFile: "\(folder)/index\(index)/size", encoding: .utf8),
        let level = Int(levelText.trimmingCharacters(in: .whitespacesAndNewlines)),
        let bytes = parseCacheSize(sizeText)
      else { continue }
      if best.map({ level > $0.level }) ?? true { best = (level, bytes) }
    }
    if let best { return best.bytes }
    #if os(Linux)
      for name in [_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE] {
        let bytes = sysconf(Int32(name))
        if bytes > 0 { return bytes }
      }
    #endif
    return nil
  }

  /// sysfs sizes: "32768K", "1M", or plain bytes.
  static func parseCacheSize(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    guard let last = trimmed.last else { return nil }
    if let multiplier = multipliers[last] {
      return Int(trimmed.dropLast()).map { $0 * multiplier }
    }
    return Int(trimmed)
  }
}
