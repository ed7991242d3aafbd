import Synchronization
import Testing

@testable import DeflateBenchMeasurement

/// How many library calls a visit makes: every batch a sample needs, and no batch timed only to
/// be thrown away (the calibration's last batch is the first visit's sample; a cell on one
/// thread takes its warm call on the context of its compression sample, after a fifth of
/// min-time of warm-up, and a slow cell of one body with none).
@Suite("Runner: the work a visit does")
struct RunnerVisitWorkTests {
  /// Compression calls of one cell over `repetitions` visits: `payloads` 1,000-byte payloads at
  /// `nanosecondsPerByte` on the fake clock, min-time 50 µs.
  private func compressCalls(
    nanosecondsPerByte: UInt64, repetitions: Int, minTimeSeconds: Double = 0.000_05, payloads: Int = 4,
    threads: Int = 1
  ) throws -> Int {
    let clock = FakeClock()
    let calls = Counter()
    var backend = CopyBackend(
      name: "copy", clock: clock, nanosecondsPerByte: nanosecondsPerByte, levels: [1], defaultLevel: 1)
    backend.onCompress = { calls.add() }
    var settings = fakeSettings(repetitions: repetitions, threads: [threads])
    settings.minTimeSeconds = minTimeSeconds
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(count: payloads)], backends: [backend], levels: .all, settings: settings)
    let outcome = runFake(plan, settings: settings, clock: clock)
    #expect(outcome.complete && outcome.failedCells.isEmpty)
    return calls.value
  }

  /// Checks the calls of the first visit (a run of one repetition) and of each later one (the
  /// difference between runs of three and one), for the same cell.
  private func expectCalls(
    nanosecondsPerByte: UInt64, minTimeSeconds: Double = 0.000_05, payloads: Int = 4, threads: Int = 1,
    firstVisit: Int, laterVisit: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try compressCalls(
      nanosecondsPerByte: nanosecondsPerByte, repetitions: 1, minTimeSeconds: minTimeSeconds, payloads: payloads,
      threads: threads)
    #expect(first == firstVisit, "first visit", sourceLocation: sourceLocation)
    let three = try compressCalls(
      nanosecondsPerByte: nanosecondsPerByte, repetitions: 3, minTimeSeconds: minTimeSeconds, payloads: payloads,
      threads: threads)
    #expect(three - first == 2 * laterVisit, "later visits", sourceLocation: sourceLocation)
  }

  @Test("a fast cell: the calibration's last batch is the first sample; the warm call is a short batch on the worker")
  func fastCell() throws {
    // One pass of 4 calls lasts 8 µs at 2 ns per byte. First visit: the first pass, then the
    // calibration's batch of 7 passes (56 µs, 10 % above min-time), which is the sample: 32
    // calls. Warm call (2 µs, under 100 µs): 5 calls of warm-up (10 µs, a fifth of min-time),
    // then the batch of 5 whose mean per call is the figure. Cold: 1.
    // Later: a warm-up pass and the sample (4 + 28), the same warm-up and batch, the cold call.
    try expectCalls(nanosecondsPerByte: 2, firstVisit: 32 + 5 + 5 + 1, laterVisit: 32 + 5 + 5 + 1)
  }

  @Test("a fast cell of one body: warm-up and batch on the worker, no twin")
  func fastSingleBody() throws {
    // One call of 2 µs: the first pass, then batches of 10 and 28 passes, the last the sample
    // (39 calls); 5 warm-up calls and the batch of 5; the cold call.
    // Later: a warm-up pass and the sample of 28, the same warm-up and batch, the cold call.
    try expectCalls(nanosecondsPerByte: 2, payloads: 1, firstVisit: 39 + 5 + 5 + 1, laterVisit: 29 + 5 + 5 + 1)
  }

  @Test("a slow cell of one body: the sample warms the single warm call, with no warm-up call")
  func slowSingleBody() throws {
    // A call of 200 µs lasts min-time: the sample is one call, then the single warm call on the
    // same context, then the cold call, on every visit.
    try expectCalls(nanosecondsPerByte: 200, payloads: 1, firstVisit: 1 + 1 + 1, laterVisit: 1 + 1 + 1)
  }

  @Test("a warm call of 100 µs or more is timed alone after a fifth of min-time of warm-up")
  func singleWarmCallWarmUp() throws {
    // 110 µs a call, min-time 1 ms. First visit: the first pass (440 µs) and the calibration's
    // batch of 3 passes, the sample (16 calls); two warm-up calls (220 µs, past a fifth of
    // min-time), then the single warm call; the cold call.
    // Later: a warm-up pass and the sample (4 + 12); the two warm-up calls, the single warm
    // call; the cold call.
    try expectCalls(
      nanosecondsPerByte: 110, minTimeSeconds: 0.001, firstVisit: 16 + 2 + 1 + 1, laterVisit: 16 + 2 + 1 + 1)
  }

  @Test("a slow cell of several bodies: one pass per sample, one warm-up call before the single warm call")
  func slowCell() throws {
    // A call lasts 200 µs at 200 ns per byte: every batch is one pass or one call. First visit:
    // the first pass is the sample (4 calls); one warm-up call of the median body (the sample
    // ran it, but among others), the single timed warm call and the cold call.
    // Later: the sample pass without warm-up (it lasts min-time), the same three calls.
    try expectCalls(nanosecondsPerByte: 200, firstVisit: 4 + 1 + 1 + 1, laterVisit: 4 + 1 + 1 + 1)
  }

  @Test("a cell on two threads keeps the twin after its decompression sample")
  func twoThreadTwin() throws {
    // Two workers of 4 calls of 2 µs each, on one fake clock: a pass of 8 calls reads 16 µs.
    // First visit: the first pass, then the calibration's batch of 4 passes (64 µs), the sample:
    // 40 calls. The twin (one context, the median body): one call, then batches of 10 and 28,
    // the last the sample (39). Cold: 1.
    // Later: a warm-up pass and the sample (8 + 32), an untimed twin call and its batch of 28,
    // the cold call.
    try expectCalls(nanosecondsPerByte: 2, threads: 2, firstVisit: 40 + 39 + 1, laterVisit: 40 + 29 + 1)
  }
}

private final class Counter: Sendable {
  private let count = Atomic<Int>(0)
  func add() { count.add(1, ordering: .relaxed) }
  var value: Int { count.load(ordering: .relaxed) }
}
