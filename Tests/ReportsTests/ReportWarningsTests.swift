import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import TestSupport
import Testing

@Suite("Report warnings")
struct ReportWarningsTests {
  @Test("Cells whose compression or decompression headline is unsteady by more than 5 % are noisy")
  func noisyThreshold() {
    // With two samples the headline's interval reaches the slower: [95, 105] is ± 10.5 %
    // (105 / 95 - 1), [98, 102] ± 4.1 %.
    let noisyCompress = makeFixtureCell(level: 1, compressMBps: [95, 105], decompressMBps: [100])
    let noisyDecompress = makeFixtureCell(level: 2, compressMBps: [98, 102], decompressMBps: [95, 105])
    let quiet = makeFixtureCell(level: 3, compressMBps: [98, 102], decompressMBps: [98, 102])
    let noisy = ReportWarnings.noisyCells([noisyCompress, noisyDecompress, quiet].map(SummarizedCell.init))
    #expect(noisy.map(\.key.level) == [1, 2])
    #expect(noisy.map(\.measure) == ["compress", "decompress"])
    #expect(abs(noisy[0].halfWidthPercent - 100 * (105.0 / 95 - 1)) < 1e-9)
    #expect(ReportWarnings.noisyCellCount(noisy) == 2)
  }

  @Test("Messages: run warnings first, then incomplete, failures, unverified and noisy cells, without repeats")
  func messages() {
    let cells = [
      makeFixtureCell(level: 1, error: "zopfli refused the input"),
      makeFixtureCell(level: 2, verified: false, verifiedWith: "zlib"),
      makeFixtureCell(level: 3, compressMBps: [50, 150]),
    ]
    let document = ResultsDocument(
      complete: false, context: makeFixtureContext(), corpora: [], cells: cells,
      warnings: ["load average 3.00 is high", "load average 3.00 is high"])
    let messages = ReportWarnings.messages(for: document)
    #expect(messages.count == 5)
    #expect(messages[0] == "load average 3.00 is high")
    #expect(messages[1].hasPrefix("incomplete:"))
    #expect(messages[2] == "failed: events/whole zlib gzip level 1 threads 1: zopfli refused the input")
    #expect(messages[3] == "unverified: events/whole zlib gzip level 2 threads 1 did not decode back exactly with zlib")
    #expect(messages[4].hasPrefix("noisy: events/whole zlib gzip level 3 threads 1 compress headline ± 200.0 %"))
    #expect(messages[4].hasSuffix(ReportWarnings.noisyAdvice))
  }

  @Test("A cell noisy in both measures counts once, and the count line says so")
  func countsCells() {
    let both = makeFixtureCell(level: 1, compressMBps: [50, 150], decompressMBps: [50, 150])
    let noisy = ReportWarnings.noisyCells([SummarizedCell(both)])
    #expect(noisy.count == 2)
    #expect(ReportWarnings.countLine(noisy).hasPrefix("1 cell has a noisy headline speed"))
  }

  @Test("The fixture document is clean")
  func fixtureClean() {
    #expect(ReportWarnings.messages(for: makeFixtureDocument()).isEmpty)
  }
}
