import DeflateBenchModel
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// results.json names the machine's reported caches and what the run cost (wall time, peak
/// resident memory), the figures the docs quote with every run (issues #24 and #26); checked
/// against lscpu and GNU time, which read the same machine and process their own way.
@Suite("A run records its machine's caches, its wall time and its peak memory")
struct RunCostRecordTests {
  @Test(
    "a quick run's context agrees with lscpu's caches and GNU time's wall time and peak",
    .enabled(
      if: Condition.executableIsBuilt && Judge.areAvailable(Judge.gnuTime, Judge.lscpu),
      Comment(
        rawValue: Condition.executableIsBuilt ? Judge.missing(Judge.gnuTime, Judge.lscpu) : Condition.executableMissing)
    ))
  func recordsCachesTimeAndPeak() throws {
    let scratch = try ScratchDirectory("run-cost")
    let run = try ProcessRunner.run(
      "/usr/bin/time",
      arguments: [
        "-f", "%e %M", try DeflateBenchExecutable.url.path, "run", "--allow-debug", "--quick", "--repetitions", "1",
        "--corpus", "json-events:segment:count=4,events=2", "--backends", "zlib", "--levels", "1", "--quiet",
        "--out", "out",
      ], currentDirectory: scratch.url.path, timeoutSeconds: 300)
    #expect(run.status == 0, "\(run.stderrText)")
    let timeLine = try #require(run.stderrText.split(separator: "\n").last).split(separator: " ")
    let (wall, peakKB) = (try #require(Double(timeLine[0])), try #require(Int(timeLine[1])))
    let context = try ResultsDocument.load(from: scratch.url.appendingPathComponent("out")).context

    // Wall time: up to the reports, so within GNU time's whole-process figure.
    let seconds = try #require(context.runWallSeconds)
    #expect(seconds > 0 && seconds <= wall + 0.01, "recorded \(seconds) s, GNU time \(wall) s")
    // Peak: taken before the reports are written, so at most GNU time's, and most of it.
    let peak = try #require(context.peakResidentBytes)
    #expect(peak <= peakKB * 1024 && peak >= peakKB * 1024 / 2, "recorded \(peak) B, GNU time \(peakKB) KB")

    // Caches: what lscpu reports for L2 and the last level, in bytes.
    let lscpu = try ProcessRunner.run(try #require(Judge.lscpu.path), arguments: ["-B", "-C=NAME,ONE-SIZE"])
    var sizes: [String: Int] = [:]
    for line in lscpu.stdoutText.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ")
      if fields.count == 2, let bytes = Int(fields[1]) { sizes[String(fields[0])] = bytes }
    }
    let caches = try #require(context.caches, "no caches recorded; lscpu says \(sizes)")
    #expect(caches.source == "sysfs")
    #expect(sizes["L\(caches.lastLevel)"] == caches.lastLevelBytes, "lscpu: \(sizes); recorded \(caches)")
    if caches.lastLevel > 2 { #expect(sizes["L2"] == caches.l2Bytes, "lscpu: \(sizes); recorded \(caches)") }

    // report.md's context says them with the one formatter.
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("- **CPU caches:** \(try #require(MachineText.caches(caches)))"))
    #expect(report.contains("- **Run:** \(try #require(MachineText.runCost(context)))"))
  }
}
