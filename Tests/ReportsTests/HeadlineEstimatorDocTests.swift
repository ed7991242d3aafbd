import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// results.csv's speed columns are the estimator docs/methodology.md names as the headline, so
/// the docs and the figures cannot drift apart: the test reads the name from the page and checks
/// every speed column against that estimator, and the median column against the median.
@Suite("The headline speed: results.csv against docs/methodology.md")
struct HeadlineEstimatorDocTests {
  /// The sentence methodology.md states it in: `**A cell's headline speed is its NAME.**`
  static let sentenceStart = "**A cell's headline speed is its "

  /// The estimators the page may name, each as a function of a cell's samples.
  static let estimators: [String: @Sendable ([Double]) -> Double] = [
    "fastest sample": { $0.max() ?? .nan },
    "median sample": { Quantile.median(ofSorted: $0.sorted()) ?? .nan },
  ]

  static func namedEstimator() throws -> String {
    let page = DeflateBenchExecutable.packageRoot.appendingPathComponent("docs/methodology.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    let start = try #require(text.range(of: sentenceStart), "methodology.md no longer states the headline speed")
    let end = try #require(text.range(of: ".**", range: start.upperBound..<text.endIndex))
    return String(text[start.upperBound..<end.lowerBound])
  }

  @Test("compress_mbps, compress_cpu_mbps and decompress_mbps are the named estimator; _median the median")
  func speedColumnsAreTheNamedEstimator() throws {
    let name = try Self.namedEstimator()
    let estimator = try #require(Self.estimators[name], "methodology.md names '\(name)', which this test does not know")
    // Unsorted samples with distinct fastest, median and slowest, so no two estimators agree.
    let compress = [31.0, 57.5, 12.25, 44.0, 50.5, 20.0, 39.0]
    let cpu = [60.0, 66.5, 71.25, 58.0, 64.0, 69.0, 62.5]
    let decompress = [300.0, 410.5, 280.0, 395.0, 350.25, 330.0, 401.0]
    let cell = makeFixtureCell(compressMBps: compress, compressCPUMBps: cpu, decompressMBps: decompress)
    var document = makeFixtureDocument()
    document.cells = [cell]
    let rows = try CSVTestReader.parse(CSVReport.render(document))
    let field = { (column: String) in Double(rows[1][CSVReport.columns.firstIndex(of: column)!]) }
    #expect(field("compress_mbps") == estimator(compress))
    #expect(field("compress_cpu_mbps") == estimator(cpu))
    #expect(field("decompress_mbps") == estimator(decompress))
    #expect(field("compress_mbps_median") == Quantile.median(ofSorted: compress.sorted()))
    #expect(field("decompress_mbps_median") == Quantile.median(ofSorted: decompress.sorted()))
    // The summary every other report reads names the same figure.
    #expect(SummarizedCell(cell).compress?.headline == estimator(compress))
  }
}
