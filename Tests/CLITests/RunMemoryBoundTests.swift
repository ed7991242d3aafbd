import Foundation
import TestSupport
import Testing

/// The run's memory bound at its own figure (docs/memory.md, docs/streaming.md): a run holds one
/// payload set at a time, so its peak resident memory stays within 2.2 x its largest set + 200 MiB
/// however many sets it measures. Measured by GNU time on the built executable.
@Suite("run: peak memory within the documented bound")
struct RunMemoryBoundTests {
  static let setBytes = 12_000_000
  static let sets = 6

  /// The bound memory.md states for a run whose largest set is `bytes`, in KiB as GNU time's %M.
  static func boundKiB(largestSet bytes: Int) -> Int { (22 * bytes / 10 + 200 << 20) / 1024 }

  @Test(
    "six 12 MB JSON-lines files in one run peak within 2.2 x 12 MB + 200 MiB",
    .enabled(
      if: Judge.areAvailable(.gnuTime, .python3), Comment(rawValue: Judge.missing(.gnuTime, .python3))))
  func severalLargeSetsStayWithinTheBound() throws {
    let scratch = try ScratchDirectory("run-memory-bound")
    var corpora: [String] = []
    for index in 1...Self.sets {
      let name = "events-\(index).json"
      let made = try ProcessRunner.run(
        try #require(Judge.python3.path),
        arguments: [
          DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/make-events.py").path,
          String(Self.setBytes), scratch.path(name), String(index),
        ])
      #expect(made.succeeded, "\(made.stderrText)")
      corpora += ["--corpus", name]
    }
    let largest =
      try (1...Self.sets).map {
        try FileManager.default.attributesOfItem(atPath: scratch.path("events-\($0).json"))[.size] as? Int ?? 0
      }.max() ?? 0
    let run = try ProcessRunner.run(
      try #require(Judge.gnuTime.path),
      arguments: [
        "-f", "peak %M", try DeflateBenchExecutable.url.path, "run", "--allow-debug", "--quiet", "--quick",
        "--backends", "zlib", "--levels", "1", "--out", "out",
      ] + corpora, currentDirectory: scratch.url.path, timeoutSeconds: 900)
    #expect(run.status == 0, "\(run.stderrText)")
    let peak = try #require(
      run.stderrText.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) },
      "\(run.stderrText)")
    let bound = Self.boundKiB(largestSet: largest)
    print("run of \(Self.sets) sets of \(largest) bytes: peak \(peak) KiB, bound \(bound) KiB")
    #expect(peak <= bound, "peak \(peak) KiB above the bound \(bound) KiB (2.2 x \(largest) bytes + 200 MiB)")
    let document = try #require(try scratch.jsonObject("out/results.json"))
    #expect((document["cells"] as? [Any])?.count == Self.sets)
  }
}
