import Foundation
import Synchronization

/// The process's peak resident memory, measured by the kernel: `VmHWM` in /proc/self/status,
/// which writing `5` to /proc/self/clear_refs resets to the current resident size (Linux 4.0+).
/// So "peak above the start" is a real high-water mark of everything the client touched,
/// URLSession's and libcurl's buffers included, not an estimate.
public enum ProcessPeakMemory {
  /// Resets the high-water mark and returns the resident bytes now, or nil where the kernel
  /// offers neither file (not Linux, or a restricted /proc).
  public static func resetPeak() -> Int? {
    // The mark about to be lost is kept, so the run's own peak (`lifetimePeakBytes`) still sees it.
    if let before = field("VmHWM") { peakBeforeResets.withLock { $0 = max($0, before) } }
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
    defer { try? handle.close() }
    do {
      try handle.write(contentsOf: Data("5".utf8))
    } catch {
      return nil
    }
    return field("VmRSS")
  }

  /// The process's peak resident bytes since it started, resets or not: getrusage's `ru_maxrss`
  /// (which a reset lowers on Linux, as it reads the same mark), or the highest mark a reset
  /// replaced. What results.json records as the run's `peak_resident_bytes`.
  public static func lifetimePeakBytes() -> Int? {
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      let now = Int(usage.ru_maxrss)  // bytes on Darwin
    #else
      guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
      let now = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
    return max(now, peakBeforeResets.withLock { $0 })
  }

  /// The highest `VmHWM` a `resetPeak` replaced.
  private static let peakBeforeResets = Mutex<Int>(0)

  /// The high-water mark of resident bytes since the last reset (or the process's start).
  public static func peakBytes() -> Int? { field("VmHWM") }

  /// The high-water mark of another process (a child such as the local echo server), or nil
  /// when /proc does not show it.
  public static func peakBytes(ofProcess pid: Int32) -> Int? { field("VmHWM", process: "\(pid)") }

  /// A `kB` field of /proc/PROCESS/status in bytes.
  static func field(_ name: String, process: String = "self") -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
}
