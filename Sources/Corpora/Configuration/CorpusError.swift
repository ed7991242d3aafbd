/// Everything that can be wrong with a corpus configuration, a `--corpus` value or the files
/// they name. Every case is found before any payload is generated or read, except `cannotWrite`
/// and a file that vanishes between validation and reading.
public enum CorpusError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A path that does not exist. `role` says what it was for: `configuration file`,
  /// `corpus "docs" path`, `corpus "logs" glob base folder`.
  case missingPath(path: String, role: String)
  /// A path that exists but cannot be read (permissions, not a regular file, I/O error).
  case unreadablePath(path: String, role: String, reason: String)
  /// The configuration is not well-formed JSON.
  case invalidJSON(file: String, line: Int, column: Int, message: String)
  /// A value of the wrong type or a missing or unknown key, at a key path like `corpora[2].count`.
  case invalidValue(field: String, message: String)
  /// A corpus `kind` that does not exist.
  case unknownKind(corpus: String, kind: String, known: [String])
  /// A `profile` that its kind does not have.
  case unknownProfile(corpus: String, kind: String, profile: String, known: [String])
  /// A parameter that cannot work: a zero count, a zero split size, a split the kind cannot do.
  case invalidParameter(corpus: String, message: String)
  /// A `directory` corpus whose folder holds no (non-hidden) files.
  case emptyDirectory(corpus: String, path: String)
  /// A `glob` corpus whose pattern matches no file.
  case noMatches(corpus: String, pattern: String)
  /// Two corpora with the same name, which would make their result rows indistinguishable.
  case duplicateName(String)
  /// A `--corpus` value that is neither an existing path nor a valid generator shorthand.
  case invalidShorthand(spec: String, message: String)
  /// A HAR file whose content is wrong: not JSON, no `log.entries`, a field of the wrong type,
  /// invalid base64, a body whose Content-Encoding cannot be undone. `entry` is the 0-based
  /// index in `log.entries` when one entry is at fault.
  case invalidHAR(path: String, entry: Int?, message: String)
  /// A payload file or folder could not be written (`--write DIR`).
  case cannotWrite(path: String, reason: String)
  /// A dictionary file (`--dictionary`, or a corpus's `"dictionary": "FILE"`) that is not there
  /// (`missing`) or cannot be read.
  case unreadableDictionary(path: String, missing: Bool, reason: String)
  /// A dictionary file no backend can load (empty, a broken zstd header).
  case invalidDictionary(path: String, detail: String)
  /// Two different dictionary files with one name: results name dictionaries by file name.
  case duplicateDictionaryName(String)
  /// A corpus's trained dictionary that cannot be made from its sample: a held-out share that
  /// leaves nothing on one side, or a sample the trainer refuses. `set` names the payload set
  /// when the problem is the set's.
  case untrainableDictionary(corpus: String, set: String?, message: String)
  /// Several problems found in one source (a configuration file or the `--corpus` values),
  /// all reported at once so a user fixes them in one round.
  case problems(source: String, [CorpusError])

  /// What kind of failure this is, for the exit status.
  public enum Category: Sendable, Equatable {
    /// The configuration or a command-line value is wrong (exit 64, EX_USAGE).
    case usage
    /// A named input path does not exist or cannot be read (exit 66, EX_NOINPUT).
    case missingInput
    /// An output path cannot be written (exit 73, EX_CANTCREAT).
    case cannotCreate
    /// An input's content is malformed (exit 65, EX_DATAERR).
    case invalidData
  }

  public var category: Category {
    switch self {
    case .missingPath, .unreadablePath, .unreadableDictionary: .missingInput
    case .cannotWrite: .cannotCreate
    case .invalidHAR, .invalidDictionary, .untrainableDictionary: .invalidData
    case .problems(_, let problems) where problems.allSatisfy({ $0.category == .invalidData }): .invalidData
    case .problems(_, let problems):
      // Only a list of nothing but missing inputs is "missing input": any wrong parameter is a
      // usage error to fix first.
      problems.allSatisfy { $0.category == .missingInput } ? .missingInput : .usage
    default: .usage
    }
  }

  /// The process exit status for this error: 64, 65, 66 or 73 (sysexits.h).
  public var exitCode: Int32 {
    switch category {
    case .usage: 64
    case .missingInput: 66
    case .cannotCreate: 73
    case .invalidData: 65
    }
  }

  public var description: String {
    switch self {
    case .missingPath(let path, let role):
      "\(role) does not exist: \(FileName.display(path))"
    case .unreadablePath(let path, let role, let reason):
      "\(role) cannot be read: \(FileName.display(path)) (\(reason))"
    case .invalidJSON(let file, let line, let column, let message):
      "\(file):\(line):\(column): invalid JSON: \(message)"
    case .invalidValue(let field, let message):
      "\(field): \(message)"
    case .unknownKind(let corpus, let kind, let known):
      "corpus \"\(corpus)\": unknown kind \"\(kind)\"; known kinds: \(known.joined(separator: ", "))"
    case .unknownProfile(let corpus, let kind, let profile, let known):
      "corpus \"\(corpus)\": unknown \(kind) profile \"\(profile)\"; known profiles: \(known.joined(separator: ", "))"
    case .invalidParameter(let corpus, let message):
      "corpus \"\(corpus)\": \(message)"
    case .emptyDirectory(let corpus, let path):
      "corpus \"\(corpus)\": directory holds no files (hidden files are skipped): \(path)"
    case .noMatches(let corpus, let pattern):
      "corpus \"\(corpus)\": glob pattern matches no files: \(pattern)"
    case .duplicateName(let name):
      "corpus name \"\(name)\" is used more than once; names must be unique"
    case .invalidShorthand(let spec, let message):
      "--corpus \"\(spec)\": \(message)"
    case .invalidHAR(let path, let entry, let message):
      "HAR file \(path): " + (entry.map { "entry \($0) (log.entries[\($0)]): " } ?? "") + message
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason)"
    case .unreadableDictionary(let path, let missing, let reason):
      missing ? "dictionary file '\(path)' does not exist" : "dictionary '\(path)' cannot be read: \(reason)"
    case .invalidDictionary(let path, let detail):
      "\(path): \(detail)"
    case .duplicateDictionaryName(let name):
      "two different dictionaries are both named '\(name)'; rename one"
    case .untrainableDictionary(let corpus, let set, let message):
      "corpus \"\(corpus)\"" + (set.map { " (\($0))" } ?? "") + ": " + message
    case .problems(let source, let problems):
      if problems.count == 1 {
        "\(source): \(problems[0])"
      } else {
        "\(source): \(problems.count) problems:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
      }
    }
  }
}
