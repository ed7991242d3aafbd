/// What `serve --record DIR` stores and how much of it.
public struct RecordingOptions: Sendable, Equatable {
  /// The folder bodies and `index.jsonl` go into; created 0700 when missing.
  public var directory: String
  /// The most bodies the folder holds (those already there with `--append` count). Default 10,000.
  public var maxFiles: Int
  /// The most decoded bytes the folder holds, all bodies together. Default 1 GiB.
  public var maxBytes: Int
  /// Adds to a folder that already holds files, numbering on from its index, instead of refusing.
  public var append: Bool

  public static let defaultMaxFiles = 10_000
  public static let defaultMaxBytes = 1 << 30

  public init(
    directory: String, maxFiles: Int = RecordingOptions.defaultMaxFiles,
    maxBytes: Int = RecordingOptions.defaultMaxBytes, append: Bool = false
  ) {
    self.directory = directory
    self.maxFiles = maxFiles
    self.maxBytes = maxBytes
    self.append = append
  }
}

/// Why recording cannot start: the folder is not empty (without `--append`) or cannot be made
/// or written.
public enum RecordingSetupError: Error, Equatable, Sendable, CustomStringConvertible {
  case notEmpty(path: String, entries: Int)
  case notAFolder(path: String)
  case cannotCreate(path: String, reason: String)
  /// `--append` found an index.jsonl it cannot number on from.
  case corruptIndex(path: String, problem: String)

  public var description: String {
    switch self {
    case .notEmpty(let path, let entries):
      "\(path) is not empty (\(entries) entries); pass --append to add to it, or name an empty or new folder"
    case .notAFolder(let path): "\(path) exists and is not a folder"
    case .cannotCreate(let path, let reason): "cannot create or write \(path): \(reason)"
    case .corruptIndex(let path, let problem):
      "\(path) is corrupt (\(problem)); --append numbers on from it, so fix or move it, or record into a new folder"
    }
  }
}
