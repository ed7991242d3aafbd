import Foundation
import TestSupport
import Testing

/// `run --metric instructions` as the built executable: it starts itself again under valgrind
/// (the real one, the judge here), writes the counts, and refuses clearly without valgrind.
@Suite("run: the instruction metric")
struct RunInstructionMetricTests {
  // Two payload sets: each set gets its own runner, and every runner must find its dumps.
  let corpus = [
    "--corpus", "binary:records:bytes=8192", "--corpus", "binary:image:bytes=4800", "--backends", "zlib,libdeflate",
    "--levels", "1",
  ]

  func deflateBench(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws
    -> ProcessOutput
  {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: arguments, environment: environment,
      currentDirectory: folder.path, timeoutSeconds: 300)
  }

  @Test("without valgrind on PATH it exits 69, says what to install and writes nothing")
  func missingValgrind() throws {
    let scratch = try ScratchDirectory("instructions-missing")
    let empty = try ScratchDirectory("instructions-empty-path")
    let result = try deflateBench(
      ["run", "--allow-debug", "--metric", "instructions", "--out", "out"] + corpus, in: scratch.url,
      environment: ["PATH": empty.url.path])
    #expect(result.status == 69, "\(result.stderrText)")
    #expect(result.stderrText.contains("needs valgrind"))
    #expect(result.stderrText.contains("scripts/setup.sh"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  @Test("a bad --metric or a --max-time without --target-precision is a usage error")
  func badOptions() throws {
    let scratch = try ScratchDirectory("instructions-usage")
    for (arguments, named) in [
      (["--metric", "cycles"], "--metric"), (["--max-time", "5"], "--max-time"),
      (["--target-precision", "0"], "--target-precision"),
    ] {
      let result = try deflateBench(["run", "--allow-debug"] + corpus + arguments, in: scratch.url)
      #expect(result.status == 64, "\(result.stderrText)")
      #expect(result.stderrText.contains(named), "\(result.stderrText)")
    }
  }

  @Test(
    "counts land in the CSV and JSON for every payload set, and two runs agree within 0.01 %",
    .enabled(if: Judge.valgrind.isAvailable, Comment(rawValue: Judge.valgrind.missing)))
  func countsAreWrittenAndRepeat() throws {
    let scratch = try ScratchDirectory("instructions-run")
    var counts: [[Double]] = []
    for run in ["a", "b"] {
      let result = try deflateBench(
        ["run", "--allow-debug", "--quiet", "--metric", "instructions", "--out", run] + corpus, in: scratch.url)
      #expect(result.status == 0, "\(result.stderrText)")
      let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("\(run)/results.json")))
      let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let cells = try #require(document["cells"] as? [[String: Any]])
      #expect(cells.count == 4)
      var values: [Double] = []
      for cell in cells {
        #expect(cell["verified"] as? Bool == true)
        let compress = try #require(cell["compress_instructions_per_byte"] as? Double)
        let decompress = try #require(cell["decompress_instructions_per_byte"] as? Double)
        // Real DEFLATE costs tens of instructions per byte to compress, a few to decompress.
        #expect(compress > 5 && compress < 2_000)
        #expect(decompress > 1 && decompress < compress)
        values += [compress, decompress]
      }
      counts.append(values)
      let csv = try String(contentsOfFile: scratch.path("\(run)/results.csv"), encoding: .utf8)
      let header = try #require(csv.split(separator: "\r\n").first).split(separator: ",").map(String.init)
      let column = try #require(header.firstIndex(of: "compress_instructions_per_byte"))
      let row = try #require(csv.split(separator: "\r\n").dropFirst().first).split(
        separator: ",", omittingEmptySubsequences: false)
      #expect(Double(row[column]) != nil)
    }
    // Not exact: with the allocator left out and a fixed hash seed the heap's layout still
    // differs by what start-up read (CI saw 339,017 against 339,018 instructions for one pass),
    // and alignment-dependent memcpy paths follow it. docs/measured-figures.md gives the spread;
    // the gate it serves is 2 %.
    #expect(counts[0].count == counts[1].count)
    for (first, second) in zip(counts[0], counts[1]) {
      #expect(abs(first - second) <= first * 1e-4, "\(first) against \(second)")
    }
  }

  @Test(
    "compare on real --metric time,instructions runs, as CI calls it: a repeat passes, 5 % extra work in zlib fails the 2 % gate",
    .enabled(if: Judge.valgrind.isAvailable, Comment(rawValue: Judge.valgrind.missing)))
  func compareGatesARealInstructionRun() throws {
    let scratch = try ScratchDirectory("instructions-compare")
    var injected = ProcessInfo.processInfo.environment
    injected["DEFLATEBENCH_INJECT_EXTRA_WORK"] = "zlib:5"
    for (run, environment) in [("base", nil), ("repeat", nil), ("slower", injected)] {
      let result = try deflateBench(
        ["run", "--allow-debug", "--quiet", "--quick", "--metric", "time,instructions", "--out", run] + corpus,
        in: scratch.url, environment: environment)
      #expect(result.status == 0, "\(run): \(result.stderrText)")
    }
    // .ci/run's gates: sizes exactly, instructions at 2 %, speeds relative and advisory.
    let gates = ["--relative", "--threshold", "50", "--instruction-threshold", "2", "--advisory-speeds"]
    let same = try deflateBench(["compare", "base", "repeat"] + gates, in: scratch.url)
    #expect(same.status == 0, "\(same.stdoutText)\(same.stderrText)")
    #expect(same.stdoutText.contains("4 cells counted in both runs, gated at +2 %"), "\(same.stdoutText)")
    let slower = try deflateBench(["compare", "base", "slower"] + gates, in: scratch.url)
    #expect(slower.status == 2, "\(slower.stdoutText)\(slower.stderrText)")
    #expect(slower.stdoutText.contains("FAIL (2 instruction regressions)"), "\(slower.stdoutText)")
    let section = try #require(
      slower.stdoutText.components(separatedBy: "### Instruction regressions").dropFirst().first)
    let table = section.components(separatedBy: "###")[0]
    for corpus in ["records", "image"] {
      #expect(table.contains("| `\(corpus)/whole zlib gzip level 1 threads 1` | compress |"), "\(table)")
    }
    #expect(!table.contains("libdeflate gzip level 1 threads 1` | compress"), "\(table)")
  }
}
