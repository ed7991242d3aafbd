import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// Issue #39's hostile round, the findings about what a command writes: nothing is overwritten
/// (N1, N5, N8), a server nobody can find does not pass as serving (N7), and `dict train` ends
/// on a signal as documented (N9). Each through the built executable.
@Suite("hostile outputs, second round (issue #39)", .serialized)
struct HostileOutputRoundTwoTests {
  static let samples = 40

  /// A directory corpus of small JSON bodies, as `dict train` is trained on.
  static func writeCorpus(in scratch: ScratchDirectory) throws {
    for index in 1...samples {
      try scratch.write(
        "dc/\(index).json",
        text: #"{"event":"signed_up","user":"u\#(index % 7)","props":{"plan":"pro","n":\#(index)}}"#)
    }
  }

  @Test("N1: dict train --out never writes over a corpus file, a file inside a corpus folder, a hard link or --config")
  func dictTrainNeverOverwritesItsInput() throws {
    let scratch = try ScratchDirectory("n1")
    try Self.writeCorpus(in: scratch)
    try FileManager.default.linkItem(atPath: scratch.path("dc/2.json"), toPath: scratch.path("link.json"))
    try scratch.write("corpora.json", text: #"{"corpora":[{"name":"dc","kind":"directory","path":"dc"}]}"#)
    let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path("dc")).sorted().map {
      try Data(contentsOf: scratch.url.appendingPathComponent("dc/" + $0))
    }
    let cases: [([String], String)] = [
      (["--corpus", "dc", "--out", "dc/1.json"], "is inside the input"),
      (["--corpus", "dc", "--out", "dc/new.dict"], "is inside the input"),
      (["--corpus", "dc/3.json", "--out", "dc/3.json"], "is one of the inputs"),
      (["--corpus", "dc", "--out", "link.json"], "is a hard link to the input"),
      (["--config", "corpora.json", "--out", "corpora.json"], "is one of the inputs"),
    ]
    for (arguments, message) in cases {
      let result = try deflateBench(["dict", "train", "--fast", "--size", "1K"] + arguments, in: scratch.url)
      #expect(result.status == 73, "\(arguments): \(result.stderrText)")
      #expect(result.stderrText.contains(message), "\(arguments): \(result.stderrText)")
      #expect(result.stderrText.contains("write the dictionary somewhere else"), "\(result.stderrText)")
    }
    let after = try FileManager.default.contentsOfDirectory(atPath: scratch.path("dc")).sorted().map {
      try Data(contentsOf: scratch.url.appendingPathComponent("dc/" + $0))
    }
    #expect(after == before, "the corpus folder changed")
    #expect(
      try String(contentsOf: scratch.url.appendingPathComponent("corpora.json"), encoding: .utf8).contains("corpora"))
    // Beside the corpus is fine.
    let fine = try deflateBench(
      ["dict", "train", "--fast", "--size", "1K", "--corpus", "dc", "--out", "dc.dict"], in: scratch.url)
    #expect(fine.status == 0, "\(fine.stderrText)")
  }

  @Test("N8: merge --force refuses an --out whose results.json is a hard link to an input's")
  func mergeRefusesAHardLinkedOut() throws {
    let scratch = try ScratchDirectory("n8")
    var document = makeFixtureDocument(uploadLink: nil)
    document.context.shard = "1/1"
    try ResultsWriter.write(document, to: scratch.url.appendingPathComponent("shard"))
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    try FileManager.default.linkItem(
      atPath: scratch.path("shard/results.json"), toPath: scratch.path("out/results.json"))
    let before = try Data(contentsOf: scratch.url.appendingPathComponent("shard/results.json"))
    for input in ["shard", "shard/results.json"] {
      let result = try deflateBench(["merge", input, "--out", "out", "--force"], in: scratch.url)
      #expect(result.status == 73, "\(input): \(result.stderrText)")
      #expect(result.stderrText.contains("holds results.json, a hard link to the input's"), "\(result.stderrText)")
    }
    #expect(try Data(contentsOf: scratch.url.appendingPathComponent("shard/results.json")) == before)
    // Still the same file under both names: nothing was replaced.
    let inodes = try ["shard/results.json", "out/results.json"].map {
      try FileManager.default.attributesOfItem(atPath: scratch.path($0))[.systemFileNumber] as? Int
    }
    #expect(inodes[0] == inodes[1])
  }

  @Test("N5: linkcheck --out refuses a folder holding an earlier check (without --force) and names errno's reason")
  func linkcheckKeepsAnEarlierCheck() throws {
    let scratch = try ScratchDirectory("n5")
    try scratch.write("lc/linkcheck.json", text: "{\"earlier\": true}")
    try scratch.write("file", text: "x")
    // A plan small enough that a check run by mistake (as root, on the code before the fix)
    // ends in seconds rather than minutes.
    let plan = ["--links", "tiny=10Mbit@2ms", "--bodies", "1000", "--cc", "cubic", "--connection", "warm"]
    let earlier = try deflateBench(
      ["linkcheck", "--out", "lc", "--repetitions", "1"] + plan, in: scratch.url, timeoutSeconds: 300)
    #expect(earlier.status == 73, "\(earlier.stderrText)")
    #expect(earlier.stderrText.contains("already holds linkcheck.json"), "\(earlier.stderrText)")
    #expect(earlier.stderrText.contains("--force"), "\(earlier.stderrText)")
    #expect(
      try String(contentsOf: scratch.url.appendingPathComponent("lc/linkcheck.json"), encoding: .utf8)
        == "{\"earlier\": true}")
    let underAFile = try deflateBench(
      ["linkcheck", "--out", "file/lc", "--repetitions", "1"] + plan, in: scratch.url, timeoutSeconds: 300)
    #expect(underAFile.status == 73, "\(underAFile.stderrText)")
    #expect(underAFile.stderrText.contains("is not a folder"), "\(underAFile.stderrText)")
    #expect(!underAFile.stderrText.contains("couldn’t") && !underAFile.stderrText.contains("operation"))
  }

  @Test(
    "N7: serve with standard output closed or full exits 73 naming the line it could not write, and leaves no --record folder",
    arguments: [">&-", "> /dev/full"])
  func serveWithoutItsListeningLine(redirect: String) throws {
    let scratch = try ScratchDirectory("n7")
    let script = "exec \"$0\" serve --port 0 --record rec \(redirect)"
    let result = try ProcessRunner.run(
      "/bin/sh", arguments: ["-c", script, try DeflateBenchExecutable.url.path], currentDirectory: scratch.url.path,
      timeoutSeconds: 30)
    #expect(result.status == 73, "\(redirect): \(result.status) \(result.stderrText)")
    #expect(result.stderrText.contains("cannot write 'listening on http://127.0.0.1:"), "\(result.stderrText)")
    #expect(result.stderrText.contains("stopped without serving"), "\(result.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("rec")), "the --record folder it made was left")
  }

  @Test(
    "N9: dict train ends on SIGINT, SIGTERM and SIGHUP with 130 and one line, its --out left as it was",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func dictTrainOnASignal(signal: Int32) throws {
    let scratch = try ScratchDirectory("n9")
    try scratch.write("old.dict", text: "the dictionary from before")
    let process = Process()
    process.executableURL = try DeflateBenchExecutable.url
    process.currentDirectoryURL = scratch.url
    process.arguments = [
      "dict", "train", "--corpus", "json-events:mixpanel:count=40000,events=1", "--size", "16K", "--out", "old.dict",
      "--budget", "120",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Long enough to be generating the samples or training, far from the end.
    Thread.sleep(forTimeInterval: 3)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(
      process.terminationReason == .exit && process.terminationStatus == 130, "\(process.terminationStatus) \(text)")
    #expect(text.contains("deflate-bench dict: interrupted; 'old.dict' was left as it was"), "\(text)")
    #expect(
      try String(contentsOf: scratch.url.appendingPathComponent("old.dict"), encoding: .utf8)
        == "the dictionary from before")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0 != "old.dict" }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }
}
