import Foundation
import TestSupport
import Testing

/// A DevTools HAR export through the built executable: `corpora` lists it with its endpoints,
/// `run` measures it into a report that names hosts and paths and never a header or query
/// value, and a broken HAR exits 65 naming the entry.
@Suite("HAR corpora on the command line")
struct HARCommandTests {
  func deflateBench(_ arguments: [String], in folder: URL) throws -> ProcessOutput {
    try ProcessRunner.run(try DeflateBenchExecutable.url.path, arguments: arguments, currentDirectory: folder.path)
  }

  @Test("run --corpus session.har measures the bodies; no secret reaches any output")
  func runMeasuresAHAR() throws {
    let fixture = try HARFixture.make()
    let scratch = try ScratchDirectory("har-run")
    try scratch.write("session.har", fixture.bytes)
    let run = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--corpus", "session.har", "--backends", "zlib,zstd", "--levels", "1",
        "--out", "out",
      ], in: scratch.url)
    #expect(run.status == 0, "\(run.stderrText)")
    let results = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("out/results.json")))
        as? [String: Any])
    let corpus = try #require((results["corpora"] as? [[String: Any]])?.first)
    #expect(corpus["kind"] as? String == "har")
    #expect(corpus["payloads"] as? Int == fixture.bodies.count)
    #expect(corpus["bytes"] as? Int == fixture.bodies.reduce(0) { $0 + $1.count })
    #expect((corpus["notes"] as? [String])?.contains { $0.contains("POST api.example.com/v1/batch 1") } == true)
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("PUT upload.example.com/v1/blobs/7 1"))
    #expect(report.contains("GET 1, OPTIONS 1"))

    var outputs = [run.stdoutText, run.stderrText]
    let files = FileManager.default.enumerator(atPath: scratch.path("out"))?.compactMap { $0 as? String } ?? []
    for file in files where !file.hasSuffix(".png") {
      outputs.append((try? String(contentsOfFile: scratch.path("out/" + file), encoding: .utf8)) ?? "")
    }
    let listing = try deflateBench(["corpora", "--corpus", "session.har", "--json"], in: scratch.url)
    #expect(listing.status == 0)
    outputs += [listing.stdoutText, listing.stderrText]
    for secret in fixture.secrets + ["SECRET"] {
      #expect(!outputs.contains { $0.contains(secret) }, "\(secret) leaked")
    }
  }

  @Test("a HAR whose entry has invalid base64 exits 65 and names the entry")
  func badEntryExits65() throws {
    let scratch = try ScratchDirectory("har-bad")
    try scratch.write(
      "broken.har",
      text:
        #"{"log": {"entries": [{"request": {"method": "POST", "url": "https://a.example/x", "postData": {"text": "%%%", "encoding": "base64"}}}]}}"#
    )
    let result = try deflateBench(["corpora", "--corpus", "broken.har"], in: scratch.url)
    #expect(result.status == 65)
    #expect(
      result.stderrText.contains("broken.har: entry 0 (log.entries[0]): request.postData.text is not valid base64"))
    #expect(result.stdout.isEmpty)
  }
}
