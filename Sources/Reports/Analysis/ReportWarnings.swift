import DeflateBenchModel
import DeflateBenchResults

/// Warnings derived from the measurements themselves, as opposed to the run-level warnings the
/// runner stores in `ResultsDocument.warnings` (debug build, load average, governor). They are
/// recomputed from the samples whenever a report is written, so the runner need not store them
/// and a report rebuilt from an old results.json shows them too.
public enum ReportWarnings {
  /// A cell whose compression or decompression headline is less steady than this, in ratio
  /// (`SampleSummary.headlineRelativeHalfWidth`: its fastest sample over the lower end of its
  /// 95 % interval, minus one), cannot support the 5 % differences the regression check looks for.
  /// The coefficient of variation, the measure before issue #38, describes every sample; on a
  /// shared machine it flagged most cells whatever their headline did (docs/measured-figures.md).
  public static let noisyHalfWidthPercent = 5.0

  /// What to do about noisy cells, said wherever they are counted.
  public static let noisyAdvice =
    "rerun on a quieter machine (close other work, check `uptime`), or with more --repetitions or "
    + "--target-precision 2 so the fastest samples agree"

  /// A cell whose headline speed is too unsteady to trust.
  public struct NoisyCell: Sendable, Equatable {
    public let key: CellKey
    /// `compress` or `decompress`.
    public let measure: String
    /// The headline's interval half-width in percent of the headline.
    public let halfWidthPercent: Double

    public var message: String {
      "noisy: \(key) \(measure) headline ± \(NumberText.fixed(halfWidthPercent, decimals: 1)) %"
        + " (its fastest samples disagree by more than \(NumberText.fixed(noisyHalfWidthPercent, decimals: 0)) %); "
        + noisyAdvice
    }
  }

  /// The noisy cells, in report order: each measure whose headline's half-width is above
  /// `noisyHalfWidthPercent`. Cells with one sample have no spread to judge and are not listed.
  public static func noisyCells(_ cells: [SummarizedCell]) -> [NoisyCell] {
    cells.flatMap { summarized -> [NoisyCell] in
      let measures: [(String, SampleSummary?)] = [
        ("compress", summarized.compress), ("decompress", summarized.decompress),
      ]
      return measures.compactMap { measure, summary in
        guard let summary, summary.count > 1 else { return nil }
        let percent = 100 * summary.headlineRelativeHalfWidth
        guard percent > noisyHalfWidthPercent else { return nil }
        return NoisyCell(key: summarized.cell.key, measure: measure, halfWidthPercent: percent)
      }
    }
  }

  /// How many cells `noisy` names (a cell noisy in both measures counts once).
  public static func noisyCellCount(_ noisy: [NoisyCell]) -> Int { Set(noisy.map(\.key)).count }

  /// Everything a reader should be told before trusting the tables: the run's own warnings, then
  /// failed and unverified cells, then noisy cells. Duplicates are dropped, keeping the first.
  /// - Parameter includingNoisy: false leaves the noisy cells out, for a report that lists them
  ///   elsewhere (see `noisySummary`).
  public static func messages(
    for document: ResultsDocument, cells: [SummarizedCell], includingNoisy: Bool = true
  ) -> [String] {
    var messages = document.warnings
    if !document.complete {
      messages.append("incomplete: the run stopped before measuring every cell; the tables show what was measured")
    }
    for summarized in cells {
      let cell = summarized.cell
      if let error = cell.error {
        messages.append("failed: \(cell.key): \(error)")
      } else if !cell.verified {
        let judge = cell.verifiedWith.isEmpty ? "" : " with \(cell.verifiedWith)"
        messages.append("unverified: \(cell.key) did not decode back exactly\(judge)")
      }
    }
    if includingNoisy { messages += noisyCells(cells).map(\.message) }
    var seen = Set<String>()
    return messages.filter { seen.insert($0).inserted }
  }

  /// One line for all noisy cells: how many, the worst three, the advice; nil when none is.
  public static func noisySummary(_ noisy: [NoisyCell]) -> String? {
    guard !noisy.isEmpty else { return nil }
    let worst = noisy.sorted { $0.halfWidthPercent > $1.halfWidthPercent }.prefix(3).map {
      "\($0.key) \($0.measure) ± \(NumberText.fixed($0.halfWidthPercent, decimals: 1)) %"
    }
    return countLine(noisy) + "; worst: \(worst.joined(separator: ", ")). \(capitalized(noisyAdvice)); the verdict "
      + "counts settings whose intervals overlap as ties."
  }

  /// `3 cells have noisy headline speeds (their fastest samples disagree by more than 5 %)`.
  public static func countLine(_ noisy: [NoisyCell]) -> String {
    let count = noisyCellCount(noisy)
    let subject = count == 1 ? "cell has a noisy headline speed (its" : "cells have noisy headline speeds (their"
    return "\(count) \(subject) fastest samples disagree by more than "
      + "\(NumberText.fixed(noisyHalfWidthPercent, decimals: 0)) %)"
  }

  private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

  /// `messages(for:cells:)` for a whole document, summarizing its cells.
  public static func messages(for document: ResultsDocument) -> [String] {
    messages(for: document, cells: SummarizedCell.all(document))
  }
}
