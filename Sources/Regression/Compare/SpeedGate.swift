import DeflateBenchModel
import DeflateBenchResults

/// The speed test: a cell regresses when median(current) / median(baseline) is below
/// 1 - threshold and the whole bootstrap confidence interval of that ratio lies below it too, that
/// is when the data say with the chosen confidence that the cell lost more than the threshold.
///
/// Why this and not a Mann-Whitney U test: the interval answers the question the gate asks (is
/// the slowdown larger than the threshold?) in one statement, where a U test only says "different"
/// and needs a separate effect-size rule; it works with the three repetitions of a quick run,
/// where an exact U test cannot reach p < 0.05 two-sided (its smallest p for 3 against 3 is 0.1);
/// and its bounds are printed in the summary in the same unit as the threshold, so a reader sees
/// how close a cell came. With fewer than five samples per side the percentile interval of a
/// median reaches the extreme samples, which makes the gate conservative rather than jumpy.
enum SpeedGate {
  /// Judges one cell and metric. Samples must already be in the unit compared (MB/s, or
  /// multiples of the reference in relative mode); non-finite and non-positive values are dropped.
  static func judge(
    key: CellKey, metric: SpeedMetric, baseline: [Double], current: [Double], options: ComparisonOptions
  ) -> SpeedFinding? {
    let baseline = baseline.filter { $0.isFinite && $0 > 0 }
    let current = current.filter { $0.isFinite && $0 > 0 }
    // A metric neither run measured (a backend without a decompressor) is not a finding at all.
    guard let baselineMedian = Quantile.median(ofSorted: baseline.sorted()),
      let currentMedian = Quantile.median(ofSorted: current.sorted())
    else { return nil }
    let ratio = currentMedian / baselineMedian
    var finding = SpeedFinding(
      key: key, metric: metric, baselineMedian: baselineMedian, currentMedian: currentMedian, ratio: ratio,
      interval: nil, verdict: .unchanged)
    let fewest = min(baseline.count, current.count)
    guard fewest >= ComparisonOptions.minimumSamples else {
      finding.verdict = .notJudged(
        reason: "\(fewest) sample\(fewest == 1 ? "" : "s"); at least \(ComparisonOptions.minimumSamples) needed")
      return finding
    }
    // The slowdown itself must exceed the threshold before its significance matters; a ratio
    // inside the threshold is unchanged whatever the interval says, so skip the bootstrap (which
    // also keeps comparing an unchanged suite of hundreds of cells instant).
    guard ratio < 1 - options.threshold || ratio > 1 + options.threshold else { return finding }
    guard
      let interval = Bootstrap.ratioOfMediansInterval(
        numerator: current, denominator: baseline, settings: options.bootstrap)
    else {
      finding.verdict = .notJudged(reason: "no bootstrap interval")
      return finding
    }
    finding.interval = interval.lower...interval.upper
    finding.verdict = verdict(for: interval, threshold: options.threshold)
    return finding
  }

  /// Beyond the threshold on either side, with the whole interval: anything else is noise or a
  /// change too small to matter. (The percentile interval of a median ratio nearly always holds
  /// the point estimate, so in practice this is the only test that decides.)
  static func verdict(for interval: ConfidenceInterval, threshold: Double) -> SpeedVerdict {
    if interval.upper < 1 - threshold { return .regression }
    if interval.lower > 1 + threshold { return .improvement }
    return .unchanged
  }
}
