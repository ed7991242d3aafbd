import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import TestSupport
import Testing

/// The verdict's whole-body-or-streaming comparison on crafted payload sets of one large body.
@Suite("Verdict: whole body or streaming")
struct VerdictStreamingTests {
  static let chunk = 262_144

  static func rows(_ cells: [CellResult], link: LinkPreset = .lte) -> [VerdictRow] {
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
    return Verdict.rows(document, cells: SummarizedCell.all(document), parameters: parameters(link))
  }

  /// HTTP/1.1, whose request bytes are the head, the body and the chunk framing, as by hand.
  static func parameters(_ link: LinkPreset) -> ModelParameters {
    ModelParameters(http: "1.1", requestHeadBytes: 250, requestHeadSource: "default", links: [link], devices: [.this])
  }

  /// A 10 MB body that zlib 1 makes 2.5 MB at `speed` MB/s, with a streaming form of `streamed`
  /// bytes at the same speed.
  static func cell(
    inputBytes: Int = 10_000_000, outputBytes: Int = 2_500_000, speed: Double, streamed: Int = 2_510_000,
    verified: Bool = true,
    upload: StreamingUploadMeasurement? = nil
  ) -> CellResult {
    var cell = makeFixtureCell(
      backend: "zlib", level: 1, inputBytes: inputBytes, outputBytes: outputBytes,
      compressMBps: [speed, speed, speed], decompressMBps: [500, 500, 500])
    cell.streaming = [
      StreamingMeasurement(
        chunkBytes: chunk, outputBytes: streamed, compressSamplesMBps: [speed, speed, speed], memoryBytes: 600_000,
        verified: verified, upload: upload)
    ]
    return cell
  }

  @Test(
    "streaming overlaps compressing with sending: first chunk, then the slower stage, then RTT and the last chunk's decode"
  )
  func pipelineByHand() throws {
    let row = try #require(Self.rows([Self.cell(speed: 5)]).first)
    // By hand: C = 10 MB / 5 MB/s = 2 s, C1 = 2 s x 262,144 / 10^7; D = 10^7 / 500 MB/s = 20 ms,
    // D1 = D x 262,144 / 10^7. W' = 250 B head + 24 B encoding line + 2,510,000 B + framing of
    // 39 pieces of 64,359 B (size line "fb67\r\n" + trailing "\r\n" = 8 B each) + 5 B.
    let link = LinkPreset.lte
    let share = 262_144.0 / 10_000_000
    let framing = 39 * 8 + 5
    let deliver = UploadModel.deliverSeconds(
      bytes: Double(250 + 24 + 2_510_000 + framing), link: link, parameters: Self.parameters(link))
    let expected = 2 * share + max(2 - 2 * share, deliver) + link.rttSeconds + 0.02 * share
    #expect(abs(try #require(row.streamingMs) - expected * 1000) < 1e-6)
    #expect(row.streamingBackend == "zlib" && row.streamingLevel == 1 && row.streamingChunkBytes == Self.chunk)
    let whole = try #require(row.bestMs)
    #expect(row.compress && row.stream == true)
    #expect(abs(try #require(row.streamingSavingMs) - (whole - expected * 1000)) < 1e-6)
    #expect(row.wholeBodyBufferBytes == 2_500_000 && row.streamingBufferBytes == 600_000)
  }

  @Test("each body streams at its own size, as the whole-body estimate it is set against: not the mean body")
  func eachBodyAtItsOwnSize() throws {
    // Bodies of 0.2 MB (less than one chunk: nothing to overlap) and 19.8 MB; the streamed bytes
    // are each body's share of the set's 5.02 MB.
    var cell = makeFixtureCell(
      payloads: 2, backend: "zlib", level: 1, inputBytes: 20_000_000, outputBytes: 5_000_000,
      compressMBps: [5, 5, 5], decompressMBps: [500, 500, 500])
    cell.streaming = [
      StreamingMeasurement(
        chunkBytes: Self.chunk, outputBytes: 5_020_000, compressSamplesMBps: [5, 5, 5], memoryBytes: 600_000,
        verified: true)
    ]
    let record = CorpusRecord(
      name: cell.corpus, kind: "file", split: cell.split, bytes: 20_000_000, payloads: 2, sha256: "0",
      payloadSizes: [200_000, 19_800_000])
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [record], cells: [cell], warnings: [])
    let parameters = Self.parameters(.lte)
    let row = try #require(Verdict.rows(document, cells: SummarizedCell.all(document), parameters: parameters).first)
    let seconds = { (size: Double) in
      StreamingUploadModel.seconds(
        UploadModel.Request(
          inputBytes: size, wireBytes: size * 5_020_000 / 20_000_000, compressBytesPerSecond: 5e6,
          decodeBytesPerSecond: 500e6, contentEncoding: "gzip"),
        chunkBytes: Self.chunk, link: .lte, device: .this, parameters: parameters)
    }
    let perBody = (seconds(200_000) + seconds(19_800_000)) / 2 * 1000
    #expect(abs(try #require(row.streamingMs) - perBody) < 1e-6)
    // The mean body (10 MB) would give another total: the test tells the two apart.
    #expect(abs(perBody - seconds(10_000_000) * 1000) > 1e-3)
  }

  @Test("the flushes' extra bytes can cost more than streaming hides: then the answer is whole body")
  func flushesCanLose() throws {
    // A fast compressor hides little; 40 % more bytes on the wire cost seconds on lte.
    let row = try #require(Self.rows([Self.cell(speed: 500, streamed: 3_500_000)]).first)
    #expect(row.stream == false)
    #expect(try #require(row.streamingSavingMs) < 0)
  }

  @Test("a body of one chunk, or an unverified streaming form, is not compared")
  func notCompared() throws {
    let small = try #require(
      Self.rows([Self.cell(inputBytes: 200_000, outputBytes: 50_000, speed: 5, streamed: 50_100)]).first)
    #expect(small.compress && small.streamingMs == nil && small.stream == nil)
    let unverified = try #require(Self.rows([Self.cell(speed: 5, verified: false)]).first)
    #expect(unverified.streamingMs == nil)
  }

  @Test("measured uploads of the streaming setting stand beside the model, per request, on their own link only")
  func measuredBeside() throws {
    let upload = StreamingUploadMeasurement(
      link: "lte", wholeBodyMs: 5_000, streamingMs: 4_000, wholeBodyPeakBytes: 2_600_000, streamingPeakBytes: 700_000,
      streamingWireBytes: 2_510_000, serverVerified: true)
    let row = try #require(Self.rows([Self.cell(speed: 5, upload: upload)]).first)
    #expect(row.measuredWholeBodyMs == 5_000 && row.measuredStreamingMs == 4_000)
    let other = try #require(Self.rows([Self.cell(speed: 5, upload: upload)], link: .threeG).first)
    #expect(other.streamingMs != nil && other.measuredStreamingMs == nil)
  }

  @Test("report.md shows the comparison under the verdict, and results.json spells its fields in snake case")
  func reportedAndEncoded() throws {
    var document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: [Self.cell(speed: 5)], warnings: [])
    let parameters = ModelParameters(
      requestHeadBytes: 250, requestHeadSource: "default", links: [.lte], devices: [.this])
    document.model = parameters
    document.verdict = Verdict.rows(document, cells: SummarizedCell.all(document), parameters: parameters)
    let report = MarkdownReport.render(document)
    #expect(report.contains("### Whole body or streaming"))
    #expect(report.contains("| events/whole | lte | this | **stream** | zlib gzip 1 | 262 kB |"))
    let json = String(decoding: try JSONReport.encode(document), as: UTF8.self)
    for key in ["\"streaming_ms\"", "\"stream\" : true", "\"streaming_chunk_bytes\"", "\"streaming_buffer_bytes\""] {
      #expect(json.contains(key), "results.json lacks \(key)")
    }
  }
}
