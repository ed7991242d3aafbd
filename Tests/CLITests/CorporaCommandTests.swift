import Foundation
import TestSupport
import Testing

/// `deflate-bench corpora`, run as the built executable: listings, written payloads, and every
/// kind of bad input with its exit code and message.
@Suite("corpora command")
struct CorporaCommandTests {
  @Test func defaultConfigListsEveryProfileAndIsStableAcrossRuns() throws {
    let first = try deflateBench(["corpora", "--json"])
    #expect(first.status == 0, "\(first.stderrText)")
    let list = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout)) as? [[String: Any]])
    for key in ["name", "kind", "bytes", "payloads", "sha256"] {
      #expect(list.allSatisfy { $0[key] != nil }, "missing \(key)")
    }
    let second = try deflateBench(["corpora", "--json"])
    #expect(second.stdout == first.stdout)
    let table = try deflateBench(["corpora"])
    #expect(table.status == 0)
    for profile in ["mixpanel", "segment", "otlp-logs", "sentry"] {
      #expect(table.stdoutText.contains(profile))
    }
  }

  @Test func writeProducesOneFilePerPayload() throws {
    let scratch = try ScratchDirectory("corpora-write")
    let result = try deflateBench([
      "corpora", "--corpus", "json-events:mixpanel:count=20,events=5", "--write", scratch.path("out"), "--json",
    ])
    #expect(result.status == 0, "\(result.stderrText)")
    let files = try #require(FileManager.default.enumerator(atPath: scratch.path("out")))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
    #expect(files.count == 4)
    for file in files {
      let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(file)")))
      #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(file) is not JSON")
    }
  }

  @Test func emptyFileIsAValidCorpus() throws {
    let scratch = try ScratchDirectory("corpora-empty")
    try scratch.write("empty.json", [])
    let result = try deflateBench(["corpora", "--corpus", scratch.path("empty.json"), "--json"])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.contains("\"name\" : \"empty.json\"") || result.stdoutText.contains("empty.json"))
  }

  @Test func missingConfigExits66AndNamesThePath() throws {
    let result = try deflateBench(["corpora", "--config", "/nonexistent/suite.json"])
    #expect(result.status == 66)
    #expect(result.stderrText.contains("/nonexistent/suite.json"))
  }

  @Test func missingCorpusPathExits66AndNamesIt() throws {
    let result = try deflateBench(["corpora", "--corpus", "/nonexistent/events.ndjson"])
    #expect(result.status == 66)
    #expect(result.stderrText.contains("/nonexistent/events.ndjson"))
  }

  @Test func emptyDirectoryIsRefused() throws {
    let scratch = try ScratchDirectory("corpora-empty-dir")
    try scratch.makeFolder("nothing")
    let result = try deflateBench(["corpora", "--corpus", scratch.path("nothing")])
    #expect(result.status != 0)
    #expect(result.stderrText.contains("directory holds no files"))
  }

  @Test func invalidJSONGivesLineAndColumn() throws {
    let scratch = try ScratchDirectory("corpora-bad-json")
    try scratch.write("bad.json", text: "{\n  \"corpora\": [\n    {\"name\": \"a\",, }\n  ]\n}\n")
    let result = try deflateBench(["corpora", "--config", scratch.path("bad.json")])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("bad.json:3:"))
    #expect(result.stderrText.contains("invalid JSON"))
  }

  @Test func unknownKindListsTheKnownOnes() throws {
    let scratch = try ScratchDirectory("corpora-kind")
    try scratch.write("suite.json", text: #"{"corpora": [{"name": "x", "kind": "video"}]}"#)
    let result = try deflateBench(["corpora", "--config", scratch.path("suite.json")])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("unknown kind \"video\""))
    #expect(result.stderrText.contains("json-events"))
  }

  @Test func unknownProfileListsTheKnownOnes() throws {
    let result = try deflateBench(["corpora", "--corpus", "json-events:amplitude:events=10"])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("amplitude"))
    #expect(result.stderrText.contains("mixpanel"))
  }

  @Test(arguments: [
    #"{"corpora": [{"name": "x", "kind": "json-events", "profile": "mixpanel", "count": 0}]}"#,
    #"{"corpora": [{"name": "x", "kind": "json-events", "profile": "mixpanel", "count": -5}]}"#,
    #"{"corpora": [{"name": "x", "kind": "json-events", "profile": "mixpanel", "count": 10, "split": {"events": 0}}]}"#,
    #"{"corpora": [{"name": "x", "kind": "binary", "profile": "random", "bytes": 100, "split": {"bytes": 0}}]}"#,
  ])
  func impossibleParametersAreUsageErrors(config: String) throws {
    let scratch = try ScratchDirectory("corpora-params")
    try scratch.write("suite.json", text: config)
    let result = try deflateBench(["corpora", "--config", scratch.path("suite.json")])
    #expect(result.status == 64, "\(config): \(result.stderrText)")
    #expect(result.stderrText.contains("corpus \"x\""), "\(result.stderrText)")
    #expect(result.stdout.isEmpty)
  }
}
