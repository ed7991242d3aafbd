import Foundation

/// The one check every command that writes a results folder makes before it does any work
/// (`run`, `merge`, `baseline update`, and `Results/latest` for a default run). The rules, in the
/// order they are checked (docs/safety.md states them for users):
///
/// 1. Never the working folder, `/` or any folder above the working folder, even with `--force`:
///    a results writer that took `.` or `..` for a scratch folder would bury or, for
///    `baseline update`, delete everything in it.
/// 2. Never an input, a hard link to an input's files, a folder inside an input or a folder
///    that holds an input, even with `--force`: the command would write over (or delete) what
///    it reads (`InputOverlap`, the rule `dict train` follows too).
/// 3. A folder that exists already is written only when it is empty or a results folder of ours
///    (results.json or BASELINE.md in it), and results in it are replaced only with `--force`
///    unless the command replaces that kind (`baseline update` a baseline).
/// 4. `baseline update` swaps the whole folder, so the old folder is deleted: it must hold
///    nothing but the files a results folder has, even with `--force`.
/// 5. The folder, or its nearest existing parent, is a writable folder.
///
/// Every refusal exits 73 and names the path.
enum ResultsOutFolder {
  /// What a folder holds already.
  enum Existing {
    /// A `run` or `merge` result: refused without `--force`.
    case results
    /// A baseline (it has BASELINE.md): what `baseline update` exists to replace.
    case baseline
    /// Nothing, or no folder at all.
    case none
    /// Files that are not a results folder's: never replaced; written into only with `--force`.
    case foreign
  }

  /// The names a results folder of ours may hold: what `ResultsWriter`, `baseline update` and
  /// `run --plots` write, and the hidden temporary files `AtomicFile` leaves after a crash.
  static let ownNames: Set<String> = [
    "results.json", "results.csv", "report.md", "report.html", "BASELINE.md", "plots",
  ]

  /// - Parameters:
  ///   - path: the `--out` folder.
  ///   - force: `--force` was given.
  ///   - inputs: results folders or files the command reads; `path` may never be one of them,
  ///     inside one or hold one.
  ///   - replaceable: kinds of existing content this command replaces without `--force`.
  ///   - deletesOldContents: the command replaces the whole folder (rule 4).
  static func validate(
    _ path: String, force: Bool, inputs: [String] = [], replaceable: Set<Existing> = [],
    deletesOldContents: Bool = false
  ) throws(CLIError) {
    let folder = InputOverlap.canonical(path)
    try refuseWorkingFolder(folder, shown: path)
    try InputOverlap.check(
      path, inputs: inputs, writing: "the results", sameFiles: ownNames.subtracting(["plots"]),
      place: resultsFolder(of:))
    let existing = contents(of: folder)
    if existing == .foreign, deletesOldContents || !force {
      throw CLIError(
        .cannotCreate,
        "'\(path)' holds files that are not results (no results.json or BASELINE.md); "
          + (deletesOldContents
            ? "choose an empty or new --out" : "choose an empty or new --out, or pass --force to write into it"))
    }
    if existing == .results || existing == .baseline, !force, !replaceable.contains(existing) {
      let what = existing == .baseline ? "a baseline (BASELINE.md)" : "results (results.json)"
      throw CLIError(
        .cannotCreate,
        "'\(path)' already holds \(what); choose another --out or pass --force to replace them"
      )
    }
    if deletesOldContents, let stranger = strangers(in: folder).first {
      throw CLIError(
        .cannotCreate,
        "'\(path)' holds '\(stranger)', which is not a results file; replacing the folder would delete it, "
          + "so move it away or choose another --out")
    }
    try checkWritable(folder, shown: path)
  }

  /// Rule 1: `/`, the working folder and every folder above it.
  private static func refuseWorkingFolder(_ folder: String, shown: String) throws(CLIError) {
    let working = InputOverlap.canonical(FileManager.default.currentDirectoryPath)
    guard folder == "/" || folder == working || working.hasPrefix(folder + "/") else { return }
    throw CLIError(
      .cannotCreate,
      "--out '\(shown)' is the working folder or one above it; results go into a folder of their own")
  }

  /// What is in a folder already.
  static func contents(of folder: String) -> Existing {
    let manager = FileManager.default
    if manager.fileExists(atPath: folder + "/BASELINE.md") { return .baseline }
    if manager.fileExists(atPath: folder + "/results.json") { return .results }
    let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    return entries.isEmpty ? .none : .foreign
  }

  /// Entries of `folder` that no results writer of ours puts there, sorted.
  static func strangers(in folder: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.filter { !ownNames.contains($0) && !$0.hasPrefix(".") }.sorted()
  }

  /// The folder a results input lives in: itself, or the folder of a results.json file.
  static func resultsFolder(of input: String) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue {
      return URL(fileURLWithPath: input).deletingLastPathComponent().path
    }
    return input
  }

  /// The folder exists and is a writable folder, or its nearest existing ancestor is one (so
  /// it can be created). Nothing is created here.
  static func checkWritable(_ folder: String, shown: String) throws(CLIError) {
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
