import DeflateBenchModel
import Testing

@Suite("Sample summaries")
struct StatisticsSampleSummaryTests {
  @Test("The textbook sample 2, 4, 4, 4, 5, 5, 7, 9 gives hand-computed figures")
  func textbookSample() throws {
    let summary = try #require(SampleSummary([9, 4, 2, 4, 5, 4, 7, 5]))
    #expect(summary.count == 8)
    #expect(summary.median == 4.5)
    #expect(summary.minimum == 2)
    #expect(summary.maximum == 9)
    #expect(summary.mean == 5)
    // Sum of squared deviations is 32; the sample variance divides by n - 1 = 7.
    #expect(abs(summary.standardDeviation - (32.0 / 7).squareRoot()) < 1e-12)
    #expect(abs(summary.coefficientOfVariationPercent - 100 * (32.0 / 7).squareRoot() / 5) < 1e-10)
    // |x - 4.5| = 2.5, .5, .5, .5, .5, .5, 2.5, 4.5: five halves, so the median deviation is 0.5.
    #expect(summary.medianAbsoluteDeviation == 0.5)
  }

  @Test("An odd count takes the middle value as the median")
  func oddCountMedian() throws {
    let summary = try #require(SampleSummary([3, 1, 2, 10, 0]))
    #expect(summary.median == 2)
    // Deviations from 2: 1, 1, 0, 8, 2 -> sorted 0, 1, 1, 2, 8.
    #expect(summary.medianAbsoluteDeviation == 1)
  }

  @Test("No samples: no summary")
  func emptyGivesNil() {
    #expect(SampleSummary([]) == nil)
    #expect(SampleSummary([.nan, .infinity]) == nil)
  }

  @Test("One sample: every location is the value, spread is zero, there is no interval")
  func singleSample() throws {
    let summary = try #require(SampleSummary([42.5]))
    #expect(summary.count == 1)
    #expect([summary.median, summary.minimum, summary.maximum, summary.mean] == [42.5, 42.5, 42.5, 42.5])
    #expect(summary.standardDeviation == 0)
    #expect(summary.coefficientOfVariationPercent == 0)
    #expect(summary.medianAbsoluteDeviation == 0)
    #expect(summary.medianInterval == nil)
  }

  @Test("A constant sample has no spread and no rounding noise in its mean")
  func constantSample() throws {
    let summary = try #require(SampleSummary([Double](repeating: 0.1, count: 10)))
    #expect(summary.mean == 0.1)
    #expect(summary.standardDeviation == 0)
    #expect(summary.coefficientOfVariationPercent == 0)
    #expect(summary.medianInterval?.lower == 0.1)
    #expect(summary.medianInterval?.upper == 0.1)
  }

  @Test("Fewer than ten samples give no interval; ten give one")
  func intervalNeedsTenSamples() throws {
    let nine = try #require(SampleSummary([1, 2, 3, 4, 5, 6, 7, 8, 9]))
    #expect(nine.medianInterval == nil)
    #expect(nine.best == 9)
    let ten = try #require(SampleSummary([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
    let interval = try #require(ten.medianInterval)
    #expect(interval.lower >= 1 && interval.upper <= 10 && interval.contains(ten.median))
  }

  @Test("Non-finite samples are ignored and not counted")
  func nonFiniteIgnored() throws {
    let summary = try #require(SampleSummary([1, .nan, 3, .infinity, 2]))
    #expect(summary.count == 3)
    #expect(summary.median == 2)
    #expect(summary.maximum == 3)
  }

  @Test("A zero mean with spread reports an infinite CV instead of NaN")
  func zeroMeanWithSpread() throws {
    let summary = try #require(SampleSummary([-1, 1], bootstrap: nil))
    #expect(summary.coefficientOfVariationPercent == .infinity)
    #expect(summary.medianInterval == nil)
  }

  @Test("The summary's interval is the standard bootstrap of the median, so it is reproducible")
  func intervalIsStandardBootstrap() throws {
    let samples: [Double] = [101, 99, 100, 98, 103, 97, 100.5, 99.5, 102, 100.2]
    let summary = try #require(SampleSummary(samples))
    #expect(summary.medianInterval == Bootstrap.medianInterval(of: samples))
    #expect(SampleSummary(samples) == summary)
  }
}
