import DeflateBenchMeasurement
import DeflateBenchSupport
import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into a cancellation the runner sees between cells: the first
/// signal lets the current cell finish or be abandoned and the reports be written (exit 130),
/// within about a second (`MeasuringThread` stops waiting for a library call that does not
/// return); a second one ends the process at once, removing the temporary files of outputs not
/// yet in place. `compress -o` and `decompress -o` use the same monitor (`OutputSignalGuard`).
///
/// The signals' default action is switched off (SIG_IGN) and Dispatch signal sources on a
/// background queue receive them instead, so no code runs in signal-handler context and the
/// measuring thread is never interrupted mid-sample. A SIGHUP ignored when the monitor starts
/// (`nohup`) stays ignored: whoever started the tool asked it to outlive its terminal.
final class InterruptMonitor {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// What the signal queue and the runner share.
  private final class State: Sendable {
    let cancellation = CancellationFlag()
    let received = Atomic<Int>(0)
  }

  private let state = State()
  private var sources: [any DispatchSourceSignal] = []
  /// The signals listened for, whose default action `stop` restores.
  private var listened: [Int32] = []
  private let queue = DispatchQueue(label: "deflate-bench.signals")

  /// Starts listening. `onFirst` runs on the signal queue when the first signal arrives, to say
  /// what happens next.
  init(onFirst: @escaping @Sendable (Int32) -> Void) {
    for number in Self.signals {
      let previous = signal(number, SIG_IGN)
      if number == SIGHUP, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
      listened.append(number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [state] in
        if state.received.add(1, ordering: .relaxed).newValue > 1 {
          // Asked twice: leave now, without reports; that is what a second Ctrl-C means.
          OutputFile.removeTemporaries { _exit(ExitCode.interrupted.rawValue) }
        }
        state.cancellation.cancel()
        onFirst(number)
      }
      source.resume()
      sources.append(source)
    }
  }

  var cancellation: CancellationFlag { state.cancellation }

  var wasInterrupted: Bool { state.cancellation.isCancelled }

  /// Stops listening and restores the default actions, so a signal after the run behaves normally.
  func stop() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in listened { signal(number, SIG_DFL) }
    listened.removeAll()
  }
}
