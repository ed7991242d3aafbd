import DeflateBenchReports
import Foundation
import Synchronization
import TestSupport
import Testing

/// Results are never lost (issue #16): `run`, `merge` and `baseline update` refuse an --out that
/// already holds results unless --force, `merge` never writes over an input, and an --out that
/// cannot be created is refused before anything is measured.
@Suite("results folders are never overwritten by accident")
struct ResultsFolderSafetyTests {
  static let tinyRun = [
    "run", "--allow-debug", "--quick", "--quiet", "--corpus", "json-events:mixpanel:count=10,events=5", "--backends",
    "zlib", "--levels", "1",
  ]

  func deflateBench(_ arguments: [String], in folder: URL) throws -> ProcessOutput {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: arguments, currentDirectory: folder.path, timeoutSeconds: 120)
  }

  @Test("a second run into the same --out exits 73 naming it and leaves the first results; --force replaces")
  func runRefusesExistingResults() throws {
    let scratch = try ScratchDirectory("out-run")
    let first = try deflateBench(Self.tinyRun + ["--out", "out"], in: scratch.url)
    try #require(first.status == 0, "\(first.stderrText)")
    let results = scratch.url.appendingPathComponent("out/results.json")
    let before = try Data(contentsOf: results)
    let start = Date()
    let second = try deflateBench(Self.tinyRun + ["--out", "out"], in: scratch.url)
    #expect(second.status == 73)
    #expect(
      second.stderrText
        == "deflate-bench run: error: 'out' already holds results (results.json); choose another --out or pass --force to replace them\n"
    )
    #expect(Date().timeIntervalSince(start) < 5, "refused before measuring")
    #expect(try Data(contentsOf: results) == before)
    let forced = try deflateBench(Self.tinyRun + ["--out", "out", "--force"], in: scratch.url)
    #expect(forced.status == 0, "\(forced.stderrText)")
    #expect(try Data(contentsOf: results) != before)
  }

  @Test("two runs started together into one --out: exactly one succeeds, the other exits 73")
  func concurrentRuns() throws {
    let scratch = try ScratchDirectory("out-race")
    let executable = try DeflateBenchExecutable.url.path
    let statuses = Mutex<[Int32]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let result = try? ProcessRunner.run(
        executable, arguments: Self.tinyRun + ["--out", "out"], currentDirectory: scratch.url.path,
        timeoutSeconds: 120)
      statuses.withLock { $0.append(result?.status ?? -1) }
    }
    #expect(statuses.withLock { $0.sorted() } == [0, 73])
  }

  @Test("an --out that cannot be created is refused at once with 73")
  func runRefusesUncreatableOut() throws {
    let scratch = try ScratchDirectory("out-bad")
    try scratch.write("plain-file", Array("x".utf8))
    for out in ["plain-file", "plain-file/sub"] {
      let start = Date()
      let result = try deflateBench(Self.tinyRun + ["--out", out], in: scratch.url)
      #expect(result.status == 73, "\(out): \(result.stderrText)")
      #expect(result.stderrText.contains("cannot create --out"), "\(result.stderrText)")
      #expect(Date().timeIntervalSince(start) < 5)
    }
  }

  @Test("merge refuses an --out that is one of its inputs even with --force, and existing results without it")
  func mergeProtectsInputsAndResults() throws {
    let scratch = try ScratchDirectory("out-merge")
    var document = makeFixtureDocument(uploadLink: nil)
    document.context.shard = "1/2"
    let first = scratch.url.appendingPathComponent("s1")
    let second = scratch.url.appendingPathComponent("s2")
    try ResultsWriter.write(document, to: first)
    document.cells = []
    document.context.shard = "2/2"
    try ResultsWriter.write(document, to: second)
    let before = try Data(contentsOf: first.appendingPathComponent("results.json"))
    for out in [first.path, first.path + "/", first.path + "/../s1", first.appendingPathComponent("results.json").path]
    {
      for force in [false, true] {
        let result = try deflateBench(
          ["merge", first.path, second.path + "/results.json", "--out", out] + (force ? ["--force"] : []),
          in: scratch.url)
        #expect(result.status == 73, "\(out) force \(force): \(result.stderrText)")
        #expect(
          result.stderrText.contains("is one of the inputs") || result.stderrText.contains("is inside the input"),
          "\(result.stderrText)")
      }
    }
    #expect(try Data(contentsOf: first.appendingPathComponent("results.json")) == before)
    let merged = scratch.url.appendingPathComponent("merged")
    #expect(try deflateBench(["merge", first.path, second.path, "--out", merged.path], in: scratch.url).status == 0)
    let again = try deflateBench(["merge", first.path, second.path, "--out", merged.path], in: scratch.url)
    #expect(again.status == 73)
    #expect(again.stderrText.contains("'\(merged.path)' already holds results"))
    let forced = try deflateBench(["merge", first.path, second.path, "--out", merged.path, "--force"], in: scratch.url)
    #expect(forced.status == 0, "\(forced.stderrText)")
  }

  @Test("baseline update replaces a baseline but not a run's results, and never its --from folder")
  func baselineUpdate() throws {
    let scratch = try ScratchDirectory("out-baseline")
    let run = scratch.url.appendingPathComponent("run")
    let other = scratch.url.appendingPathComponent("other-run")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: run)
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: other)
    let baseline = scratch.url.appendingPathComponent("baseline").path
    let update = ["baseline", "update", "--from", run.path, "--out"]
    #expect(try deflateBench(update + [baseline], in: scratch.url).status == 0)
    #expect(try deflateBench(update + [baseline], in: scratch.url).status == 0, "a baseline is replaced")
    let overRun = try deflateBench(update + [other.path], in: scratch.url)
    #expect(overRun.status == 73)
    #expect(overRun.stderrText.contains("already holds results"))
    #expect(try deflateBench(update + [run.path, "--force"], in: scratch.url).status == 73)
    // A baseline holds a results.json too: run and merge must not take it for a scratch folder.
    let overBaseline = try deflateBench(["merge", run.path, other.path, "--out", baseline], in: scratch.url)
    #expect(overBaseline.status == 73, "\(overBaseline.stderrText)")
    #expect(overBaseline.stderrText.contains("'\(baseline)' already holds a baseline (BASELINE.md)"))
  }
}
