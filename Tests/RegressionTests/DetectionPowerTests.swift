import DeflateBenchMeasurement
import DeflateBenchRegression
import Foundation
import Testing

/// How often the speed gate cries wolf and how small a slowdown it catches, on synthetic runs with
/// CI-like noise (log-normal, CV 4 %, 5 % of samples slowed 10-30 % by hiccups).
@Suite("compare: false alarms and detection power")
struct DetectionPowerTests {
  let template = smallTemplate()
  let noise = SyntheticRuns()

  @Test(arguments: [3, 5])
  func theSameDistributionIsNotFlaggedInAtLeast19Of20Runs(samples: Int) throws {
    var flaggedRuns = 0
    for repetition in 0..<20 {
      let seed = UInt64(1000 + repetition * 2)
      let baseline = noise.run(from: template, repetitions: samples, seed: seed)
      let current = noise.run(from: template, repetitions: samples, seed: seed + 1)
      if try RunComparator.compare(baseline: baseline, current: current).hasRegression { flaggedRuns += 1 }
    }
    #expect(flaggedRuns <= 1)
  }

  @Test func theSameDistributionIsNotFlaggedInRelativeModeEither() throws {
    var flaggedRuns = 0
    for repetition in 0..<20 {
      let seed = UInt64(2000 + repetition * 2)
      let baseline = noise.run(from: template, repetitions: 5, seed: seed)
      let current = noise.run(from: template, repetitions: 5, seed: seed + 1)
      let report = try RunComparator.compare(
        baseline: baseline, current: current, options: ComparisonOptions(reference: .default))
      if report.hasRegression { flaggedRuns += 1 }
    }
    #expect(flaggedRuns <= 1)
  }

  @Test(arguments: [3, 5])
  func aRunAtHalfTheSpeedIsFlaggedEveryTime(samples: Int) throws {
    for repetition in 0..<10 {
      let seed = UInt64(3000 + repetition * 2)
      let baseline = noise.run(from: template, repetitions: samples, seed: seed)
      let slowed = noise.run(from: template, repetitions: samples, seed: seed + 1, speedFactor: 0.5)
      let report = try RunComparator.compare(baseline: baseline, current: slowed)
      // Every cell, both metrics.
      #expect(report.speedRegressions.count == template.cells.count * 2)
      let mean = try #require(report.geometricMeanRatio(.compress))
      #expect(abs(mean - 0.5) < 0.05)
    }
  }

  @Test func aThirtyPercentSlowdownIsCaughtWithTenSamples() throws {
    var caught = 0
    for repetition in 0..<5 {
      let seed = UInt64(3500 + repetition * 2)
      let baseline = noise.run(from: template, repetitions: 10, seed: seed)
      let current = noise.run(from: template, repetitions: 10, seed: seed + 1, speedFactor: 0.7)
      let options = ComparisonOptions(metrics: [.compress])
      caught += try RunComparator.compare(baseline: baseline, current: current, options: options).speedRegressions.count
    }
    #expect(caught >= template.cells.count * 5 * 9 / 10)
  }

  @Test func aSlowdownWithinTheThresholdIsNeverFlagged() throws {
    // 5 % slower is real but smaller than the 10 % threshold: not a regression by definition.
    for repetition in 0..<20 {
      let seed = UInt64(4000 + repetition * 2)
      let baseline = noise.run(from: template, repetitions: 10, seed: seed)
      let current = noise.run(from: template, repetitions: 10, seed: seed + 1, speedFactor: 0.95)
      #expect(try RunComparator.compare(baseline: baseline, current: current).speedRegressions.isEmpty)
    }
  }

  /// The share of cells flagged at each slowdown, for 3, 5 and 10 samples per cell: the smallest
  /// slowdown caught in at least 95 % of cells is the gate's detection threshold, quoted in the
  /// README. Thousands of bootstraps, so it runs only on request:
  /// `DEFLATEBENCH_POWER_SWEEP=1 swift test -c release --filter slowdownSweep`.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["DEFLATEBENCH_POWER_SWEEP"] != nil))
  func slowdownSweep() throws {
    let slowdowns = [0.0, 0.10, 0.15, 0.20, 0.25, 0.30, 0.40, 0.50]
    let repetitions = 40
    for samples in [3, 5, 10] {
      var line = "detection, \(samples) samples per cell:"
      var previous = 0.0
      for slowdown in slowdowns {
        var caught = 0
        for repetition in 0..<repetitions {
          let seed = UInt64(5000 + repetition * 2) &+ UInt64(slowdown * 1000) &* 7919
          let baseline = noise.run(from: template, repetitions: samples, seed: seed)
          let current = noise.run(from: template, repetitions: samples, seed: seed + 1, speedFactor: 1 - slowdown)
          let options = ComparisonOptions(metrics: [.compress])
          caught += try RunComparator.compare(baseline: baseline, current: current, options: options)
            .speedRegressions.count
        }
        let rate = Double(caught) / Double(repetitions * template.cells.count)
        line += " \(Int(slowdown * 100)) % -> \(Int((rate * 100).rounded())) %;"
        // Larger slowdowns are caught at least as often, give or take the sampling error.
        #expect(rate >= previous - 0.05)
        previous = rate
      }
      print(line)
      #expect(previous == 1, "half speed must always be caught")
    }
  }
}
