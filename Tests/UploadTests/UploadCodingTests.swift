import DeflateBenchMeasurement
import DeflateBenchResults
import DeflateBenchSupport
import Testing

@testable import DeflateBenchUpload

/// The `Content-Encoding` a cell's bodies are uploaded with comes from its container: the HTTP
/// token, `deflate` for raw DEFLATE, and a refusal naming the cell for a framing HTTP has no
/// coding for (before, such a body went out labelled `deflate`).
@Suite("Upload content coding")
struct UploadCodingTests {
  static let key = CellKey(corpus: "events", split: "events=50", backend: "x", container: "x", level: 1, threads: 1)

  @Test func httpTokensAndRawDeflate() throws {
    #expect(try UploadSession.coding(of: .gzip, key: Self.key) == "gzip")
    #expect(try UploadSession.coding(of: .zlib, key: Self.key) == "deflate")
    #expect(try UploadSession.coding(of: .raw, key: Self.key) == "deflate")
    #expect(try UploadSession.coding(of: .zstd, key: Self.key) == "zstd")
    #expect(try UploadSession.coding(of: .br, key: Self.key) == "br")
  }

  @Test func aFramingWithoutAnHTTPCodingIsRefusedByName() {
    let own = Container(declaring: "lz4", contentEncoding: nil)
    #expect(throws: UploadStepError.self) { try UploadSession.coding(of: own, key: Self.key) }
    do throws(UploadStepError) {
      _ = try UploadSession.coding(of: own, key: Self.key)
    } catch {
      #expect(error.message.contains("lz4 container has no HTTP content coding"), "\(error.message)")
    }
  }
}
