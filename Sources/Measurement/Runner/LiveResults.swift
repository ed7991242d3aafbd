import DeflateBenchResults
import Synchronization

/// What the runner has measured so far, published around every visit, for a thread that cannot
/// wait for the runner to return. On Ctrl-C during one library call that runs for seconds (zopfli,
/// brotli 11 on a large payload), C code cannot be interrupted; the CLI's main thread takes the
/// measurements from here, writes them marked incomplete and exits without the running cell.
public final class LiveResults: Sendable {
  struct Snapshot: Sendable {
    var progress: [CellProgress] = []
    /// The cell whose visit is in flight, which `progress` does not include yet.
    var visiting: CellKey?
  }

  private let latest = Mutex(Snapshot())

  public init() {}

  /// Called by the runner before a visit.
  func startVisit(_ key: CellKey) {
    latest.withLock { $0.visiting = key }
  }

  /// Called by the runner after each visit (and once before the first): a copy of every
  /// cell's progress, the visit just ended included. Taken under one lock with `visiting`, so
  /// a reader never sees a visit both kept and in flight.
  func publish(_ progress: [CellProgress]) {
    latest.withLock {
      $0.progress = progress
      $0.visiting = nil
    }
  }

  var snapshot: Snapshot { latest.withLock { $0 } }
}
