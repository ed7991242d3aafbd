#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `mkdir -p` with the reason a folder cannot be made in words: Foundation's createDirectory
/// reports a file in the way as "NSCocoaErrorDomain error 512" on Linux, with no errno.
public enum FolderCreation {
  /// Creates `path` and its missing parents (mode 0777 less the umask); an existing folder is
  /// fine. The error names the first path that is in the way or cannot be made.
  public static func create(_ path: String) throws(AtomicFile.WriteError) {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw AtomicFile.WriteError(
          path: path, operation: "mkdir", errno: ENOTDIR, reason: "\(path) is a file, not a folder")
      }
      return
    }
    if errno == ELOOP {
      throw AtomicFile.WriteError(
        path: path, operation: "mkdir", errno: ELOOP, reason: "\(path) is a symbolic link loop")
    }
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
      try create(String(trimmed[..<slash]))
    }
    guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
      let code = errno
      throw AtomicFile.WriteError(
        path: path, operation: "mkdir", errno: code, reason: "cannot create \(path): \(String(cString: strerror(code)))"
      )
    }
  }
}
