import DeflateBenchReports
import Foundation
import TestSupport
import Testing

/// `compare` must never read a cell whose figures cannot be measurements as a pass: empty, zero,
/// negative or non-finite samples and negative sizes exit 65 naming the file and the cell.
@Suite("compare refuses malformed cells")
struct CompareMalformedTests {
  @Test(
    "a malformed cell in either run exits 65 naming the file, the cell and the field",
    arguments: [
      ("compress_samples_mbps", "[]", "is empty"),
      ("decompress_samples_mbps", "[0]", "[0] is 0.0"),
      ("compress_samples_mbps", "[120.5, -3]", "[1] is -3.0"),
      // JSON cannot hold an infinity: an overflowing number fails as a file, still exit 65.
      ("cold_samples_microseconds", "[1e999]", "not valid JSON"),
      ("output_bytes", "-5", "output_bytes is -5"),
      // Issue #25, L8: every speed and ratio divides by it.
      ("input_bytes", "0", "input_bytes is 0"),
    ])
  func malformedCell(field: String, value: String, expected: String) throws {
    let scratch = try ScratchDirectory("compare-malformed")
    let document = makeFixtureDocument(uploadLink: nil)
    let baseline = scratch.url.appendingPathComponent("baseline")
    let current = scratch.url.appendingPathComponent("current")
    try ResultsWriter.write(document, to: baseline)
    try ResultsWriter.write(document, to: current)
    let file = current.appendingPathComponent("results.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    // Replace the field's value in the first cell only, keeping the rest of the file as written.
    let pattern = try NSRegularExpression(pattern: "\"\(field)\" : (\\[[^\\]]*\\]|-?[0-9]+)")
    let match = try #require(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
    let edited = (text as NSString).replacingCharacters(in: match.range, with: "\"\(field)\" : \(value)")
    try edited.write(to: file, atomically: true, encoding: .utf8)

    for (first, second) in [(baseline.path, current.path), (current.path, baseline.path)] {
      let result = try ProcessRunner.run(
        try DeflateBenchExecutable.url.path, arguments: ["compare", first, second])
      #expect(result.status == 65, "\(field)=\(value): \(result.stderrText)")
      #expect(result.stderrText.contains(current.path), "\(result.stderrText)")
      #expect(result.stderrText.contains(expected), "\(result.stderrText)")
      #expect(result.stderrText.split(separator: "\n").count == 1)
      #expect(result.stdoutText.isEmpty)
    }
  }
}
