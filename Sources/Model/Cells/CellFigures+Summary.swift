import DeflateBenchResults

extension CellFigures {
  /// A measured cell's figures as results.json records them (`cells[].figures`), so renderers
  /// and checkers read them rather than recompute them from the samples: each speed's headline
  /// (the fastest sample, `HeadlineSpeed`) with the ends of its 95 % interval, held to contain
  /// the headline and the slow end above zero, and the cold call's extra over its warm twin with
  /// its range (`setupSeconds`). Nil for a failed cell or one without both speeds. The verdict
  /// takes its candidates' figures from here (`VerdictCandidate`).
  public init?(_ summarized: SummarizedCell) {
    guard summarized.cell.error == nil, let compress = summarized.compress, let decode = summarized.decompress,
      compress.headline > 0, decode.headline > 0
    else { return nil }
    let setup = Self.setupSeconds(summarized)
    self.init(
      compressMBps: compress.headline, compressSlowMBps: Self.slowEnd(compress),
      compressFastMBps: Self.fastEnd(compress), decompressMBps: decode.headline,
      decompressSlowMBps: Self.slowEnd(decode), decompressFastMBps: Self.fastEnd(decode),
      setupMicroseconds: setup.median * 1e6, setupLowMicroseconds: setup.low * 1e6,
      setupHighMicroseconds: setup.high * 1e6)
  }

  private static func fastEnd(_ speed: SampleSummary) -> Double { max(speed.headlineInterval.upper, speed.headline) }
  private static func slowEnd(_ speed: SampleSummary) -> Double {
    max(min(speed.headlineInterval.lower, speed.headline), 1e-9)
  }

  /// The cold call's extra over its warm twin, seconds on this machine: median and range ends
  /// (all 0 when the cell has no paired cold and warm calls).
  static func setupSeconds(_ summarized: SummarizedCell) -> (median: Double, low: Double, high: Double) {
    guard let extra = summarized.coldExtra else { return (0, 0, 0) }
    let cell = summarized.cell
    let median = extra.medianMicroseconds / 1e6
    let pairs = zip(cell.coldSamplesMicroseconds, cell.warmCallSamplesMicroseconds ?? []).map { $0 - $1 }
    let range = range(
      pairs, bootstrapped: extra.lowerMicroseconds.flatMap { lower in extra.upperMicroseconds.map { (lower, $0) } })
    return (median, min(range.lower / 1e6, median), max(range.upper / 1e6, median))
  }

  /// Where a median may lie (the cold call's paired extra): its 95 % bootstrap interval with 10
  /// samples or more (computed here when the summary skipped it); with fewer, the samples'
  /// minimum to maximum, which is what the percentile bootstrap of so few samples comes to anyway
  /// (see `SampleSummary`), so a `--quick` run's three repetitions still carry their spread.
  static func range(
    _ samples: [Double], bootstrapped: (lower: Double, upper: Double)?
  ) -> (lower: Double, upper: Double) {
    if let bootstrapped { return bootstrapped }
    let finite = samples.filter(\.isFinite)
    if finite.count >= SampleSummary.minimumSamplesForInterval, let interval = Bootstrap.medianInterval(of: finite) {
      return (interval.lower, interval.upper)
    }
    return (finite.min() ?? 0, finite.max() ?? 0)
  }
}
