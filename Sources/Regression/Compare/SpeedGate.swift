import DeflateBenchModel
import DeflateBenchResults

/// The speed test: a cell regresses when headline(current) / headline(baseline) and the whole
/// interval of that ratio lie below 1 - threshold, that is when the data say with the chosen
/// confidence that the cell lost more than the threshold. A headline is a cell's fastest sample
/// (`HeadlineSpeed`), the figure that repeats from run to run on a shared machine; the ratio's
/// interval combines the two headlines' intervals (`SpeedFigure.ratio`).
///
/// Why an interval and not a Mann-Whitney U test: the interval answers the question the gate asks
/// (is the slowdown larger than the threshold?) in one statement, where a U test only says
/// "different" and needs a separate effect-size rule; it works with the three repetitions of a
/// quick run, where an exact U test cannot reach p < 0.05 two-sided; and its bounds are printed in
/// the summary in the same unit as the threshold, so a reader sees how close a cell came. With
/// few samples a headline's interval reaches the slowest of them, which makes the gate
/// conservative rather than jumpy.
enum SpeedGate {
  /// Judges one cell and metric from the two runs' figures (in MB/s, or in multiples of the
  /// reference in relative mode).
  static func judge(
    key: CellKey, metric: SpeedMetric, baseline: SpeedFigure, current: SpeedFigure, options: ComparisonOptions
  ) -> SpeedFinding {
    let (ratio, interval) = SpeedFigure.ratio(current: current, baseline: baseline)
    var finding = SpeedFinding(
      key: key, metric: metric, baselineSpeed: baseline.value, currentSpeed: current.value, ratio: ratio,
      interval: nil, verdict: .unchanged)
    let fewest = min(baseline.samples, current.samples)
    guard fewest >= ComparisonOptions.minimumSamples else {
      finding.verdict = .notJudged(
        reason: "\(fewest) sample\(fewest == 1 ? "" : "s"); at least \(ComparisonOptions.minimumSamples) needed")
      return finding
    }
    finding.interval = interval
    finding.verdict = verdict(for: interval, threshold: options.threshold)
    return finding
  }

  /// Beyond the threshold on either side, with the whole interval: anything else is noise or a
  /// change too small to matter.
  static func verdict(for interval: ClosedRange<Double>, threshold: Double) -> SpeedVerdict {
    if interval.upperBound < 1 - threshold { return .regression }
    if interval.lowerBound > 1 + threshold { return .improvement }
    return .unchanged
  }
}
