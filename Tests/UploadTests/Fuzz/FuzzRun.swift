import DeflateBenchSupport
import Dispatch
import Foundation
import Synchronization

/// The fuzz tests' budget, seed and watchdog.
///
/// Every input is made by its own generator, seeded from the run's seed, the target's name and
/// the input's index, so a failure names everything needed to make that one input again:
/// `DEFLATEBENCH_FUZZ_SEED=<seed> swift test --filter Fuzz` and the index in the message.
/// `DEFLATEBENCH_FUZZ_SECONDS` changes the total time (default 20 s, shared by the targets).
enum FuzzRun {
  /// The run's seed: `DEFLATEBENCH_FUZZ_SEED` (decimal or 0x hex) or a fixed default, so the
  /// suite fuzzes the same inputs every time unless asked to explore.
  static let seed: UInt64 = {
    let text = ProcessInfo.processInfo.environment["DEFLATEBENCH_FUZZ_SEED"] ?? ""
    if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
    return UInt64(text) ?? 0x16_2026_1201
  }()

  /// Seconds for all targets together.
  static let totalSeconds: Double = {
    Double(ProcessInfo.processInfo.environment["DEFLATEBENCH_FUZZ_SECONDS"] ?? "") ?? 20
  }()

  /// Every fuzz target, each given an equal share of `totalSeconds`.
  static let targets = [
    "http", "chunked", "gzip", "deflate", "zstd", "br", "identity", "gzip, br", "har", "record-index", "results-json",
  ]

  /// One target's share of the total time.
  static var secondsPerTarget: Double { totalSeconds / Double(targets.count) }

  /// Longer than any input may take (the slowest take tens of milliseconds): an input that takes
  /// longer, or a loop still running this long after its budget, is a hang.
  static let hangSeconds = 10.0

  /// What one target's run did.
  struct Report: Sendable {
    var inputs = 0
    var slowestMilliseconds = 0.0
    /// Failures, each naming the seed, target and input index; at most a few are kept.
    var failures: [String] = []
    /// True when the loop did not come back within the budget plus `hangSeconds`.
    var hung = false
  }

  /// Runs `check` on fresh inputs for `seconds`, on a thread of its own so that a hang is
  /// reported instead of stopping the test run. `check` returns nil when the input was handled
  /// as it must be, or what went wrong.
  static func run(
    _ target: String, seconds: Double, check: @escaping @Sendable (inout Xoshiro256StarStar) -> String?
  ) -> Report {
    let state = Mutex(Report())
    let current = Atomic<Int>(0)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let start = DispatchTime.now().uptimeNanoseconds
      let end = start + UInt64(seconds * 1e9)
      var index = 0
      while DispatchTime.now().uptimeNanoseconds < end {
        current.store(index, ordering: .relaxed)
        var generator = Xoshiro256StarStar(seed: seed &+ UInt64(index), stream: target)
        let inputStart = DispatchTime.now().uptimeNanoseconds
        let failure = check(&generator)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - inputStart) / 1e6
        state.withLock { report in
          report.inputs += 1
          report.slowestMilliseconds = max(report.slowestMilliseconds, milliseconds)
          let slow = milliseconds > hangSeconds * 1000 ? "took \(Int(milliseconds)) ms, a hang" : nil
          if let failure = failure ?? slow, report.failures.count < 5 {
            report.failures.append("\(target) input \(index) (seed \(hex(seed))): \(failure)")
          }
        }
        index += 1
      }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    if done.wait(timeout: .now() + seconds + hangSeconds) == .timedOut {
      let index = current.load(ordering: .relaxed)
      return state.withLock { report in
        report.hung = true
        report.failures.append("\(target) input \(index) (seed \(hex(seed))) did not return within \(hangSeconds) s")
        return report
      }
    }
    let report = state.withLock { $0 }
    print(
      "fuzz \(target): \(report.inputs) inputs in " + String(format: "%.1f s", seconds)
        + ", seed \(hex(seed)), slowest input " + String(format: "%.1f ms", report.slowestMilliseconds))
    return report
  }

  static func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }
}
