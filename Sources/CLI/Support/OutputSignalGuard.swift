import DeflateBenchSupport
import Foundation
import Synchronization

/// Keeps SIGINT, SIGTERM and SIGHUP from leaving `-o FILE`'s temporary file behind: while it
/// listens (`InterruptMonitor`, the same monitor `run` uses), the first such signal removes every
/// temporary not yet in place (`OutputFile.removeTemporaries`), says so, and exits 130, so FILE is
/// left as it was, or absent. The command's main thread may be blocked anywhere (reading a pipe
/// that stays open, inside a library call), which is why the cleanup runs on the signal queue.
final class OutputSignalGuard {
  /// What the signal queue reads.
  private final class State: Sendable {
    /// Set once the output is in place: a signal after that is too late to undo anything, and
    /// the command ends as it would have.
    let placed = Atomic<Bool>(false)
    /// Set for a device or FIFO, where bytes written before the signal have gone out.
    let writesThrough = Atomic<Bool>(false)
  }

  private let state = State()
  private var monitor: InterruptMonitor?

  /// Starts listening; call before the output file is created, so a signal that lands while it
  /// is created still finds its temporary recorded. `path` is `-` for standard output, written
  /// only at the end (`dict train --out -`).
  init(path: String, command: String, console: Console) {
    monitor = InterruptMonitor { [state] _ in
      guard !state.placed.load(ordering: .acquiring) else { return }
      let outcome =
        state.writesThrough.load(ordering: .acquiring)
        ? "what was written through '\(path)' is incomplete"
        : path == "-" ? "nothing was written to standard output" : "'\(path)' was left as it was"
      console.error("deflate-bench \(command): interrupted; \(outcome)\n")
      OutputFile.removeTemporaries { _exit(ExitCode.interrupted.rawValue) }
    }
  }

  deinit { stop() }

  /// The output file exists now (its temporary, or the device it writes through).
  func opened(_ file: OutputFile) {
    state.writesThrough.store(file.writesThrough, ordering: .releasing)
  }

  /// The output is in place; a later signal changes nothing.
  func placed() {
    state.placed.store(true, ordering: .releasing)
  }

  /// Stops listening and restores the signals' default actions.
  func stop() {
    monitor?.stop()
    monitor = nil
  }
}
