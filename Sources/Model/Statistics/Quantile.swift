/// Order statistics over samples that are already sorted ascending. Callers sort once and ask for
/// several quantiles, which keeps the bootstrap loops free of repeated sorting.
public enum Quantile {
  /// The median of an ascending array: the middle value, or the mean of the two middle values
  /// when the count is even. Nil for an empty array.
  public static func median(ofSorted sorted: [Double]) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return midpoint(sorted[middle - 1], sorted[middle])
  }

  /// The `p` quantile (0...1) of an ascending array with linear interpolation between order
  /// statistics (Hyndman and Fan's type 7, the default of R, NumPy and spreadsheets), so figures
  /// can be checked against those tools. Nil for an empty array.
  public static func value(_ p: Double, ofSorted sorted: [Double]) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let clamped = min(max(p, 0), 1)
    let position = clamped * Double(sorted.count - 1)
    let lowerIndex = Int(position.rounded(.down))
    let upperIndex = min(lowerIndex + 1, sorted.count - 1)
    let fraction = position - Double(lowerIndex)
    let lower = sorted[lowerIndex]
    let upper = sorted[upperIndex]
    // Written so equal neighbours return exactly that value, without rounding noise.
    return lower == upper ? lower : lower + (upper - lower) * fraction
  }

  /// The mean of two values without overflow for huge magnitudes, exact when they are equal.
  static func midpoint(_ a: Double, _ b: Double) -> Double {
    a == b ? a : a / 2 + b / 2
  }
}
