/// Lists the files of a folder tree for a `directory` corpus: regular files only, recursively,
/// hidden names (starting with `.`) skipped along with everything under them, symbolic links to
/// files followed but links to folders not entered (so a link cycle cannot loop), sorted by
/// relative path bytewise so the order is the same on every file system.
enum DirectoryWalker {
  /// Absolute paths of the files under `root`, sorted.
  static func files(under root: String) throws(CorpusError) -> [String] {
    var relative: [String] = []
    try walk(root: root, prefix: "", into: &relative)
    relative.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let base = root.hasSuffix("/") ? root : root + "/"
    return relative.map { base + $0 }
  }

  private static func walk(root: String, prefix: String, into files: inout [String]) throws(CorpusError) {
    let folder = prefix.isEmpty ? root : root + "/" + prefix
    for name in try FileSystem.contents(ofDirectory: folder) where !name.hasPrefix(".") {
      let relative = prefix.isEmpty ? name : prefix + "/" + name
      let path = folder + "/" + name
      switch FileSystem.type(of: path) {
      case .regularFile:
        files.append(relative)
      case .directory:
        if !FileSystem.isSymbolicLink(path) { try walk(root: root, prefix: relative, into: &files) }
      case .other, nil:
        continue
      }
    }
  }
}
