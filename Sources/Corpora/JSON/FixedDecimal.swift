/// Decimal text from scaled integers. Generated prices, durations and coordinates are integers
/// in the smallest unit and printed here, so no float ever goes through a locale- or
/// platform-dependent `description`.
enum FixedDecimal {
  /// `format(1249, decimals: 2)` is `"12.49"`; `format(-5, decimals: 3)` is `"-0.005"`.
  static func format(_ scaled: Int, decimals: Int) -> String {
    guard decimals > 0 else { return String(scaled) }
    let negative = scaled < 0
    let magnitude = scaled.magnitude
    var divisor: UInt = 1
    for _ in 0..<decimals { divisor *= 10 }
    let whole = magnitude / divisor
    var fraction = String(magnitude % divisor)
    if fraction.count < decimals { fraction = String(repeating: "0", count: decimals - fraction.count) + fraction }
    return (negative ? "-" : "") + String(whole) + "." + fraction
  }
}
