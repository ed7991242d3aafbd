import Foundation
import TestSupport
import Testing

/// Whole runs of the built executable on tiny corpora: what a finished run, an interrupted run
/// and a default-folder run leave on disk, and the exit status they end with.
@Suite("run: measuring with the built executable")
struct RunExecutionTests {
  static let tinyCorpus = "json-events:mixpanel:count=30,events=10"

  func json(_ url: URL) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  @Test("a quick run writes the four reports, verifies every cell and prints where they are")
  func quickRunWritesVerifiedReports() throws {
    let scratch = try ScratchDirectory("run-quick")
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--corpus", Self.tinyCorpus, "--backends",
        "zlib,libdeflate,isal,zstd,brotli",
        "--out", "out",
      ], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.contains("Report: out/report.md"))
    #expect(result.stdoutText.contains("Answer (modelled per request, warm connection"))
    // The console's verdict: at most one line per payload set (this run has one).
    let answerLines = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  mixpanel/events=10: ") }
    #expect(answerLines.count == 1, "\(result.stdoutText)")
    for file in ["results.csv", "results.json", "report.md", "report.html"] {
      #expect(FileManager.default.fileExists(atPath: scratch.path("out/\(file)")), "\(file) missing")
    }
    let document = try json(scratch.url.appendingPathComponent("out/results.json"))
    #expect(document["complete"] as? Bool == true)
    try checkVerdict(document, report: scratch.url.appendingPathComponent("out/report.md"))
    try ColdCallTests.checkColdAboveWarm(document, tolerance: ColdCallTests.noiseTolerance)
    try checkPythonModel(scratch.url.appendingPathComponent("out"))
    let cells = try #require(document["cells"] as? [[String: Any]])
    // zlib, libdeflate, zstd and brotli at three standard levels; isal at 0 (its default) and 3.
    let expectedCells = 14
    #expect(cells.count == expectedCells)
    #expect(cells.allSatisfy { $0["verified"] as? Bool == true })
    #expect(cells.allSatisfy { ($0["compress_samples_mbps"] as? [Double])?.count == 3 })
    let csv = try String(contentsOf: scratch.url.appendingPathComponent("out/results.csv"), encoding: .utf8)
    let rows = csv.split(whereSeparator: \.isNewline)
    #expect(rows.count == cells.count + 1)
    let header = rows[0].split(separator: ",").map(String.init)
    let verified = try #require(header.firstIndex(of: "verified"))
    #expect(
      rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[verified] == "true" })
  }

  @Test("without --out the run writes Results/<timestamp> and points Results/latest at it")
  func defaultFolderAndLatestLink() throws {
    let scratch = try ScratchDirectory("run-latest")
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--quiet", "--corpus", Self.tinyCorpus, "--backends", "zlib", "--levels",
        "6",
      ],
      in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("Results/latest"))
    #expect(link.hasPrefix("20") && link.hasSuffix("Z"))
    #expect(FileManager.default.fileExists(atPath: scratch.path("Results/\(link)/report.md")))
    #expect(result.stdoutText.contains("Results/\(link)/report.md"))
    // --quiet: no progress, only the summary on stdout.
    #expect(!result.stderrText.contains("repetition"))
  }

  @Test("SIGINT during a run writes what was measured, marked incomplete, and exits 130")
  func interruptWritesIncompleteResults() throws {
    let scratch = try ScratchDirectory("run-sigint")
    let process = Process()
    process.executableURL = try DeflateBenchExecutable.url
    process.currentDirectoryURL = scratch.url
    process.arguments = [
      "run", "--allow-debug", "--corpus", Self.tinyCorpus, "--backends", "zlib", "--levels", "1-9",
      "--repetitions", "1000", "--min-time", "0.005", "--out", "out",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    // results.json appears after the first repetition: the run is measuring by then.
    let json = scratch.url.appendingPathComponent("out/results.json")
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: json.path), Date() < deadline, process.isRunning {
      usleep(20_000)
    }
    #expect(FileManager.default.fileExists(atPath: json.path), "the run never flushed results.json")
    kill(process.processIdentifier, SIGINT)
    if finished.wait(timeout: .now() + 60) == .timedOut {
      process.terminate()
      Issue.record("the run did not stop within 60 s of SIGINT")
      return
    }
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    let document = try self.json(json)
    #expect(document["complete"] as? Bool == false)
    let cells = try #require(document["cells"] as? [[String: Any]])
    #expect(cells.count == 9)
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.lowercased().contains("incomplete"))
    #expect(FileManager.default.fileExists(atPath: scratch.path("out/results.csv")))
  }

  @Test(
    "zlib rows hold exactly what the system zlib writes with windowBits 31 and memLevel 8",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func zlibSizesMatchPython() throws {
    let scratch = try ScratchDirectory("run-zlib-judge")
    var text = ""
    for index in 0..<3_000 { text += "{\"id\":\(index * 7_919 % 10_007),\"name\":\"item-\(index % 113)\"}\n" }
    let file = try scratch.write("upload.json", text: text)
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quiet", "--corpus", file.path, "--backends", "zlib", "--levels", "all",
        "--repetitions", "1", "--min-time", "0.001", "--out", "out",
      ], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let cells = try #require(
      try json(scratch.url.appendingPathComponent("out/results.json"))["cells"] as? [[String: Any]])
    var ours: [Int: Int] = [:]
    for cell in cells {
      if let level = cell["level"] as? Int, let bytes = cell["output_bytes"] as? Int { ours[level] = bytes }
    }
    let script = """
      import sys, zlib
      data = open(sys.argv[1], 'rb').read()
      for level in range(10):
          c = zlib.compressobj(level, zlib.DEFLATED, 31, 8)
          print(len(c.compress(data) + c.flush()))
      """
    let python = try ProcessRunner.run("/usr/bin/python3", arguments: ["-c", script, file.path])
    #expect(python.succeeded, "\(python.stderrText)")
    let theirs = python.stdoutText.split(separator: "\n").compactMap { Int($0) }
    #expect(theirs.count == 10)
    #expect((0...9).map { ours[$0] ?? -1 } == theirs)
  }

  /// The verdict is in results.json with the contract's fields, its model with measured
  /// parameters, and in report.md within the first 40 lines.
  func checkVerdict(_ document: [String: Any], report: URL) throws {
    let model = try #require(document["model"] as? [String: Any])
    #expect(model["mss_bytes"] as? Int == 1448)
    #expect(model["initial_window_segments"] as? Int == 10)
    #expect(model["cold_handshake_round_trips"] as? Int == 2)
    #expect(model["request_head_source"] as? String == "measured")
    #expect((model["request_head_bytes"] as? Int ?? 0) > 50)
    let links = try #require(model["links"] as? [[String: Any]])
    #expect(links.map { $0["name"] as? String } == ["3g", "lte", "wifi", "fiber"])
    #expect(links.allSatisfy { $0["rtt_ms"] is Double && $0["uplink_bits_per_second"] is Double })
    let devices = try #require(model["devices"] as? [[String: Any]])
    #expect(devices.map { $0["name"] as? String } == ["this", "phone-high", "phone-low"])
    let verdict = try #require(document["verdict"] as? [[String: Any]])
    #expect(verdict.count == 12)
    for field in [
      "corpus", "split", "link", "device", "compress", "identity_ms", "zlib6_ms", "saving_ms", "saving_pct",
      "best_backend", "best_level", "best_container", "gzip_backend", "gzip_level", "gzip_ms", "best_ms",
      "decision", "fastest_ms", "fastest_low_ms", "fastest_high_ms", "best_low_ms", "best_high_ms",
    ] {
      #expect(verdict.allSatisfy { $0[field] != nil }, "verdict field \(field) missing")
    }
    let decisions: Set<String> = ["compress", "no_meaningful_difference", "send_uncompressed"]
    #expect(verdict.allSatisfy { decisions.contains($0["decision"] as? String ?? "") })
    let answers = try #require(document["answer"] as? [[String: Any]])
    #expect(answers.count == 1)
    for field in ["corpus", "split", "decision", "links", "line", "reference_link", "reference_device"] {
      #expect(answers.allSatisfy { $0[field] != nil }, "answer field \(field) missing")
    }
    let answerLinks = try #require(answers.first?["links"] as? [[String: Any]])
    #expect(
      answerLinks.count == 4 && answerLinks.allSatisfy { $0["identity_ms"] is Double && $0["saving_ms"] is Double })
    // report.md: `## Answer` within the first 15 lines, at most one line per payload set.
    let text = try String(contentsOf: report, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let answer = try #require(lines.firstIndex(of: "## Answer"))
    #expect(answer < 15, "\(lines.prefix(20))")
    let items = lines[(answer + 1)...].prefix { !$0.hasPrefix("#") }.filter { $0.hasPrefix("- ") }
    #expect(items.count == 1, "\(items)")
    #expect(items.first?.hasPrefix("- mixpanel/events=10: ") == true)
    #expect(lines.contains("## Verdict"))
  }

  /// The plotting scripts evaluate the model from results.json alone; their times must equal the
  /// Swift verdict's (scripts/verdict_check.py recomputes every row).
  func checkPythonModel(_ folder: URL) throws {
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else {
      Issue.record("needs /usr/bin/python3 (scripts/setup.sh installs it)")
      return
    }
    let script = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/verdict_check.py").path
    let result = try ProcessRunner.run(python, arguments: [script, folder.path], timeoutSeconds: 60)
    #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
    // 12 rows: identity on each, the best and the fastest with both ends of their intervals.
    #expect(
      result.stdoutText.contains("checked 84 verdict times; largest relative difference 0"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("rules hold"), "\(result.stdoutText)")
  }
}
