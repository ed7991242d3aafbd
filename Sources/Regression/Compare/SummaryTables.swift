import DeflateBenchMeasurement

/// The Markdown tables of a comparison summary, one function per table. Each returns no lines
/// when it has nothing to show, so a clean comparison is a short summary.
enum SummaryTables {
  /// Rows beyond this are counted, not shown: GitHub caps a job summary at 1 MiB.
  static let maximumRows = 200

  static func speed(title: String, findings: [SpeedFinding], mode: SpeedMode, confidence: Double) -> [String] {
    guard !findings.isEmpty else { return [] }
    var lines = heading(title, count: findings.count)
    lines.append("| Cell | Metric | Baseline | Current | Change | \(SummaryFormat.percent(confidence)) interval |")
    lines.append("|---|---|---:|---:|---:|---:|")
    for finding in findings.prefix(maximumRows) {
      let bounds = finding.interval.map {
        "\(SummaryFormat.percentChange($0.lowerBound)) to \(SummaryFormat.percentChange($0.upperBound))"
      }
      lines.append(
        "| \(SummaryFormat.cell(finding.key)) | \(finding.metric.rawValue) | "
          + "\(SummaryFormat.speed(finding.baselineMedian, mode: mode)) | "
          + "\(SummaryFormat.speed(finding.currentMedian, mode: mode)) | "
          + "\(SummaryFormat.percentChange(finding.ratio)) | \(bounds ?? "-") |")
    }
    return lines + overflow(findings.count)
  }

  static func instructions(title: String, findings: [InstructionFinding]) -> [String] {
    guard !findings.isEmpty else { return [] }
    var lines = heading(title, count: findings.count)
    lines.append("| Cell | Pass | Baseline instructions/byte | Current instructions/byte | Change |")
    lines.append("|---|---|---:|---:|---:|")
    for finding in findings.prefix(maximumRows) {
      lines.append(
        "| \(SummaryFormat.cell(finding.key)) | \(finding.metric.rawValue) | "
          + "\(SummaryFormat.instructions(finding.baseline)) | \(SummaryFormat.instructions(finding.current)) | "
          + "\(SummaryFormat.percentChange(finding.ratio)) |")
    }
    return lines + overflow(findings.count)
  }

  static func sizes(_ findings: [SizeFinding]) -> [String] {
    guard !findings.isEmpty else { return [] }
    var lines = heading("Compressed size changes", count: findings.count)
    lines.append("| Cell | Baseline bytes | Current bytes | Change | Version | Gate |")
    lines.append("|---|---:|---:|---:|---|---|")
    for finding in findings.prefix(maximumRows) {
      let version =
        finding.baselineVersion == finding.currentVersion
        ? finding.currentVersion : "\(finding.baselineVersion) -> \(finding.currentVersion)"
      let gate = finding.fails ? "**fails**" : "reported (version changed)"
      lines.append(
        "| \(SummaryFormat.cell(finding.key)) | \(finding.baselineBytes) | \(finding.currentBytes) | "
          + "\(SummaryFormat.percentChange(1 + finding.change)) | \(version) | \(gate) |")
    }
    return lines + overflow(findings.count)
  }

  static func broken(_ cells: [BrokenCell]) -> [String] {
    guard !cells.isEmpty else { return [] }
    var lines = heading("Broken cells", count: cells.count)
    lines.append("| Cell | Problem |")
    lines.append("|---|---|")
    for cell in cells.prefix(maximumRows) {
      let reason = cell.reason.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
      lines.append("| \(SummaryFormat.cell(cell.key)) | \(reason) |")
    }
    return lines + overflow(cells.count)
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
    guard !skipped.isEmpty else { return [] }
    var lines = heading("Speeds not judged", count: skipped.count)
    lines.append("| Cell | Metric | Why |")
    lines.append("|---|---|---|")
    for (finding, reason) in skipped.prefix(maximumRows) {
      lines.append("| \(SummaryFormat.cell(finding.key)) | \(finding.metric.rawValue) | \(reason) |")
    }
    return lines + overflow(skipped.count)
  }

  private static func heading(_ title: String, count: Int) -> [String] {
    ["", "### \(title) (\(count))", ""]
  }

  private static func overflow(_ count: Int) -> [String] {
    count > maximumRows ? ["", "... and \(count - maximumRows) more."] : []
  }
}
