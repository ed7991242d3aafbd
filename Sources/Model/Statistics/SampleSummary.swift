/// The figures reported for one series of repeated measurements. For a speed the headline is the
/// fastest sample with its interval (`headline`, `headlineInterval`: `HeadlineSpeed` says why);
/// the median is the typical figure beside it, and the rest describe the spread.
///
/// Edge cases return numbers, never NaN:
/// - no samples: the initializer returns nil, because there is nothing to report;
/// - one sample: median, minimum, maximum and mean are that sample; standard deviation, CV and
///   MAD are 0 (no spread was observed, not "no spread exists");
/// - fewer than `minimumSamplesForInterval` samples: no interval;
/// - a constant sample of 10 or more: the interval collapsed onto the constant;
/// - a zero mean with spread (impossible for speeds and times): the CV is `.infinity`.
/// Non-finite samples (NaN, infinity) are ignored, and `count` says how many were used: a
/// single NaN would otherwise make the sort, and every figure after it, meaningless.
public struct SampleSummary: Sendable, Equatable {
  /// How many finite samples the figures were computed from.
  public let count: Int
  public let median: Double
  public let minimum: Double
  public let maximum: Double
  public let mean: Double
  /// The sample standard deviation (divisor n - 1); 0 for a single sample.
  public let standardDeviation: Double
  /// Standard deviation as a percentage of the mean: the noise figure behind the 5 % warning.
  public let coefficientOfVariationPercent: Double
  /// The median of absolute deviations from the median, unscaled (multiply by 1.4826 for a
  /// figure comparable to a normal standard deviation). Robust where the standard deviation is not.
  public let medianAbsoluteDeviation: Double
  /// Bootstrap interval of the median; nil when the summary was made without a bootstrap, or
  /// from fewer than `minimumSamplesForInterval` samples.
  public let medianInterval: ConfidenceInterval?
  /// A speed's headline, the figure every report, the model and `compare` use
  /// (`HeadlineSpeed.value`: the fastest sample).
  public let headline: Double
  /// Its 95 % interval (`HeadlineSpeed.interval`), from any number of samples: with few it
  /// reaches the slowest, which is honest about them.
  public let headlineInterval: ConfidenceInterval
  /// The interval's half-width in ratio (`HeadlineSpeed.relativeHalfWidth`): how far the samples
  /// at the top spread, the measure the noise warnings use.
  public let headlineRelativeHalfWidth: Double

  /// Fewer samples than this and no interval is given ("too few samples"): with under 10, the
  /// 95 % percentile bootstrap of a median reaches the extreme samples and is just min to max
  /// (it was in all 576 rows of a 5-sample run), which says nothing the min and max do not.
  public static let minimumSamplesForInterval = 10
  /// What reports print instead of an interval from too few samples.
  public static let tooFewSamples = "too few samples"

  /// The fastest sample of a speed: the best-of estimate lzbench and hyperfine report, the
  /// run least disturbed by the rest of the machine. (For a time, where lower is better, it is
  /// `minimum`.)
  public var best: Double { maximum }

  /// Summarizes `samples`.
  ///
  /// - Parameters:
  ///   - samples: the measurements, in any order.
  ///   - bootstrap: how to compute the interval of the median; nil to skip it (it is the only
  ///     costly figure).
  /// - Returns: nil when `samples` holds no finite value.
  public init?(_ samples: [Double], bootstrap: BootstrapSettings? = .standard) {
    let sorted = samples.filter(\.isFinite).sorted()
    guard let median = Quantile.median(ofSorted: sorted), let minimum = sorted.first,
      let maximum = sorted.last
    else { return nil }
    let n = Double(sorted.count)
    let mean = sorted.reduce(0, +) / n
    let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    let standardDeviation = sorted.count > 1 ? (squares / (n - 1)).squareRoot() : 0
    let deviations = sorted.map { abs($0 - median) }.sorted()

    self.count = sorted.count
    self.median = median
    self.minimum = minimum
    self.maximum = maximum
    // The running sum can land a hair outside [min, max] for constant samples; clamp it back.
    self.mean = min(max(mean, minimum), maximum)
    self.standardDeviation = minimum == maximum ? 0 : standardDeviation
    self.coefficientOfVariationPercent = Self.coefficientOfVariation(
      standardDeviation: self.standardDeviation, mean: self.mean)
    self.medianAbsoluteDeviation = Quantile.median(ofSorted: deviations) ?? 0
    self.medianInterval =
      sorted.count < Self.minimumSamplesForInterval
      ? nil : bootstrap.flatMap { Bootstrap.medianInterval(of: sorted, settings: $0) }
    self.headline = HeadlineSpeed.value(ofSorted: sorted) ?? maximum
    self.headlineInterval =
      HeadlineSpeed.interval(ofSorted: sorted) ?? ConfidenceInterval(lower: maximum, upper: maximum, level: 0.95)
    self.headlineRelativeHalfWidth = HeadlineSpeed.relativeHalfWidth(ofSorted: sorted) ?? 0
  }

  private static func coefficientOfVariation(standardDeviation: Double, mean: Double) -> Double {
    if standardDeviation == 0 { return 0 }
    if mean == 0 { return .infinity }
    return 100 * standardDeviation / abs(mean)
  }
}
