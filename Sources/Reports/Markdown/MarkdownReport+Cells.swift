import DeflateBenchCodecs
import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// The mark of a Pareto-optimal cell in the tables.
  static let paretoMark = "◆"

  /// The payload set's short table: sending uncompressed, zlib 6, each backend's default level
  /// and the Pareto cells, about ten rows at the lowest thread count. The full table is in the
  /// appendix.
  static func payloadSetSection(_ set: PayloadSetCells, pareto: Set<CellKey>) -> String {
    var text = "## \(MarkdownText.plain(set.corpus)) / \(MarkdownText.plain(set.split))\n\n" + sizeLine(set)
    text += "The cells a reader chooses between: zlib 6, each backend's default level and the Pareto frontier "
    text += "(\(paretoMark): no other cell is both smaller and faster; a cell that does not shrink the data is never "
    text += "on it). Speeds are headlines: each cell's fastest sample, the figure that repeats from run to run "
    text += "(docs/methodology.md). µs per body = mean body / compress speed. Compress MB/s is given with its 95 % "
    text += "interval. Every cell is in the appendix.\n\n"
    var table = MarkdownTable(
      text: ["Setting", "Why"],
      numbers: ["Ratio", "Saving", "µs per body", "Compress MB/s", "95 % interval", "Decompress MB/s", "Cold µs"])
    table.append(["none (identity)", "", "1.00", "0 %", "0", "—", "—", "—", "—"])
    for summarized in shortList(set, pareto: pareto) {
      let cell = summarized.cell
      var why: [String] = []
      if ReferenceCell.default.isSetting(of: cell) { why.append(ReferenceCell.default.label) }
      if (try? BackendRegistry.backend(named: cell.backend))?.defaultLevel == cell.level { why.append("default") }
      if pareto.contains(cell.key) { why.append(paretoMark) }
      table.append([
        MarkdownText.plain(CellText.brief(cell)), why.joined(separator: ", "),
        NumberText.fixed(cell.ratio, decimals: 2), NumberText.fixed(cell.savingPercent, decimals: 1) + " %",
        summarized.compress.map { NumberText.significant(Double(cell.payloadBytes) / $0.headline) } ?? "—",
        summarized.compress.map { NumberText.significant($0.headline) } ?? "—", intervalText(summarized.compress),
        summarized.decompress.map { NumberText.significant($0.headline) } ?? "—",
        summarized.cold.map { NumberText.significant($0.median) } ?? "—",
      ])
    }
    return text + table.render()
  }

  /// zlib 6, the defaults and the Pareto cells of the base thread count, best ratio first; the
  /// frontier is thinned evenly when it alone would make the table longer than twelve rows.
  static func shortList(_ set: PayloadSetCells, pareto: Set<CellKey>) -> [SummarizedCell] {
    let base = set.cells.filter { $0.cell.threads == set.baseThreads && $0.cell.isMeasured }
    let fixed = base.filter { summarized in
      let cell = summarized.cell
      return ReferenceCell.default.isSetting(of: cell)
        || (try? BackendRegistry.backend(named: cell.backend))?.defaultLevel == cell.level
    }
    var frontier = base.filter { pareto.contains($0.cell.key) && !fixed.contains($0) }.sorted(by: tableOrder)
    let room = max(2, 12 - fixed.count)
    if frontier.count > room {
      let step = Double(frontier.count - 1) / Double(room - 1)
      frontier = (0..<room).map { frontier[Int((Double($0) * step).rounded())] }
    }
    return (fixed + frontier).sorted(by: tableOrder)
  }

  private static func sizeLine(_ set: PayloadSetCells) -> String {
    guard let first = set.cells.first?.cell else { return "" }
    return first.payloads == 1
      ? "One payload of \(NumberText.bytes(first.inputBytes)). "
      : "\(first.payloads) payloads of \(NumberText.bytes(first.payloadBytes)) on average, "
        + "\(NumberText.bytes(first.inputBytes)) in all. "
  }

  /// Every cell of one payload set, best ratio first, Pareto-optimal cells marked.
  static func fullPayloadSetSection(_ set: PayloadSetCells, pareto: Set<CellKey>) -> String {
    var text = "## All cells: \(MarkdownText.plain(set.corpus)) / \(MarkdownText.plain(set.split))\n\n" + sizeLine(set)
    text += "Sorted by thread count, then by ratio. \(paretoMark) marks the Pareto frontier within a thread count. "
    text += "Speeds: the headline (the fastest sample) and, for compression, its 95 % interval and the median sample. "
    text += "Cold µs: a fresh context compressing the set's median payload with the caches evicted.\n\n"

    var table = MarkdownTable(
      headers: [
        "Pareto", "Backend", "Level", "Container", "Threads", "Ratio", "Saving", "Compress MB/s", "95 % interval",
        "Median", "Decompress MB/s", "Cold µs", "Verified",
      ],
      alignments: [.left, .left, .right, .left, .right, .right, .right, .right, .right, .right, .right, .right, .left])
    for summarized in set.cells.sorted(by: tableOrder) {
      let cell = summarized.cell
      let measured = cell.outputBytes > 0
      table.append([
        pareto.contains(cell.key) ? paretoMark : "",
        MarkdownText.plain(cell.backend), String(cell.level), MarkdownText.plain(cell.containerLabel),
        String(cell.threads),
        measured ? NumberText.fixed(cell.ratio, decimals: 2) : "—",
        measured ? NumberText.fixed(cell.savingPercent, decimals: 1) + " %" : "—",
        summarized.compress.map { NumberText.significant($0.headline) } ?? "—", intervalText(summarized.compress),
        summarized.compress.map { NumberText.significant($0.median) } ?? "—",
        summarized.decompress.map { NumberText.significant($0.headline) } ?? "—",
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
    let speedA = a.compress?.headline ?? -1
    let speedB = b.compress?.headline ?? -1
    if speedA != speedB { return speedA > speedB }
    return a.cell.key < b.cell.key
  }

  /// A headline's 95 % interval, `lower – upper`.
  static func intervalText(_ summary: SampleSummary?) -> String {
    guard let interval = summary?.headlineInterval else { return "—" }
    return "\(NumberText.significant(interval.lower)) – \(NumberText.significant(interval.upper))"
  }

  static func verificationText(_ cell: CellResult) -> String {
    if cell.error != nil { return "**failed**" }
    return cell.verified ? "yes (\(MarkdownText.plain(cell.verifiedWith)))" : "**no**"
  }
}
