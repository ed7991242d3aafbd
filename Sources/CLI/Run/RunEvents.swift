import DeflateBenchMeasurement
import DeflateBenchResults
import Foundation

/// Where a run's events go while it measures: the progress line, and results.json flushed after
/// repetitions (`RepetitionFlush`), both behind the `EventGate` the main thread seals when it
/// stops waiting for the measuring thread.
final class RunEvents {
  let progress: RunProgress
  let gate = EventGate()
  let flush: RepetitionFlush
  /// The partial results.json of a snapshot of cells, set once the run's context is known and
  /// before measuring starts.
  var partialDocument: (([CellResult]) -> ResultsDocument)?

  init(console: Console, quiet: Bool, folder: URL, force: Bool, cancellation: CancellationFlag) {
    progress = RunProgress(console: console, quiet: quiet)
    flush = RepetitionFlush(folder: folder, force: force, gate: gate, cancellation: cancellation)
  }

  /// Shows the event and, after a repetition that is due, flushes results.json.
  func handle(_ event: RunEvent) {
    var document: ResultsDocument?
    gate.pass {
      progress.handle(event)
      guard case .repetitionFinished(_, let snapshot) = event, let partialDocument, flush.isDue() else { return }
      document = partialDocument(snapshot)
    }
    // Outside the gate: the disk may be slow, and Ctrl-C must not wait for it.
    if let document { flush.write(document) }
  }
}
