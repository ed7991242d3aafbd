import DeflateBenchReports
import Foundation
import TestSupport
import Testing

/// The messages issue #16 found unclear, as the executable prints them now: each names the file,
/// the field and what was expected, in one line, with exit 65.
@Suite("results file messages")
struct ResultsMessageTests {
  @Test(
    "a broken results file gets a sentence that says what is wrong",
    arguments: [
      ("truncate", "not valid JSON: it ends after"),
      ("schema 1.5", "schema_version is 1.5; expected a whole number such as 1"),
      ("level text", "cells[0].level has the wrong type; expected a whole number"),
      // Foundation calls these "not valid JSON" without a field; the field is found and named.
      ("level fraction", "cells[0].level is 1.5; expected a whole number"),
      ("level huge", "cells[0].level is 1e+30; expected a whole number"),
      // Issue #25, L13: a negative number in an unsigned field was "not valid JSON" too.
      ("seed negative", "context.seed is -1; expected a whole number of 0 or more"),
      ("no schema", "missing schema_version (expected a whole number such as 1)"),
      ("empty", "the file is empty"),
    ])
  func brokenFile(damage: String, expected: String) throws {
    let scratch = try ScratchDirectory("results-messages")
    let good = scratch.url.appendingPathComponent("good")
    let bad = scratch.url.appendingPathComponent("bad")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: good)
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: bad)
    let file = bad.appendingPathComponent("results.json")
    var text = try String(contentsOf: file, encoding: .utf8)
    switch damage {
    case "truncate": text = String(text.prefix(text.count / 2))
    case "schema 1.5": text = text.replacingOccurrences(of: "\"schema_version\" : 1", with: "\"schema_version\" : 1.5")
    case "no schema": text = text.replacingOccurrences(of: "\"schema_version\" : 1,", with: "")
    case "empty": text = ""
    case "seed negative": text = text.replacingOccurrences(of: "\"seed\" : 42", with: "\"seed\" : -1")
    default:
      let level = try NSRegularExpression(pattern: "\"level\" : [0-9]+")
      let match = try #require(level.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
      let value = ["level fraction": "1.5", "level huge": "1e30"][damage] ?? "\"nine\""
      text = (text as NSString).replacingCharacters(in: match.range, with: "\"level\" : \(value)")
    }
    try text.write(to: file, atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["compare", good.path, bad.path])
    #expect(result.status == 65)
    #expect(
      result.stderrText.contains("\(file.path) is not a DeflateBench results file: \(expected)"), "\(result.stderrText)"
    )
    #expect(result.stderrText.split(separator: "\n").count == 1)
  }

  @Test("a folder that cannot be made says what is in the way, never NSCocoaErrorDomain")
  func folderInTheWay() throws {
    let scratch = try ScratchDirectory("folder-messages")
    _ = try scratch.write("afile", Array("x".utf8))
    let result = try deflateBench(
      ["corpora", "--corpus", "json-events:mixpanel:count=3", "--write", "afile/payloads"], in: scratch.url)
    #expect(result.status == 73)
    #expect(result.stderrText.contains("\(scratch.path("afile")) is a file, not a folder"), "\(result.stderrText)")
    #expect(!result.stderrText.contains("NSCocoaErrorDomain"))
  }

  @Test("decompress names a truncated input and the stream it ends inside")
  func truncatedInput() throws {
    let input = Array(repeating: Array("truncated input ".utf8), count: 500).flatMap { $0 }
    for backend in ["zlib", "zstd", "brotli"] {
      let compressed = try deflateBench(["compress", "--backend", backend], stdin: input).stdout
      let result = try deflateBench(
        ["decompress", "--backend", backend], stdin: Array(compressed.prefix(compressed.count / 2)))
      #expect(result.status == 65, "\(backend)")
      #expect(
        result.stderrText.contains("decompress: error: standard input is truncated: it ends inside a "),
        "\(backend): \(result.stderrText)")
    }
  }
}
