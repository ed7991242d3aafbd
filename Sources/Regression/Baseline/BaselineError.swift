import DeflateBenchResults

/// Why a baseline could not be rewritten. The old baseline is left as it was in every case.
public enum BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The source results could not be read.
  case load(ResultsLoadError)
  /// The source run was interrupted or failed part-way; a baseline must cover the whole suite.
  case incomplete(path: String)
  /// The source run has cells that failed, which would gate nothing.
  case failedCells(path: String, keys: [String])
  /// The source run was measured with a test-only hook that changes measured behaviour.
  case testHook(path: String, hook: String)
  /// A cell `compare` would refuse as malformed: a baseline of it would break every compare.
  case malformed(String)
  /// Writing the new baseline failed.
  case write(String)

  public var description: String {
    switch self {
    case .load(let error):
      error.description
    case .incomplete(let path):
      "\(path) is an incomplete run; a baseline must hold the whole suite (use --force to take it anyway)"
    case .failedCells(let path, let keys):
      "\(path) has \(keys.count) failed cell\(keys.count == 1 ? "" : "s") (\(keys.prefix(3).joined(separator: ", "))"
        + "\(keys.count > 3 ? ", ..." : "")); fix the run or use --force"
    case .testHook(let path, let hook):
      "\(path) was measured with the test-only hook \(hook), so its figures are not real; "
        + "a baseline never takes such a run (not even with --force)"
    case .malformed(let reason):
      reason
    case .write(let reason):
      "cannot write the baseline: \(reason)"
    }
  }
}
