import DeflateBenchModel
import DeflateBenchResults

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
    // A run that timed nothing (`run --metric instructions` alone) is gated on instructions and
    // sizes; its empty speed lists are not malformed, and the report says speeds were not compared.
    var options = options
    let untimed = [("baseline", baseline), ("current", current)].filter { !$0.1.timedAnyCell }.map(\.0)
    if !untimed.isEmpty { options.metrics = [] }
    try CellSanity.check(baseline, run: "baseline", metrics: options.metrics)
    try CellSanity.check(current, run: "current", metrics: options.metrics)
    try checkCorpora(baseline: baseline.corpora, current: current.corpora)
    let commonKeys = baselineCells.keys.filter { currentCells[$0] != nil }.sorted()
    guard !commonKeys.isEmpty else {
      throw .noCommonCells(baselineCells: baselineCells.count, currentCells: currentCells.count)
    }

    var notes: [String] = []
    if !untimed.isEmpty {
      notes.append(
        "Speeds were not compared: the \(untimed.joined(separator: " and ")) run timed nothing "
          + "(--metric instructions alone); instructions and sizes are gated.")
    }
    let mode = speedMode(baseline: baseline.context, current: current.context, options: options, notes: &notes)
    notes += ContextNotes.differences(baseline: baseline, current: current)

    if let note = InstructionGate.ungatedNote(baseline: baseline.cells, current: current.cells) { notes.append(note) }

    var speed: [SpeedFinding] = []
    var instructions: [InstructionFinding] = []
    var sizes: [SizeFinding] = []
    var broken: [BrokenCell] = []
    let speeds = SpeedSamples(mode: mode, baseline: baselineCells, current: currentCells)
    try requireReferences(speeds, keys: commonKeys, mode: mode, options: options)
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

  /// Relative speeds of gated cells need the reference in both runs: a reference that is missing
  /// (a typo in --reference, another machine's baseline without zlib 6) must not pass every
  /// slowdown as "not judged".
  private static func requireReferences(
    _ speeds: SpeedSamples, keys: [CellKey], mode: SpeedMode, options: ComparisonOptions
  ) throws(ComparisonError) {
    guard case .relative(let reference) = mode, !options.lenient, !options.advisorySpeeds else { return }
    var runs: Set<String> = []
    var missing: [CellKey] = []
    for key in keys {
      let lacking = options.metrics.flatMap { speeds.runsWithoutReference(for: key, metric: $0) }
      guard !lacking.isEmpty else { continue }
      runs.formUnion(lacking)
      missing.append(key)
    }
    guard missing.isEmpty else {
      throw .missingReference(reference: reference.description, runs: runs.sorted(), keys: missing)
    }
  }

  /// A cell that worked before and fails now is a regression whatever its speed. (A cell that
  /// is not verified and names no error is malformed, refused by `CellSanity` before this.)
  private static func breakage(baseline: CellResult, current: CellResult) -> String? {
    guard baseline.error == nil, let error = current.error else { return nil }
    return "failed: \(error)"
  }
}

extension ResultsDocument {
  /// Whether any working cell has a wall-clock speed sample: false for a run made with
  /// `--metric instructions` alone.
  var timedAnyCell: Bool {
    cells.contains { $0.error == nil && (!$0.compressSamplesMBps.isEmpty || !$0.decompressSamplesMBps.isEmpty) }
  }
}
