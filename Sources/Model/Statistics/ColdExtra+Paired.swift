import DeflateBenchResults

extension ColdExtra {
  /// The one rule that classes a cell's cold penalty: the median of the paired differences
  /// cold_i - warm_i, with its percentile bootstrap interval (resampling the pairs, which for a
  /// median of differences is resampling the differences); penalty when the interval lies above
  /// 0, below when under it, within noise when it contains 0.
  ///
  /// The pairs are used as measured: nothing is clamped or dropped but non-finite values, which
  /// no measurement produces and which would make every figure meaningless.
  ///
  /// - Returns: nil when there is nothing to pair: no samples, or counts that differ (the two
  ///   series were not taken together, so index i of one is not the twin of index i of the other).
  public init?(cold: [Double], warm: [Double], bootstrap: BootstrapSettings = .standard) {
    guard cold.count == warm.count else { return nil }
    let pairs = zip(cold, warm).filter { $0.0.isFinite && $0.1.isFinite && $0.1 > 0 }
    guard
      let median = Quantile.median(ofSorted: pairs.map { $0.0 - $0.1 }.sorted()),
      let ratio = Quantile.median(ofSorted: pairs.map { $0.0 / $0.1 }.sorted())
    else { return nil }
    // The project's one threshold for an interval (see SampleSummary): with fewer pairs the
    // percentile bootstrap is about min to max, a coverage of 75 % for 3 pairs, not 95 %.
    guard pairs.count >= SampleSummary.minimumSamplesForInterval,
      let interval = Bootstrap.medianInterval(of: pairs.map { $0.0 - $0.1 }, settings: bootstrap)
    else {
      self.init(
        medianMicroseconds: median, medianRatio: ratio, lowerMicroseconds: nil, upperMicroseconds: nil,
        confidence: nil, pairs: pairs.count, finding: .tooFewSamples)
      return
    }
    let finding: Finding = interval.lower > 0 ? .penalty : interval.upper < 0 ? .below : .withinNoise
    self.init(
      medianMicroseconds: median, medianRatio: ratio, lowerMicroseconds: interval.lower,
      upperMicroseconds: interval.upper, confidence: interval.level, pairs: pairs.count, finding: finding)
  }

  /// The extra of a cell as measured, or nil when it has no warm call to pair with (older files,
  /// instruction runs).
  public init?(_ cell: CellResult) {
    guard let warm = cell.warmCallSamplesMicroseconds else { return nil }
    self.init(cold: cell.coldSamplesMicroseconds, warm: warm)
  }
}
