import DeflateBenchModel
import Foundation

/// A cell's speed as the gate compares it: its headline (the fastest sample, `HeadlineSpeed`)
/// and its interval, kept as a half-width on the log scale so two figures combine by adding
/// squares. The headline's interval is symmetric in ratio around it, so nothing is lost.
struct SpeedFigure: Sendable, Equatable {
  /// MB/s, or a multiple of the reference cell's headline in relative mode.
  var value: Double
  /// ln(upper end / value) of its interval at the comparison's confidence.
  var logHalfWidth: Double
  /// Samples behind it (in relative mode, the fewer of the cell's and its reference's).
  var samples: Int

  /// The headline of `samples` (non-finite and non-positive values dropped) and its interval;
  /// nil when none is left, a metric the run did not measure.
  init?(_ samples: [Double], confidence: Double) {
    let sorted = samples.filter { $0.isFinite && $0 > 0 }.sorted()
    guard let value = HeadlineSpeed.value(ofSorted: sorted),
      let interval = HeadlineSpeed.interval(ofSorted: sorted, confidence: confidence)
    else { return nil }
    self.init(value: value, logHalfWidth: log(interval.upper / value), samples: sorted.count)
  }

  init(value: Double, logHalfWidth: Double, samples: Int) {
    self.value = value
    self.logHalfWidth = logHalfWidth
    self.samples = samples
  }

  /// This figure in units of `reference`'s, a cell of the same run: the ratio of the two
  /// headlines, whose uncertainty is both's in quadrature. Each headline is the fastest of its
  /// samples, so what the machine and its load did to the run as a whole cancels in the ratio
  /// without pairing samples by repetition (docs/ci.md).
  func relative(to reference: SpeedFigure) -> SpeedFigure {
    SpeedFigure(
      value: value / reference.value, logHalfWidth: Self.quadrature(logHalfWidth, reference.logHalfWidth),
      samples: min(samples, reference.samples))
  }

  /// current / baseline with its interval: the ratio, and both half-widths in quadrature.
  static func ratio(current: SpeedFigure, baseline: SpeedFigure) -> (ratio: Double, interval: ClosedRange<Double>) {
    let ratio = current.value / baseline.value
    let halfWidth = quadrature(current.logHalfWidth, baseline.logHalfWidth)
    return (ratio, (ratio * exp(-halfWidth))...(ratio * exp(halfWidth)))
  }

  /// The half-width of a sum or difference of two independent log-scale estimates.
  static func quadrature(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }
}
