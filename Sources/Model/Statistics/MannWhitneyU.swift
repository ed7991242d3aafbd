import Foundation

/// The Mann-Whitney U test (Wilcoxon rank-sum): do two samples come from the same distribution,
/// or does one tend to be larger? It compares ranks, not values, so one wild sample cannot decide
/// it, which is why the regression check uses it rather than a t-test.
public enum MannWhitneyU {
  /// How the p-value is computed.
  public enum Method: String, Sendable, Equatable {
    /// Exact when there are no ties and both samples are small enough to count every
    /// arrangement (at most `exactLimit` values in all); the normal approximation otherwise.
    case automatic
    /// The exact distribution of U, counting every arrangement of the ranks. Ties make the
    /// exact distribution invalid, so with ties this falls back to the approximation.
    case exact
    /// The normal approximation with tie correction and continuity correction (SciPy's
    /// `mannwhitneyu(..., method="asymptotic")` defaults).
    case asymptotic
  }

  /// The outcome of one test.
  public struct Result: Sendable, Equatable {
    /// U of the first sample: the number of pairs (a, b) with a > b, ties counting one half.
    public var u1: Double
    /// U of the second sample; u1 + u2 = n1 * n2.
    public var u2: Double
    /// Two-sided p-value, within 0...1.
    public var pValue: Double
    /// The standardized statistic of the normal approximation (continuity-corrected, from the
    /// larger U, so never negative); nil when the exact distribution was used.
    public var z: Double?
    /// The method actually used (never `.automatic`).
    public var method: Method
    /// u1 / (n1 * n2): the probability that a value drawn from the first sample exceeds one
    /// drawn from the second (ties count half). 0.5 means no tendency either way.
    public var commonLanguageEffect: Double
  }

  /// Largest n1 + n2 for the exact method: C(40, 20) arrangements still count exactly in a Double.
  public static let exactLimit = 40

  /// Tests `first` against `second`, two-sided.
  ///
  /// - Returns: nil when either sample is empty (there is nothing to compare). Non-finite values
  ///   are dropped first, as in `SampleSummary`.
  public static func test(_ first: [Double], _ second: [Double], method: Method = .automatic) -> Result? {
    let a = first.filter(\.isFinite)
    let b = second.filter(\.isFinite)
    guard !a.isEmpty, !b.isEmpty else { return nil }
    let ranking = Ranking(a, b)
    let n1 = Double(a.count)
    let n2 = Double(b.count)
    let u1 = ranking.firstRankSum - n1 * (n1 + 1) / 2
    let u2 = n1 * n2 - u1
    let larger = max(u1, u2)
    let effect = u1 / (n1 * n2)

    let useExact: Bool
    switch method {
    case .automatic: useExact = !ranking.hasTies && a.count + b.count <= exactLimit
    case .exact: useExact = !ranking.hasTies
    case .asymptotic: useExact = false
    }
    if useExact {
      let p = ExactUDistribution(n1: a.count, n2: b.count).probability(atLeast: larger)
      return Result(u1: u1, u2: u2, pValue: min(1, 2 * p), z: nil, method: .exact, commonLanguageEffect: effect)
    }
    let (p, z) = asymptoticPValue(larger: larger, n1: n1, n2: n2, tieTerm: ranking.tieTerm)
    return Result(u1: u1, u2: u2, pValue: p, z: z, method: .asymptotic, commonLanguageEffect: effect)
  }

  private static func asymptoticPValue(larger: Double, n1: Double, n2: Double, tieTerm: Double) -> (Double, Double) {
    let n = n1 + n2
    let mean = n1 * n2 / 2
    let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
    // Every value identical: no ordering information at all, so nothing speaks against equality.
    guard variance > 0 else { return (1, 0) }
    let z = max(0, larger - mean - 0.5) / variance.squareRoot()
    let oneSided = erfc(z / 2.0.squareRoot()) / 2
    return (min(1, 2 * oneSided), z)
  }
}

/// Midranks of the pooled samples and what ties do to the variance of U.
private struct Ranking {
  var firstRankSum: Double = 0
  /// Sum of t^3 - t over groups of t tied values.
  var tieTerm: Double = 0
  var hasTies: Bool { tieTerm > 0 }

  init(_ first: [Double], _ second: [Double]) {
    let pooled = (first.map { ($0, true) } + second.map { ($0, false) }).sorted { $0.0 < $1.0 }
    var start = 0
    while start < pooled.count {
      var end = start
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
      // Ranks are 1-based; a tie group shares the mean of the ranks it spans.
      let midrank = Double(start + end + 2) / 2
      let t = Double(end - start + 1)
      tieTerm += t * t * t - t
      for index in start...end where pooled[index].1 { firstRankSum += midrank }
      start = end + 1
    }
  }
}

/// The null distribution of U for samples of n1 and n2 distinct values: the coefficients of the
/// Gaussian binomial coefficient [n1 + n2 choose n1] in q, where the coefficient of q^u counts the
/// arrangements with U = u. Built as prod_{i=1..n1} (1 - q^(n2+i)) / (1 - q^i).
private struct ExactUDistribution {
  let counts: [Double]
  let total: Double

  init(n1: Int, n2: Int) {
    let degree = n1 * n2
    var poly = [Double](repeating: 0, count: degree + 1)
    poly[0] = 1
    for i in stride(from: 1, through: n1, by: 1) {
      // Multiply by (1 - q^(n2 + i)), from the top so each coefficient is read before it changes.
      let shift = n2 + i
      if shift <= degree {
        for k in stride(from: degree, through: shift, by: -1) { poly[k] -= poly[k - shift] }
      }
      // Divide by (1 - q^i): multiply by 1 + q^i + q^2i + ..., a running sum from the bottom.
      if i <= degree {
        for k in i...degree { poly[k] += poly[k - i] }
      }
    }
    counts = poly
    total = poly.reduce(0, +)
  }

  /// P(U >= u) under the null hypothesis.
  func probability(atLeast u: Double) -> Double {
    let first = Int(u.rounded(.up))
    guard first < counts.count else { return 0 }
    let tail = counts[max(first, 0)...].reduce(0, +)
    return tail / total
  }
}
