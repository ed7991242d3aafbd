import DeflateBenchMeasurement

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
    if old.repetitions != new.repetitions || old.minTimeSeconds != new.minTimeSeconds {
      notes.append(
        "The runs used different settings (baseline \(old.repetitions) repetitions of \(old.minTimeSeconds) s, "
          + "current \(new.repetitions) of \(new.minTimeSeconds) s).")
    }
    if !baseline.complete { notes.append("The baseline is incomplete: it was interrupted or failed part-way.") }
    if !current.complete { notes.append("The current run is incomplete: it was interrupted or failed part-way.") }
    return notes
  }
}
