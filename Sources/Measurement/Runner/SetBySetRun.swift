import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchResults
import Synchronization

/// Runs the matrix one payload set at a time: a set is loaded when its turn comes, measured
/// through every repetition by a `BenchmarkRunner`, and released before the next is loaded. So a
/// run holds one payload set (with its compressed and decoded copies) at a time, and its memory
/// depends on the largest set, not on how many sets there are or their total size.
///
/// The price: a repetition shuffles the cells of one set, not of the whole matrix, so slow drift
/// of the machine spreads over the cells of a set (which are the ones compared with each other).
public final class SetBySetRun {
  public let sets: [PreparedSet]
  /// The whole matrix, planned from the sets' names: validated up front, and the cells the shard keeps.
  public let matrix: MatrixPlan
  private let settings: RunSettings
  private let makeRunner: (MeasurementPlan, LiveResults, @escaping (RunEvent) -> Void) -> BenchmarkRunner
  private let cancellation: CancellationFlag
  private let onEvent: (RunEvent) -> Void
  /// Records of the sets loaded so far, for partial results.
  public private(set) var corpora: [CorpusRecord] = []
  /// What `interruptedOutcome` reads from another thread: the sets measured so far and the one
  /// in progress, with where its runner publishes.
  private let shared = Mutex(Published())

  private struct Published: Sendable {
    var outcome = RunOutcome(cells: [], corpora: [], skipped: [], warnings: [], complete: false)
    var current: (plan: MeasurementPlan, live: LiveResults)?
  }

  /// Plans the whole matrix; throws the same errors `MatrixPlan` does.
  /// - Parameters:
  ///   - sets: the payload sets, each with the dictionaries it is also measured with.
  ///   - makeRunner: builds the runner of one set's plan with where it publishes its progress
  ///     (for `interruptedOutcome`) and the event handler to use.
  public init(
    sets: [PreparedSet], backends: [any CompressionBackend], levels: LevelSelection, settings: RunSettings,
    cancellation: CancellationFlag,
    makeRunner: @escaping (MeasurementPlan, LiveResults, @escaping (RunEvent) -> Void) -> BenchmarkRunner,
    onEvent: @escaping (RunEvent) -> Void
  ) throws(PlanError) {
    self.sets = sets
    matrix = try MatrixPlan(
      sets: sets.map(\.name), backends: backends, levels: levels, settings: settings,
      dictionaries: sets.map(\.dictionaries))
    self.settings = settings
    self.cancellation = cancellation
    self.makeRunner = makeRunner
    self.onEvent = onEvent
  }

  public func run() -> RunOutcome {
    // As `BenchmarkRunner` counts them: an instruction count is taken once per cell.
    let repetitions = settings.metric == .instructions ? 1 : max(1, settings.repetitions)
    var tally = Tally(totalSteps: matrix.cells.count * repetitions, warnings: matrix.warnings)
    onEvent(.started(cells: matrix.cells.count, repetitions: repetitions, skipped: []))
    for warning in matrix.warnings { onEvent(.warning(warning)) }
    for (index, set) in sets.enumerated() {
      let setCells = matrix.cells.filter { $0.payloadSetIndex == index }
      guard !setCells.isEmpty else { continue }
      if cancellation.isCancelled {
        tally.complete = false
        break
      }
      ReleasedMemory.returnToSystem()
      let payloadSet: PayloadSet
      do throws(CorpusError) {
        payloadSet = try set.load()
      } catch {
        let message = "cannot load payload set \(set.label): \(error.description)"
        tally.warnings.append(message)
        for cell in setCells {
          onEvent(.cellFailed(cell.key, message: message))
          tally.cells.append(CellProgress.failedResult(for: cell, message: message))
        }
        tally.stepsBefore += setCells.count * repetitions
        continue
      }
      let plan = matrix.plan(forSet: index, loaded: payloadSet)
      corpora += plan.corpusRecords
      measure(plan, repetitions: repetitions, tally: &tally)
      if !tally.complete { break }
    }
    return RunOutcome(
      cells: tally.cells.sorted { $0.key < $1.key }, corpora: corpora, skipped: tally.skipped,
      warnings: tally.warnings, complete: tally.complete)
  }

  /// What the sets measured so far add up to, and where the progress count stands.
  private struct Tally {
    /// Grows when a set's runner adds rounds for `--target-precision`.
    var totalSteps: Int
    var warnings: [String]
    var stepsBefore = 0
    var cells: [CellResult] = []
    var skipped: [SkippedCell] = []
    var complete = true
  }

  /// Measures one set's plan with its own runner, whose events are renumbered into the run's.
  private func measure(_ plan: MeasurementPlan, repetitions: Int, tally: inout Tally) {
    let live = LiveResults()
    publish(tally, current: (plan, live))
    let done = tally.cells
    let offset = tally.stepsBefore
    let known = Set(matrix.warnings)
    // The steps of this set as its runner counts them (more with adaptive rounds), and of the
    // sets after it.
    var setSteps = plan.cells.count * repetitions
    let later = tally.totalSteps - offset - setSteps
    let runner = makeRunner(plan, live) { [onEvent] event in
      switch event {
      case .started: break
      case .cellStarted(let key, let repetition, let step, let total):
        setSteps = total
        onEvent(.cellStarted(key, repetition: repetition, step: offset + step, totalSteps: offset + total + later))
      case .cellFinished(let key, let repetition, let step, let total):
        onEvent(.cellFinished(key, repetition: repetition, step: offset + step, totalSteps: offset + total + later))
      case .repetitionFinished(let repetition, let snapshot):
        onEvent(.repetitionFinished(repetition, snapshot: done + snapshot))
      case .interrupted(let stepsDone, let total):
        onEvent(.interrupted(stepsDone: offset + stepsDone, totalSteps: offset + total + later))
      case .warning(let message):
        if !known.contains(message) { onEvent(event) }
      case .cellFailed:
        onEvent(event)
      }
    }
    let outcome = runner.run()
    tally.cells += outcome.cells
    tally.skipped += outcome.skipped
    tally.warnings += outcome.warnings.filter { !tally.warnings.contains($0) }
    tally.totalSteps += setSteps - plan.cells.count * repetitions
    tally.stepsBefore += setSteps
    tally.complete = outcome.complete
    publish(tally, current: nil)
  }

  /// What was measured when the run had to be abandoned from another thread (`MeasuringThread`):
  /// the sets finished, and the visits of the set in progress its runner had published; the
  /// cell whose visit was in flight is dropped and named.
  public func interruptedOutcome() -> (outcome: RunOutcome, dropped: CellKey?) {
    let published = shared.withLock { $0 }
    var outcome = published.outcome
    var dropped: CellKey?
    if let current = published.current {
      var oneSetSettings = settings
      oneSetSettings.shard = nil
      let partial = BenchmarkRunner(plan: current.plan, settings: oneSetSettings).interruptedOutcome(current.live)
      outcome.cells += partial.outcome.cells
      dropped = partial.dropped
    }
    outcome.cells.sort { $0.key < $1.key }
    outcome.complete = false
    return (outcome, dropped)
  }

  private func publish(_ tally: Tally, current: (plan: MeasurementPlan, live: LiveResults)?) {
    let outcome = RunOutcome(
      cells: tally.cells, corpora: corpora, skipped: tally.skipped, warnings: tally.warnings, complete: false)
    shared.withLock {
      $0.outcome = outcome
      $0.current = current
    }
  }
}
