import Foundation

/// The geometric mean, the only average that treats a 2x speed-up and a 2x slow-down as
/// cancelling out, which is what a "suite got N % slower overall" line needs. It lives here because
/// the shared statistics have no ratio average; move it there if reports ever need one.
enum GeometricMean {
  /// exp(mean(log x)) of the positive finite values, or nil when there are none.
  static func of(_ values: [Double]) -> Double? {
    let logs = values.filter { $0.isFinite && $0 > 0 }.map(log)
    guard !logs.isEmpty else { return nil }
    return exp(logs.reduce(0, +) / Double(logs.count))
  }
}
