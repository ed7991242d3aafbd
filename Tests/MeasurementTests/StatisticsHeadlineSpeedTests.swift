import DeflateBenchModel
import Testing

/// The headline speed and its interval (`HeadlineSpeed`): the fastest sample, from the sample
/// the percentile bootstrap of the maximum puts at its 2.5 % point, mirrored in ratio above it.
@Suite("Statistics: the headline speed")
struct StatisticsHeadlineSpeedTests {
  @Test("The interval's lower end is the exact 2.5 % point of the bootstrapped maximum")
  func lowerRank() {
    // (k / n)^n >= 0.025 first at: n = 3, k = 1 (0.037); n = 5, k = 3 (0.078); n = 10, k = 7
    // (0.028); n = 20, k = 17 (0.039); large n, k = n - 3 (e^-3.7 is 0.025).
    #expect(HeadlineSpeed.lowerRankFromTop(count: 1) == 1)
    #expect(HeadlineSpeed.lowerRankFromTop(count: 2) == 2)
    #expect(HeadlineSpeed.lowerRankFromTop(count: 3) == 3)
    #expect(HeadlineSpeed.lowerRankFromTop(count: 5) == 3)
    #expect(HeadlineSpeed.lowerRankFromTop(count: 10) == 4)
    #expect(HeadlineSpeed.lowerRankFromTop(count: 20) == 4)
    #expect(HeadlineSpeed.lowerRankFromTop(count: 1_000) == 4)
  }

  @Test("Ten samples: the fastest, and from the 4th fastest to as far above it in ratio")
  func tenSamples() throws {
    let sorted = [90.0, 92, 95, 97, 100, 100, 103, 105, 108, 110]
    #expect(HeadlineSpeed.value(ofSorted: sorted) == 110)
    let interval = try #require(HeadlineSpeed.interval(ofSorted: sorted))
    #expect(interval.lower == 103)
    #expect(abs(interval.upper - 110 * 110 / 103) < 1e-9)
    #expect(interval.level == 0.95)
    #expect(abs(try #require(HeadlineSpeed.relativeHalfWidth(ofSorted: sorted)) - (110.0 / 103 - 1)) < 1e-12)
  }

  @Test("One sample or a constant series: both ends are the sample; none: no headline")
  func degenerate() throws {
    for (samples, value) in [([7.0], 7.0), ([5, 5, 5], 5)] {
      let interval = try #require(HeadlineSpeed.interval(ofSorted: samples))
      #expect(interval.lower == value && interval.upper == value)
    }
    #expect(HeadlineSpeed.value(ofSorted: []) == nil)
    #expect(HeadlineSpeed.interval(ofSorted: []) == nil)
    #expect(HeadlineSpeed.relativeHalfWidth(ofSorted: [5, 5, 5]) == 0)
  }

  @Test("SampleSummary's headline is HeadlineSpeed's, whatever the order of the samples")
  func summary() throws {
    let summary = try #require(SampleSummary([100, 110, 90, 105, 97], bootstrap: nil))
    #expect(summary.headline == 110)
    #expect(summary.median == 100)
    #expect(summary.headlineInterval == HeadlineSpeed.interval(ofSorted: [90, 97, 100, 105, 110]))
  }
}
