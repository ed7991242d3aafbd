import Foundation
import TestSupport
import Testing

/// The figures the README quotes come from Results/example, and Results/example's answer is what
/// today's code makes of its results.json: a rule change that is not followed by a regenerated
/// example, or a README edit that drifts from it, fails here.
@Suite("Quoted figures match their results folder")
struct QuotedFiguresTests {
  let root = DeflateBenchExecutable.packageRoot
  var example: URL { root.appendingPathComponent("Results/example") }

  /// The lines of `text` from the heading `## Answer` up to the next heading.
  func answerSection(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: "## Answer") else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.hasPrefix("#") } ?? rest.endIndex
    return rest[..<end].filter { $0.hasPrefix("- ") }
  }

  /// The lines of the first fenced code block after `heading` in `text`.
  func codeBlock(after heading: String, in text: String) throws -> [String] {
    let tail = text[try #require(text.range(of: heading)).upperBound...]
    let open = try #require(tail.range(of: "```\n"))
    let close = try #require(tail[open.upperBound...].range(of: "```"))
    return tail[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
  }

  @Test("the README's answer lines and docs/verdict.md's are lines of Results/example/report.md")
  func readmeQuotesTheExample() throws {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let report = try String(contentsOf: example.appendingPathComponent("report.md"), encoding: .utf8)
    let answers = Set(answerSection(report))
    let quoted = try codeBlock(after: "## What you get", in: readme)
    #expect(quoted.count >= 3)
    for line in quoted { #expect(answers.contains("- " + line), "README quotes a line the example lacks: \(line)") }
    // docs/verdict.md shows all of them, in report order.
    let verdictPage = try String(contentsOf: root.appendingPathComponent("docs/verdict.md"), encoding: .utf8)
    let shown = try codeBlock(after: "## Example answer lines", in: verdictPage).map { "- " + $0 }
    #expect(shown == answerSection(report), "docs/verdict.md's example lines are not Results/example's answer")
    // The prose's per-event figure is the example's.
    let perEvent = try #require(readme.firstMatch(of: /fifty per request\s+cost ([0-9.]+) ms per event/))
    #expect(report.contains("50 events per request take \(perEvent.1) ms per event"), "\(perEvent.1)")
  }

  @Test(
    "merging Results/example alone writes the same answer: the committed report is today's code's",
    .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
  func exampleAnswerIsRegenerable() throws {
    let scratch = try ScratchDirectory("quoted-figures")
    let result = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["merge", example.path, "--out", scratch.path("again")],
      timeoutSeconds: 900)
    #expect(result.status == 0, "\(result.stderrText)")
    let committed = try String(contentsOf: example.appendingPathComponent("report.md"), encoding: .utf8)
    let again = try String(contentsOfFile: scratch.path("again/report.md"), encoding: .utf8)
    #expect(!answerSection(committed).isEmpty)
    #expect(
      answerSection(committed) == answerSection(again),
      "Results/example is stale: regenerate it (docs/outputs.md) and copy its answer lines into the README")
  }
}
