import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// Tests/Fixtures/results-small is what the reports writer makes of `makeFixtureDocument()`. The
/// plotting tests read it; these tests keep it from drifting away from the writer and the schema.
@Suite("Fixture results folder")
struct ReportFixtureFolderTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/results-small")

  @Test("The committed fixture folder is, file for file and byte for byte, what the writer makes of the document")
  func fixtureIsCurrent() throws {
    // The whole folder, report.html included: the golden changes only through
    // `scripts/test-opt-in.sh regenerate-fixtures` and a commit whose diff a reviewer reads, never
    // by a test approving its own output.
    let expected = try ReportSet(makeFixtureDocument())
    let wanted: [String: [UInt8]] = [
      ReportSet.jsonFileName: [UInt8](expected.json), ReportSet.csvFileName: Array(expected.csv.utf8),
      ReportSet.markdownFileName: Array(expected.markdown.utf8), ReportSet.htmlFileName: Array(expected.html.utf8),
    ]
    let present = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
    #expect(Set(present) == Set(ReportSet.fileNames), "the fixture folder holds \(present.sorted())")
    // Compared as Booleans: a failure should say which file is stale, not print 40 KB of bytes;
    // the fresh rendering is left in a temporary folder for `diff -ru`.
    var stale: [String] = []
    for name in ReportSet.fileNames {
      let committed = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
      if committed != wanted[name] { stale.append(name) }
    }
    if !stale.isEmpty {
      let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("results-small-\(UUID().uuidString)")
      try expected.write(to: fresh)
      let message =
        "stale fixture files \(stale): see `diff -ru \(Self.folder.path) \(fresh.path)`; if the change is "
        + "intended, regenerate with scripts/test-opt-in.sh regenerate-fixtures and commit the diff"
      Issue.record(Comment(rawValue: message))
    }
  }

  @Test("The fixture has what the plotting tests need, and stays small")
  func fixtureShape() throws {
    let document = try ResultsDocument.load(from: Self.folder)
    #expect(Set(document.cells.map(\.corpus)).count == 2)
    #expect(Set(document.cells.map(\.backend)).count == 3)
    #expect(Set(document.cells.map(\.threads)) == [1, 2])
    #expect(Set(document.cells.map(\.level)).count >= 3)
    #expect(document.cells.contains { $0.upload != nil })
    #expect(document.cells.contains { $0.upload == nil })
    let size =
      try FileManager.default.attributesOfItem(
        atPath: Self.folder.appendingPathComponent(ReportSet.jsonFileName).path)[.size] as? Int
    #expect(try #require(size) < 100_000)
  }
}

/// Rewrites the golden folder: a tool, not a check, so it is an opt-in suite (its name ends in
/// `OptIn`, which scripts/test.sh leaves out) that `scripts/test-opt-in.sh regenerate-fixtures`
/// runs, leaving the change as a diff to review.
@Suite("Fixture results folder, regenerated")
struct FixtureRegenerationOptIn {
  @Test(
    "Regenerate the fixture folder when DEFLATEBENCH_WRITE_FIXTURES=1",
    .enabled(
      if: ProcessInfo.processInfo.environment["DEFLATEBENCH_WRITE_FIXTURES"] == "1",
      "opt-in: scripts/test-opt-in.sh regenerate-fixtures rewrites the golden folder, for a reviewed diff"))
  func regenerate() throws {
    try ResultsWriter.write(makeFixtureDocument(), to: ReportFixtureFolderTests.folder)
  }
}
