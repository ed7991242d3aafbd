import Foundation

/// The one check every command that writes a results folder makes before it does any work
/// (`run`, `merge`, `baseline update`): results already in the folder are not overwritten without
/// `--force`, a command never writes over one of its own inputs, and a folder that cannot be
/// created or written is found now, not after minutes of measuring. Exit 73 names the path.
enum ResultsOutFolder {
  /// What a folder must not be replaced by accident.
  enum Existing {
    /// A `run` or `merge` result: refused without `--force`.
    case results
    /// A baseline (it has BASELINE.md): what `baseline update` exists to replace.
    case baseline
    case none
  }

  /// - Parameters:
  ///   - path: the `--out` folder.
  ///   - force: `--force` was given.
  ///   - inputs: results folders or files the command reads; `path` may never be one of them.
  ///   - replaceable: kinds of existing content this command replaces without `--force`.
  static func validate(
    _ path: String, force: Bool, inputs: [String] = [], replaceable: Set<Existing> = []
  ) throws(CLIError) {
    let folder = canonical(path)
    for input in inputs where folder == canonical(resultsFolder(of: input)) {
      throw CLIError(
        .cannotCreate, "--out '\(path)' is one of the inputs; write the results somewhere else")
    }
    let existing = contents(of: folder)
    if existing != .none, !force, !replaceable.contains(existing) {
      let what = existing == .baseline ? "a baseline (BASELINE.md)" : "results (results.json)"
      throw CLIError(
        .cannotCreate,
        "'\(path)' already holds \(what); choose another --out or pass --force to replace them"
      )
    }
    try checkWritable(folder, shown: path)
  }

  /// What is in a folder already.
  static func contents(of folder: String) -> Existing {
    let manager = FileManager.default
    if manager.fileExists(atPath: folder + "/BASELINE.md") { return .baseline }
    return manager.fileExists(atPath: folder + "/results.json") ? .results : .none
  }

  /// The folder a results input lives in: itself, or the folder of a results.json file.
  static func resultsFolder(of input: String) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue {
      return URL(fileURLWithPath: input).deletingLastPathComponent().path
    }
    return input
  }

  /// An absolute path with symbolic links resolved, so two spellings of one folder compare equal.
  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// The folder exists and is a writable folder, or its nearest existing ancestor is one (so
  /// it can be created). Nothing is created here.
  private static func checkWritable(_ folder: String, shown: String) throws(CLIError) {
    var candidate = folder
    while true {
      var info = stat()
      if stat(candidate, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else {
          let what = candidate == folder ? "'\(shown)' is a file, not a folder" : "'\(candidate)' is not a folder"
          throw CLIError(.cannotCreate, "cannot create --out: \(what)")
        }
        guard access(candidate, W_OK | X_OK) == 0 else {
          let reason = String(cString: strerror(errno))
          let verb = candidate == folder ? "write into" : "create '\(shown)' in"
          throw CLIError(.cannotCreate, "cannot \(verb) '\(candidate)': \(reason)")
        }
        return
      }
      guard errno == ENOENT || errno == ENOTDIR else {
        throw CLIError(.cannotCreate, "cannot use --out '\(shown)': \(String(cString: strerror(errno)))")
      }
      let parent = (candidate as NSString).deletingLastPathComponent
      if parent == candidate || parent.isEmpty { return }
      candidate = parent
    }
  }
}
