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
    let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw Failure(missing: true, reason: "it does not exist") }
      if code == ELOOP { throw Failure(missing: false, reason: "it is a symbolic link loop") }
      throw Failure(missing: false, reason: String(cString: strerror(code)))
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw Failure(missing: false, reason: "it is a folder, not a file")
    }
    return try read(descriptor: descriptor)
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

/// read(2), reachable under another name because `WholeFile.read` hides it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
