import DeflateBenchModel

extension MarkdownReport {
  /// Aggregate speed and scaling efficiency for settings run with more than one thread; nil when
  /// the run used one thread only.
  static func threadScalingSection(_ cells: [SummarizedCell]) -> String? {
    let rows = ThreadScaling.rows(cells)
    guard !rows.isEmpty else { return nil }
    var table = MarkdownTable(
      text: ["Payload set", "Backend", "Container"],
      numbers: ["Level", "1-thread MB/s", "Threads", "MB/s", "Speed-up", "Efficiency"])
    for row in rows {
      for step in row.scaling {
        table.append([
          MarkdownText.plain(row.cell.payloadSetLabel), MarkdownText.plain(row.cell.backend),
          MarkdownText.plain(row.cell.container), String(row.cell.level), NumberText.significant(row.singleThreadSpeed),
          String(step.threads), NumberText.significant(step.speed), NumberText.fixed(step.speedup, decimals: 2) + "×",
          NumberText.fixed(step.efficiency * 100, decimals: 0) + " %",
        ])
      }
    }
    return "## Thread scaling\n\nAggregate compression speed with one compressor per thread. Efficiency = "
      + "speed(N) / (N × speed(1)); 100 % is perfect scaling.\n\n" + table.render()
  }
}
