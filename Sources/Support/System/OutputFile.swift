#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way the harness writes a file (results folders, command outputs, dictionaries,
/// payload files), decided by what is at the path already:
///
/// - nothing: a new file, written under a temporary name beside it and renamed in once
///   complete (mode 0666 less the umask, as for any file a tool creates, unless told otherwise).
/// - a regular file: replaced the same way, atomically; the new file keeps the old one's
///   permission bits and, where allowed, its owner (so a 0600 file stays 0600).
/// - a device, FIFO or socket: written through, never replaced, as a shell redirection does
///   (`/dev/null` discards, a FIFO feeds its reader).
/// - a symbolic link: followed, and its target handled as above; the link itself stays. A link
///   loop or a link to a missing file is refused.
/// - a folder: refused.
///
/// Bytes may come in pieces (`write` any number of times); nothing replaces a regular file until
/// `commit`, and `abandon` (or dropping the value uncommitted) removes the temporary file. A
/// process that ends early removes every temporary not yet in place with
/// `removeTemporaries(thenExit:)` (see `PendingTemporaries`).
public final class OutputFile {
  /// The path as given.
  public let path: String
  /// The temporary file renamed over `target` at commit, or nil when writing through (or when
  /// it could not be created, so that nobody else's file is removed).
  private var temporary: String?
  /// The file the bytes end up in: `path` with symbolic links resolved.
  public let target: String
  /// True for a device, FIFO or socket, written through rather than replaced: what was written
  /// before a failure has gone out.
  public let writesThrough: Bool
  private let replacing: Bool
  private var descriptor: Int32

  /// - Parameters:
  ///   - replacing: false to create a new file only: anything at `path` (even a device or a
  ///     link) then fails with EEXIST, at once or, if it appears meanwhile, at `commit`.
  ///   - newFileMode: the permission bits of a file that did not exist, less the umask (0600
  ///     for files only their owner should read). A plain integer, not `mode_t`: a public
  ///     declaration may only name a C type its file imports from the module that declares it,
  ///     and the C library declares `mode_t` in several headers, so which module clang credits
  ///     with it depends on build order; a clean build failed on it.
  public init(path: String, replacing: Bool = true, newFileMode: UInt32 = 0o666) throws(AtomicFile.WriteError) {
    self.path = path
    self.replacing = replacing
    var info = stat()
    var existing: stat?
    var target = path
    if lstat(path, &info) == 0 {
      guard replacing else { throw AtomicFile.WriteError(path: path, operation: "link", errno: EEXIST) }
      if info.st_mode & S_IFMT == S_IFLNK {
        // stat first: the kernel follows links realpath cannot name, such as /dev/stdout or
        // /dev/fd/N when they lead to a pipe (`pipe:[N]`), which are written through by path.
        guard stat(path, &info) == 0 else {
          _ = try Self.resolve(link: path)
          throw Self.failure(path, "stat")
        }
        if info.st_mode & S_IFMT == S_IFREG { target = try Self.resolve(link: path) }
      }
      existing = info
    } else if errno != ENOENT {
      throw Self.failure(path, "lstat")
    }
    self.target = target
    switch existing.map({ $0.st_mode & S_IFMT }) {
    case S_IFDIR:
      throw AtomicFile.WriteError(path: path, operation: "open", errno: EISDIR, reason: "it is a folder")
    case nil, S_IFREG:
      writesThrough = false
      let temporary = AtomicFile.temporaryPath(for: target)
      self.temporary = temporary
      // Recorded process-wide, so that a process ending on a signal removes it.
      descriptor = PendingTemporaries.create(temporary, mode: mode_t(newFileMode))
      guard descriptor >= 0 else {
        let error = Self.failure(temporary, "open")
        self.temporary = nil
        throw error
      }
      if let existing {
        // The owner first: fchown clears set-user-ID bits, which fchmod then restores. Only
        // root may give a file away, so failing to is expected and harmless.
        _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        _ = fchmod(descriptor, existing.st_mode & 0o7777)
      }
    default:
      writesThrough = true
      temporary = nil
      descriptor = retryingOnInterrupt { open(target, O_WRONLY | O_CLOEXEC) }
      guard descriptor >= 0 else { throw Self.failure(path, "open") }
    }
  }

  deinit { abandon() }

  /// Appends bytes; a write error (a full disk, a device that refuses) names the path.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(AtomicFile.WriteError) {
    if let code = writingAll(bytes, { systemWrite(descriptor, $0, $1) }) {
      throw AtomicFile.WriteError(path: path, operation: "write", errno: code)
    }
  }

  public func write(_ bytes: some Collection<UInt8>) throws(AtomicFile.WriteError) {
    let failed = Array(bytes).withUnsafeBytes { raw -> AtomicFile.WriteError? in
      do throws(AtomicFile.WriteError) {
        try write(raw)
        return nil
      } catch {
        return error
      }
    }
    if let failed { throw failed }
  }

  /// The slow half of `commit` for a new or regular file: flushes it to disk and closes it, so a
  /// caller that must put the file in place under a lock of its own can wait for the disk
  /// outside that lock. Does nothing for a device or FIFO, or when already called.
  public func flush() throws(AtomicFile.WriteError) {
    guard temporary != nil, descriptor >= 0 else { return }
    guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw Self.failure(path, "fsync") }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else { throw Self.failure(path, "close") }
  }

  /// Completes the output: a new or regular file is flushed to disk and put in place; a device
  /// or FIFO is closed.
  public func commit() throws(AtomicFile.WriteError) {
    guard let temporary else {
      // close(2) is never retried or repeated: after any result the descriptor is released, and
      // a second close could hit a descriptor another thread has opened since.
      let closed = close(descriptor)
      descriptor = -1
      guard closed == 0 else { throw Self.failure(path, "close") }
      return
    }
    try flush()
    self.temporary = nil
    let operation = replacing ? "rename" : "link"
    let placed = PendingTemporaries.place(temporary) {
      replacing ? rename(temporary, target) : link(temporary, target)
    }
    guard placed == 0 else { throw Self.failure(path, operation) }
  }

  /// Ends the process with `end` (`exit` or `_exit`) after removing the temporary file of every
  /// output in the process that is not in place yet; none can appear or be renamed in meanwhile.
  /// For a process stopped by a signal, or one that gives up on a thread still writing.
  public static func removeTemporaries(thenExit end: () -> Never) -> Never {
    PendingTemporaries.removeAll(thenExit: end)
  }

  /// Drops what was written: the temporary file is removed and the target left untouched (bytes
  /// already written through a device or FIFO are gone, as with any stream).
  public func abandon() {
    if descriptor >= 0 {
      _ = close(descriptor)
      descriptor = -1
    }
    if let temporary { PendingTemporaries.remove(temporary) }
    temporary = nil
  }

  /// The file a symbolic link leads to, or the reason it leads nowhere.
  private static func resolve(link path: String) throws(AtomicFile.WriteError) -> String {
    guard let real = realpath(path, nil) else {
      let code = errno
      let reason =
        code == ELOOP
        ? "it is a symbolic link loop"
        : code == ENOENT ? "it is a symbolic link to a missing file" : nil
      throw AtomicFile.WriteError(path: path, operation: "realpath", errno: code, reason: reason)
    }
    defer { free(real) }
    return String(cString: real)
  }

  private static func failure(_ path: String, _ operation: String) -> AtomicFile.WriteError {
    AtomicFile.WriteError(path: path, operation: operation, errno: errno)
  }
}

/// write(2), reachable under another name because `OutputFile.write` hides it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
