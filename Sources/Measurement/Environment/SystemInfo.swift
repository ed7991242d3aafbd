import DeflateBenchResults
import Foundation

/// The machine a run measured on, read once at the start of the run.
public struct SystemInfo: Sendable, Equatable {
  public var cpuModel: String
  public var logicalCores: Int
  public var memoryBytes: UInt64
  /// The distribution's pretty name (`Debian GNU/Linux 12 (bookworm)`), or the OS name.
  public var os: String
  /// `uname -sr`: `Linux 6.1.0-18-amd64`.
  public var kernel: String
  /// Load average over the last minute, where the OS exposes it.
  public var loadAverage: Double?
  /// cpu0's frequency governor (`performance`, `powersave`, `schedutil`), where Linux exposes it.
  public var governor: String?
  /// The CPU caches as reported (sysfs), the figure the cold call's sweep is sized from.
  public var caches: ReportedCaches? = nil

  /// Reads this machine. Every source is optional: a container without /proc or /sys still gets a
  /// context, with `unknown` where nothing could be read.
  public static func current() -> SystemInfo {
    let info = ProcessInfo.processInfo
    return SystemInfo(
      cpuModel: cpuModel(), logicalCores: info.processorCount, memoryBytes: info.physicalMemory,
      os: operatingSystem(), kernel: kernel(), loadAverage: loadAverage(), governor: governor(),
      caches: ReportedCaches.current)
  }

  // MARK: - Parsers (pure, so tests can feed them file contents)

  /// The first `model name` of /proc/cpuinfo (x86), else its `Hardware` or `CPU part` line (Arm).
  public static func cpuModel(fromCPUInfo text: String) -> String? {
    for key in ["model name", "Hardware", "Processor", "CPU part"] {
      for line in text.split(separator: "\n") where line.hasPrefix(key) {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if !value.isEmpty { return value }
      }
    }
    return nil
  }

  /// `PRETTY_NAME` of /etc/os-release, else `NAME VERSION`.
  public static func operatingSystem(fromOSRelease text: String) -> String? {
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      let key = String(line[..<equals])
      var value = String(line[line.index(after: equals)...])
      if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
        value = String(value.dropFirst().dropLast())
      }
      fields[key] = value
    }
    if let pretty = fields["PRETTY_NAME"], !pretty.isEmpty { return pretty }
    guard let name = fields["NAME"] else { return nil }
    return [name, fields["VERSION"]].compactMap { $0 }.joined(separator: " ")
  }

  // MARK: - Sources

  private static func cpuModel() -> String {
    #if os(Linux)
      if let text = read("/proc/cpuinfo"), let model = cpuModel(fromCPUInfo: text) { return model }
    #elseif canImport(Darwin)
      var size = 0
      if sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 {
        var buffer = [CChar](repeating: 0, count: size)
        if sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 {
          return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
      }
    #endif
    return "unknown"
  }

  private static func operatingSystem() -> String {
    if let text = read("/etc/os-release"), let name = operatingSystem(fromOSRelease: text) { return name }
    return ProcessInfo.processInfo.operatingSystemVersionString
  }

  private static func kernel() -> String {
    var names = utsname()
    guard uname(&names) == 0 else { return "unknown" }
    let system = withUnsafeBytes(of: &names.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(system) \(release)"
  }

  private static func loadAverage() -> Double? {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) >= 1 ? loads[0] : nil
  }

  private static func governor() -> String? {
    read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func read(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
