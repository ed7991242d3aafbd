import DeflateBenchMeasurement
import DeflateBenchReports
import Foundation
import TestSupport
import Testing

/// Tests/Fixtures/results-small is what the reports writer makes of `makeFixtureDocument()`. The
/// plotting tests read it; these tests keep it from drifting away from the writer and the schema.
@Suite("Fixture results folder")
struct ReportFixtureFolderTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/results-small")

  @Test(
    "Regenerate the fixture folder when DEFLATEBENCH_WRITE_FIXTURES=1",
    .enabled(if: ProcessInfo.processInfo.environment["DEFLATEBENCH_WRITE_FIXTURES"] == "1"))
  func regenerate() throws {
    try ResultsWriter.write(makeFixtureDocument(), to: Self.folder)
  }

  @Test("The committed fixture is byte for byte what the writer makes of the fixture document")
  func fixtureIsCurrent() throws {
    let expected = try ReportSet(makeFixtureDocument())
    let json = try Data(contentsOf: Self.folder.appendingPathComponent(ReportSet.jsonFileName))
    let csv = try String(contentsOf: Self.folder.appendingPathComponent(ReportSet.csvFileName), encoding: .utf8)
    let markdown = try String(
      contentsOf: Self.folder.appendingPathComponent(ReportSet.markdownFileName), encoding: .utf8)
    // Compared as Booleans: a failure should say which file is stale, not print 40 KB of bytes.
    let hint: Comment = "stale fixture: regenerate with DEFLATEBENCH_WRITE_FIXTURES=1 (see ResultsFixture.swift)"
    let jsonCurrent = json == expected.json
    let csvCurrent = csv == expected.csv
    let markdownCurrent = markdown == expected.markdown
    #expect(jsonCurrent, hint)
    #expect(csvCurrent, hint)
    #expect(markdownCurrent, hint)
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
