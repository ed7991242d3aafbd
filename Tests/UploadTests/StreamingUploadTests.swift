import DeflateBenchCodecs
import DeflateBenchResults
import DeflateBenchSupport
import Dispatch
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchMeasurement
@testable import DeflateBenchModel
@testable import DeflateBenchUpload

/// The chunked client path: a body compressed while URLSession sends it, judged by our echo
/// server and by Python's http.server, and the faults that must end an upload with an error
/// rather than a hang.
@Suite("Streaming uploads")
struct StreamingUploadTests {
  /// About 3 MB of JSON lines: dozens of chunks, compressible like real upload bodies.
  static let payload: [UInt8] = {
    var text = ""
    for index in 0..<30_000 { text += "{\"id\":\(index),\"event\":\"view\",\"value\":\(index * 7 % 1000)}\n" }
    return Array(text.utf8)
  }()

  @Test(.enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
  func ourServerDecodesEveryStreamingBackend() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let session = UploadSession(endpoint: server.baseURL.appendingPathComponent("upload"))
    for (backend, container) in [
      (ZlibBackend() as any CompressionBackend, Container.gzip), (IsalBackend(), .zlib), (ZstdBackend(), .zstd),
      (BrotliBackend(), .br),
    ] {
      let compressor = try #require(try backend.makeStreamingCompressor(level: 1, container: container))
      let streamed = try compressor.compressAll(Self.payload, chunkBytes: 64 << 10)
      let cell = StreamingUploadCell(
        key: CellKey(
          corpus: "c", split: "whole", backend: backend.name, container: container.rawValue, level: 1, threads: 1),
        backend: backend, level: 1, container: container, chunkBytes: 64 << 10, originals: [Self.payload],
        streamedBytes: [streamed.count], compressBytesPerSecond: nil)
      // Throws unless the server decoded both forms to the right size and digest, and the
      // streamed body had exactly the bytes of the runner's own streaming pass.
      let measurement = try session.uploadStreaming(cell)
      #expect(measurement.serverVerified)
      #expect(measurement.streamingWireBytes == streamed.count, "\(backend.name)")
      #expect(measurement.streamingMs > 0 && measurement.wholeBodyMs > 0)
    }
  }

  @Test(.enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func pythonHTTPServerReadsTheChunkedBody() throws {
    let judge = try PythonJudgeServer(mode: "judge")
    let compressor = try #require(try ZlibBackend().makeStreamingCompressor(level: 6, container: .gzip))
    let upload = try UploadClient(endpoint: judge.url, timeoutSeconds: 60).uploadStreaming(
      Self.payload, compressor: compressor, chunkBytes: 16 << 10, contentEncoding: "gzip",
      decodedDigest: SHA256.hash(Self.payload))
    let answer = try #require(upload.response.answer, "Python answered \(upload.response.status) without JSON")
    #expect(upload.response.status == 200)
    #expect(answer.decodedBytes == Self.payload.count)
    #expect(answer.receivedBytes == upload.sentBytes)
    #expect(answer.digest == "match")
  }

  @Test(.enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func aServerThatClosesMidStreamEndsTheUploadWithAnError() throws {
    let server = try PythonJudgeServer(mode: "close")
    let compressor = try #require(try ZlibBackend().makeStreamingCompressor(level: 0, container: .gzip))
    let started = DispatchTime.now().uptimeNanoseconds
    let error = #expect(throws: UploadClientError.self) {
      _ = try UploadClient(endpoint: server.url, timeoutSeconds: 30).uploadStreaming(
        Self.payload, compressor: compressor, chunkBytes: 16 << 10, contentEncoding: "gzip", decodedDigest: nil)
    }
    #expect(error?.message.contains("closed the connection") == true, "\(String(describing: error))")
    // Well before the timeout: the closed connection itself ends the request, and says so.
    #expect(DispatchTime.now().uptimeNanoseconds - started < 25_000_000_000)
  }

  @Test(.enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func aStalledLinkEndsTheUploadAtTheTimeout() throws {
    let server = try PythonJudgeServer(mode: "stall")
    let compressor = try #require(try ZlibBackend().makeStreamingCompressor(level: 1, container: .gzip))
    let started = DispatchTime.now().uptimeNanoseconds
    do {
      _ = try UploadClient(endpoint: server.url, timeoutSeconds: 2).uploadStreaming(
        Self.payload, compressor: compressor, chunkBytes: 16 << 10, contentEncoding: "gzip", decodedDigest: nil)
      Issue.record("a server that never answers cannot produce a response")
    } catch {
      #expect(error.message.contains("timed out"), "\(error.message)")
    }
    #expect(DispatchTime.now().uptimeNanoseconds - started < 60_000_000_000, "no hang past the timeout")
  }

  /// The streaming model: a pipeline is never slower than its slower stage plus the first chunk,
  /// and with one chunk it is the whole-body sum.
  @Test func streamingModelIsThePipelineOfItsStages() {
    let pipeline = StreamingUploadModel.totalSeconds(
      inputBytes: 64 << 20, chunkBytes: 256 << 10, compressSeconds: 2, decodeSeconds: 0.4, deliverSeconds: 5,
      handshakeSeconds: 0, roundTripSeconds: 0.05)
    let share = Double(256 << 10) / Double(64 << 20)
    #expect(abs(pipeline - (2 * share + 5 + 0.05 + 0.4 * share)) < 1e-9)
    let oneChunk = StreamingUploadModel.totalSeconds(
      inputBytes: 1000, chunkBytes: 4096, compressSeconds: 0.01, decodeSeconds: 0.002, deliverSeconds: 0.1,
      handshakeSeconds: 0.1, roundTripSeconds: 0.05)
    #expect(abs(oneChunk - (0.01 + 0.1 + 0.1 + 0.05 + 0.002)) < 1e-9)
    #expect(StreamingUploadModel.chunkFramingBytes(bodyBytes: 65_536 * 2, pieceBytes: 65_536) == 2 * (5 + 2 + 2) + 5)
  }
}
