import DeflateBenchModel
import DeflateBenchResults

/// `report.md`: what a person reads on GitHub. The answer comes first: a title, three lines of
/// context, the incomplete banner (when the run stopped early), one answer line per payload set,
/// time per event by batch size, the full verdict, at most five
/// warning lines, then one short table per payload set, thread scaling, cold calls, memory,
/// measured uploads and plots; the appendix holds every cell, every noisy cell and the full
/// context. A new section is one function returning its Markdown, or nil to leave it out.
public enum MarkdownReport {
  public static let fileName = "report.md"

  /// The report for a document.
  public static func render(_ document: ResultsDocument, extras: ReportExtras = ReportExtras()) -> String {
    render(document, cells: SummarizedCell.all(document), extras: extras)
  }

  /// The report from cells already summarized, as `ReportSet` passes them.
  public static func render(_ document: ResultsDocument, cells: [SummarizedCell], extras: ReportExtras) -> String {
    let sets = PayloadSetCells.grouped(cells, corpora: document.corpora)
    let pareto = ParetoFrontier.optimalKeys(cells)
    let noisy = ReportWarnings.noisyCells(cells)
    let sections: [String?] =
      [
        "# DeflateBench results\n\n" + contextHead(document),
        incompleteBanner(document),
        answerSection(document),
        batchingSection(document, plots: extras.plots),
        verdictSection(document),
        warningsSection(ReportWarnings.messages(for: document, cells: cells, includingNoisy: false), noisy: noisy),
        dictionariesSection(cells),
      ]
      + sets.map { payloadSetSection($0, pareto: pareto) }
      + [
        threadScalingSection(sets.flatMap(\.cells)),
        coldCallSection(sets),
        memorySection(cells),
        streamingSection(cells),
        measuredUploadsSection(document, extra: extras.uploads),
        plotsSection(extras.plots),
        "# Appendix\n",
      ]
      + sets.map { fullPayloadSetSection($0, pareto: pareto) }
      + [noisyAppendix(noisy), contextSection(document)]
    return sections.compactMap { $0 }.joined(separator: "\n")
  }

  static func incompleteBanner(_ document: ResultsDocument) -> String? {
    guard !document.complete else { return nil }
    return """
      > **INCOMPLETE RUN.** The run stopped before it measured every cell (interrupted or failed \
      part-way). Every figure below was measured, but cells are missing, so a pick may not be \
      the best of the full matrix.

      """
  }

  /// The warnings before the tables: at most four listed, then one line for the rest and one
  /// for the noisy cells, so the verdict is never buried. The full lists are in the appendix
  /// and results.json.
  static func warningsSection(_ messages: [String], noisy: [ReportWarnings.NoisyCell]) -> String? {
    let shownLimit = noisy.isEmpty ? 5 : 4
    var lines = messages.prefix(messages.count > shownLimit ? shownLimit - 1 : shownLimit).map {
      "- \(MarkdownText.plain($0))\n"
    }
    if messages.count > lines.count {
      lines.append("- … and \(messages.count - lines.count) more warnings in results.json (`warnings`).\n")
    }
    if let summary = ReportWarnings.noisySummary(noisy) {
      lines.append("- \(MarkdownText.plain(summary)) The list is in the appendix.\n")
    }
    guard !lines.isEmpty else { return nil }
    return "## Warnings\n\n" + lines.joined()
  }

  static func noisyAppendix(_ noisy: [ReportWarnings.NoisyCell]) -> String? {
    guard !noisy.isEmpty else { return nil }
    return "## Noisy cells\n\n" + noisy.map { "- \(MarkdownText.plain($0.message))\n" }.joined()
  }

  /// Every PNG as an image, with a link to its SVG twin when the plot script wrote one.
  static func plotsSection(_ plots: [String]) -> String? {
    let images = plots.filter { $0.hasSuffix(".png") }.map { plotImage($0, plots: plots) + "\n" }
    guard !images.isEmpty else { return nil }
    return "## Plots\n\n" + images.joined(separator: "\n")
  }

  /// `![name](<path>)`, then ` ([SVG](<twin>))` when `plots` lists the SVG twin. Angle brackets
  /// let a path contain spaces or parentheses without breaking the link.
  static func plotImage(_ path: String, plots: [String]) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let svg = String(path.dropLast(".png".count)) + ".svg"
    return "![\(MarkdownText.plain(name))](<\(path)>)" + (plots.contains(svg) ? " ([SVG](<\(svg)>))" : "")
  }
}
