/// The one figure every report, the model, the answer and `compare` take as a cell's speed: the
/// **fastest sample**, with an interval honest for it. This is where that choice lives
/// (docs/methodology.md, "The headline speed", says why and what it was measured against).
///
/// Why the fastest: noise on a shared machine only ever slows a sample (another tenant on the
/// core, an interrupt, a preemption), so the fast end of a cell's samples is where the library's
/// own speed shows, and it is the figure that repeats from run to run (Chen and Revels, "Robust
/// benchmarking in noisy environments", 2016; lzbench and TurboBench report it too). Measured on
/// this project's 2-core VM at load 1.3-1.6, every cell's fastest sample stayed within 1.9 %
/// across back-to-back runs, its median sample moved by up to 28 %; at load 4, 10 % and 90 %; no
/// other candidate did better (docs/measured-figures.md, "Speeds that repeat").
/// The median stays in the reports beside it as the typical figure.
public enum HeadlineSpeed {
  /// The headline of ascending samples: the fastest. Nil for no samples.
  public static func value(ofSorted sorted: [Double]) -> Double? { sorted.last }

  /// How far from the fastest the interval's lower end lies, as a rank from the top (1 is the
  /// fastest itself) among `count` samples: the lower end of the 95 % percentile bootstrap of the
  /// maximum, exactly. A resample's maximum is at most the sample of ascending rank k (1-based)
  /// with probability (k / n)^n, so the 2.5 % point is the smallest k where that reaches 0.025:
  /// the 4th fastest of 10 samples or more, the slowest of 3.
  public static func lowerRankFromTop(count: Int, tail: Double = 0.025) -> Int {
    guard count > 1 else { return 1 }
    // Down from the top: the answer lies within a few ranks of it, so this takes a few steps
    // where counting up from 1 would take `count` (up to 1,000 with --target-precision).
    var rank = count
    while rank > 1 && power(Double(rank - 1) / Double(count), count) >= tail { rank -= 1 }
    return count - rank + 1
  }

  /// `base` to a whole `exponent`, without Foundation (the model stage does not import it).
  private static func power(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= base }
    return result
  }

  /// The headline's 95 % interval: from the sample `lowerRankFromTop` names up to as far above
  /// the fastest, in ratio. The lower end is the percentile bootstrap of the maximum; its upper
  /// end cannot be (no resample beats the fastest sample), yet another run's fastest sample is as
  /// likely to beat this one's as to fall short of it, so the interval is mirrored in ratio around
  /// the fastest. Measured against the other runs of back-to-back sets, it held their fastest
  /// sample in 77-88 % of the checks, around the 83 % a correct 95 % interval holds another run's
  /// estimate; the one-sided bootstrap interval held 39-43 % (docs/measured-figures.md).
  /// Both ends equal the sample for one sample or a constant series. Nil for no samples.
  public static func interval(ofSorted sorted: [Double], confidence: Double = 0.95) -> ConfidenceInterval? {
    guard let fastest = sorted.last else { return nil }
    let fromTop = lowerRankFromTop(count: sorted.count, tail: (1 - confidence) / 2)
    let lower = sorted[sorted.count - fromTop]
    let upper = lower > 0 ? fastest * (fastest / lower) : fastest
    return ConfidenceInterval(lower: lower, upper: max(upper, fastest), level: confidence)
  }

  /// The interval's half-width in ratio: its upper end over the fastest sample, minus one (the
  /// same as the fastest over the lower end, minus one). 0.03 means the samples at the top spread
  /// by 3 %. Nil for no samples.
  public static func relativeHalfWidth(ofSorted sorted: [Double]) -> Double? {
    guard let fastest = sorted.last, fastest > 0, let interval = interval(ofSorted: sorted) else { return nil }
    return interval.upper / fastest - 1
  }
}
