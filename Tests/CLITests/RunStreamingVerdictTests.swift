import Foundation
import TestSupport
import Testing

/// `run --streaming` through the real executable: the verdict compares compressing while sending
/// with the whole-body answer, on the console, in report.md and in results.json.
@Suite("run: whole body or streaming in the verdict")
struct RunStreamingVerdictTests {
  @Test("a body of several chunks gets a streaming comparison on every verdict row")
  func streamingComparison() throws {
    let scratch = try ScratchDirectory("run-streaming-verdict")
    var text = ""
    for index in 0..<4_000 { text += "{\"id\":\(index),\"event\":\"view\",\"value\":\(index * 7 % 1000)}\n" }
    try Data(text.utf8).write(to: scratch.url.appendingPathComponent("events.json"))
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--corpus", "events.json", "--backends", "zlib,zstd", "--levels", "1",
        "--streaming", "16KiB", "--link", "3g", "--out", "out",
      ], in: scratch.url, timeoutSeconds: 120)
    #expect(result.status == 0, "\(result.stderrText)")
    let answerLines = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  events.json/whole: ") }
    #expect(answerLines.count == 1, "\(result.stdoutText)")

    let data = try Data(contentsOf: scratch.url.appendingPathComponent("out/results.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let verdict = try #require(document["verdict"] as? [[String: Any]])
    #expect(verdict.count == 3)
    for row in verdict {
      #expect(row["streaming_chunk_bytes"] as? Int == 16_384)
      #expect(["zlib", "zstd"].contains(row["streaming_backend"] as? String ?? ""))
      #expect(row["stream"] is Bool && row["streaming_ms"] is Double && row["streaming_buffer_bytes"] is Int)
    }
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("### Whole body or streaming"))
    #expect(report.contains("| 16.4 kB |"), "\(report)")
  }
}
