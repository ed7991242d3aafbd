import DeflateBenchCorpora
import DeflateBenchResults
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DeflateBenchMeasurement

/// What `interruptedOutcome` gives a thread that stops waiting for the runner while a library
/// call has not returned: every visit that ended, and the name of the one in flight.
@Suite("Runner: a run stopped from another thread")
struct RunnerInterruptTests {
  /// Makes compressions block once armed, until released: a C call that runs for minutes.
  final class StuckCall: Sendable {
    let armed = Atomic<Bool>(false)
    let entered = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)

    func compress() {
      guard armed.exchange(false, ordering: .relaxed) else { return }
      entered.signal()
      released.wait()
    }
  }

  /// Carries the runner, which is not Sendable, to the one thread that runs it.
  struct Transfer<Value>: @unchecked Sendable { let value: Value }

  @Test("the visits that ended are kept, marked incomplete, and the visit in flight is named")
  func keepsEndedVisitsAndNamesTheRunningOne() throws {
    let clock = FakeClock()
    let stuck = StuckCall()
    var backend = CopyBackend(name: "copy", clock: clock)
    backend.onCompress = { stuck.compress() }
    let settings = fakeSettings(repetitions: 2)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [backend], levels: .all, settings: settings)
    let reference = CopyBackend(name: "reference", clock: clock)
    let live = LiveResults()
    let cancellation = CancellationFlag()
    let started = Mutex<[CellKey]>([])
    let finished = Atomic<Int>(0)
    let runner = BenchmarkRunner(
      plan: plan, settings: settings, clock: clock, cancellation: cancellation,
      resolveVerifier: { $0.verifierName == "reference" ? reference : nil }, live: live
    ) { event in
      switch event {
      case .cellStarted(let key, _, _, _):
        started.withLock { $0.append(key) }
      case .cellFinished:
        // After two visits, the third visit's first compression does not return.
        if finished.add(1, ordering: .relaxed).newValue == 2 { stuck.armed.store(true, ordering: .relaxed) }
      default: break
      }
    }
    let transfer = Transfer(value: runner)
    let returned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = transfer.value.run()
      returned.signal()
    }
    #expect(stuck.entered.wait(timeout: .now() + 30) == .success, "the third visit never started compressing")

    let (outcome, dropped) = runner.interruptedOutcome(live)
    cancellation.cancel()
    stuck.released.signal()
    #expect(returned.wait(timeout: .now() + 30) == .success)

    let keys = started.withLock { $0 }
    #expect(keys.count == 3)
    #expect(dropped == keys.last)
    #expect(!outcome.complete)
    #expect(outcome.cells.map(\.key).sorted() == keys.prefix(2).sorted())
    #expect(outcome.cells.allSatisfy { $0.verified && $0.compressSamplesMBps.count == 1 })
  }

  /// An upload that Ctrl-C broke: the flag is set while the request is out, and the request
  /// fails (the echo server, in the terminal's process group, closed its connections on the
  /// same SIGINT).
  final class InterruptedUpload: CellUploadStep {
    let cancellation: CancellationFlag
    var calls = 0

    init(cancellation: CancellationFlag) { self.cancellation = cancellation }

    func upload(_ cell: CompressedCell) throws(UploadStepError) -> UploadMeasurement {
      calls += 1
      cancellation.cancel()
      throw UploadStepError("connection reset by peer")
    }
  }

  @Test("an upload that fails after Ctrl-C abandons the visit: the run is incomplete and no cell is failed")
  func uploadFailingAfterInterrupt() throws {
    let clock = FakeClock()
    let settings = fakeSettings(repetitions: 2)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [CopyBackend(name: "copy", clock: clock)], levels: .all,
      settings: settings)
    let cancellation = CancellationFlag()
    let upload = InterruptedUpload(cancellation: cancellation)
    var events: [RunEvent] = []
    let outcome = runFake(plan, settings: settings, clock: clock, cancellation: cancellation, uploadStep: upload) {
      events.append($0)
    }
    #expect(upload.calls == 1)
    #expect(!outcome.complete)
    #expect(outcome.failedCells.isEmpty)
    // The abandoned visit kept nothing of what it measured before the upload.
    #expect(outcome.cells.isEmpty)
    #expect(!events.contains { if case .cellFailed = $0 { true } else { false } })
  }

  @Test("before the runner published anything, the outcome is empty and names no cell")
  func emptyBeforeTheFirstVisit() throws {
    let clock = FakeClock()
    let settings = fakeSettings(repetitions: 1)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [CopyBackend(name: "copy", clock: clock)], levels: .all,
      settings: settings)
    let runner = BenchmarkRunner(plan: plan, settings: settings, clock: clock, live: LiveResults())
    let (outcome, dropped) = runner.interruptedOutcome(LiveResults())
    #expect(outcome.cells.isEmpty && !outcome.complete && dropped == nil)
  }
}

/// The same for a run that loads one payload set at a time: the sets already measured are kept
/// with the published visits of the set in progress.
@Suite("Set-by-set run: stopped from another thread")
struct SetBySetInterruptTests {
  @Test("the finished set and the ended visits of the current one are kept; nothing is in flight between visits")
  func keepsFinishedSetsAndThePublishedVisits() throws {
    let clock = FakeClock()
    let backends = [CopyBackend(name: "copy-a", clock: clock), CopyBackend(name: "copy-b", clock: clock)]
    let reference = CopyBackend(name: "reference", clock: clock)
    let settings = fakeSettings(repetitions: 1)
    let sets = ["first", "second"].map { name in
      PreparedSet(name: PayloadSetName(corpus: name, kind: "binary", split: "events=10")) {
        makePayloadSet(corpus: name)
      }
    }
    let seen = Mutex<[(key: CellKey, outcome: RunOutcome, dropped: CellKey?)]>([])
    var run: SetBySetRun?
    run = try SetBySetRun(
      sets: sets, backends: backends, levels: .list([1]), settings: settings, cancellation: CancellationFlag(),
      makeRunner: { plan, live, handler in
        BenchmarkRunner(
          plan: plan, settings: settings, clock: clock,
          resolveVerifier: { $0.verifierName == "reference" ? reference : nil }, live: live, onEvent: handler)
      },
      onEvent: { event in
        guard case .cellStarted(let key, _, _, _) = event, key.corpus == "second", let run else { return }
        let (outcome, dropped) = run.interruptedOutcome()
        seen.withLock { $0.append((key, outcome, dropped)) }
      })
    let finished = try #require(run).run()
    #expect(finished.complete && finished.cells.count == 4)

    let snapshots = seen.withLock { $0 }
    try #require(snapshots.count == 2)
    // At the second set's first visit: the first set only. At its second: one more cell.
    #expect(snapshots[0].outcome.cells.map(\.corpus) == ["first", "first"])
    #expect(snapshots[1].outcome.cells.filter { $0.corpus == "second" }.map(\.key) == [snapshots[0].key])
    #expect(snapshots[1].outcome.cells.count == 3)
    #expect(snapshots.allSatisfy { !$0.outcome.complete && $0.dropped == nil })
    #expect(snapshots[1].outcome.corpora.map(\.name) == ["first", "second"])
  }
}
