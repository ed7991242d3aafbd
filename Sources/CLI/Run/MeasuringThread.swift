import DeflateBenchMeasurement
import Dispatch
import Foundation
import Synchronization

/// Runs the measuring on a thread of its own, so that the main thread can answer Ctrl-C within
/// about a second even while one library call runs for many seconds (zopfli, brotli 11 on a large
/// payload). The runner stops by itself at its next check of the cancellation flag; a C call
/// cannot be interrupted, so when the runner has not returned `graceSeconds` after the signal, the
/// main thread gives up on it: the run writes what was measured and exits, and the thread dies
/// with the process.
enum MeasuringThread {
  /// How long a running cell may take to notice an interrupt before it is dropped.
  static let graceSeconds = 1.0

  enum Ending {
    /// The runner returned (finished, or stopped at a check of the cancellation flag).
    case returned(RunOutcome)
    /// Interrupted, and the runner was still inside a cell `graceSeconds` later.
    case abandoned
  }

  /// Starts `measure` on a new thread and waits for it, or for an interrupt and the grace period.
  static func run(_ measure: @escaping () -> RunOutcome, interrupts: InterruptMonitor) -> Ending {
    let result = Mutex<RunOutcome?>(nil)
    let returned = DispatchSemaphore(value: 0)
    // The runner and its event handler are not Sendable: they run on the new thread only, while
    // this thread waits; what the event handler shares with this thread sits behind `EventGate`.
    let work = UncheckedTransfer(measure)
    let thread = Thread {
      let outcome = work.value()
      result.withLock { $0 = outcome }
      returned.signal()
    }
    thread.name = "deflate-bench-measure"
    // As much stack as the main thread has, which the libraries were always called on before.
    thread.stackSize = 8 << 20
    thread.start()

    var deadline: DispatchTime?
    while true {
      if returned.wait(timeout: .now() + .milliseconds(50)) == .success {
        return .returned(result.withLock { $0 }!)
      }
      guard interrupts.wasInterrupted else { continue }
      if let deadline {
        if DispatchTime.now() >= deadline { return .abandoned }
      } else {
        deadline = .now() + graceSeconds
      }
    }
  }
}

/// Lets the measuring thread's events through until the main thread seals it; after that they
/// are dropped, so a runner that returns from a long library call after the main thread gave up
/// on it can neither redraw the progress nor overwrite the results being written. What passes
/// must be quick, since `seal` (and so Ctrl-C) waits for it: slow I/O such as an fsync happens
/// outside, and only its outcome passes (`RepetitionFlush`).
final class EventGate: Sendable {
  private let sealed = Mutex(false)

  /// Runs `body` unless the gate is sealed, holding the lock so `seal` waits for it to end.
  /// Returns false when the gate was sealed and `body` did not run.
  @discardableResult
  func pass(_ body: () -> Void) -> Bool {
    sealed.withLock { isSealed in
      if !isSealed { body() }
      return !isSealed
    }
  }

  /// Closes the gate, once any `body` in progress has ended.
  func seal() {
    sealed.withLock { $0 = true }
  }
}

/// Hands a value that is not Sendable to one other thread; the caller makes sure the two
/// threads never use it at the same time.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
