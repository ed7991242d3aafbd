import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// Dictionary cells in the reports: their own key beside the cell without one, the CSV columns,
/// and a report.md section naming the training sample and the measured payloads.
@Suite("Dictionary cells in reports")
struct DictionaryReportTests {
  static let record = DictionaryRecord(
    name: "events-16k.dict", bytes: 16384, sha256: String(repeating: "ab", count: 32),
    origin: "trained on events/events=1 generated with seed 2 (500 payloads); measured on seed 1")

  static func document() -> ResultsDocument {
    let plain = makeFixtureCell(split: "events=1", payloads: 500, backend: "zstd", container: "zstd", level: 3)
    var withDictionary = makeFixtureCell(
      split: "events=1", payloads: 500, backend: "zstd", container: "dcz", level: 3, outputBytes: 11_000)
    withDictionary.dictionary = record
    return ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: [plain, withDictionary], warnings: [])
  }

  @Test func aDictionaryCellHasItsOwnKeyAndSortsBesideTheOtherOne() {
    let cells = Self.document().cells
    #expect(cells[0].key != cells[1].key)
    #expect(cells[1].key.dictionary == "events-16k.dict")
    #expect(cells[1].key.description.hasSuffix("dictionary events-16k.dict"))
    #expect(cells[0].key < cells[1].key)
  }

  @Test func csvAndMarkdownNameTheDictionaryAndItsOrigin() throws {
    let document = Self.document()
    let rows = try CSVTestReader.parse(CSVReport.render(document))
    let dictionaryColumns = ["dictionary", "dictionary_bytes", "dictionary_sha256"].compactMap {
      CSVReport.columns.firstIndex(of: $0)
    }
    #expect(dictionaryColumns.count == 3)
    #expect(dictionaryColumns.map { rows[1][$0] } == ["", "", ""])
    #expect(dictionaryColumns.map { rows[2][$0] } == ["events-16k.dict", "16384", Self.record.sha256])
    let markdown = MarkdownReport.render(document)
    #expect(markdown.contains("## Dictionaries"))
    #expect(markdown.contains("trained on events/events=1 generated with seed 2"))
    #expect(markdown.contains("dcz + events-16k.dict"))
    #expect(markdown.contains("need the same dictionary on the server"))
    // The JSON round trip keeps the record.
    let data = try JSONReport.encode(document)
    let loaded = try JSONReport.decode(data, path: "results.json")
    #expect(loaded.cells[1].dictionary == Self.record)
  }
}
