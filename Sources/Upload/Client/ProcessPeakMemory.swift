import Foundation

/// The process's peak resident memory, measured by the kernel: `VmHWM` in /proc/self/status,
/// which writing `5` to /proc/self/clear_refs resets to the current resident size (Linux 4.0+).
/// So "peak above the start" is a real high-water mark of everything the client touched,
/// URLSession's and libcurl's buffers included, not an estimate.
public enum ProcessPeakMemory {
  /// Resets the high-water mark and returns the resident bytes now, or nil where the kernel
  /// offers neither file (not Linux, or a restricted /proc).
  public static func resetPeak() -> Int? {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
    defer { try? handle.close() }
    do {
      try handle.write(contentsOf: Data("5".utf8))
    } catch {
      return nil
    }
    return field("VmRSS")
  }

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
