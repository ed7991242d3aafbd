import DeflateBenchModel
import DeflateBenchResults
import TestSupport
import Testing

/// The verdict's picks on crafted payload sets: one request of 100 kB per payload.
@Suite("Verdict")
struct VerdictTests {
  static let link = LinkPreset.lte

  static func parameters(links: [LinkPreset] = [link], devices: [DeviceClass] = [.this]) -> ModelParameters {
    ModelParameters(requestHeadBytes: 250, requestHeadSource: "default", links: links, devices: devices)
  }

  static func rows(_ cells: [CellResult], parameters: ModelParameters = parameters()) -> [VerdictRow] {
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
    return Verdict.rows(document, cells: SummarizedCell.all(document), parameters: parameters)
  }

  static func cell(_ backend: String, _ level: Int, container: String = "gzip", out: Int, speed: Double) -> CellResult {
    makeFixtureCell(
      backend: backend, container: container, level: level, inputBytes: 100_000, outputBytes: out,
      compressMBps: [speed, speed, speed], decompressMBps: [500, 500, 500])
  }

  @Test("a cell with ratio at or below 1 is never picked, however fast")
  func neverExpands() throws {
    let row = try #require(
      Self.rows([Self.cell("zlib", 0, out: 100_050, speed: 5000), Self.cell("zlib", 6, out: 25_000, speed: 50)]).first)
    #expect(row.bestBackend == "zlib" && row.bestLevel == 6)
    #expect(row.fastestLevel == 6)
    let only = try #require(Self.rows([Self.cell("zlib", 0, out: 100_000, speed: 5000)]).first)
    #expect(only.bestBackend == nil && only.gzipBackend == nil && !only.compress)
    #expect(only.zlib6Ms == nil)
  }

  @Test("identical outputs are ties, broken by the lower total; the other is listed as a tie")
  func identicalOutputs() throws {
    let row = try #require(
      Self.rows([
        Self.cell("brotli", 8, container: "br", out: 20_000, speed: 40),
        Self.cell("brotli", 7, container: "br", out: 20_000, speed: 45),
      ]).first)
    #expect(row.bestBackend == "brotli" && row.bestLevel == 7)
    #expect(row.bestTies == ["brotli br 8"])
  }

  @Test("without zlib 6 the fastest setting wins when it beats the rest; gzip only among gzip cells")
  func withinTolerance() throws {
    let cells = [
      Self.cell("libdeflate", 1, out: 30_000, speed: 300), Self.cell("libdeflate", 9, out: 24_000, speed: 20),
      Self.cell("zstd", 19, container: "zstd", out: 15_000, speed: 0.5),
      Self.cell("zstd", 3, container: "zstd", out: 22_000, speed: 200),
    ]
    let row = try #require(Self.rows(cells).first)
    #expect(row.bestMs == row.fastestMs)
    // zstd 19 is smallest but 200 ms of compressing puts it far behind; zstd 3 is the fastest and
    // beats every other setting beyond the minimum saving, so it is alone among the tied.
    #expect(row.bestTies.isEmpty)
    #expect(row.bestBackend == "zstd" && row.bestLevel == 3)
    #expect(row.gzipBackend == "libdeflate")
    #expect(row.compress && row.savingMs > 0)
    #expect(abs(row.savingMs - (row.identityMs - row.bestMs!)) < 1e-9)
    #expect(abs(row.bytesSavedPerRequest - 78_000) < 1e-9)
  }

  @Test("on a fast link a slow device makes sending uncompressed the answer")
  func slowDevice() throws {
    let slow = DeviceClass(name: "slow", compressSlowdown: 1000, source: "test")
    let rows = Self.rows(
      [Self.cell("zlib", 6, out: 25_000, speed: 50)],
      parameters: Self.parameters(links: [.fiber, .threeG], devices: [.this, slow]))
    #expect(rows.count == 4)
    let fiberSlow = try #require(rows.first { $0.link == "fiber" && $0.device == "slow" })
    #expect(!fiberSlow.compress && fiberSlow.savingMs < 0)
    let threeGThis = try #require(rows.first { $0.link == "3g" && $0.device == "this" })
    #expect(threeGThis.compress)
    #expect(threeGThis.zlib6Ms == threeGThis.bestMs)
  }
}
