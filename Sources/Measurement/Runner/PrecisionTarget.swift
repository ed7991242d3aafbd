import DeflateBenchModel
import DeflateBenchResults

/// `run --target-precision P --max-time S`: after the planned repetitions, a cell is visited again
/// (in further shuffled rounds over the cells still short) until the 95 % interval of its
/// compression and decompression headlines (`HeadlineSpeed`) is within ± P % of the headline, or
/// S seconds of measuring that cell have passed. Cells that ran out of time are named in the run's warnings.
public struct PrecisionTarget: Sendable, Equatable {
  /// Half-width of the interval as a share of the headline: 0.01 for ± 1 %.
  public var halfWidth: Double
  /// Seconds one cell may spend being measured, over all its visits.
  public var maxSecondsPerCell: Double
  /// A bound on the rounds, so a cell whose noise never shrinks cannot keep a run going forever.
  public static let maxRepetitions = 1_000

  public init(halfWidth: Double, maxSecondsPerCell: Double) {
    self.halfWidth = halfWidth
    self.maxSecondsPerCell = maxSecondsPerCell
  }

  /// The default `--max-time`: a cell that has not settled in 10 s of measuring is noisy, and
  /// more samples would mostly measure the neighbours.
  public static let defaultMaxSecondsPerCell = 10.0

  /// The larger half-width, in ratio to the headline, of the compression and decompression
  /// headlines' intervals (`HeadlineSpeed.relativeHalfWidth`); nil while either has fewer than
  /// `SampleSummary.minimumSamplesForInterval` samples, whose interval reaches far down among them.
  static func halfWidth(of progress: CellProgress) -> Double? {
    var widest = 0.0
    for samples in [progress.compressMBps, progress.decompressMBps] where !samples.isEmpty {
      guard let summary = SampleSummary(samples, bootstrap: nil),
        summary.count >= SampleSummary.minimumSamplesForInterval
      else { return nil }
      widest = max(widest, summary.headlineRelativeHalfWidth)
    }
    return widest
  }

  func isReached(by progress: CellProgress) -> Bool {
    guard let width = Self.halfWidth(of: progress) else { return false }
    return width <= halfWidth
  }

  func hasRunOut(_ progress: CellProgress) -> Bool {
    Double(progress.measuringNanoseconds) / 1e9 >= maxSecondsPerCell
  }

  /// Whether the cell takes part in another round.
  func wantsMore(_ progress: CellProgress) -> Bool {
    !progress.hasFailed && progress.hasSamples && !isReached(by: progress) && !hasRunOut(progress)
  }

  /// The warning for a cell that stopped short of the target.
  func shortfall(_ key: CellKey, _ progress: CellProgress) -> String? {
    guard !progress.hasFailed, progress.hasSamples, !isReached(by: progress) else { return nil }
    let reached = Self.halfWidth(of: progress).map { "± " + Self.percent($0) } ?? "too few samples for an interval"
    return "\(key) ran out of --max-time (\(Self.seconds(maxSecondsPerCell))) after \(progress.compressMBps.count) "
      + "samples at \(reached), short of the target ± \(Self.percent(halfWidth))"
  }

  private static func percent(_ fraction: Double) -> String {
    let value = (fraction * 1000).rounded() / 10
    return "\(value) %"
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
