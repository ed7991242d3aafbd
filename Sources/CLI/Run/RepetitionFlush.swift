import DeflateBenchMeasurement
import DeflateBenchReports
import DeflateBenchResults
import Foundation

/// results.json after the first repetition and then after any repetition that ends `interval`
/// seconds or more after the last flush, written by the measuring thread, so a crash costs the
/// last `interval` seconds of measuring, or the repetition then running. Not after every one:
/// `run --quick` ends 36 repetitions (3 of each of 12 payload sets), and encoding the growing
/// file after each took about 0.4 s of its 22.
///
/// The file is encoded, written and flushed to disk outside the `EventGate`
/// (an fsync can take seconds on a slow or busy disk, and `seal`, so Ctrl-C, would wait for it);
/// only the rename that puts it in place passes the gate, so once the main thread has sealed it
/// no flush lands over the results it writes. A flush the gate refuses is removed, and one still
/// on its way to disk when the process ends is removed by `OutputFile.removeTemporaries`.
///
/// Used from the measuring thread only, except `error`, which the main thread reads once the
/// runner returned or the gate is sealed (it is set only inside the gate).
final class RepetitionFlush {
  private let folder: URL
  private let gate: EventGate
  private let cancellation: CancellationFlag
  /// Whether results.json was put in place once. The first flush must not replace results that
  /// another run wrote into the same --out after it was checked (link(2) refuses); --force
  /// replaces on purpose.
  private var flushed: Bool
  /// The first write that failed; the run is cancelled then, since measuring on with nowhere to
  /// put the results would waste the user's time.
  private(set) var error: CLIError?
  /// Seconds between flushes, at least.
  let interval: Double
  /// When the last flush was written (`DispatchTime` nanoseconds), nil before the first.
  private var lastWrite: UInt64?

  init(folder: URL, force: Bool, gate: EventGate, cancellation: CancellationFlag, interval: Double = 2) {
    self.folder = folder
    self.flushed = force
    self.gate = gate
    self.cancellation = cancellation
    self.interval = interval
  }

  /// Whether a repetition ending at `now` is flushed: the first always, then one `interval`
  /// seconds after the last.
  func isDue(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Bool {
    guard let lastWrite else { return true }
    return Double(now &- lastWrite) >= interval * 1e9
  }

  /// Writes `document` as results.json; call outside the gate.
  func write(_ document: ResultsDocument, now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
    guard error == nil else { return }
    lastWrite = now
    var prepared: PreparedResultsFile?
    var failure: ResultsWriteError?
    do throws(ResultsWriteError) {
      prepared = try ResultsWriter.prepareJSON(document, to: folder, replacing: flushed)
    } catch {
      failure = error
    }
    let passed = gate.pass {
      do throws(ResultsWriteError) {
        if let failure { throw failure }
        try prepared?.place()
        flushed = true
      } catch {
        self.error = CLIError(.cannotCreate, error.description)
        cancellation.cancel()
      }
    }
    if !passed { prepared?.abandon() }
  }
}
