import Testing

@testable import DeflateBenchModel

@Suite("Bootstrap intervals")
struct StatisticsBootstrapTests {
  @Test("Two samples: resampled medians are a, the midpoint or b, so the 95 % interval is [a, b]")
  func twoSamples() throws {
    // P(median = a) = P(median = b) = 1/4, far above the 2.5 % tails.
    let interval = try #require(Bootstrap.medianInterval(of: [10, 20]))
    #expect(interval == ConfidenceInterval(lower: 10, upper: 20, level: 0.95))
  }

  @Test("Three samples: the extremes are medians with probability 7/27 each, so they are the bounds")
  func threeSamples() throws {
    let interval = try #require(Bootstrap.medianInterval(of: [3, 1, 2]))
    #expect(interval.lower == 1)
    #expect(interval.upper == 3)
  }

  @Test("21 distinct values: the bounds fall near the order statistics a binomial argument predicts")
  func orderStatisticsOfLargerSample() throws {
    let samples = (1...21).map { Double($0) * 1.5 }
    let interval = try #require(Bootstrap.medianInterval(of: samples))
    // The resampled median is below x(k) when at least 11 of 21 draws fall below it; the 2.5 %
    // and 97.5 % points of that are x(7)..x(8) and x(14)..x(15). Allow one rank either side.
    #expect(interval.lower >= samples[5] && interval.lower <= samples[8])
    #expect(interval.upper >= samples[12] && interval.upper <= samples[15])
    #expect(interval.contains(samples[10]))
  }

  @Test("Nine samples: the 95 % interval is x(2)..x(8) and the 90 % one x(3)..x(7), as the binomial tails say")
  func ninetyFivePercentIsNotNinety() throws {
    // The resampled median is at most x(k) when at least 5 of 9 draws are: P = 0.14 % for x(1),
    // 3.04 % for x(2), 14.5 % for x(3). So the 2.5 % point is x(2) and the 5 % point x(3) (and
    // symmetrically above). 20,000 resamples put 3.04 % within 0.12 % (one standard deviation).
    let samples = (1...9).map(Double.init)
    let settings = { (confidence: Double) in
      BootstrapSettings(confidence: confidence, resamples: 20_000, seed: BootstrapSettings.standardSeed)
    }
    let wide = try #require(Bootstrap.medianInterval(of: samples, settings: settings(0.95)))
    #expect(wide.lower == 2 && wide.upper == 8, "\(wide)")
    let narrow = try #require(Bootstrap.medianInterval(of: samples, settings: settings(0.90)))
    #expect(narrow.lower == 3 && narrow.upper == 7, "\(narrow)")
  }

  @Test("The same seed gives the same interval; the seed is what makes reports reproducible")
  func seedDeterminesInterval() {
    let samples: [Double] = [5.1, 4.9, 5.3, 5.0, 4.7, 5.6, 5.2, 4.8, 5.05, 4.95, 5.4]
    let settings = BootstrapSettings(confidence: 0.9, resamples: 500, seed: 99)
    #expect(
      Bootstrap.medianInterval(of: samples, settings: settings)
        == Bootstrap.medianInterval(of: samples, settings: settings))
    #expect(Bootstrap.medianInterval(of: samples, settings: settings)?.level == 0.9)
  }

  @Test("No samples: no interval")
  func emptyGivesNil() {
    #expect(Bootstrap.medianInterval(of: []) == nil)
    #expect(Bootstrap.ratioOfMediansInterval(numerator: [], denominator: [1]) == nil)
    #expect(Bootstrap.ratioOfMediansInterval(numerator: [1], denominator: []) == nil)
  }

  @Test("Ratio of single values is that ratio; a zero denominator gives nil, not infinity")
  func ratioEdgeCases() throws {
    let interval = try #require(Bootstrap.ratioOfMediansInterval(numerator: [3], denominator: [4]))
    #expect(interval.lower == 0.75 && interval.upper == 0.75)
    #expect(Bootstrap.ratioOfMediansInterval(numerator: [3], denominator: [0]) == nil)
  }

  @Test("Doubling the numerator doubles the interval exactly (the same seed draws the same indices)")
  func ratioScalesWithNumerator() throws {
    let before: [Double] = [100, 102, 98, 101, 99, 100.5, 97, 103]
    let after: [Double] = [104, 106, 103, 105, 101, 104.5, 107, 102]
    let base = try #require(Bootstrap.ratioOfMediansInterval(numerator: after, denominator: before))
    let doubled = try #require(Bootstrap.ratioOfMediansInterval(numerator: after.map { $0 * 2 }, denominator: before))
    #expect(doubled.lower == 2 * base.lower)
    #expect(doubled.upper == 2 * base.upper)
    // About 4 % faster: the interval sits above 1 and contains the ratio of the medians.
    #expect(base.lower > 1)
    #expect(base.contains(104.25 / 100.25))
  }

  @Test("A sample against itself gives an interval around 1")
  func ratioOfSameSample() throws {
    let samples: [Double] = [50, 52, 49, 51, 50.5, 48, 53, 50.2, 49.7]
    let interval = try #require(Bootstrap.ratioOfMediansInterval(numerator: samples, denominator: samples))
    #expect(interval.lower < 1 && interval.upper > 1)
  }
}
