import Foundation
import TestSupport

/// A `deflate-bench` started in the background for a test that signals it while it runs: its
/// stderr goes to a file the test can read meanwhile, and with `feedsStandardInput` its standard
/// input is a pipe the test keeps open (and empty), so the command is still reading when the
/// signal comes.
final class BackgroundDeflateBench {
  let process = Process()
  let finished = DispatchSemaphore(value: 0)
  let stderrURL: URL
  let input: Pipe?

  /// - Parameters:
  ///   - launcher: a program and its arguments that execs `deflate-bench` in its own process
  ///     (`nohup`), so the test's signals still reach the command at `pid`.
  ///   - signalsUnblocked: start the command with no signal blocked, as a shell does, instead of
  ///     with the test thread's mask (which blocks SIGINT and the like): only then is a signal's
  ///     handler run on the command's own threads, interrupting their system calls.
  init(
    _ arguments: [String], in scratch: ScratchDirectory, feedsStandardInput: Bool = false, launcher: [String] = [],
    signalsUnblocked: Bool = false
  ) throws {
    stderrURL = scratch.url.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    input = feedsStandardInput ? Pipe() : nil
    let executable = try DeflateBenchExecutable.url
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = launcher.dropFirst() + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.currentDirectoryURL = scratch.url
    if let input { process.standardInput = input }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    process.terminationHandler = { [finished] _ in finished.signal() }
    guard signalsUnblocked else {
      try process.run()
      return
    }
    // Process spawns on this thread and the child inherits its mask: clear it for the spawn.
    var none = sigset_t()
    var saved = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try process.run()
  }

  var pid: Int32 { process.processIdentifier }
  var stderrText: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

  /// Waits up to `seconds` for `condition` while the process runs, polling; false when it never held.
  func wait(seconds: Double, until condition: () -> Bool) -> Bool {
    poll(seconds: seconds) { condition() || !process.isRunning } && condition()
  }

  /// Waits for the process to end; false (after killing it) when it still runs after `seconds`.
  /// SIGKILL, not SIGTERM: a child started from a test thread inherits its blocked signals, so
  /// only a signal the command itself listens for, or SIGKILL, reaches it.
  func waitForExit(seconds: Double) -> Bool {
    defer { try? input?.fileHandleForWriting.close() }
    if finished.wait(timeout: .now() + seconds) == .timedOut {
      kill(pid, SIGKILL)
      finished.wait()
      return false
    }
    process.waitUntilExit()
    return true
  }
}
