import Foundation

/// The temporary files of every `OutputFile` in the process that are not yet renamed into place
/// or removed, so that a process ending early (on SIGINT, SIGTERM or SIGHUP, or while a thread it
/// gave up on is still writing) removes them rather than leaving `.name.tmp-...` files beside
/// the outputs. SIGKILL cannot be caught: only then is a temporary left behind.
///
/// Creating, placing and removing a temporary take one lock, and `removeAll(thenExit:)` exits
/// while holding it, so no temporary appears, and none is renamed in, after the sweep.
enum PendingTemporaries {
  /// NSLock rather than Synchronization's Mutex, whose import here would make the C library's
  /// `mode_t` ambiguous for this module's public declarations.
  private static let lock = NSLock()
  nonisolated(unsafe) private static var recorded: Set<String> = []

  /// Runs `body` on the recorded paths while holding the lock.
  private static func withLock<Result>(_ body: (inout Set<String>) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&recorded)
  }

  /// Creates `path` exclusively (O_EXCL: never a file someone else put there) and records it.
  /// Returns the descriptor, or -1 with `errno` set.
  static func create(_ path: String, mode: mode_t) -> Int32 {
    let (descriptor, code) = withLock { paths -> (Int32, Int32) in
      let descriptor = retryingOnInterrupt { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
      let code = errno
      if descriptor >= 0 { paths.insert(path) }
      return (descriptor, code)
    }
    errno = code
    return descriptor
  }

  /// Runs `place` (the rename or link that puts the file in place), then removes whatever is
  /// still at `path` (after a link, or a rename that failed) and forgets it. Returns what
  /// `place` returned, with its `errno`.
  static func place(_ path: String, by place: () -> Int32) -> Int32 {
    let (result, code) = withLock { paths -> (Int32, Int32) in
      let result = place()
      let code = errno
      unlink(path)
      paths.remove(path)
      return (result, code)
    }
    errno = code
    return result
  }

  /// Removes the temporary file at `path` and forgets it.
  static func remove(_ path: String) {
    withLock { paths in
      unlink(path)
      paths.remove(path)
    }
  }

  /// Removes every recorded temporary file, then ends the process with `end` without releasing
  /// the lock, so no other thread can create or place one meanwhile.
  static func removeAll(thenExit end: () -> Never) -> Never {
    withLock { paths -> Never in
      for path in paths { unlink(path) }
      end()
    }
  }
}
