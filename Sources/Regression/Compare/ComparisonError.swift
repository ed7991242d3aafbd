import DeflateBenchResults

/// Why two runs cannot be compared at all. Each maps to exit status 3 (incomparable), except
/// a malformed document, which is a data error.
public enum ComparisonError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The runs share no cell, so there is nothing to gate.
  case noCommonCells(baselineCells: Int, currentCells: Int)
  /// The same corpus and split were cut from different bytes: every figure would compare
  /// different inputs.
  case corpusChanged([CorpusMismatch])
  /// A run lists the same cell twice, so it is not clear which to compare.
  case duplicateCells(run: String, keys: [CellKey])
  /// A cell whose figures cannot be measurements (empty, zero, negative or non-finite samples,
  /// negative sizes): a data error (65), never a pass.
  case malformedCell(run: String, key: CellKey, reason: String)
  /// Relative speeds need the reference cell in both runs, and one run lacks it for these cells:
  /// without it their speeds would go unjudged, which a gate must not read as a pass (exit 3;
  /// `--lenient` or `--advisory-speeds` report them as not judged instead).
  case missingReference(reference: String, runs: [String], keys: [CellKey])

  public var description: String {
    switch self {
    case .noCommonCells(let baselineCells, let currentCells):
      "the runs have no cell in common (baseline \(baselineCells) cells, current \(currentCells) cells)"
    case .corpusChanged(let mismatches):
      "the corpora differ, so the measurements are of different inputs: "
        + mismatches.map(\.description).joined(separator: "; ")
    case .duplicateCells(let run, let keys):
      "the \(run) run lists \(keys.count) cell\(keys.count == 1 ? "" : "s") more than once: "
        + keys.prefix(5).map(\.description).joined(separator: ", ") + (keys.count > 5 ? ", ..." : "")
    case .malformedCell(let run, let key, let reason):
      "the \(run) run's cell \(key) is malformed: \(reason)"
    case .missingReference(let reference, let runs, let keys):
      "relative speeds need each cell's reference, \(reference) of the same corpus and split (in any container), which the "
        + "\(runs.joined(separator: " and ")) run\(runs.count == 1 ? " lacks" : "s lack") "
        + "for \(keys.count) cell\(keys.count == 1 ? "" : "s") ("
        + keys.prefix(3).map(\.description).joined(separator: ", ") + (keys.count > 3 ? ", ..." : "")
        + "); choose a --reference both runs measured, or pass --lenient to report their speeds unjudged"
    }
  }
}

/// One corpus and split whose SHA-256 differs between two runs.
public struct CorpusMismatch: Sendable, Equatable, CustomStringConvertible {
  public var corpus: String
  public var split: String
  public var baselineSHA256: String
  public var currentSHA256: String

  public var description: String {
    "\(corpus)/\(split) has SHA-256 \(baselineSHA256.prefix(12))... in the baseline and "
      + "\(currentSHA256.prefix(12))... now"
  }
}
