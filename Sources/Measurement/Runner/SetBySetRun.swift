import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchResults
import Synchronization

/// One payload set of a run before it is loaded: its name, and how to make it.
public struct PayloadSetSource: Sendable {
  public let corpus: String
  public let kind: String
  public let split: String
  /// Reads or generates the set. Runs when the set's turn comes, so it can fail then (a file
  /// deleted or changed since the run started); the set's cells then fail with the message.
  public let load: @Sendable () throws(CorpusError) -> PayloadSet

  public init(
    corpus: String, kind: String, split: String, load: @escaping @Sendable () throws(CorpusError) -> PayloadSet
  ) {
    self.corpus = corpus
    self.kind = kind
    self.split = split
    self.load = load
  }

  public var label: String { "\(corpus)/\(split)" }

  /// A stand-in with the set's names and one one-byte payload, for planning the matrix before
  /// anything is read: cell keys depend only on names.
  var placeholder: PayloadSet { PayloadSet(corpus: corpus, kind: kind, split: split, payloads: [[0]], sha256: "") }
}

/// Runs the matrix one payload set at a time: a set is loaded when its turn comes, measured
/// through every repetition by a `BenchmarkRunner`, and released before the next is loaded. So a
/// run holds one payload set (with its compressed and decoded copies) at a time, and its memory
/// depends on the largest set, not on how many sets there are or their total size.
///
/// The price: a repetition shuffles the cells of one set, not of the whole matrix, so slow drift
/// of the machine spreads over the cells of a set (which are the ones compared with each other).
public final class SetBySetRun {
  public let sources: [PayloadSetSource]
  /// The whole matrix with placeholder sets: validated up front, and the cells the shard keeps.
  public let matrix: MeasurementPlan
  /// Per source (same order), the dictionaries its set is also measured with.
  private let dictionaries: [[CompressionDictionary]]
  private let backends: [any CompressionBackend]
  private let levels: LevelSelection
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

  /// Plans the whole matrix; throws the same errors `MeasurementPlan.make` does.
  /// - Parameters:
  ///   - dictionaries: per source (same order; missing entries mean none), as for `MeasurementPlan.make`.
  ///   - makeRunner: builds the runner of one set's plan with where it publishes its progress
  ///     (for `interruptedOutcome`) and the event handler to use.
  public init(
    sources: [PayloadSetSource], dictionaries: [[CompressionDictionary]] = [], backends: [any CompressionBackend],
    levels: LevelSelection, settings: RunSettings, cancellation: CancellationFlag,
    makeRunner: @escaping (MeasurementPlan, LiveResults, @escaping (RunEvent) -> Void) -> BenchmarkRunner,
    onEvent: @escaping (RunEvent) -> Void
  ) throws(PlanError) {
    self.sources = sources
    matrix = try MeasurementPlan.make(
      payloadSets: sources.map(\.placeholder), backends: backends, levels: levels, settings: settings,
      dictionaries: dictionaries)
    self.dictionaries = dictionaries
    self.backends = backends
    self.levels = levels
    self.settings = settings
    self.cancellation = cancellation
    self.makeRunner = makeRunner
    self.onEvent = onEvent
  }

  public func run() -> RunOutcome {
    // As `BenchmarkRunner` counts them: an instruction count is taken once per cell.
    let repetitions = settings.metric == .instructions ? 1 : max(1, settings.repetitions)
    let keys = Set(matrix.cells.map(\.key))
    // Grows when a set's runner adds rounds for `--target-precision`.
    var totalSteps = matrix.cells.count * repetitions
    onEvent(.started(cells: matrix.cells.count, repetitions: repetitions, skipped: []))
    for warning in matrix.warnings { onEvent(.warning(warning)) }
    var cells: [CellResult] = []
    var skipped: [SkippedCell] = []
    var warnings = matrix.warnings.filter { !$0.hasPrefix("skipped ") }
    var stepsBefore = 0
    var complete = true
    var oneSetSettings = settings
    oneSetSettings.shard = nil
    for (sourceIndex, source) in sources.enumerated() {
      let setCells = matrix.cells.filter { $0.key.corpus == source.corpus && $0.key.split == source.split }
      guard !setCells.isEmpty else { continue }
      if cancellation.isCancelled {
        complete = false
        break
      }
      ReleasedMemory.returnToSystem()
      let payloadSet: PayloadSet
      do throws(CorpusError) {
        payloadSet = try source.load()
      } catch {
        let message = "cannot load payload set \(source.label): \(error.description)"
        warnings.append(message)
        for cell in setCells {
          onEvent(.cellFailed(cell.key, message: message))
          cells.append(CellProgress.failedResult(for: cell, message: message))
        }
        stepsBefore += setCells.count * repetitions
        continue
      }
      let plan: MeasurementPlan
      do throws(PlanError) {
        plan = try MeasurementPlan.make(
          payloadSets: [payloadSet], backends: backends, levels: levels, settings: oneSetSettings,
          dictionaries: sourceIndex < dictionaries.count ? [dictionaries[sourceIndex]] : []
        ).restricted(to: keys)
      } catch {
        // The matrix plan accepted the same names and options; only an empty set can differ.
        warnings.append("payload set \(source.label): \(error.description)")
        continue
      }
      corpora += plan.corpusRecords
      let live = LiveResults()
      publish(cells, skipped: skipped, warnings: warnings, current: (plan, live))
      let done = cells
      let offset = stepsBefore
      let known = Set(matrix.warnings)
      // The steps of this set as its runner counts them (more with adaptive rounds), and of the
      // sets after it.
      var setSteps = plan.cells.count * repetitions
      let later = totalSteps - offset - setSteps
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
      cells += outcome.cells
      skipped += outcome.skipped
      warnings += outcome.warnings.filter { !warnings.contains($0) }
      totalSteps += setSteps - plan.cells.count * repetitions
      stepsBefore += setSteps
      publish(cells, skipped: skipped, warnings: warnings, current: nil)
      if !outcome.complete {
        complete = false
        break
      }
    }
    return RunOutcome(
      cells: cells.sorted { $0.key < $1.key }, corpora: corpora, skipped: skipped, warnings: warnings,
      complete: complete)
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

  private func publish(
    _ cells: [CellResult], skipped: [SkippedCell], warnings: [String],
    current: (plan: MeasurementPlan, live: LiveResults)?
  ) {
    let outcome = RunOutcome(cells: cells, corpora: corpora, skipped: skipped, warnings: warnings, complete: false)
    shared.withLock {
      $0.outcome = outcome
      $0.current = current
    }
  }
}
