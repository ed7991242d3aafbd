import DeflateBenchMeasurement
import TestSupport
import Testing

@testable import DeflateBenchUpload

/// The Uploads section from results documents whose winners can be worked out by hand.
@Suite("Uploads report section")
struct UploadReportTests {
  /// Level 1: 4x at 100 MB/s; level 9: 5x at 5 MB/s. 1 MB in 20 requests of 50 kB.
  static let document = ResultsDocument(
    complete: true, context: makeFixtureContext(), corpora: [],
    cells: [
      makeFixtureCell(
        corpus: "events", split: "events=50", payloads: 20, level: 1, inputBytes: 1_000_000, outputBytes: 250_000,
        compressMBps: [100], decompressMBps: [400]),
      makeFixtureCell(
        corpus: "events", split: "events=50", payloads: 20, level: 9, inputBytes: 1_000_000, outputBytes: 200_000,
        compressMBps: [5], decompressMBps: [400],
        upload: UploadMeasurement(
          link: "lte", uploadMs: 900, uploadIdentityMs: 2000, wireBytes: 205_000, serverVerified: true,
          modelledMs: 850)),
      makeFixtureCell(corpus: "events", split: "events=50", level: 5, error: "failed"),
    ], warnings: [])

  @Test("the slow link picks the smaller output, the fast link the faster compressor")
  func picksPerLink() throws {
    let markdown = try #require(UploadReport.markdown(for: Self.document, links: [.threeG, .fiber]))
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| events/events=50 |") }
    let threeG = try #require(rows.first { $0.contains("| 3g |") })
    let fiber = try #require(rows.first { $0.contains("| fiber |") })
    // 3G (50 kB/s): level 9 saves 1 s of transfer for 0.19 s more compression.
    #expect(threeG.contains("| 3g | zlib gzip level 9 |"))
    // Fiber (12.5 MB/s): level 9's 0.2 s of compression costs more than 4 ms of transfer saved.
    #expect(fiber.contains("| fiber | zlib gzip level 1 |"))
    #expect(!markdown.contains("level 5"))
  }

  @Test("the section has advice, break-even, thresholds and measured-versus-modelled rows")
  func sections() throws {
    let markdown = try #require(UploadReport.markdown(for: Self.document, links: [.lte]))
    // The heading is added by the Markdown report; the section starts with the model.
    #expect(markdown.hasPrefix("Modelled total time = compress"))
    // LTE (625 kB/s): level 1 takes 10 + 400 + 2.5 + 1200 ms; level 9 takes 200 + 320 + 2.5 + 1200 ms.
    #expect(
      markdown.contains(
        "- lte uplink, events/events=50 (50.0 kB per request): zlib gzip level 1 sends 4.0x fewer bytes and finishes "
          + "42 % sooner than sending them uncompressed; below 57 B, send uncompressed."))
    #expect(markdown.contains("| events/events=50 | lte | zlib gzip level 1 | 1613 | -42 % |"))
    // Break-even of level 1: 0.75 / (1/100 MB/s + 1/400 MB/s) = 60 MB/s = 480 Mbit/s.
    #expect(markdown.contains("| events/events=50 | zlib gzip level 1 | 4.0x | 100.0 | 400.0 | 480 Mbit/s |"))
    // Level 9: 0.8 / (1/5 + 1/400 MB/s) = 3.95 MB/s = 31.6 Mbit/s.
    #expect(markdown.contains("| events/events=50 | zlib gzip level 9 | 5.0x | 5.0 | 400.0 | 31.6 Mbit/s |"))
    #expect(markdown.contains("### Small payloads"))
    #expect(markdown.contains("| events/events=50 | zlib gzip level 9 | lte | 900 | 2000 | 850 | +6 % |"))
  }

  @Test("extra links' measurements appear beside the one in the results")
  func extraLinks() throws {
    let key = Self.document.cells[0].key
    let extra = UploadMeasurement(
      link: "3g", uploadMs: 5000, uploadIdentityMs: 20000, wireBytes: 255_000, serverVerified: true, modelledMs: 4900)
    let markdown = try #require(UploadReport.markdown(for: Self.document, links: [], extraMeasurements: [key: [extra]]))
    #expect(markdown.contains("| zlib gzip level 1 | 3g | 5000 | 20000 | 4900 | +2 % |"))
    // No links given: every preset is modelled.
    for preset in LinkPreset.catalog { #expect(markdown.contains("| \(preset.name) |")) }
  }

  @Test("a fixture document renders, and a document without usable cells gives no section")
  func fixtureAndEmpty() {
    #expect(
      UploadReport.markdown(for: makeFixtureDocument(), links: [.lte, .cable])?.contains("### Measured uploads") == true
    )
    let failed = ResultsDocument(
      complete: false, context: makeFixtureContext(), corpora: [], cells: [makeFixtureCell(error: "boom")], warnings: []
    )
    #expect(UploadReport.markdown(for: failed, links: [.lte]) == nil)
  }
}
