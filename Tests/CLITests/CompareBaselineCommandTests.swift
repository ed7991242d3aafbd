import DeflateBenchReports
import Foundation
import TestSupport
import Testing

/// `deflate-bench baseline update`, the command that rewrites what `compare` gates against, run
/// as the built executable; the baseline it writes must compare clean against its source.
@Suite("baseline command")
struct CompareBaselineCommandTests {
  let scratch: ScratchDirectory

  init() throws {
    scratch = try ScratchDirectory("baseline")
  }

  @Test func updateWritesABaselineThatComparesCleanAgainstItsSource() throws {
    let run = scratch.url.appendingPathComponent("run")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: run)
    let baseline = scratch.path("Results/baseline")
    let result = try deflateBench(["baseline", "update", "--from", run.path, "--out", baseline])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stderrText.contains("commit the folder"))
    for file in ["results.json", "results.csv", "report.md", "BASELINE.md"] {
      #expect(FileManager.default.fileExists(atPath: baseline + "/" + file), "\(file)")
    }
    #expect(try deflateBench(["compare", baseline, run.path]).status == 0)
  }

  @Test func updateRefusesAnIncompleteRun() throws {
    let run = scratch.url.appendingPathComponent("run")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil, complete: false), to: run)
    let result = try deflateBench(["baseline", "update", "--from", run.path, "--out", scratch.path("b")])
    #expect(result.status == 65)
    #expect(result.stderrText.contains("incomplete run"))
  }

  /// The regression gates' test hook changes what is measured; a run made with it is marked in
  /// results.json and report.md, and no baseline takes it, not even with --force.
  @Test func aRunWithTheTestHookIsMarkedAndRefusedAsABaseline() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["DEFLATEBENCH_INJECT_EXTRA_WORK"] = "zlib:5"
    let run = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path,
      arguments: [
        "run", "--allow-debug", "--quick", "--repetitions", "1", "--corpus", "json-events:segment:count=4,events=2",
        "--backends", "zlib", "--levels", "1", "--quiet", "--out", "out",
      ], environment: environment, currentDirectory: scratch.url.path)
    #expect(run.status == 0, "\(run.stderrText)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("out/results.json")))
        as? [String: Any])
    let hook = (json["context"] as? [String: Any])?["test_hook"] as? String
    #expect(hook == "DEFLATEBENCH_INJECT_EXTRA_WORK=zlib:5.0", "\(String(describing: json["context"]))")
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("Test hook (these are not real figures)"))
    let baseline = scratch.path("b")
    let update = try deflateBench(["baseline", "update", "--from", scratch.path("out"), "--out", baseline, "--force"])
    #expect(update.status == 65, "\(update.stderrText)")
    #expect(update.stderrText.contains("test-only hook DEFLATEBENCH_INJECT_EXTRA_WORK"), "\(update.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: baseline))
    // Without the hook the same run is an ordinary one.
    let plain = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--repetitions", "1", "--corpus", "json-events:segment:count=4,events=2",
        "--backends", "zlib", "--levels", "1", "--quiet", "--out", "plain",
      ], in: scratch.url)
    #expect(plain.status == 0, "\(plain.stderrText)")
    let plainText = try String(contentsOf: scratch.url.appendingPathComponent("plain/results.json"), encoding: .utf8)
    #expect(!plainText.contains("test_hook"))
  }

  @Test func aFailedSuiteRunLeavesTheBaselineAlone() throws {
    // Without --from the suite is run first; here it cannot be (a debug build, or no such
    // configuration), and the failure must stop the update before the baseline is touched.
    let baseline = scratch.path("b")
    let result = try deflateBench(["baseline", "update", "--config", scratch.path("no-suite.json"), "--out", baseline])
    #expect(result.status != 0)
    #expect(result.stderrText.contains("the baseline is unchanged"))
    #expect(!FileManager.default.fileExists(atPath: baseline))
  }

  @Test func usageErrors() throws {
    let both = try deflateBench(["baseline", "update", "--from", "x", "--config", "y"])
    #expect(both.status == 64)
    #expect(both.stderrText.contains("give one or the other"))
    let badAction = try deflateBench(["baseline", "delete"])
    #expect(badAction.status == 64)
    #expect(badAction.stderrText.contains("unknown action 'delete'"))
    let missing = try deflateBench(["baseline", "update", "--from", scratch.path("none"), "--out", scratch.path("b")])
    #expect(missing.status == 66)
  }
}
