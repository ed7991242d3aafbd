import DeflateBenchResults
import Foundation

extension ComparisonReport {
  /// The summary `compare` prints and appends to `$GITHUB_STEP_SUMMARY`: the verdict first, then
  /// what failed, then what changed without failing, then how the figures were judged.
  ///
  /// - Parameters:
  ///   - baseline: how to name the baseline (its path).
  ///   - current: how to name the current run (its path).
  public func markdown(baseline: String, current: String) -> String {
    var lines: [String] = []
    lines.append("## DeflateBench comparison: \(headline)")
    lines.append("")
    lines.append("Baseline `\(baseline)`, current `\(current)`: \(commonCells) cells in common, \(scopeText).")
    for note in notes {
      lines.append("")
      lines.append("> Note: \(note)")
    }
    lines += SummaryTables.instructions(title: "Instruction regressions", findings: instructionRegressions)
    lines += SummaryTables.speed(
      title: options.advisorySpeeds
        ? "Speed regressions (reported, not gated: --advisory-speeds)" : "Speed regressions",
      findings: speedRegressions, mode: mode, confidence: options.confidence)
    lines += SummaryTables.sizes(sizes)
    lines += SummaryTables.broken(brokenCells)
    lines += SummaryTables.keys(
      title: "Missing cells", note: options.lenient ? "reported only (--lenient)" : "these fail the comparison",
      keys: missingCells)
    lines += SummaryTables.keys(title: "New cells", note: "not in the baseline, not gated", keys: newCells)
    lines += SummaryTables.instructions(title: "Instruction improvements", findings: instructionImprovements)
    lines += SummaryTables.speed(
      title: "Speed improvements", findings: speedImprovements, mode: mode, confidence: options.confidence)
    lines += SummaryTables.notJudged(speed)
    lines += SummaryTables.instructions(
      title: "Instruction counts not gated (code path changed)", findings: instructionsNotJudged)
    lines.append("")
    lines.append(geometricMeanLine)
    if !instructions.isEmpty {
      lines.append("")
      lines.append(instructionLine)
    }
    lines.append("")
    lines.append("---")
    lines.append(methodFooter)
    return lines.joined(separator: "\n") + "\n"
  }

  private var headline: String {
    guard hasRegression else {
      var parts: [String] = []
      let slower = speedRegressions.count
      if slower > 0 { parts.append("\(slower) speed regression\(slower == 1 ? "" : "s") reported, not gated") }
      let improved = speedImprovements.count
      if improved > 0 { parts.append("\(improved) speed improvement\(improved == 1 ? "" : "s")") }
      return "PASS" + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
    }
    var parts: [String] = []
    let count = { (n: Int, what: String) in if n > 0 { parts.append("\(n) \(what)\(n == 1 ? "" : "s")") } }
    count(instructionRegressions.count, "instruction regression")
    if !options.advisorySpeeds { count(speedRegressions.count, "speed regression") }
    count(failingSizes.count, "size change")
    count(brokenCells.count, "broken cell")
    if !options.lenient { count(missingCells.count, "missing cell") }
    return "FAIL (" + parts.joined(separator: ", ") + ")"
  }

  private var scopeText: String {
    switch mode {
    case .absolute: "speeds compared in MB/s"
    case .relative(let reference): "speeds compared relative to \(reference) of the same run"
    }
  }

  private var geometricMeanLine: String {
    let parts = SpeedMetric.allCases.compactMap { metric -> String? in
      guard let mean = geometricMeanRatio(metric) else { return nil }
      return "\(metric.rawValue) \(SummaryFormat.ratio(mean)) (\(SummaryFormat.percentChange(mean)))"
    }
    guard !parts.isEmpty else { return "**Geometric mean of speed ratios:** no cell could be judged." }
    return "**Geometric mean of speed ratios (current / baseline):** " + parts.joined(separator: ", ") + "."
  }

  private var instructionLine: String {
    let counted = Set(instructions.map(\.key)).count
    var line =
      "**Instructions:** \(counted) cells counted in both runs, gated at "
      + "+\(SummaryFormat.percent(options.instructionThreshold))"
    if let largest = instructions.max(by: { abs($0.ratio - 1) < abs($1.ratio - 1) }) {
      line +=
        "; the largest change is \(String(format: "%+.3f %%", (largest.ratio - 1) * 100)) "
        + "(\(largest.metric.rawValue) of \(SummaryFormat.cell(largest.key)))"
    }
    return line + "."
  }

  /// How instructions were judged, when any were.
  private var instructionFooter: String {
    guard !instructions.isEmpty else { return "" }
    let threshold = SummaryFormat.percent(options.instructionThreshold)
    return " Instruction counts (per input byte of one pass, counted by callgrind) repeat to within "
      + "0.1 % whatever the load, so they are gated without statistics: a cell fails when it executes "
      + "more than \(threshold) more instructions than in the baseline."
  }

  private var methodFooter: String {
    let level = SummaryFormat.percent(options.confidence)
    let threshold = SummaryFormat.percent(options.threshold)
    var relative = ""
    if case .relative(let reference) = mode {
      relative = """
         Speeds are relative: each cell's headline is divided by the headline of \(reference) on the \
        same corpus in the same run (its gzip cell for zstd and brotli), which cancels what the machine \
        and its load do to both.
        """
    }
    return """
      How this was judged: compressed sizes are deterministic for a library version and code path, so \
      any change fails when both are unchanged (with --strict-sizes, also across versions); a backend \
      whose output depends on the CPU (ISA-L level 3) records its code path per cell, and a change \
      between paths is listed, not failed. A cell's speed is its headline, the fastest of its samples \
      (the figure that repeats from run to run on a shared machine); it regresses only when \
      headline(current) / headline(baseline) and the whole \(level) interval of that ratio (the two \
      headlines' intervals combined) lie below 1 - \(threshold), i.e. the data show a slowdown larger \
      than the \(threshold) threshold; an improvement is the mirror image above 1 + \(threshold).\(relative) Cells with \
      fewer than \(ComparisonOptions.minimumSamples) samples on a side are not judged. Exit status: 0 \
      no regression, 2 regression, 3 the runs cannot be compared.\(instructionFooter)
      """
  }
}

/// Number formats shared by the summary tables.
enum SummaryFormat {
  static func percent(_ fraction: Double) -> String {
    let value = fraction * 100
    return value == value.rounded() ? "\(Int(value)) %" : String(format: "%.1f %%", value)
  }

  /// A ratio as a signed change: 0.8 -> "-20.0 %".
  static func percentChange(_ ratio: Double) -> String {
    String(format: "%+.1f %%", (ratio - 1) * 100)
  }

  static func ratio(_ value: Double) -> String { String(format: "%.3fx", value) }

  static func instructions(_ perByte: Double) -> String { String(format: "%.2f", perByte) }

  static func speed(_ value: Double, mode: SpeedMode) -> String {
    switch mode {
    case .absolute: String(format: "%.1f MB/s", value)
    case .relative: String(format: "%.3fx ref", value)
    }
  }

  /// A cell name in a table: code-formatted, with pipes escaped so a corpus name cannot split a row.
  static func cell(_ key: CellKey) -> String {
    "`" + key.description.replacingOccurrences(of: "|", with: "\\|") + "`"
  }
}
