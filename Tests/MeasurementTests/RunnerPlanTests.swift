import DeflateBenchCodecs
import Testing

@testable import DeflateBenchMeasurement

@Suite("Measurement plan")
struct RunnerPlanTests {
  @Test("levels are clipped per backend; quick takes fastest, default and strongest")
  func levelSelection() {
    let clock = FakeClock()
    let backend = CopyBackend(name: "b", clock: clock, levels: [-2, -1, 1, 2, 3, 9], defaultLevel: 3)
    #expect(LevelSelection.all.levels(for: backend) == [-2, -1, 1, 2, 3, 9])
    #expect(LevelSelection.default.levels(for: backend) == [3])
    #expect(LevelSelection.quick.levels(for: backend) == [-2, 3, 9])
    #expect(LevelSelection.list([9, 1, 11, 1]).levels(for: backend) == [1, 9])
  }

  @Test("standard drops the levels that take seconds per MB; quick takes three standard points")
  func standardAndQuickLevels() {
    let clock = FakeClock()
    // The real backends: the standard levels are what each declares.
    let zstd = ZstdBackend()
    #expect(LevelSelection.standard.levels(for: zstd) == [-7, -3, -1] + Array(1...12))
    #expect(LevelSelection.quick.levels(for: zstd) == [-7, 3, 12])
    let brotli = BrotliBackend()
    #expect(LevelSelection.standard.levels(for: brotli) == Array(0...8))
    // The default (11) is not a standard level, so the middle of the standard range stands in.
    #expect(LevelSelection.quick.levels(for: brotli) == [0, 4, 8])
    let zlib = CopyBackend(name: "zlib", clock: clock, levels: Array(0...9), defaultLevel: 6)
    #expect(LevelSelection.standard.levels(for: zlib) == Array(0...9))
    #expect(LevelSelection.parse("standard") == .standard)
  }

  @Test("level lists parse with ranges and negative numbers")
  func levelParsing() {
    #expect(LevelSelection.parse("all") == .all)
    #expect(LevelSelection.parse("default") == .default)
    #expect(LevelSelection.parse("1,6,9") == .list([1, 6, 9]))
    #expect(LevelSelection.parse("1-3,9") == .list([1, 2, 3, 9]))
    #expect(LevelSelection.parse("-5--3") == .list([-5, -4, -3]))
    #expect(LevelSelection.parse("-1") == .list([-1]))
    #expect(LevelSelection.parse("fast") == nil)
    #expect(LevelSelection.parse("1,,2") == nil)
    #expect(LevelSelection.parse("3-1") == nil)
  }

  @Test("reference codecs keep their own container; DEFLATE backends that cannot write it are left out")
  func containerRule() throws {
    let clock = FakeClock()
    let deflate = CopyBackend(name: "deflate", clock: clock)
    let gzipOnly = CopyBackend(name: "gzip-only", clock: clock, containers: [.gzip])
    let reference = CopyBackend(name: "zstdlike", clock: clock, containers: [.zstd])
    var settings = fakeSettings()
    settings.container = .zlib
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [deflate, gzipOnly, reference], levels: .default, settings: settings)
    let containers = Dictionary(uniqueKeysWithValues: plan.cells.map { ($0.backend.name, $0.container) })
    #expect(containers == ["deflate": .zlib, "zstdlike": .zstd])
    #expect(plan.notes.contains { $0.contains("gzip-only is left out") })
    #expect(plan.notes.contains { $0.contains("zstdlike writes its own zstd container") })
  }

  @Test("an input over the backend's limit skips the cell with the reason")
  func sizeLimitSkips() throws {
    let clock = FakeClock()
    let limited = CopyBackend(name: "zopfli", clock: clock, maxInputBytes: 999)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(size: 1_000)], backends: [limited], levels: .default, settings: fakeSettings())
    #expect(plan.cells.isEmpty)
    let skipped = try #require(plan.skipped.first)
    #expect(skipped.reason.contains("zopfli refuses inputs above 999 bytes"))
    #expect(skipped.reason.contains("1000 bytes"))
  }

  @Test("empty or ambiguous matrices are refused before anything runs")
  func invalidMatrices() {
    let clock = FakeClock()
    let backend = CopyBackend(name: "b", clock: clock)
    #expect(throws: PlanError.emptyMatrix("no corpus was given")) {
      try MeasurementPlan.make(payloadSets: [], backends: [backend], levels: .all, settings: fakeSettings())
    }
    #expect(throws: PlanError.invalidThreads(0)) {
      try MeasurementPlan.make(
        payloadSets: [makePayloadSet()], backends: [backend], levels: .all, settings: fakeSettings(threads: [1, 0]))
    }
    #expect(throws: PlanError.duplicatePayloadSet("events/events=10")) {
      try MeasurementPlan.make(
        payloadSets: [makePayloadSet(), makePayloadSet()], backends: [backend], levels: .all, settings: fakeSettings())
    }
    #expect(throws: PlanError.self) {
      try MeasurementPlan.make(
        payloadSets: [makePayloadSet()], backends: [backend], levels: .list([42]), settings: fakeSettings())
    }
  }
}
