import DeflateBenchMeasurement

/// Compares a current run against a baseline: exact sizes, noise-aware speeds, missing and new
/// cells. Pure: documents in, a report out, so tests need no files and no clock.
public enum RunComparator {
  /// - Throws: `ComparisonError` when the runs cannot be compared at all (different corpora, no
  ///   common cells, a run with duplicate cells).
  public static func compare(
    baseline: ResultsDocument, current: ResultsDocument, options: ComparisonOptions = ComparisonOptions()
  ) throws(ComparisonError) -> ComparisonReport {
    let baselineCells = try index(baseline, run: "baseline")
    let currentCells = try index(current, run: "current")
    try CellSanity.check(baseline, run: "baseline", metrics: options.metrics)
    try CellSanity.check(current, run: "current", metrics: options.metrics)
    try checkCorpora(baseline: baseline.corpora, current: current.corpora)
    let commonKeys = baselineCells.keys.filter { currentCells[$0] != nil }.sorted()
    guard !commonKeys.isEmpty else {
      throw .noCommonCells(baselineCells: baselineCells.count, currentCells: currentCells.count)
    }

    var notes: [String] = []
    let mode = speedMode(baseline: baseline.context, current: current.context, options: options, notes: &notes)
    notes += ContextNotes.differences(baseline: baseline, current: current)

    if let note = InstructionGate.ungatedNote(baseline: baseline.cells, current: current.cells) { notes.append(note) }

    var speed: [SpeedFinding] = []
    var instructions: [InstructionFinding] = []
    var sizes: [SizeFinding] = []
    var broken: [BrokenCell] = []
    let speeds = SpeedSamples(mode: mode, baseline: baselineCells, current: currentCells)
    for key in commonKeys {
      let old = baselineCells[key]!
      let new = currentCells[key]!
      if let problem = breakage(baseline: old, current: new) {
        broken.append(BrokenCell(key: key, reason: problem))
        continue
      }
      // A cell that already failed in the baseline has nothing trustworthy to compare against.
      guard old.error == nil else { continue }
      if let size = SizeGate.judge(baseline: old, current: new, strict: options.strictSizes) {
        sizes.append(size)
      }
      instructions += InstructionGate.judge(baseline: old, current: new, threshold: options.instructionThreshold)
      for metric in options.metrics {
        if let finding = speeds.finding(for: key, metric: metric, options: options) { speed.append(finding) }
      }
    }

    return ComparisonReport(
      options: options, mode: mode, commonCells: commonKeys.count, speed: speed, sizes: sizes,
      missingCells: baselineCells.keys.filter { currentCells[$0] == nil }.sorted(),
      newCells: currentCells.keys.filter { baselineCells[$0] == nil }.sorted(),
      brokenCells: broken, notes: notes, instructions: instructions)
  }

  // MARK: - Steps

  private static func index(_ document: ResultsDocument, run: String) throws(ComparisonError) -> [CellKey: CellResult] {
    var cells: [CellKey: CellResult] = [:]
    var duplicates: [CellKey] = []
    for cell in document.cells {
      if cells.updateValue(cell, forKey: cell.key) != nil { duplicates.append(cell.key) }
    }
    guard duplicates.isEmpty else { throw .duplicateCells(run: run, keys: duplicates.sorted()) }
    return cells
  }

  /// Corpora present in both runs must be the same bytes; a corpus only one run has is fine (its
  /// cells show up as missing or new).
  private static func checkCorpora(baseline: [CorpusRecord], current: [CorpusRecord]) throws(ComparisonError) {
    var baselineHashes: [String: CorpusRecord] = [:]
    for record in baseline { baselineHashes["\(record.name)\u{0}\(record.split)"] = record }
    var mismatches: [CorpusMismatch] = []
    for record in current {
      guard let old = baselineHashes["\(record.name)\u{0}\(record.split)"], old.sha256 != record.sha256 else {
        continue
      }
      mismatches.append(
        CorpusMismatch(
          corpus: record.name, split: record.split, baselineSHA256: old.sha256, currentSHA256: record.sha256))
    }
    guard mismatches.isEmpty else { throw .corpusChanged(mismatches) }
  }

  private static func speedMode(
    baseline: RunContext, current: RunContext, options: ComparisonOptions, notes: inout [String]
  ) -> SpeedMode {
    if let reference = options.reference { return .relative(reference) }
    guard baseline.machineFingerprint != current.machineFingerprint else { return .absolute }
    notes.append(
      "The machines differ (baseline: \(baseline.machineFingerprint); current: \(current.machineFingerprint)), "
        + "so speeds are compared relative to \(ReferenceCell.default) of the same run.")
    return .relative(.default)
  }

  /// A cell that worked before and fails now is a regression whatever its speed.
  private static func breakage(baseline: CellResult, current: CellResult) -> String? {
    guard baseline.error == nil else { return nil }
    if let error = current.error { return "failed: \(error)" }
    if baseline.verified && !current.verified { return "no longer verified (decoded with \(current.verifiedWith))" }
    return nil
  }
}
