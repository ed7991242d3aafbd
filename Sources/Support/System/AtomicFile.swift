#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file through `OutputFile`, the harness's one output path: a new or regular
/// file is replaced all at once (the bytes go to a temporary file in the same folder, are
/// flushed to disk, and rename(2) swaps it in, so a reader, a crash or a second SIGINT sees the
/// old file or the new one, never half of one); a device or FIFO is written through.
public enum AtomicFile {
  /// A system call that failed while writing: which file, which call, and its errno.
  public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32
    /// Set when the C library's text for `errno` would mislead (ELOOP from realpath is a loop).
    public var reason: String?

    public init(path: String, operation: String, errno: Int32, reason: String? = nil) {
      self.path = path
      self.operation = operation
      self.errno = errno
      self.reason = reason
    }

    /// What went wrong, in words: `reason`, or the C library's text for `errno`.
    public var message: String { reason ?? String(cString: strerror(errno)) }

    public var description: String { "\(operation) failed with errno \(errno) (\(message))" }
  }

  /// - Parameter replacing: false to create the file only if nothing is at `path` yet; the
  ///   check and the creation are one step (link(2) refuses an existing name), so of two
  ///   processes racing for one name exactly one wins (`errno` EEXIST, operation `link`).
  public static func write(_ bytes: some Collection<UInt8>, to path: String, replacing: Bool = true)
    throws(WriteError)
  {
    let output = try OutputFile(path: path, replacing: replacing)
    do throws(WriteError) {
      try output.write(bytes)
      try output.commit()
    } catch {
      output.abandon()
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
}
