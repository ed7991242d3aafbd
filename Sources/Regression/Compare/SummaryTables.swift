import DeflateBenchResults

/// The Markdown tables of a comparison summary, one function per table. Each returns no lines
/// when it has nothing to show, so a clean comparison is a short summary.
enum SummaryTables {
  /// Rows beyond this are counted, not shown: GitHub caps a job summary at 1 MiB.
  static let maximumRows = 200

  static func speed(title: String, findings: [SpeedFinding], mode: SpeedMode, confidence: Double) -> [String] {
    table(
      title, findings,
      header: "| Cell | Metric | Baseline | Current | Change | \(SummaryFormat.percent(confidence)) interval |",
      alignment: "|---|---|---:|---:|---:|---:|"
    ) { finding in
      let bounds = finding.interval.map {
        "\(SummaryFormat.percentChange($0.lowerBound)) to \(SummaryFormat.percentChange($0.upperBound))"
      }
      return "| \(SummaryFormat.cell(finding.key)) | \(finding.metric.rawValue) | "
        + "\(SummaryFormat.speed(finding.baselineSpeed, mode: mode)) | "
        + "\(SummaryFormat.speed(finding.currentSpeed, mode: mode)) | "
        + "\(SummaryFormat.percentChange(finding.ratio)) | \(bounds ?? "-") |"
    }
  }

  static func instructions(title: String, findings: [InstructionFinding]) -> [String] {
    table(
      title, findings, header: "| Cell | Pass | Baseline instructions/byte | Current instructions/byte | Change |",
      alignment: "|---|---|---:|---:|---:|"
    ) { finding in
      "| \(SummaryFormat.cell(finding.key)) | \(finding.metric.rawValue) | "
        + "\(SummaryFormat.instructions(finding.baseline)) | \(SummaryFormat.instructions(finding.current)) | "
        + "\(SummaryFormat.percentChange(finding.ratio)) |"
    }
  }

  static func sizes(_ findings: [SizeFinding]) -> [String] {
    table(
      "Compressed size changes", findings,
      header: "| Cell | Baseline bytes | Current bytes | Change | Version | Code path | Gate |",
      alignment: "|---|---:|---:|---:|---|---|---|"
    ) { finding in
      let version =
        finding.baselineVersion == finding.currentVersion
        ? finding.currentVersion : "\(finding.baselineVersion) -> \(finding.currentVersion)"
      let path =
        finding.pathChanged
        ? CodePathText.change(from: finding.baselinePath, to: finding.currentPath)
        : finding.currentPath ?? "-"
      let gate =
        finding.fails
        ? "**fails**" : finding.pathChanged ? "reported (code path changed)" : "reported (version changed)"
      return "| \(SummaryFormat.cell(finding.key)) | \(finding.baselineBytes) | \(finding.currentBytes) | "
        + "\(SummaryFormat.percentChange(1 + finding.change)) | \(version) | \(path) | \(gate) |"
    }
  }

  static func broken(_ cells: [BrokenCell]) -> [String] {
    table("Broken cells", cells, header: "| Cell | Problem |", alignment: "|---|---|") { cell in
      let reason = cell.reason.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
      return "| \(SummaryFormat.cell(cell.key)) | \(reason) |"
    }
  }

  static func keys(title: String, note: String, keys: [CellKey]) -> [String] {
    guard !keys.isEmpty else { return [] }
    var lines = heading(title, count: keys.count)
    lines.append("\(note.prefix(1).uppercased() + note.dropFirst()):")
    lines.append("")
    lines += keys.prefix(maximumRows).map { "- \(SummaryFormat.cell($0))" }
    return lines + overflow(keys.count)
  }

  static func notJudged(_ findings: [SpeedFinding]) -> [String] {
    let skipped = findings.compactMap { finding -> (SpeedFinding, String)? in
      if case .notJudged(let reason) = finding.verdict { return (finding, reason) }
      return nil
    }
    return table("Speeds not judged", skipped, header: "| Cell | Metric | Why |", alignment: "|---|---|---|") {
      finding, reason in
      "| \(SummaryFormat.cell(finding.key)) | \(finding.metric.rawValue) | \(reason) |"
    }
  }

  /// A titled table with one row per item, the rows past `maximumRows` counted instead of shown;
  /// no lines at all when there are no items.
  private static func table<Item>(
    _ title: String, _ items: [Item], header: String, alignment: String, row: (Item) -> String
  ) -> [String] {
    guard !items.isEmpty else { return [] }
    return heading(title, count: items.count) + [header, alignment] + items.prefix(maximumRows).map(row)
      + overflow(items.count)
  }

  private static func heading(_ title: String, count: Int) -> [String] {
    ["", "### \(title) (\(count))", ""]
  }

  private static func overflow(_ count: Int) -> [String] {
    count > maximumRows ? ["", "... and \(count - maximumRows) more."] : []
  }
}
