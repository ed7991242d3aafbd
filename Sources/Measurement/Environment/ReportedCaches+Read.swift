import DeflateBenchResults
import Foundation

extension ReportedCaches {
  /// Where Linux lists cpu0's caches, one `indexN` folder per cache (`level`, `type`, `size`).
  static let sysfsFolder = "/sys/devices/system/cpu/cpu0/cache"

  /// This machine's caches, read once per process: the run's context records them and the cold
  /// call's sweep is sized from them (`CacheEvictor`), so both see the same figure.
  public static let current: ReportedCaches? = read()

  /// sysfs first: it is what the kernel read from CPUID (lscpu shows it), while glibc's sysconf
  /// guesses on some CPUs, and under KVM on an AMD EPYC it said 256 MiB for a 32 MiB L3, which
  /// made every cold-call sweep 4x longer (113 ms instead of 31 ms) for no more eviction (a 256 KiB
  /// read after a 64 MiB sweep already took DRAM time: 26 µs, 2.6 hot). sysconf only where sysfs
  /// has nothing; nil where neither says anything (macOS, a container without /sys).
  static func read(sysfsFolder folder: String = sysfsFolder) -> ReportedCaches? {
    if let fromSysfs = fromSysfs(folder) { return fromSysfs }
    #if os(Linux)
      let l2 = sysconf(Int32(_SC_LEVEL2_CACHE_SIZE))
      let l3 = sysconf(Int32(_SC_LEVEL3_CACHE_SIZE))
      if l3 > 0 {
        return ReportedCaches(l2Bytes: l2 > 0 ? l2 : nil, lastLevel: 3, lastLevelBytes: l3, source: "sysconf")
      }
      if l2 > 0 { return ReportedCaches(l2Bytes: l2, lastLevel: 2, lastLevelBytes: l2, source: "sysconf") }
    #endif
    return nil
  }

  /// The highest data or unified level's size (the first listed of that level) and the L2's.
  static func fromSysfs(_ folder: String) -> ReportedCaches? {
    var last: (level: Int, bytes: Int)?
    var l2Bytes: Int?
    for index in 0..<8 {
      let path = "\(folder)/index\(index)"
      // Instruction caches hold no payload: the data (or unified) ones are the figures.
      guard let level = readLine("\(path)/level").flatMap({ Int($0) }),
        let bytes = readLine("\(path)/size").flatMap(parseSize), readLine("\(path)/type") != "Instruction"
      else { continue }
      if level == 2, l2Bytes == nil { l2Bytes = bytes }
      if last.map({ level > $0.level }) ?? true { last = (level, bytes) }
    }
    guard let last else { return nil }
    return ReportedCaches(l2Bytes: l2Bytes, lastLevel: last.level, lastLevelBytes: last.bytes, source: "sysfs")
  }

  /// sysfs sizes: "32768K", "1M", or plain bytes.
  static func parseSize(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    guard let last = trimmed.last else { return nil }
    if let multiplier = multipliers[last] {
      return Int(trimmed.dropLast()).map { $0 * multiplier }
    }
    return Int(trimmed)
  }

  private static func readLine(_ path: String) -> String? {
    (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
