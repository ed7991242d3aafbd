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
    guard stat(path, &info) == 0 else { return nil }
    return entryType(info.st_mode)
  }

  /// True when `path` is itself a symbolic link.
  static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFLNK
  }

  static func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }

  /// Names in a folder, unsorted, without `.` and `..`.
  static func contents(ofDirectory path: String) throws(CorpusError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .unreadablePath(path: path, role: "folder", reason: reason(error))
    }
  }

  /// Reads a whole file into one array, straight from the descriptor (no `Data` copy), so a
  /// file costs its size in memory and no more.
  static func readFile(_ path: String, role: String) throws(CorpusError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missingPath(path: path, role: role) }
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

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
  }
}
