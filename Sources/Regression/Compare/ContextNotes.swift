import DeflateBenchResults

/// Differences between two runs' conditions that do not stop a comparison but change how its
/// figures should be read.
enum ContextNotes {
  static func differences(baseline: ResultsDocument, current: ResultsDocument) -> [String] {
    var notes: [String] = []
    let old = baseline.context
    let new = current.context
    let backends = Set(old.libraryVersions.keys).intersection(new.libraryVersions.keys).sorted()
    let changed = backends.filter { old.libraryVersions[$0] != new.libraryVersions[$0] }
    if !changed.isEmpty {
      let list = changed.map { "\($0) \(old.libraryVersions[$0]!) -> \(new.libraryVersions[$0]!)" }
      notes.append(
        "Library versions changed (\(list.joined(separator: ", "))): size changes of those backends are "
          + "reported but do not fail without --strict-sizes.")
    }
    if old.buildConfiguration != new.buildConfiguration {
      notes.append(
        "The builds differ (baseline \(old.buildConfiguration), current \(new.buildConfiguration)); "
          + "absolute speeds are not comparable.")
    }
    let oldBatches = old.batchesPerSample ?? 1
    let newBatches = new.batchesPerSample ?? 1
    if old.repetitions != new.repetitions || old.minTimeSeconds != new.minTimeSeconds || oldBatches != newBatches {
      notes.append(
        "The runs used different settings (baseline \(old.repetitions) repetitions, each the fastest of \(oldBatches) "
          + "of \(old.minTimeSeconds) s, current \(new.repetitions) of \(newBatches) of \(new.minTimeSeconds) s).")
    }
    if let note = codePathNote(baseline: baseline, current: current) { notes.append(note) }
    if !baseline.complete { notes.append("The baseline is incomplete: it was interrupted or failed part-way.") }
    if !current.complete { notes.append("The current run is incomplete: it was interrupted or failed part-way.") }
    return notes
  }

  /// Names the code paths when a CPU-dependent backend took another one in the current run, so a
  /// reader knows why its size changes do not fail.
  static func codePathNote(baseline: ResultsDocument, current: ResultsDocument) -> String? {
    var oldCells: [CellKey: CellResult] = [:]
    for cell in baseline.cells { oldCells[cell.key] = cell }
    var changes: Set<String> = []
    for cell in current.cells {
      guard let old = oldCells[cell.key], old.codePath != cell.codePath else { continue }
      changes.insert(
        "\(cell.backend) level \(cell.level): \(CodePathText.change(from: old.codePath, to: cell.codePath))")
    }
    guard !changes.isEmpty else { return nil }
    return
      "The runs took different code paths where output depends on the CPU (\(changes.sorted().joined(separator: "; "))): "
      + "their size changes are listed, not failed (CPU features: baseline \(CodePathText.features(baseline.context.cpuFeatures)), "
      + "current \(CodePathText.features(current.context.cpuFeatures)))."
  }
}
