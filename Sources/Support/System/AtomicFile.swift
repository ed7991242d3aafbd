/// Replaces a file's contents all at once: the bytes go to a new temporary file in the same
/// folder, are flushed to disk, and rename(2) then swaps it in. rename within one file system is
/// atomic, so a reader (or a crash, or a second SIGINT) sees the old file or the new one, never
/// half of one.
public enum AtomicFile {
  /// A system call that failed while writing: which file, which call, and its errno.
  public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32
    /// The C library's text for `errno`.
    public var message: String { String(cString: strerror(errno)) }

    public var description: String { "\(operation) failed with errno \(errno) (\(message))" }
  }

  public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(WriteError) {
    let temporary = temporaryPath(for: path)
    // O_EXCL: never write through a file someone else put at the temporary name. Mode 0666 lets
    // the umask decide, as for any file a tool creates (mkstemp would force 0600).
    let descriptor = retryingOnInterrupt { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
    guard descriptor >= 0 else { throw failure(temporary, "open") }
    var closed = false
    do throws(WriteError) {
      try writeAll(bytes, to: descriptor, path: temporary)
      guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw failure(temporary, "fsync") }
      // close(2) is never retried or repeated: after any result the descriptor is released, and
      // a second close could hit a descriptor another thread has opened since.
      closed = true
      guard close(descriptor) == 0 else { throw failure(temporary, "close") }
    } catch {
      if !closed { _ = close(descriptor) }
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = failure(path, "rename")
      unlink(temporary)
      throw error
    }
  }

  /// `.<name>.tmp-<pid>-<random>` beside the target: the same file system, so rename stays atomic,
  /// and a leading dot keeps half-written files out of `ls` and globs.
  public static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let suffix = String(UInt32.random(in: .min ... .max), radix: 16)
    return "\(folder).\(name).tmp-\(getpid())-\(suffix)"
  }

  private static func writeAll(
    _ bytes: some Collection<UInt8>, to descriptor: Int32, path: String
  ) throws(WriteError) {
    let buffer = Array(bytes)
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { raw in
        retryingOnInterrupt { systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset) }
      }
      guard written > 0 else { throw failure(path, "write") }
      offset += written
    }
  }

  private static func failure(_ path: String, _ operation: String) -> WriteError {
    WriteError(path: path, operation: operation, errno: errno)
  }
}

/// write(2), reachable under another name because `AtomicFile.write` hides it inside the enum.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
