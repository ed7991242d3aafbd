import DeflateBenchModel
import DeflateBenchResults

/// Warnings derived from the measurements themselves, as opposed to the run-level warnings the
/// runner stores in `ResultsDocument.warnings` (debug build, load average, governor). They are
/// recomputed from the samples whenever a report is written, so the runner need not store them
/// and a report rebuilt from an old results.json shows them too.
public enum ReportWarnings {
  /// A cell whose compression or decompression speed varied by more than this coefficient of
  /// variation (percent) cannot support the 5 % differences the regression check looks for.
  public static let noisyCVPercent = 5.0

  /// A cell whose samples scatter too much to trust its median.
  public struct NoisyCell: Sendable, Equatable {
    public let key: CellKey
    /// `compress` or `decompress`.
    public let measure: String
    public let cvPercent: Double

    public var message: String {
      "noisy: \(key) \(measure) speed varies by CV \(NumberText.fixed(cvPercent, decimals: 1)) %"
        + " (above \(NumberText.fixed(noisyCVPercent, decimals: 0)) %); rerun on a quieter machine"
        + " or with a longer --min-time"
    }
  }

  /// The noisy cells, in report order.
  public static func noisyCells(_ cells: [SummarizedCell]) -> [NoisyCell] {
    cells.flatMap { summarized -> [NoisyCell] in
      let measures: [(String, SampleSummary?)] = [
        ("compress", summarized.compress), ("decompress", summarized.decompress),
      ]
      return measures.compactMap { measure, summary in
        guard let cv = summary?.coefficientOfVariationPercent, cv > noisyCVPercent else { return nil }
        return NoisyCell(key: summarized.cell.key, measure: measure, cvPercent: cv)
      }
    }
  }

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
    let worst = noisy.sorted { $0.cvPercent > $1.cvPercent }.prefix(3).map {
      "\($0.key) \($0.measure) \(NumberText.fixed($0.cvPercent, decimals: 1)) %"
    }
    let count = noisy.count
    return "\(count) measurement\(count == 1 ? " is" : "s are") noisy (CV above "
      + "\(NumberText.fixed(noisyCVPercent, decimals: 0)) %); worst: \(worst.joined(separator: ", ")). Rerun on a "
      + "quieter machine or with a longer --min-time; the verdict counts settings whose intervals overlap as ties."
  }

  /// `messages(for:cells:)` for a whole document, summarizing its cells.
  public static func messages(for document: ResultsDocument) -> [String] {
    messages(for: document, cells: SummarizedCell.all(document))
  }
}
