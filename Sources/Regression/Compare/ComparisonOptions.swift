import DeflateBenchModel

/// How `compare` judges a current run against a baseline. The defaults are the ones CI uses.
public struct ComparisonOptions: Sendable, Equatable {
  /// The smallest speed loss that counts, as a fraction: 0.10 means a cell must have lost more
  /// than 10 % of its speed. Default 0.10.
  public var threshold: Double
  /// The confidence of each headline's interval and so of the speed ratio's (default 0.95, so a
  /// cell whose speed did not change has its whole interval beyond the threshold at most 2.5 % of
  /// the time even at a zero threshold). No resampling: the same inputs always give the same verdict.
  public var confidence: Double
  /// Divide speeds by a reference cell of the same run before comparing; nil compares absolute
  /// speeds (unless the machines differ, which switches to the default reference).
  public var reference: ReferenceCell?
  /// The speeds gated: wall-clock compression and decompression by default.
  public var metrics: [SpeedMetric]
  /// Fail on any compressed-size change, even when the library versions differ.
  public var strictSizes: Bool
  /// Report cells missing from the current run without failing.
  public var lenient: Bool
  /// The largest growth in instructions per byte that still passes, as a fraction: 0.02 fails a
  /// cell that executes more than 2 % more instructions than in the baseline. Default 0.02.
  public var instructionThreshold: Double
  /// List speed regressions without failing on them. For a baseline recorded in another process
  /// on another (or a differently loaded) machine, where a microsecond cell's wall time moves with
  /// the allocator, the caches and the neighbours rather than with the code: sizes and instruction
  /// counts, which do not move, still gate.
  public var advisorySpeeds: Bool

  public init(
    threshold: Double = 0.10, confidence: Double = 0.95,
    reference: ReferenceCell? = nil, metrics: [SpeedMetric] = SpeedMetric.standard, strictSizes: Bool = false,
    lenient: Bool = false, instructionThreshold: Double = 0.02, advisorySpeeds: Bool = false
  ) {
    self.threshold = threshold
    self.confidence = confidence
    self.reference = reference
    self.metrics = metrics
    self.strictSizes = strictSizes
    self.lenient = lenient
    self.instructionThreshold = instructionThreshold
    self.advisorySpeeds = advisorySpeeds
  }

  /// Fewer samples than this on either side and a cell's speed is reported as not judged: one
  /// or two values say nothing about the noise.
  public static let minimumSamples = 3
}
