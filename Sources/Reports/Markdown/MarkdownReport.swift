import DeflateBenchMeasurement

/// `report.md`: what a person reads on GitHub. Sections, in order: the incomplete banner (when
/// the run stopped early), the run's context, warnings, the picks, the dictionaries (when any),
/// one table per payload set,
/// thread scaling, memory, cold calls, then the sections other features contribute (uploads,
/// plots). A new section is one function returning its Markdown, or nil to leave it out.
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
    let sections: [String?] =
      [
        "# DeflateBench results\n",
        incompleteBanner(document),
        contextSection(document),
        warningsSection(ReportWarnings.messages(for: document, cells: cells)),
        picksSection(sets),
        dictionariesSection(cells),
      ]
      + sets.map { payloadSetSection($0, pareto: pareto) }
      + [
        threadScalingSection(sets.flatMap(\.cells)),
        memorySection(cells),
        coldCallSection(sets),
        uploadsSection(extras.uploads),
        plotsSection(extras.plots),
      ]
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

  static func warningsSection(_ messages: [String]) -> String? {
    guard !messages.isEmpty else { return nil }
    return "## Warnings\n\n" + messages.map { "- \(MarkdownText.plain($0))\n" }.joined()
  }

  static func uploadsSection(_ uploads: String?) -> String? {
    guard let uploads, !uploads.isEmpty else { return nil }
    return "## Uploads\n\n" + uploads + (uploads.hasSuffix("\n") ? "" : "\n")
  }

  static func plotsSection(_ plots: [String]) -> String? {
    guard !plots.isEmpty else { return nil }
    let images = plots.map { path -> String in
      let name = path.split(separator: "/").last.map(String.init) ?? path
      // Angle brackets let a path contain spaces or parentheses without breaking the link.
      return "![\(MarkdownText.plain(name))](<\(path)>)\n"
    }
    return "## Plots\n\n" + images.joined(separator: "\n")
  }
}
