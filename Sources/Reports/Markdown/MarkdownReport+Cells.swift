import DeflateBenchMeasurement

extension MarkdownReport {
  /// The mark of a Pareto-optimal cell in the tables.
  static let paretoMark = "◆"

  /// Every cell of one payload set, best ratio first, Pareto-optimal cells marked.
  static func payloadSetSection(_ set: PayloadSetCells, pareto: Set<CellKey>) -> String {
    var text = "## \(MarkdownText.plain(set.corpus)) / \(MarkdownText.plain(set.split))\n\n"
    if let first = set.cells.first?.cell {
      text +=
        first.payloads == 1
        ? "One payload of \(NumberText.bytes(first.inputBytes)). "
        : "\(first.payloads) payloads of \(NumberText.bytes(first.payloadBytes)) on average, "
          + "\(NumberText.bytes(first.inputBytes)) in all. "
    }
    text += "Sorted by thread count, then by ratio. \(paretoMark) marks the Pareto frontier: no other cell with "
    text += "the same thread count is both at least as small and at least as fast. Compression speed is the "
    text += "median ± its coefficient of variation.\n\n"

    var table = MarkdownTable(
      headers: [
        "Pareto", "Backend", "Level", "Container", "Threads", "Ratio", "Saving", "Compress MB/s", "Decompress MB/s",
        "Cold µs", "Verified",
      ],
      alignments: [.left, .left, .right, .left, .right, .right, .right, .right, .right, .right, .left])
    for summarized in set.cells.sorted(by: tableOrder) {
      let cell = summarized.cell
      let measured = cell.outputBytes > 0
      table.append([
        pareto.contains(cell.key) ? paretoMark : "",
        MarkdownText.plain(cell.backend), String(cell.level), MarkdownText.plain(cell.containerLabel),
        String(cell.threads),
        measured ? NumberText.fixed(cell.ratio, decimals: 2) : "—",
        measured ? NumberText.fixed(cell.savingPercent, decimals: 1) + " %" : "—",
        speedWithNoise(summarized.compress),
        summarized.decompress.map { NumberText.significant($0.median) } ?? "—",
        summarized.cold.map { NumberText.significant($0.median) } ?? "—",
        verificationText(cell),
      ])
    }
    return text + table.render()
  }

  /// Thread counts in blocks (Pareto marks compare within one), best ratio first inside a block;
  /// among equal ratios the faster cell, then the key for a stable order.
  static func tableOrder(_ a: SummarizedCell, _ b: SummarizedCell) -> Bool {
    if a.cell.threads != b.cell.threads { return a.cell.threads < b.cell.threads }
    if a.cell.ratio != b.cell.ratio { return a.cell.ratio > b.cell.ratio }
    let speedA = a.compress?.median ?? -1
    let speedB = b.compress?.median ?? -1
    if speedA != speedB { return speedA > speedB }
    return a.cell.key < b.cell.key
  }

  /// "523 ± 1.2 %", or "—" without samples.
  static func speedWithNoise(_ summary: SampleSummary?) -> String {
    guard let summary else { return "—" }
    let cv = NumberText.fixed(summary.coefficientOfVariationPercent, decimals: 1)
    return "\(NumberText.significant(summary.median)) ± \(cv) %"
  }

  static func verificationText(_ cell: CellResult) -> String {
    if cell.error != nil { return "**failed**" }
    return cell.verified ? "yes (\(MarkdownText.plain(cell.verifiedWith)))" : "**no**"
  }
}
