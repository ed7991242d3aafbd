/// Why a results file could not be read. Each case names the path, so the message alone tells
/// a person which file to look at.
public enum ResultsLoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing at the path (for a folder: no results.json inside it).
  case missingFile(path: String)
  /// The file exists but could not be read (permissions, I/O error).
  case unreadable(path: String, reason: String)
  /// The file is not a DeflateBench results document: not JSON, no `schema_version`, or a
  /// required field is missing or of the wrong type.
  case notAResultsFile(path: String, reason: String)
  /// Written by a newer DeflateBench whose schema this build does not know.
  case newerSchema(path: String, found: Int, supported: Int)

  public var description: String {
    switch self {
    case .missingFile(let path):
      "no results file at \(path)"
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason)"
    case .notAResultsFile(let path, let reason):
      "\(path) is not a DeflateBench results file: \(reason)"
    case .newerSchema(let path, let found, let supported):
      "\(path) uses results schema \(found), newer than this build reads (\(supported)); update deflate-bench"
    }
  }
}
