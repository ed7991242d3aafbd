extension MarkdownReport {
  /// The three picks per payload set, with the rules that chose them spelled out.
  static func picksSection(_ sets: [PayloadSetCells]) -> String? {
    guard !sets.isEmpty else { return nil }
    let fraction = NumberText.fixed(HeadlinePicks.balanceSpeedFraction * 100, decimals: 0)
    var text = "## Picks\n\n"
    text += "Chosen among verified cells that shrink the data (ratio above 1) at each payload set's lowest "
    text += "thread count. **Smallest**: the highest ratio. **Fastest**: the highest median compression speed. "
    text += "**Best balance**: the highest ratio among cells that compress at least \(fraction) % as fast as "
    text += "the fastest one, i.e. the most compression available at no more than twice the compression time "
    text += "of the quickest setting; it always lies on the Pareto frontier.\n\n"
    var table = MarkdownTable(text: ["Payload set", "Smallest", "Fastest", "Best balance"], numbers: [])
    for set in sets {
      let picks = HeadlinePicks(set.cells)
      let describe: (SummarizedCell?) -> String = { pick in
        pick.map { MarkdownText.plain(CellText.briefWithFigures($0)) } ?? "—"
      }
      table.append([
        MarkdownText.plain(set.label), describe(picks.smallest), describe(picks.fastest), describe(picks.balance),
      ])
    }
    return text + table.render()
  }
}
