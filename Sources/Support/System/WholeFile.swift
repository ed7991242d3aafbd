#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way a command reads a whole input file: a regular file, or a FIFO or character device
/// (what `<(...)` and /dev/stdin give) read to its end. Failures name the real reason from
/// errno, never Foundation's "You don't have permission" for a FIFO it will not read.
public enum WholeFile {
  /// Why the file could not be read: `missing` when nothing is there (ENOENT), else a reason in
  /// words ("it is a folder, not a file", "it is a symbolic link loop", strerror's text).
  public struct Failure: Error, Sendable, Equatable {
    public var missing: Bool
    public var reason: String
  }

  public static func read(_ path: String) throws(Failure) -> [UInt8] {
    let descriptor = try open(path, flags: O_RDONLY | O_CLOEXEC)
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw Failure(missing: false, reason: "it is a folder, not a file")
    }
    return try read(descriptor: descriptor)
  }

  /// Reads a regular file whole, and refuses anything else without waiting for it: a FIFO with no
  /// writer would block `open` for ever, and a device or socket is no file of results. The file
  /// is opened non-blocking, so the check is made on what was opened, not on a name that could
  /// change in between.
  public static func readRegularFile(_ path: String) throws(Failure) -> [UInt8] {
    let descriptor = try open(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Failure(missing: false, reason: String(cString: strerror(errno))) }
    if let kind = nonRegularKind(info.st_mode) {
      throw Failure(missing: false, reason: "it is \(kind), not a regular file; save it to a file first")
    }
    // Reads of a regular file never wait; the flag is cleared all the same.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return try read(descriptor: descriptor)
  }

  /// open(2), its failure in words.
  private static func open(_ path: String, flags: Int32) throws(Failure) -> Int32 {
    let descriptor = retryingOnInterrupt { systemOpen(path, flags) }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw Failure(missing: true, reason: "it does not exist") }
      if code == ELOOP { throw Failure(missing: false, reason: "it is a symbolic link loop") }
      throw Failure(missing: false, reason: String(cString: strerror(code)))
    }
    return descriptor
  }

  /// What a file of this mode is, in words, when it is not a regular file.
  public static func nonRegularKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "not a file"
    }
  }

  /// Reads an open descriptor to its end, in 1 MiB reads.
  public static func read(descriptor: Int32) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { raw in
        retryingOnInterrupt { systemRead(descriptor, raw.baseAddress, raw.count) }
      }
      if count == 0 { return bytes }
      guard count > 0 else { throw Failure(missing: false, reason: String(cString: strerror(errno))) }
      bytes += chunk[..<count]
    }
  }
}

/// open(2), reachable under another name because `WholeFile.open` hides it.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}

/// read(2), reachable under another name because `WholeFile.read` hides it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
