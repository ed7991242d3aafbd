import DeflateBenchSupport
import Foundation

/// The few file-system questions corpora ask, answered with `stat` so that a folder of 10,000
/// files costs 10,000 system calls and no `URL` resource-value dictionaries.
enum FileSystem {
  enum EntryType: Equatable {
    case regularFile
    case directory
    /// A FIFO, socket or device: never read as a corpus (reading could block).
    case other
  }

  /// The type of what `path` names, following symbolic links; nil when nothing is there
  /// (including a dangling link).
  static func type(of path: String) -> EntryType? {
    var info = stat()
    guard FileName.withCString(path, { stat($0, &info) }) == 0 else { return nil }
    return entryType(info.st_mode)
  }

  /// True for a FIFO or a character device: what `<(...)` and `/dev/stdin` give, read to their
  /// end like a file (once: a corpus made of one is read a single time).
  static func isStream(_ path: String) -> Bool {
    var info = stat()
    guard FileName.withCString(path, { stat($0, &info) }) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFCHR
  }

  /// Why nothing usable is at `path` (where `type(of:)` is nil): a symbolic link loop is said
  /// to be one, rather than a file that "does not exist".
  static func absence(of path: String, role: String) -> CorpusError {
    var info = stat()
    if FileName.withCString(path, { stat($0, &info) }) != 0, errno == ELOOP {
      return .unreadablePath(path: path, role: role, reason: "it is a symbolic link loop")
    }
    return .missingPath(path: path, role: role)
  }

  /// Why `path` cannot be read as a file: nothing there (or a link loop) as `absence` says, else
  /// what it is instead (a folder, a FIFO ...), never "does not exist" for something that does.
  static func notAFile(_ path: String, role: String) -> CorpusError {
    var info = stat()
    guard FileName.withCString(path, { stat($0, &info) }) == 0 else { return absence(of: path, role: role) }
    let kind = WholeFile.nonRegularKind(info.st_mode) ?? "a file"
    return .unreadablePath(path: path, role: role, reason: "it is \(kind), not a regular file")
  }

  /// True when `path` is itself a symbolic link.
  static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    guard FileName.withCString(path, { lstat($0, &info) }) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFLNK
  }

  static func isReadable(_ path: String) -> Bool {
    FileName.withCString(path) { access($0, R_OK) } == 0
  }

  /// Names in a folder, unsorted, without `.` and `..`. Names that are not valid UTF-8 are
  /// kept (see `FileName`), where `FileManager` would drop or misspell them.
  static func contents(ofDirectory path: String) throws(CorpusError) -> [String] {
    guard let folder = FileName.withCString(path, { opendir($0) }) else {
      throw .unreadablePath(path: path, role: "folder", reason: String(cString: strerror(errno)))
    }
    defer { closedir(folder) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(folder) else {
        guard errno == 0 else {
          throw .unreadablePath(path: path, role: "folder", reason: String(cString: strerror(errno)))
        }
        return names
      }
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      names.append(FileName.name(bytes))
    }
  }

  /// Reads a whole file into one array, straight from the descriptor (no `Data` copy), so a
  /// file costs its size in memory and no more.
  static func readFile(_ path: String, role: String) throws(CorpusError) -> [UInt8] {
    let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ELOOP { throw absence(of: path, role: role) }
      throw .unreadablePath(path: path, role: role, reason: String(cString: strerror(code)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadablePath(path: path, role: role, reason: String(cString: strerror(errno)))
    }
    // One byte more than the size, so a single read that ends short confirms the end of file;
    // a file that grew since `fstat` (or a virtual file reporting size 0) continues below.
    let expected = Int(info.st_size)
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
      count = 0
      while count < buffer.count {
        let got = retryingOnInterrupt { read(descriptor, buffer.baseAddress! + count, buffer.count - count) }
        if got > 0 {
          count += got
        } else if got == 0 {
          return
        } else {
          failure = errno
          return
        }
      }
    }
    if failure == 0 && bytes.count == expected + 1 {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let got = chunk.withUnsafeMutableBytes { raw in
          retryingOnInterrupt { read(descriptor, raw.baseAddress!, raw.count) }
        }
        if got > 0 {
          bytes += chunk[0..<got]
        } else if got == 0 {
          break
        } else {
          failure = errno
          break
        }
      }
    }
    guard failure == 0 else {
      throw .unreadablePath(path: path, role: role, reason: String(cString: strerror(failure)))
    }
    // A regular file that grew or shrank while it was read is being written to: its bytes are
    // no snapshot of anything, and a measurement of them could not be repeated. (A virtual file
    // reports size 0 and is read to its end instead.)
    if expected > 0 && bytes.count != expected {
      throw .unreadablePath(
        path: path, role: role,
        reason: "it changed while being read (\(expected) bytes when opened, \(bytes.count) read); "
          + "a corpus file must not be written to during a run")
    }
    return bytes
  }

  /// Resolves a configuration path: `~/` is the home folder, a relative path is taken from
  /// `base`. The result is standardized (no `.` or `..` segments).
  static func resolve(_ path: String, relativeTo base: URL) -> String {
    var expanded = path
    if expanded == "~" || expanded.hasPrefix("~/") {
      expanded = FileManager.default.homeDirectoryForCurrentUser.path + expanded.dropFirst()
    }
    let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : base.appendingPathComponent(expanded)
    return url.standardizedFileURL.path
  }

  private static func entryType(_ mode: mode_t) -> EntryType {
    switch mode & S_IFMT {
    case S_IFREG: .regularFile
    case S_IFDIR: .directory
    default: .other
    }
  }
}
