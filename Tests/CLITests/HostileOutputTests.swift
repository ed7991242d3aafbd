import DeflateBenchReports
import DeflateBenchResults
import DeflateBenchSupport
import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue #25, item 1: an output never destroys a folder or file. `baseline update --out` is the
/// command that replaces a whole folder, so it is tried against every folder a hostile or
/// careless user could name; `merge` races, `Results/latest` and `dict train --out -` follow.
@Suite("hostile outputs: nothing is deleted or overwritten by accident")
struct HostileOutputTests {
  func run(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws -> ProcessOutput {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: arguments, environment: environment,
      currentDirectory: folder.path, timeoutSeconds: 120)
  }

  /// Every regular file under `folder`, relative, with its bytes: what must survive a refusal.
  func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let name = enumerator?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) {
        files[name] = data
      }
    }
    return files
  }

  @Test(
    "H1: baseline update refuses --out ., .., a parent, the --from run, a folder holding it and a folder of other files"
  )
  func baselineUpdateDeletesNothing() throws {
    let scratch = try ScratchDirectory("h1")
    let work = scratch.url.appendingPathComponent("project/work")
    let results = scratch.url.appendingPathComponent("project/work/Results")
    let source = results.appendingPathComponent("2026-01-01T000000Z")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: source)
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: results.appendingPathComponent("baseline"))
    try Data("keep me".utf8).write(to: work.appendingPathComponent("notes.txt"))
    let notes = scratch.url.appendingPathComponent("project/work/docs")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try Data("# mine".utf8).write(to: notes.appendingPathComponent("page.md"))
    let before = snapshot(scratch.url)
    let cases: [(out: String, message: String)] = [
      (".", "is the working folder or one above it"),
      ("..", "is the working folder or one above it"),
      (scratch.url.path, "is the working folder or one above it"),
      ("Results", "holds the input"),
      ("Results/2026-01-01T000000Z", "is one of the inputs"),
      ("Results/2026-01-01T000000Z/inner", "is inside the input"),
      ("docs", "holds files that are not results"),
    ]
    for (out, message) in cases {
      for force in [false, true] {
        let result = try run(
          ["baseline", "update", "--from", "Results/2026-01-01T000000Z", "--out", out] + (force ? ["--force"] : []),
          in: work)
        #expect(result.status == 73, "--out \(out) force \(force): \(result.stderrText)")
        #expect(result.stderrText.contains(message), "--out \(out): \(result.stderrText)")
      }
    }
    #expect(snapshot(scratch.url) == before, "a refused update changed files")
    // A results folder that someone added a file to is not replaced either: the swap would delete it.
    try Data("x".utf8).write(to: results.appendingPathComponent("baseline/extra.txt"))
    let stranger = try run(
      ["baseline", "update", "--from", "Results/2026-01-01T000000Z", "--out", "Results/baseline", "--force"],
      in: work)
    #expect(stranger.status == 73, "\(stranger.stderrText)")
    #expect(stranger.stderrText.contains("holds 'extra.txt', which is not a results file"))
    try FileManager.default.removeItem(at: results.appendingPathComponent("baseline/extra.txt"))
    // The rule still lets the command do its job.
    let fine = try run(
      ["baseline", "update", "--from", "Results/2026-01-01T000000Z", "--out", "Results/baseline", "--force"],
      in: work)
    #expect(fine.status == 0, "\(fine.stderrText)")
    #expect(FileManager.default.fileExists(atPath: results.appendingPathComponent("baseline/BASELINE.md").path))
  }

  @Test("H1: run and merge refuse the working folder and a folder of other files; --force writes into the latter")
  func runAndMergeShareTheRule() throws {
    let scratch = try ScratchDirectory("h1-run")
    var document = makeFixtureDocument(uploadLink: nil)
    document.context.shard = "1/1"
    let shard = scratch.url.appendingPathComponent("shard")
    try ResultsWriter.write(document, to: shard)
    let mine = scratch.url.appendingPathComponent("mine")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: mine.appendingPathComponent("thesis.tex"))
    for out in [".", ".."] {
      let merged = try run(["merge", "shard", "--out", out, "--force"], in: scratch.url)
      #expect(merged.status == 73, "merge --out \(out): \(merged.stderrText)")
      let measured = try run(ResultsFolderSafetyTests.tinyRun + ["--out", out, "--force"], in: scratch.url)
      #expect(measured.status == 73, "run --out \(out): \(measured.stderrText)")
      #expect(measured.stderrText.contains("is the working folder or one above it"))
    }
    let refused = try run(["merge", "shard", "--out", "mine"], in: scratch.url)
    #expect(refused.status == 73)
    #expect(refused.stderrText.contains("holds files that are not results"))
    let forced = try run(["merge", "shard", "--out", "mine", "--force"], in: scratch.url)
    #expect(forced.status == 0, "\(forced.stderrText)")
    #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("thesis.tex").path))
    #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("results.json").path))
  }

  @Test("M8: two merges started together into one new folder: exactly one succeeds, the other exits 73")
  func concurrentMerges() throws {
    let scratch = try ScratchDirectory("m8")
    var document = makeFixtureDocument(uploadLink: nil)
    document.context.shard = "1/1"
    try ResultsWriter.write(document, to: scratch.url.appendingPathComponent("shard"))
    let executable = try DeflateBenchExecutable.url.path
    // Several rounds: the window between the check and the write is short, so one round alone
    // would rarely race without the link(2) guard.
    for round in 0..<6 {
      let statuses = Mutex<[Int32]>([])
      let out = "merged-\(round)"
      DispatchQueue.concurrentPerform(iterations: 2) { _ in
        let result = try? ProcessRunner.run(
          executable, arguments: ["merge", "shard", "--out", out], currentDirectory: scratch.url.path,
          timeoutSeconds: 120)
        statuses.withLock { $0.append(result?.status ?? -1) }
      }
      let sorted = statuses.withLock { $0.sorted() }
      #expect(sorted == [0, 73], "round \(round): \(sorted)")
    }
  }

  @Test("M9: baseline update without --from never uses a guessable scratch name (a file planted there is kept)")
  func scratchFolderIsNotPredictable() throws {
    let scratch = try ScratchDirectory("m9")
    let temporary = scratch.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    // The old name was deflate-bench-baseline-<pid>, removed afterwards whatever it was: plant a
    // file under every pid the child is likely to get.
    let maxPID =
      Int(
        (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 32768
    let pids = Int(getpid())..<min(Int(getpid()) + 4000, maxPID)
    for pid in pids {
      try Data("planted".utf8).write(to: temporary.appendingPathComponent("deflate-bench-baseline-\(pid)"))
    }
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    try Data("{}".utf8).write(to: scratch.url.appendingPathComponent("empty.json"))
    let result = try run(
      ["baseline", "update", "--config", "empty.json", "--out", "baseline"], in: scratch.url, environment: environment)
    #expect(result.status != 0, "the empty suite cannot become a baseline")
    #expect(!result.stderrText.contains("is a file"), "\(result.stderrText)")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(left.count == pids.count, "a planted file was removed or a scratch folder left behind")
    for name in left {
      #expect(try Data(contentsOf: temporary.appendingPathComponent(name)) == Data("planted".utf8))
    }
  }

  @Test("L3: a real folder or file at Results/latest is refused before measuring, and kept")
  func latestIsNeverReplaced() throws {
    let scratch = try ScratchDirectory("l3")
    let latest = scratch.url.appendingPathComponent("Results/latest")
    try FileManager.default.createDirectory(at: latest, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: latest.appendingPathComponent("keep"))
    let start = Date()
    let folder = try run(ResultsFolderSafetyTests.tinyRun, in: scratch.url)
    #expect(folder.status == 73, "\(folder.stderrText)")
    #expect(folder.stderrText.contains("Results/latest is a real folder"))
    #expect(Date().timeIntervalSince(start) < 5, "refused before measuring")
    try FileManager.default.removeItem(at: latest)
    try Data("a file".utf8).write(to: latest)
    let file = try run(ResultsFolderSafetyTests.tinyRun, in: scratch.url)
    #expect(file.status == 73)
    #expect(try Data(contentsOf: latest) == Data("a file".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("Results")) == ["latest"])
  }

  @Test("M2: merge and baseline update refuse cells compare calls malformed (65) and write nothing")
  func malformedCellsAreRefusedEverywhere() throws {
    let scratch = try ScratchDirectory("m2")
    for (name, change) in [
      ("negative-output", { (cell: inout CellResult) in cell.outputBytes = -1 }),
      ("negative-sample", { (cell: inout CellResult) in cell.compressSamplesMBps[0] = -5 }),
      ("absurd-sample", { (cell: inout CellResult) in cell.decompressSamplesMBps[0] = 1e308 }),
      // Issue #25, L8: a measured cell that read no input.
      ("zero-input", { (cell: inout CellResult) in cell.inputBytes = 0 }),
    ] as [(String, (inout CellResult) -> Void)] {
      var document = makeFixtureDocument(uploadLink: nil)
      document.context.shard = "1/1"
      change(&document.cells[0])
      let input = scratch.url.appendingPathComponent(name)
      try ResultsWriter.write(document, to: input)
      let merged = try run(["merge", name, "--out", "\(name)-merged"], in: scratch.url)
      #expect(merged.status == 65, "\(name): \(merged.stderrText)")
      #expect(merged.stderrText.contains("is malformed"), "\(merged.stderrText)")
      let baseline = try run(
        ["baseline", "update", "--from", name, "--out", "\(name)-baseline", "--force"], in: scratch.url)
      #expect(baseline.status == 65, "\(name): \(baseline.stderrText)")
      let compared = try run(["compare", name, name], in: scratch.url)
      #expect(compared.status == 65, "compare agrees: \(compared.stderrText)")
      for out in ["\(name)-merged", "\(name)-baseline"] {
        #expect(!FileManager.default.fileExists(atPath: scratch.path(out)), "\(out) was written")
      }
    }
  }

  @Test("M11: dict train --out - writes only the dictionary to stdout, whose SHA-256 is the one printed")
  func dictionaryOnStandardOutput() throws {
    let scratch = try ScratchDirectory("m11")
    let result = try run(
      ["dict", "train", "--corpus", "json-events:mixpanel:count=300,events=1,seed=3", "--size", "4K", "--out", "-"],
      in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let printed = result.stderrText.range(of: "sha256 ").map { String(result.stderrText[$0.upperBound...].prefix(64)) }
    let actual: String = SHA256.hash(result.stdout).hex
    #expect(printed == actual, "\(result.stderrText)")
    #expect(!result.stdoutText.contains("samples:"))
    // And an --out that cannot be written is found before training.
    let folder = try run(
      ["dict", "train", "--corpus", "json-events:mixpanel:count=300,events=1,seed=3", "--out", "."], in: scratch.url)
    #expect(folder.status == 73)
    #expect(folder.stderrText.contains("it is a folder"))
  }

  @Test("L1: --help and --version exit 73 with one line when standard output is full or closed")
  func helpOnBrokenStandardOutput() throws {
    let executable = try DeflateBenchExecutable.url.path
    for (arguments, redirect) in [
      ("--help", "> /dev/full"), ("--version", "> /dev/full"), ("run --help", "> /dev/full"), ("--version", ">&-"),
    ] {
      let result = try ProcessRunner.run("sh", arguments: ["-c", "exec \"$0\" \(arguments) \(redirect)", executable])
      #expect(result.status == 73, "\(arguments) \(redirect): \(result.stderrText)")
      #expect(result.stderrText.contains("cannot write to standard output"))
      #expect(result.stderrText.split(separator: "\n").count == 1)
    }
  }
}
