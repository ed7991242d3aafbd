import Foundation

/// The one rule every command that writes beside what it reads follows: its output is never one
/// of its inputs, never a hard link to an input's file, never inside an input folder and never a
/// folder that holds an input, even with `--force`, since it would write over (or delete) what it
/// reads. `ResultsOutFolder` applies it to `run`'s, `merge`'s and `baseline update`'s folder,
/// `dict train` to its dictionary file. A refusal exits 73 naming both paths.
enum InputOverlap {
  /// How an output stands to one input.
  enum Relation: Equatable {
    /// The same path, once symbolic links are resolved.
    case same
    /// Another name of the same file (a hard link): `name` is the output folder's file that is
    /// one (nil when the output itself is), `file` the input's name for it.
    case hardLink(name: String?, file: String)
    /// The output lies inside the input folder.
    case inside
    /// The output is a folder the input lies in.
    case holds
  }

  /// - Parameters:
  ///   - output: the output as given, `shown` in messages under `option`.
  ///   - inputs: the inputs as given.
  ///   - what: what the command writes, for the advice: `the results`, `the dictionary`.
  ///   - sameFiles: the names whose hard links count, for an output folder and input folder pair
  ///     (`results.json` ...); for a file output, the files themselves are compared.
  ///   - place: where an input lies, when that is not the input itself (a results file's folder).
  static func check(
    _ output: String, option: String = "--out", inputs: [String], writing what: String, sameFiles: Set<String> = [],
    place: (String) -> String = { $0 }
  ) throws(CLIError) {
    for input in inputs {
      guard let relation = relation(of: output, to: place(input), sameFiles: sameFiles) else { continue }
      let words =
        switch relation {
        case .same: "is one of the inputs"
        case .hardLink(nil, let file): "is a hard link to the input '\(file)'"
        case .hardLink(let name?, let file): "holds \(name), a hard link to the input's '\(file)'"
        case .inside: "is inside the input '\(input)'"
        case .holds: "holds the input '\(input)'"
        }
      throw CLIError(.cannotCreate, "\(option) '\(output)' \(words); write \(what) somewhere else")
    }
  }

  static func relation(of output: String, to input: String, sameFiles: Set<String> = []) -> Relation? {
    let out = canonical(output)
    let into = canonical(input)
    if out == into { return .same }
    if out == "/" || into.hasPrefix(out + "/") { return .holds }
    if out.hasPrefix(into + "/") { return .inside }
    if let identity = FileIdentity(out), identity == FileIdentity(into) { return .hardLink(name: nil, file: input) }
    for name in sameFiles.sorted() {
      guard let identity = FileIdentity(out + "/" + name) else { continue }
      for other in sameFiles.sorted() where FileIdentity(into + "/" + other) == identity {
        return .hardLink(name: name, file: input + "/" + other)
      }
    }
    return nil
  }

  /// An absolute path with symbolic links resolved, so two spellings of one place compare equal.
  static func canonical(_ path: String) -> String {
    let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    return resolved.count > 1 && resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved
  }
}

/// A regular file's device and inode: two paths with the same identity are one file.
private struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64

  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
