import DeflateBenchSupport

/// A two-sided confidence interval for an estimate.
public struct ConfidenceInterval: Sendable, Equatable, Hashable {
  public var lower: Double
  public var upper: Double
  /// The coverage the interval was built for, e.g. 0.95.
  public var level: Double

  public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }
}

/// How a bootstrap resamples. The defaults are what every report uses, so an interval computed
/// from the same samples is the same number in the CSV, the Markdown and a script's recomputation.
public struct BootstrapSettings: Sendable, Equatable {
  /// The seed every report uses: fixed, so intervals depend only on the samples.
  public static let standardSeed: UInt64 = 0x5EED_DEF1_A7E0_2024
  /// 95 % intervals from 2000 resamples: enough that rerunning with another seed moves the
  /// bounds by a small fraction of their width for the 5-30 samples a cell has.
  public static let standard = BootstrapSettings(confidence: 0.95, resamples: 2000, seed: standardSeed)

  public var confidence: Double
  public var resamples: Int
  public var seed: UInt64

  public init(confidence: Double, resamples: Int, seed: UInt64) {
    precondition(confidence > 0 && confidence < 1, "confidence must lie strictly between 0 and 1")
    precondition(resamples > 0, "a bootstrap needs at least one resample")
    self.confidence = confidence
    self.resamples = resamples
    self.seed = seed
  }
}

/// Percentile-method bootstrap intervals (Efron): resample with replacement, recompute the
/// statistic, take the central `confidence` share of the results. Chosen because it assumes no
/// distribution: benchmark samples are skewed (a few slow outliers), so a normal interval lies.
public enum Bootstrap {
  /// The interval of the median of `samples`. Nil for no samples; for one sample or a constant
  /// sample, both bounds equal that value (the data show no spread to resample).
  public static func medianInterval(
    of samples: [Double], settings: BootstrapSettings = .standard
  ) -> ConfidenceInterval? {
    guard !samples.isEmpty else { return nil }
    var resampler = MedianResampler(samples)
    var generator = Xoshiro256StarStar(seed: settings.seed)
    var medians = [Double](repeating: 0, count: settings.resamples)
    for index in medians.indices {
      medians[index] = resampler.resampledMedian(using: &generator)
    }
    return interval(of: &medians, confidence: settings.confidence)
  }

  /// The interval of median(numerator) / median(denominator), resampling the two samples
  /// independently: "the new build is 1.04x (0.99-1.08) as fast". Nil when either sample is
  /// empty or a resampled denominator median is zero (the ratio would be infinite).
  public static func ratioOfMediansInterval(
    numerator: [Double], denominator: [Double], settings: BootstrapSettings = .standard
  ) -> ConfidenceInterval? {
    guard !numerator.isEmpty, !denominator.isEmpty else { return nil }
    var top = MedianResampler(numerator)
    var bottom = MedianResampler(denominator)
    var generator = Xoshiro256StarStar(seed: settings.seed)
    var ratios = [Double](repeating: 0, count: settings.resamples)
    for index in ratios.indices {
      let topMedian = top.resampledMedian(using: &generator)
      let bottomMedian = bottom.resampledMedian(using: &generator)
      guard bottomMedian != 0 else { return nil }
      ratios[index] = topMedian / bottomMedian
    }
    return interval(of: &ratios, confidence: settings.confidence)
  }

  private static func interval(of estimates: inout [Double], confidence: Double) -> ConfidenceInterval? {
    estimates.sort()
    let tail = (1 - confidence) / 2
    guard let lower = Quantile.value(tail, ofSorted: estimates),
      let upper = Quantile.value(1 - tail, ofSorted: estimates)
    else { return nil }
    return ConfidenceInterval(lower: lower, upper: upper, level: confidence)
  }
}

/// Draws bootstrap medians without sorting each resample: the original samples are sorted once,
/// a resample is a count per original position, and the median is found by walking the counts.
/// That is O(n) per resample instead of O(n log n), which keeps 2000 resamples per cell cheap
/// even in debug builds.
struct MedianResampler {
  private let sorted: [Double]
  private var counts: [Int]

  init(_ samples: [Double]) {
    sorted = samples.sorted()
    counts = [Int](repeating: 0, count: samples.count)
  }

  mutating func resampledMedian(using generator: inout Xoshiro256StarStar) -> Double {
    let n = sorted.count
    // 0-based ranks of the middle element(s) in the sorted resample.
    let upperRank = n / 2
    let lowerRank = n % 2 == 1 ? upperRank : upperRank - 1
    return counts.withUnsafeMutableBufferPointer { counts in
      counts.update(repeating: 0)
      for _ in 0..<n { counts[generator.nextIndex(below: n)] += 1 }
      var lowerValue = 0.0
      var seen = 0
      for position in 0..<n {
        let before = seen
        seen += counts[position]
        if before <= lowerRank && seen > lowerRank { lowerValue = sorted[position] }
        if seen > upperRank { return Quantile.midpoint(lowerValue, sorted[position]) }
      }
      preconditionFailure("the counts of a resample always add up to the sample size")
    }
  }
}
