import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// Issue #39's hostile round, the findings about what a command reads: results files are held to
/// the ranges and forms a run writes (N2) and must be regular files (N6), a spreadsheet never
/// runs a corpus name (N3), a reference cell in another container is found (N10), and a recorded
/// body that is a FIFO or a folder is called what it is (L13). Each through the built executable.
@Suite("hostile inputs, second round (issue #39)", .serialized)
struct HostileInputRoundTwoTests {
  @Test("N2: compare, merge and baseline update refuse a cell no run writes, naming the field")
  func malformedFieldsAreRefusedEverywhere() throws {
    let scratch = try ScratchDirectory("n2")
    let cases: [(String, String, (inout CellResult) -> Void)] = [
      ("negative-memory", "memory_bytes is -1", { $0.memoryBytes = -1 }),
      ("negative-cold-payload", "cold_payload_bytes is -5", { $0.coldPayloadBytes = -5 }),
      (
        "negative-warm-call", "warm_call_samples_microseconds[0] is -2.0", { $0.warmCallSamplesMicroseconds = [-2, 3] }
      ),
      ("empty-version", "version is \"\"", { $0.version = "" }),
      ("script-version", "version is \"<script>", { $0.version = "<script>alert(1)</script>" }),
      ("garbage-verifier", "verified_with is", { $0.verifiedWith = "%%% no decoder at all %%%" }),
      ("unverified", "verified is false", { $0.verified = false }),
      ("absurd-threads", "threads is 100000", { $0.threads = 100_000 }),
    ]
    for (name, message, change) in cases {
      var document = makeFixtureDocument(uploadLink: nil)
      document.context.shard = "1/1"
      change(&document.cells[0])
      try ResultsWriter.write(document, to: scratch.url.appendingPathComponent(name))
      let runs: [(String, [String])] = [
        ("compare", ["compare", name, name]), ("merge", ["merge", name, "--out", "\(name)-merged"]),
        ("baseline", ["baseline", "update", "--from", name, "--out", "\(name)-baseline", "--force"]),
      ]
      for (command, arguments) in runs {
        let result = try deflateBench(arguments, in: scratch.url)
        #expect(result.status == 65, "\(name), \(command): \(result.status) \(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(name), \(command): \(result.stderrText)")
      }
      for out in ["\(name)-merged", "\(name)-baseline"] {
        #expect(!FileManager.default.fileExists(atPath: scratch.path(out)), "\(out) was written")
      }
    }
  }

  @Test("N6: a results.json that is a FIFO is refused at once (66), never waited on")
  func resultsFileThatIsAFIFO() throws {
    let scratch = try ScratchDirectory("n6")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: scratch.url.appendingPathComponent("good"))
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("pipe"), withIntermediateDirectories: true)
    #expect(mkfifo(scratch.path("pipe/results.json"), 0o644) == 0)
    let commands: [[String]] = [
      ["compare", "good", "pipe"], ["compare", "pipe/results.json", "good"], ["merge", "pipe", "--out", "merged"],
      ["baseline", "update", "--from", "pipe", "--out", "base"],
    ]
    for arguments in commands {
      // A reader that waited for a writer would be killed by the timeout instead.
      let result = try deflateBench(arguments, in: scratch.url, timeoutSeconds: 30)
      #expect(result.status == 66, "\(arguments): \(result.status) \(result.stderrText)")
      #expect(result.stderrText.contains("it is a FIFO (named pipe), not a regular file"), "\(result.stderrText)")
    }
  }

  @Test("N3: corpus names a spreadsheet would evaluate reach results.csv as text, with OWASP's apostrophe")
  func formulaNamesAreNeutralisedInTheCSV() throws {
    let scratch = try ScratchDirectory("n3")
    let names = ["=1+2.json", "@SUM(1).json", "-2+3.json", "+4.json"]
    for name in names { try scratch.write(name, text: #"{"event":"page_view","user":"u1","n":12345}"#) }
    let result = try deflateBench(
      ["run", "--allow-debug", "--quick", "--backends", "zlib", "--levels", "1", "--out", "out"]
        + names.flatMap { ["--corpus", $0] }, in: scratch.url, timeoutSeconds: 300)
    #expect(result.status == 0, "\(result.stderrText)")
    let csv = try String(contentsOf: scratch.url.appendingPathComponent("out/results.csv"), encoding: .utf8)
    let firstCells = csv.split(separator: "\r\n").dropFirst().map {
      $0.split(separator: ",").first.map(String.init) ?? ""
    }
    for name in names {
      #expect(firstCells.contains("\"'\(name)\""), "\(name) in \(firstCells)")
    }
    #expect(!firstCells.contains { names.contains($0) }, "a name was written bare: \(firstCells)")
  }

  @Test("N10: compare --reference zstd:1 finds zstd's cell for gzip cells; a missing reference names its payload set")
  func referenceInAnotherContainer() throws {
    let scratch = try ScratchDirectory("n10")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: scratch.url.appendingPathComponent("run"))
    let found = try deflateBench(["compare", "run", "run", "--reference", "zstd:1"], in: scratch.url)
    #expect(found.status == 0, "\(found.stderrText)")
    #expect(!found.stderrText.contains("lack"), "\(found.stderrText)")
    let missing = try deflateBench(["compare", "run", "run", "--reference", "zstd:2"], in: scratch.url)
    #expect(missing.status == 3, "\(missing.stderrText)")
    #expect(missing.stderrText.contains("zstd level 2 threads 1 of the same corpus and split"), "\(missing.stderrText)")
  }

  @Test("L13: an index.jsonl entry naming a FIFO or a folder is called that, not 'does not exist'")
  func recordedBodyThatIsNotAFile() throws {
    let scratch = try ScratchDirectory("l13-index")
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("rec/000002.json"), withIntermediateDirectories: true)
    #expect(mkfifo(scratch.path("rec/000001.json"), 0o644) == 0)
    for (file, kind) in [("000001.json", "a FIFO (named pipe)"), ("000002.json", "a folder")] {
      let line =
        #"{"content_encoding":"identity","decoded_bytes":7,"file":"\#(file)","method":"POST","path":"/","#
        + #""received_bytes":7,"sequence":1,"time":"2026-01-01T00:00:00.000Z"}"# + "\n"
      try scratch.write("rec/index.jsonl", text: line)
      let result = try deflateBench(["corpora", "--corpus", "rec"], in: scratch.url, timeoutSeconds: 30)
      #expect(result.status == 66, "\(file): \(result.stderrText)")
      #expect(result.stderrText.contains("(it is \(kind), not a regular file)"), "\(result.stderrText)")
      #expect(!result.stderrText.contains("does not exist"), "\(result.stderrText)")
    }
  }
}
