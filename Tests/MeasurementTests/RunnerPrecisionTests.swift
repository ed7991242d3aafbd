import Testing

@testable import DeflateBenchMeasurement
@testable import DeflateBenchModel

@Suite("Runner: adaptive sampling to a target precision")
struct RunnerPrecisionTests {
  @Test("a steady cell stops at the fewest samples an interval needs")
  func steadyCellStopsAtTen() throws {
    let clock = FakeClock()
    var settings = fakeSettings(repetitions: 3)
    settings.precision = PrecisionTarget(halfWidth: 0.01, maxSecondsPerCell: 3_600)
    let plan = try makeSingleCellPlan(settings: settings, clock: clock)
    let outcome = runFake(plan, settings: settings, clock: clock)
    let cell = try #require(outcome.cells.first)
    // The fake clock gives identical samples: the interval has zero width as soon as it exists.
    #expect(cell.compressSamplesMBps.count == SampleSummary.minimumSamplesForInterval)
    #expect(outcome.warnings.isEmpty)
  }

  @Test("a cell that runs out of --max-time stops and is named in the warnings")
  func outOfTimeIsReported() throws {
    let clock = FakeClock()
    var settings = fakeSettings(repetitions: 2)
    // Every visit costs far more than a nanosecond of fake time, so the first extra round is the last.
    settings.precision = PrecisionTarget(halfWidth: 0.01, maxSecondsPerCell: 1e-9)
    let plan = try makeSingleCellPlan(settings: settings, clock: clock)
    let outcome = runFake(plan, settings: settings, clock: clock)
    let cell = try #require(outcome.cells.first)
    #expect(cell.compressSamplesMBps.count == 2)
    let warning = try #require(outcome.warnings.first)
    #expect(warning.contains("ran out of --max-time"))
    #expect(warning.contains("too few samples"))
  }

  @Test("the half-width is the wider of the compression and decompression intervals")
  func halfWidthUsesBothSeries() throws {
    var progress = CellProgress()
    progress.compressMBps = Array(repeating: 100, count: 12)
    progress.decompressMBps = [90, 95, 100, 105, 110, 92, 97, 103, 108, 100, 99, 101]
    let width = try #require(PrecisionTarget.halfWidth(of: progress))
    #expect(width > 0.005 && width < 0.1)
    progress.decompressMBps = [100, 100]
    #expect(PrecisionTarget.halfWidth(of: progress) == nil)
  }
}
