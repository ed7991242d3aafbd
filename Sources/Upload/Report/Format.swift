import Foundation

/// Number formats of the Uploads section.
enum Format {
  /// `312 B`, `48.2 kB`, `1.7 MB` (decimal units).
  static func bytes(_ count: Int) -> String {
    let value = Double(count)
    switch value {
    case 1e6...: return String(format: "%.1f MB", value / 1e6)
    case 1e3...: return String(format: "%.1f kB", value / 1e3)
    default: return "\(count) B"
    }
  }

  /// `8.9x`.
  static func ratio(_ value: Double) -> String { String(format: "%.1fx", value) }

  /// `71 %`.
  static func percent(_ value: Double) -> String { String(format: "%.0f %%", value) }

  /// `-71 %`, `+4 %`.
  static func signedPercent(_ value: Double) -> String { String(format: "%+.0f %%", value) }

  /// Seconds as milliseconds with sensible precision: `0.42`, `12.3`, `1520`.
  static func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1000
    switch ms {
    case ..<1: return String(format: "%.2f", ms)
    case ..<100: return String(format: "%.1f", ms)
    default: return String(format: "%.0f", ms)
    }
  }

  /// A link rate to three significant digits: `31.6 Mbit/s`, `480 Mbit/s`, `1.25 Gbit/s`.
  static func rate(bytesPerSecond: Double) -> String {
    let bits = bytesPerSecond * 8
    let (value, unit): (Double, String) =
      switch bits {
      case 1e9...: (bits / 1e9, "Gbit/s")
      case 1e6...: (bits / 1e6, "Mbit/s")
      default: (bits / 1e3, "kbit/s")
      }
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    return String(format: "%.\(digits)f \(unit)", value)
  }

  /// Bytes per second as MB/s: `312.4`.
  static func speed(_ bytesPerSecond: Double) -> String { String(format: "%.1f", bytesPerSecond / 1e6) }
}
