import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import Foundation
import Testing

@testable import DeflateBenchUpload

/// URLSession uploads against the in-process server: the client, the hook the runner calls,
/// and the check that a wrong answer fails the cell.
@Suite("Upload client and session")
struct UploadSessionTests {
  static func cell(_ originals: [[UInt8]], compressed: [[UInt8]], container: Container = .gzip) -> CompressedCell {
    CompressedCell(
      key: CellKey(
        corpus: "events", split: "events=50", backend: "zlib", container: container.rawValue, level: 6, threads: 1),
      container: container, originals: originals, compressed: compressed)
  }

  @Test("URLSession sends Content-Encoding, Content-Type and both digests, and reads the answer")
  func client() throws {
    let original = TestBodies.json(bytes: 40_000)
    let gzip = TestBodies.deflate(original, windowBits: 31)
    let server = EchoServer(configuration: ServerConfiguration())
    let port = try server.start()
    defer { server.stop() }
    let client = UploadClient(endpoint: URL(string: "http://127.0.0.1:\(port)/upload")!)
    let response = try client.upload(
      UploadRequest(
        body: Data(gzip), contentEncoding: "gzip", contentType: "application/json", sentDigest: SHA256.hash(gzip),
        decodedDigest: SHA256.hash(original)))
    #expect(response.status == 200)
    #expect(response.seconds > 0)
    let answer = try #require(response.answer)
    #expect(answer.contentEncoding == "gzip")
    #expect(answer.digest == "match")
    #expect(
      UploadVerification.problem(response, sentBytes: gzip.count, decodedBytes: original.count, expectsDigest: true)
        == nil)
    #expect(
      UploadVerification.problem(response, sentBytes: gzip.count, decodedBytes: original.count + 1, expectsDigest: true)
        != nil)
  }

  @Test("the upload step measures compressed and identity uploads and verifies every answer")
  func sessionMeasures() throws {
    let originals = (0..<4).map { TestBodies.json(bytes: 5_000 + $0 * 1_000) }
    let server = EchoServer(configuration: ServerConfiguration())
    let port = try server.start()
    defer { server.stop() }
    let session = UploadSession(endpoint: URL(string: "http://127.0.0.1:\(port)/upload")!)
    for container in [Container.gzip, .zlib, .raw] {
      let windowBits: Int32 = container == .gzip ? 31 : container == .zlib ? 15 : -15
      let compressed = originals.map { TestBodies.deflate($0, windowBits: windowBits) }
      let measurement = try session.upload(Self.cell(originals, compressed: compressed, container: container))
      #expect(measurement.link == "none")
      #expect(measurement.serverVerified)
      #expect(measurement.uploadMs > 0 && measurement.uploadIdentityMs > 0)
      #expect(measurement.wireBytes > compressed.reduce(0) { $0 + $1.count })
      #expect(measurement.modelledMs == nil)
    }
  }

  @Test("an answer that does not match what was sent fails the cell")
  func mismatchFails() throws {
    let originals = [TestBodies.json(bytes: 5_000)]
    let wrong = [TestBodies.deflate(TestBodies.json(bytes: 6_000), windowBits: 31)]
    let server = EchoServer(configuration: ServerConfiguration())
    let port = try server.start()
    defer { server.stop() }
    let session = UploadSession(endpoint: URL(string: "http://127.0.0.1:\(port)/upload")!)
    #expect(throws: UploadStepError.self) { try session.upload(Self.cell(originals, compressed: wrong)) }
  }

  @Test("on an emulated link the model's prediction is reported beside the measurement")
  func modelIsReportedBesideTheMeasurement() throws {
    let link = LinkPreset(name: "test", uplinkBitsPerSecond: 4_000_000, rttMilliseconds: 40, source: "test")
    let originals = [TestBodies.json(bytes: 150_000), TestBodies.json(bytes: 120_000)]
    let compressed = originals.map { TestBodies.deflate($0, windowBits: 31, level: 1) }
    let server = EchoServer(
      configuration: ServerConfiguration(
        link: LinkEmulation(bytesPerSecond: link.uplinkBytesPerSecond, latencyMilliseconds: link.rttMilliseconds)))
    let port = try server.start()
    defer { server.stop() }
    let session = UploadSession(endpoint: URL(string: "http://127.0.0.1:\(port)/upload")!, link: link)
    let measurement = try session.upload(Self.cell(originals, compressed: compressed))
    let modelled = try #require(measurement.modelledMs)
    // The model's fixed part: the wire bytes at the link rate plus one round trip per request; the
    // server's decode time comes on top. How close measurement and model are is a benchmark
    // figure (the report prints both and the difference; README "Measured figures"), not a test
    // assertion: the suite runs in parallel on two cores, where any timing comparison flakes.
    // Wire bytes are the bodies plus the request heads (well under 1 KiB each).
    let bodyBytes = compressed.reduce(0) { $0 + $1.count }
    #expect(measurement.wireBytes > bodyBytes && measurement.wireBytes < bodyBytes + 2 * 1024)
    let transferAndRoundTrips =
      (Double(measurement.wireBytes) / link.uplinkBytesPerSecond + 2 * link.rttSeconds) * 1000
    #expect(modelled >= transferAndRoundTrips)
    #expect(measurement.uploadMs > 0 && measurement.uploadIdentityMs > 0)
    #expect(measurement.link == "test")
  }
}
