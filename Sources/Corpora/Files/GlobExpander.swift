import Foundation

/// Expands a glob pattern (`data/**/*.json`, `/var/log/app-?.log`) into the sorted list of
/// regular files it matches. `**` as a whole component matches zero or more folders. Like the
/// shell, wildcards do not match names starting with `.` unless the pattern component does.
enum GlobExpander {
  struct Result: Equatable {
    /// The folder the walk started in (the pattern's literal leading components).
    var base: String
    var files: [String]
  }

  /// Matches `pattern` (absolute, or relative to `base`) against the file system.
  static func expand(_ pattern: String, relativeTo base: String) throws(CorpusError) -> Result {
    let absolute = pattern.hasPrefix("/") ? pattern : (base.hasSuffix("/") ? base : base + "/") + pattern
    var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map { GlobPattern(String($0)) }
    // The literal head is a plain folder path: start there instead of walking from "/".
    var start = ""
    while components.count > 1, components[0].isLiteral, components[0].text != "**" {
      start += "/" + components.removeFirst().literalName
    }
    start = start.isEmpty ? "/" : URL(fileURLWithPath: start).standardizedFileURL.path
    switch FileSystem.type(of: start) {
    case nil: throw .missingPath(path: start, role: "glob base folder")
    case .directory: break
    case .regularFile, .other: return Result(base: start, files: [])
    }
    var found = Set<String>()
    try match(folder: start, components[...], into: &found)
    let files = found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return Result(base: start, files: files)
  }

  private static func match(folder: String, _ components: ArraySlice<GlobPattern>, into found: inout Set<String>)
    throws(CorpusError)
  {
    guard let component = components.first else { return }
    let rest = components.dropFirst()
    let prefix = folder == "/" ? "/" : folder + "/"
    if component.text == "**" {
      if rest.isEmpty {
        for file in try DirectoryWalker.files(under: folder) { found.insert(file) }
        return
      }
      try match(folder: folder, rest, into: &found)
      for name in try FileSystem.contents(ofDirectory: folder) where !name.hasPrefix(".") {
        let path = prefix + name
        if FileSystem.type(of: path) == .directory, !FileSystem.isSymbolicLink(path) {
          try match(folder: path, components, into: &found)
        }
      }
      return
    }
    if component.isLiteral {
      // A literal component names one entry: no need to list the folder.
      try visit(prefix + component.literalName, rest, into: &found)
      return
    }
    for name in try FileSystem.contents(ofDirectory: folder) where component.matches(name) {
      if name.hasPrefix(".") && !component.matchesHidden { continue }
      try visit(prefix + name, rest, into: &found)
    }
  }

  private static func visit(_ path: String, _ rest: ArraySlice<GlobPattern>, into found: inout Set<String>)
    throws(CorpusError)
  {
    switch FileSystem.type(of: path) {
    case .regularFile where rest.isEmpty: found.insert(path)
    case .directory where !rest.isEmpty: try match(folder: path, rest, into: &found)
    default: break
    }
  }
}
