import Testing

@testable import DeflateBenchCorpora

/// The generators' catalogues (devices, browsers, locales) are aligned text tables; these pin how
/// a table reads, and that the shipped tables hold the rows the corpora were generated from.
@Suite("catalogue tables")
struct CatalogTableTests {
  @Test("cells are trimmed, blank lines skipped, empty cells kept, `|` splits and nothing else does")
  func parsing() {
    let rows = CatalogRow.rows(
      """

        Apple | iPhone15,2 | iPhone 14 Pro |  393
      Google  |            | Pixel 7       | 412

      """, columns: 4)
    #expect(rows.map(\.cells) == [["Apple", "iPhone15,2", "iPhone 14 Pro", "393"], ["Google", "", "Pixel 7", "412"]])
    #expect(rows[0].int(3) == 393)
    #expect(rows[1][2] == "Pixel 7")
  }

  @Test("the shipped tables: first and last rows, sizes, the mobile flag")
  func shipped() {
    let iPhones = DeviceCatalog.iPhones.elements
    #expect(iPhones.count == 9)
    #expect(iPhones.first.map { [$0.model, $0.marketingName] } == ["iPhone15,2", "iPhone 14 Pro"])
    #expect(iPhones.last.map { [$0.width, $0.height, $0.densityMillis] } == [820, 1180, 2000])
    #expect(DeviceCatalog.androidDevices.elements.map(\.densityMillis).contains(2813))
    let browsers = DeviceCatalog.browsers.elements
    #expect(browsers.map(\.mobile) == [false, true, false, true, false, false, false, false, true])
    #expect(browsers.allSatisfy { $0.userAgent.hasPrefix("Mozilla/5.0 (") })
    #expect(DeviceCatalog.locales.elements.map(\.timeZone).last == "Asia/Seoul")
  }
}
