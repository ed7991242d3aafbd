import DeflateBenchCodecs
import DeflateBenchResults
import DeflateBenchSupport

/// Runs a `MeasurementPlan`: every cell once per repetition, the cells of each repetition in an
/// order shuffled with the seed, so slow drift of the machine (thermal throttling, a neighbour
/// waking up) spreads over all cells as noise instead of biasing whichever cells ran last.
public struct BenchmarkRunner {
  public let plan: MeasurementPlan
  public let settings: RunSettings
  private let clock: any MeasurementClock
  private let cancellation: CancellationFlag
  private let resolveVerifier: (any CompressionBackend) -> (any CompressionBackend)?
  private let uploadStep: (any CellUploadStep)?
  /// Counts instructions when `settings.metric` is `.instructions`.
  private let instructionCounter: (any InstructionCounter)?
  /// Receives a copy of the progress after every visit, when set.
  private let live: LiveResults?
  private let onEvent: (RunEvent) -> Void

  /// - Parameters:
  ///   - plan: the cells to measure.
  ///   - settings: min-time, repetitions, warm-up and seed (the container, threads and shard
  ///     were already applied by the plan).
  ///   - clock: the real clock by default; tests pass a fake one.
  ///   - cancellation: checked between cells and between the stages of a cell.
  ///   - resolveVerifier: the backend whose decoder checks a backend's output; by default the
  ///     codec layer's choice (`Verifier.decodingBackend(for:)`), a different implementation
  ///     wherever one is installed. Tests bring their own.
  ///   - uploadStep: called once per cell with its verified outputs, when set.
  ///   - instructionCounter: counts each cell's passes when `settings.metric` is `.instructions`
  ///     (a `CallgrindCounter` under valgrind); every cell fails without one.
  ///   - live: where the measurements so far are published after every visit, for
  ///     `interruptedOutcome(_:)` on another thread.
  ///   - onEvent: progress, called on the runner's thread.
  public init(
    plan: MeasurementPlan, settings: RunSettings, clock: any MeasurementClock = SystemClock(),
    cancellation: CancellationFlag = CancellationFlag(),
    resolveVerifier: @escaping (any CompressionBackend) -> (any CompressionBackend)? = {
      Verifier.decodingBackend(for: $0)
    },
    uploadStep: (any CellUploadStep)? = nil, instructionCounter: (any InstructionCounter)? = nil,
    live: LiveResults? = nil, onEvent: @escaping (RunEvent) -> Void = { _ in }
  ) {
    self.plan = plan
    self.settings = settings
    self.clock = clock
    self.cancellation = cancellation
    self.resolveVerifier = resolveVerifier
    self.uploadStep = uploadStep
    self.instructionCounter = instructionCounter
    self.live = live
    self.onEvent = onEvent
  }

  /// The same, with verifiers looked up by the registry name each backend declares (`verifierBackendName`).
  public init(
    plan: MeasurementPlan, settings: RunSettings, clock: any MeasurementClock = SystemClock(),
    cancellation: CancellationFlag = CancellationFlag(),
    resolveBackend: @escaping (String) -> (any CompressionBackend)?, uploadStep: (any CellUploadStep)? = nil,
    onEvent: @escaping (RunEvent) -> Void = { _ in }
  ) {
    self.init(
      plan: plan, settings: settings, clock: clock, cancellation: cancellation,
      resolveVerifier: { resolveBackend($0.verifierBackendName) }, uploadStep: uploadStep, onEvent: onEvent)
  }

  /// Measures the plan and returns what was measured, complete or not. Never throws: a failing
  /// cell is recorded as failed and the run goes on, so one bad cell cannot cost the others.
  public func run() -> RunOutcome {
    let cells = plan.cells
    // An instruction count is deterministic: one visit per cell says all there is.
    let repetitions = settings.metric == .instructions ? 1 : max(1, settings.repetitions)
    let warnings = runWarnings
    onEvent(.started(cells: cells.count, repetitions: repetitions, skipped: plan.skipped))
    for warning in warnings { onEvent(.warning(warning)) }

    let arenas = plan.payloadSets.map(InputArena.init)
    var progress = Array(repeating: CellProgress(), count: cells.count)
    live?.publish(progress)
    let orders = Self.visitOrder(cellCount: cells.count, repetitions: repetitions, seed: settings.seed)
    var totalSteps = cells.count * repetitions
    var step = 0
    var complete = true

    var repetitionIndex = 0
    repetitionLoop: while true {
      // The planned repetitions, then (with --target-precision) rounds over the cells still short.
      let order: [Int]
      if repetitionIndex < orders.count {
        order = orders[repetitionIndex]
      } else if let extra = extraRound(progress, index: repetitionIndex) {
        order = extra
        totalSteps += extra.count
      } else {
        break
      }
      repetitionIndex += 1
      let repetition = repetitionIndex
      for cellIndex in order {
        if cancellation.isCancelled {
          complete = false
          break repetitionLoop
        }
        step += 1
        let cell = cells[cellIndex]
        // A failed cell is not visited again; its steps still count so the ETA stays honest.
        if progress[cellIndex].hasFailed { continue }
        onEvent(.cellStarted(cell.key, repetition: repetition, step: step, totalSteps: totalSteps))
        var visit = CellVisit(
          cell: cell, payloadSet: plan.payloadSets[cell.payloadSetIndex], inputs: arenas[cell.payloadSetIndex],
          settings: settings, clock: clock, cancellation: cancellation, resolveVerifier: resolveVerifier,
          uploadStep: uploadStep)
        if settings.metric == .instructions {
          visit.instructionCounter = instructionCounter ?? MissingInstructionCounter()
        }
        live?.startVisit(cell.key)
        let visitStart = clock.wallNanoseconds()
        let outcome = visit.run(&progress[cellIndex])
        progress[cellIndex].measuringNanoseconds &+= clock.wallNanoseconds() &- visitStart
        switch outcome {
        case .measured:
          onEvent(.cellFinished(cell.key, repetition: repetition, step: step, totalSteps: totalSteps))
        case .abandoned:
          complete = false
          break repetitionLoop
        case .failed(let message):
          progress[cellIndex].error = message
          onEvent(.cellFailed(cell.key, message: message))
        }
        live?.publish(progress)
      }
      onEvent(.repetitionFinished(repetition, snapshot: results(progress)))
    }
    if !complete { onEvent(.interrupted(stepsDone: step, totalSteps: totalSteps)) }
    var shortfalls: [String] = []
    if let precision = settings.precision, settings.metric == .time, complete {
      shortfalls = cells.indices.compactMap { precision.shortfall(cells[$0].key, progress[$0]) }
      for shortfall in shortfalls { onEvent(.warning(shortfall)) }
    }

    // Noisy cells are not warned about here: the reports derive that from the samples every time
    // they are rendered (`ReportWarnings`), so an old results.json gets the same warnings.
    return RunOutcome(
      cells: results(progress), corpora: plan.corpusRecords, skipped: plan.skipped,
      warnings: warnings + shortfalls, complete: complete)
  }

  /// What a run stopped from outside holds: every visit that ended before this call, marked
  /// incomplete, and the cell whose visit was still in flight (dropped), if any.
  public func interruptedOutcome(_ live: LiveResults) -> (outcome: RunOutcome, dropped: CellKey?) {
    let snapshot = live.snapshot
    let outcome = RunOutcome(
      // Empty until the runner's first publication, before it measured anything.
      cells: snapshot.progress.count == plan.cells.count ? results(snapshot.progress) : [], corpora: plan.corpusRecords,
      skipped: plan.skipped, warnings: runWarnings,
      complete: false)
    return (outcome, snapshot.visiting)
  }

  /// The plan's warnings and those of the test-only injections, said once at the start.
  private var runWarnings: [String] { plan.warnings + InjectedExtraWork.warnings + InjectedCorruption.warnings }

  /// The next adaptive round: the cells that have not reached the precision target and have
  /// time left, shuffled; nil when there is no target or no such cell.
  private func extraRound(_ progress: [CellProgress], index: Int) -> [Int]? {
    guard let precision = settings.precision, settings.metric == .time, index < PrecisionTarget.maxRepetitions
    else { return nil }
    let pending = progress.indices.filter { precision.wantsMore(progress[$0]) }
    guard !pending.isEmpty else { return nil }
    let shuffled = Self.visitOrder(cellCount: pending.count, repetitions: 1, seed: settings.seed &+ UInt64(index))
    return shuffled[0].map { pending[$0] }
  }

  /// The order cells are visited in, one shuffled permutation of `0..<cellCount` per repetition.
  /// One generator seeded once draws every permutation in turn, so a seed fixes the whole
  /// schedule and successive repetitions differ.
  public static func visitOrder(cellCount: Int, repetitions: Int, seed: UInt64) -> [[Int]] {
    var generator = Xoshiro256StarStar(seed: seed)
    return (0..<repetitions).map { _ in
      var order = Array(0..<cellCount)
      // Fisher-Yates with the project's own index function, so the order does not depend on
      // the standard library's shuffle algorithm.
      var index = order.count - 1
      while index > 0 {
        order.swapAt(index, generator.nextIndex(below: index + 1))
        index -= 1
      }
      return order
    }
  }

  private func results(_ progress: [CellProgress]) -> [CellResult] {
    plan.cells.indices.compactMap { index in
      progress[index].result(for: plan.cells[index], payloadSet: plan.payloadSets[plan.cells[index].payloadSetIndex])
    }
  }
}
