import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation
import TestSupport

/// Runs with realistic timing noise, built from a fixture document's medians. The fixture's own
/// samples scatter by about ±1 %, far quieter than a shared CI machine; these scatter log-normally
/// with a chosen coefficient of variation and, like real runs, now and then a sample that a
/// scheduler hiccup slowed by 10-30 %.
struct SyntheticRuns {
  /// Log-normal spread of the samples: 0.04 is a CV of about 4 %.
  var cv: Double = 0.04
  /// Chance that a sample is an outlier (slowed by 10-30 %).
  var outlierRate: Double = 0.05
  /// Log-normal spread of a factor shared by every cell of one repetition: the load of a busy
  /// machine, which changes between passes over the matrix and slows every cell in a pass alike.
  var repetitionDrift: Double = 0

  /// A copy of `template` whose compression and decompression samples are redrawn around each
  /// cell's median times `speedFactor` (0.5 halves every cell's speed), `repetitions` per cell.
  /// `affected` picks which cells the factor applies to (all by default).
  func run(
    from template: ResultsDocument, repetitions: Int, seed: UInt64, speedFactor: Double = 1,
    affected: (CellKey) -> Bool = { _ in true }
  ) -> ResultsDocument {
    var generator = Xoshiro256StarStar(seed: seed)
    let load = (0..<repetitions).map { _ in exp(repetitionDrift * standardNormal(using: &generator)) }
    var document = template
    document.context.repetitions = repetitions
    document.cells = template.cells.map { cell in
      var cell = cell
      let factor = affected(cell.key) ? speedFactor : 1
      let compress = median(cell.compressSamplesMBps) * factor
      let decompress = median(cell.decompressSamplesMBps) * factor
      cell.compressSamplesMBps = load.map { sample(around: compress * $0, using: &generator) }
      cell.compressCPUSamplesMBps = cell.compressSamplesMBps
      cell.decompressSamplesMBps = load.map { sample(around: decompress * $0, using: &generator) }
      return cell
    }
    return document
  }

  private func sample(around median: Double, using generator: inout Xoshiro256StarStar)
    -> Double
  {
    var value = median * exp(cv * standardNormal(using: &generator))
    if uniform(using: &generator) < outlierRate { value /= 1.1 + 0.2 * uniform(using: &generator) }
    return value
  }

  private func median(_ values: [Double]) -> Double {
    Quantile.median(ofSorted: values.sorted()) ?? 1
  }

  /// Uniform in (0, 1): never exactly 0, so the logarithm below is finite.
  private func uniform(using generator: inout Xoshiro256StarStar) -> Double {
    (Double(generator.next() >> 11) + 0.5) / Double(1 << 53)
  }

  /// Box-Muller: one standard normal value from two uniforms.
  private func standardNormal(using generator: inout Xoshiro256StarStar) -> Double {
    let u1 = uniform(using: &generator)
    let u2 = uniform(using: &generator)
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}

/// A fixture with one corpus, three backends at three levels, one thread: nine cells, small enough
/// to compare hundreds of times in a test, large enough that a false alarm has nine chances.
func smallTemplate() -> ResultsDocument {
  makeFixtureDocument(corpora: [FixtureCorpus.standard[0]], threads: [1], repetitions: 5, uploadLink: nil)
}
