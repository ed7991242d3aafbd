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

  /// A fixed number of decimals: fixed(3.14159, decimals: 2) -> "3.14".
  public static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    return String(format: "%.\(decimals)f", value)
  }

  /// A byte count in binary units: 512 -> "512 B", 262144 -> "256.0 KiB".
  public static func bytes(_ value: Int) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var scaled = Double(value)
    var unit = 0
    while abs(scaled) >= 1024 && unit < units.count - 1 {
      scaled /= 1024
      unit += 1
    }
    return unit == 0 ? "\(value) B" : "\(fixed(scaled, decimals: 1)) \(units[unit])"
  }
}
