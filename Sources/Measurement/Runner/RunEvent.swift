import DeflateBenchResults

/// What the runner reports while it works. It never prints: the console's progress bar, the
/// results flusher and tests all subscribe to these.
public enum RunEvent: Sendable {
  /// The run is about to start: `cells` cells, each visited once per repetition.
  case started(cells: Int, repetitions: Int, skipped: [SkippedCell])
  /// A visit begins. `step` counts visits over the whole run, from 1 to `totalSteps`.
  case cellStarted(CellKey, repetition: Int, step: Int, totalSteps: Int)
  /// A visit ended with a sample of each kind.
  case cellFinished(CellKey, repetition: Int, step: Int, totalSteps: Int)
  /// A cell failed (did not round-trip, or the library reported an error). It is not visited
  /// again and fails the run once the reports are written.
  case cellFailed(CellKey, message: String)
  /// A repetition of the whole matrix ended; `snapshot` holds every cell measured so far, so a
  /// subscriber can flush results to disk and a crash costs at most one repetition.
  case repetitionFinished(Int, snapshot: [CellResult])
  /// Something the user should know that does not stop the run.
  case warning(String)
  /// The run stopped early on request, after `stepsDone` of `totalSteps` visits.
  case interrupted(stepsDone: Int, totalSteps: Int)
}
