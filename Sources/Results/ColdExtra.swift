/// What a cold call costs beyond its warm twin in one cell, with how sure the run is of it:
/// results.json's `cold_extra`, computed once per cell (`ColdExtra(cold:warm:)` in
/// Sources/Measurement/Statistics) from the paired samples `cold_samples_microseconds` and
/// `warm_call_samples_microseconds`, so the reports and scripts/cold_check.py read one answer.
///
/// Paired: repetition i's cold and warm calls ran back to back on the same body, so their
/// difference cancels the load the machine had at that moment, which moves by tens of percent
/// between repetitions and would otherwise swamp a penalty of a few percent.
public struct ColdExtra: Codable, Sendable, Equatable {
  /// What the interval says about the extra.
  public enum Finding: String, Codable, Sendable, CaseIterable {
    /// The whole interval lies above 0: the cold call measurably costs more.
    case penalty
    /// The interval contains 0: on this machine a cold call cannot be told from a warm one.
    case withinNoise = "within_noise"
    /// The whole interval lies below 0: cold measurably cheaper, which a correct measurement
    /// shows only by chance (about one cell in 40 at 95 % when the true extra is 0).
    case below
    /// Fewer pairs than an interval needs (`SampleSummary.minimumSamplesForInterval`).
    case tooFewSamples = "too_few_samples"
  }

  /// The median over repetitions of cold_i - warm_i, microseconds of CPU time.
  public var medianMicroseconds: Double
  /// The median over repetitions of cold_i / warm_i.
  public var medianRatio: Double
  /// The bootstrap interval of `medianMicroseconds`; nil with too few pairs.
  public var lowerMicroseconds: Double?
  public var upperMicroseconds: Double?
  /// The interval's coverage, e.g. 0.95; nil with too few pairs.
  public var confidence: Double?
  /// How many cold/warm pairs it was computed from.
  public var pairs: Int
  public var finding: Finding

  public init(
    medianMicroseconds: Double, medianRatio: Double, lowerMicroseconds: Double?, upperMicroseconds: Double?,
    confidence: Double?, pairs: Int, finding: Finding
  ) {
    self.medianMicroseconds = medianMicroseconds
    self.medianRatio = medianRatio
    self.lowerMicroseconds = lowerMicroseconds
    self.upperMicroseconds = upperMicroseconds
    self.confidence = confidence
    self.pairs = pairs
    self.finding = finding
  }
}
