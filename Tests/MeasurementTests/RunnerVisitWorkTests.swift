import Synchronization
import Testing

@testable import DeflateBenchMeasurement

/// How many library calls a visit makes: every batch a sample needs, and no batch timed only to
/// be thrown away (the calibration's last batch is the first of the first visit's batches; a
/// sample is the fastest of three batches, fewer once they lasted three times min-time; a cell
/// on one thread takes its warm call on the context of its compression sample, after a fifth of
/// a sample's length (three times min-time) of warm-up, and a slow cell of one body with none).
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

  @Test("a fast cell: the calibration's last batch is the first of three; the warm call is a short batch on the worker")
  func fastCell() throws {
    // One pass of 4 calls lasts 8 µs at 2 ns per byte. First visit: the first pass, then the
    // calibration's batch of 7 passes (56 µs, 10 % above min-time), which is the sample's first
    // batch, and two more (168 µs in all, past three times min-time): 4 + 3 x 28 calls. Warm call
    // (2 µs, under 100 µs): 15 calls of warm-up (30 µs, a fifth of the sample's 150 µs), then the
    // batch of 15 whose mean per call is the figure. Cold: 1.
    // Later: a warm-up pass and the three batches (4 + 3 x 28), the same warm-up and batch, the
    // cold call.
    try expectCalls(
      nanosecondsPerByte: 2, firstVisit: 4 + 3 * 28 + 15 + 15 + 1, laterVisit: 4 + 3 * 28 + 15 + 15 + 1)
  }

  @Test("a fast cell of one body: warm-up and batch on the worker, no twin")
  func fastSingleBody() throws {
    // One call of 2 µs: the first pass, then batches of 10 and 28 passes, the last the sample's
    // first batch, and two more of 28 (1 + 10 + 3 x 28 calls); 15 warm-up calls and the batch of
    // 15; the cold call.
    // Later: a warm-up pass and three batches of 28, the same warm-up and batch, the cold call.
    try expectCalls(
      nanosecondsPerByte: 2, payloads: 1, firstVisit: 1 + 10 + 3 * 28 + 15 + 15 + 1,
      laterVisit: 1 + 3 * 28 + 15 + 15 + 1)
  }

  @Test("a slow cell of one body: the sample warms the single warm call, with no warm-up call")
  func slowSingleBody() throws {
    // A call of 200 µs lasts min-time, and more than three times it: the sample is one call,
    // then the single warm call on the same context, then the cold call, on every visit.
    try expectCalls(nanosecondsPerByte: 200, payloads: 1, firstVisit: 1 + 1 + 1, laterVisit: 1 + 1 + 1)
  }

  @Test("a warm call of 100 µs or more is timed alone after a fifth of a sample's length of warm-up")
  func singleWarmCallWarmUp() throws {
    // 110 µs a call, min-time 1 ms. First visit: the first pass (440 µs) and the calibration's
    // batch of 3 passes (1.32 ms), the sample's first batch, and two more (4 + 3 x 12 calls);
    // six warm-up calls (660 µs, past a fifth of the sample's 3 ms), then the single warm call;
    // the cold call.
    // Later: a warm-up pass and the three batches (4 + 3 x 12); the six warm-up calls, the
    // single warm call; the cold call.
    try expectCalls(
      nanosecondsPerByte: 110, minTimeSeconds: 0.001, firstVisit: 4 + 3 * 12 + 6 + 1 + 1,
      laterVisit: 4 + 3 * 12 + 6 + 1 + 1)
  }

  @Test("a slow cell of several bodies: one pass per sample, one warm-up call before the single warm call")
  func slowCell() throws {
    // A call lasts 200 µs at 200 ns per byte: every batch is one pass or one call, and one pass
    // (800 µs) outlasts three times min-time. First visit: the first pass is the sample (4
    // calls); one warm-up call of the median body (the sample ran it, but among others), the
    // single timed warm call and the cold call.
    // Later: the sample pass without warm-up (it lasts min-time), the same three calls.
    try expectCalls(nanosecondsPerByte: 200, firstVisit: 4 + 1 + 1 + 1, laterVisit: 4 + 1 + 1 + 1)
  }

  @Test("a cell on two threads keeps the twin after its decompression sample")
  func twoThreadTwin() throws {
    // Two workers of 4 calls of 2 µs each, on one fake clock: a pass of 8 calls reads 16 µs.
    // First visit: the first pass, then the calibration's batch of 4 passes (64 µs), the
    // sample's first batch, and two more: 8 + 3 x 32 calls. The twin (one context, the median
    // body), calibrated to a sample's length (150 µs): one call, then batches of 10 and 83, the
    // last the figure (94). Cold: 1.
    // Later: a warm-up pass and the three batches (8 + 3 x 32), an untimed twin call and its
    // batch of 83, the cold call.
    try expectCalls(
      nanosecondsPerByte: 2, threads: 2, firstVisit: 8 + 3 * 32 + 94 + 1, laterVisit: 8 + 3 * 32 + 84 + 1)
  }
}

private final class Counter: Sendable {
  private let count = Atomic<Int>(0)
  func add() { count.add(1, ordering: .relaxed) }
  var value: Int { count.load(ordering: .relaxed) }
}
