import Foundation

/// Numbers as people read them in the Markdown report and the console. Locale-independent on
/// purpose: a report written on a German machine must not say "3,41". (The CSV uses `CSVNumber`,
/// which keeps full precision instead.)
public enum NumberText {
  /// Three significant figures without exponent: 1234 -> "1234", 52.34 -> "52.3", 0.01234 ->
  /// "0.0123". Speeds and times span five orders of magnitude across backends; a fixed number of
  /// decimals would print zopfli as "0.00" or isa-l as "1234.56789".
  public static func significant(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    if value == 0 { return "0" }
    let magnitude = Int(floor(log10(abs(value))))
    let decimals = max(0, 2 - magnitude)
    return fixed(value, decimals: decimals)
  }

  /// `significant` without trailing zeros, for a factor people quote as written: 0.53, 5.24, 1.
  public static func factor(_ value: Double) -> String {
    let text = significant(value)
    guard text.contains(".") else { return text }
    let trimmed = text.reversed().drop { $0 == "0" }.reversed()
    return String(trimmed.last == "." ? trimmed.dropLast() : trimmed[...])
  }

  /// `significant` with its sign, for a difference: 312 -> "+312", -4.56 -> "-4.56", 0 -> "+0".
  public static func signedSignificant(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    return (value < 0 ? "-" : "+") + significant(abs(value))
  }

  /// A fixed number of decimals: fixed(3.14159, decimals: 2) -> "3.14".
  public static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    return String(format: "%.\(decimals)f", value)
  }

  /// A byte count in decimal units, as the CSV's MB = 10^6: 512 -> "512 B", 48213 -> "48.2 kB",
  /// 1_700_000 -> "1.7 MB". Every section of every report uses this one.
  public static func bytes(_ value: Int) -> String { bytes(Double(value)) }

  /// `bytes` for a mean or a projection (bytes per request, per million requests).
  public static func bytes(_ value: Double) -> String {
    let units: [(Double, String)] = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
    for (scale, unit) in units where abs(value) >= scale {
      return "\(significant(value / scale)) \(unit)"
    }
    return "\(fixed(value, decimals: 0)) B"
  }

  /// A whole number with its thousands set off by commas, as the help and the docs write
  /// sizes: 1350 -> "1,350", -16384 -> "-16,384".
  public static func thousands(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// A byte count in binary units, as memory and caches are quoted: 524288 -> "512 KiB",
  /// 33554432 -> "32 MiB", 225_800_000 -> "215 MiB". Exact multiples print without decimals.
  public static func binaryBytes(_ value: Int) -> String {
    let units: [(Int, String)] = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
    for (scale, unit) in units where abs(value) >= scale {
      let amount = value % scale == 0 ? String(value / scale) : significant(Double(value) / Double(scale))
      return "\(amount) \(unit)"
    }
    return "\(value) B"
  }

  /// A run's wall time as people say it: "38.9 s", "7 min 35 s", "1 h 2 min".
  public static func wallTime(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "—" }
    if seconds < 59.5 { return "\(significant(seconds)) s" }
    let whole = Int(seconds.rounded())
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    let minutes = Int((seconds / 60).rounded())
    return "\(minutes / 60) h \(minutes % 60) min"
  }

  /// Milliseconds with sense of scale: 0.42, 12.3, 1520.
  public static func milliseconds(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    switch abs(value) {
    case ..<1: return fixed(value, decimals: 2)
    case ..<100: return fixed(value, decimals: 1)
    default: return fixed(value, decimals: 0)
    }
  }

  /// A duration in seconds with its unit: microseconds below 1 ms ("56.1 µs", "908 µs"), else
  /// milliseconds ("9.95 ms", "124.8 ms" -> "125 ms").
  public static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "—" }
    if abs(seconds) < 1e-3 { return "\(significant(seconds * 1e6)) µs" }
    return "\(significant(seconds * 1e3)) ms"
  }

  /// An energy given in millijoules, with its unit: "0.931 mJ", "222 mJ", "11.5 J".
  public static func energy(millijoules value: Double) -> String {
    guard value.isFinite else { return "—" }
    return abs(value) < 1000 ? "\(significant(value)) mJ" : "\(significant(value / 1000)) J"
  }

  /// A percentage without decimals and with its sign: "+4 %", "-71 %".
  public static func signedPercent(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    return String(format: "%+.0f %%", value)
  }

  /// A link rate in bits per second to three significant digits: "400 kbit/s", "22.6 Mbit/s".
  public static func bitRate(_ bitsPerSecond: Double) -> String {
    let units: [(Double, String)] = [(1e9, "Gbit/s"), (1e6, "Mbit/s"), (1e3, "kbit/s")]
    for (scale, unit) in units where bitsPerSecond >= scale {
      return "\(significant(bitsPerSecond / scale)) \(unit)"
    }
    return "\(significant(bitsPerSecond)) bit/s"
  }
}
