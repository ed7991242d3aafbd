import DeflateBenchCodecs
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `run --upload --streaming`: each payload of a streaming form sent twice, whole-body (compress
/// all, then send with Content-Length) and streaming (compress while sending, chunked), each
/// timed from the start of compression to the last byte of the answer and each with the
/// client's peak memory above where it started. The server verifies every body.
extension UploadSession: StreamingUploadStep {
  public func uploadStreaming(_ cell: StreamingUploadCell) throws(UploadStepError) -> StreamingUploadMeasurement {
    let coding = try Self.coding(of: cell.container, key: cell.key)
    var whole = (seconds: 0.0, peak: 0)
    var streamed = (seconds: 0.0, peak: 0, wire: 0)
    // What the server said of every body, whole and streamed (`server_verified`).
    var serverVerified = true
    var modelled: Double? = link == nil || cell.compressBytesPerSecond == nil ? nil : 0
    for (index, body) in cell.originals.enumerated() {
      // The client and the body stream take an array: a body that is a chunk of its own (every
      // large one) becomes one without a copy; a small packed body is copied, one at a time.
      let payload = Array(body)
      let what = "\(cell.key) payload \(index) (\(cell.chunkBytes)-byte chunks)"
      let digest = SHA256.hash(payload)
      let wholeResult = try wholeBody(payload, cell: cell, coding: coding, digest: digest, what: what)
      whole.seconds += wholeResult.seconds
      whole.peak = max(whole.peak, wholeResult.peak)
      serverVerified = serverVerified && wholeResult.serverVerified

      let compressor = try makeStreamingCompressor(cell, what: what)
      let base = ProcessPeakMemory.resetPeak()
      let upload: StreamedUpload
      do throws(UploadClientError) {
        upload = try client.uploadStreaming(
          payload, compressor: compressor, chunkBytes: cell.chunkBytes, contentEncoding: coding,
          contentType: contentType, decodedDigest: digest)
      } catch {
        throw UploadStepError("\(what), streaming: \(error)")
      }
      let peak = Self.peakAbove(base)
      if let problem = UploadVerification.problem(
        upload.response, sentBytes: upload.sentBytes, decodedBytes: payload.count, expectsDigest: true)
      {
        throw UploadStepError("\(what), streaming: \(problem)")
      }
      if index < cell.streamedBytes.count, upload.sentBytes != cell.streamedBytes[index] {
        throw UploadStepError(
          "\(what), streaming: sent \(upload.sentBytes) bytes where the measured pass streamed \(cell.streamedBytes[index])"
        )
      }
      serverVerified = serverVerified && upload.response.answer.map(UploadVerification.serverVerified) == true
      streamed.seconds += upload.response.seconds
      streamed.peak = max(streamed.peak, peak)
      streamed.wire += upload.sentBytes
      if let link, let speed = cell.compressBytesPerSecond, speed > 0 {
        let answer = upload.response.answer
        modelled? += Self.modelledSeconds(
          payloadBytes: payload.count, sentBytes: upload.sentBytes, wireBytes: answer?.wireBytes,
          chunkBytes: cell.chunkBytes, compressBytesPerSecond: speed,
          serverMs: (answer?.decodeMs ?? 0) + (answer?.hashMs ?? 0), link: link)
      }
    }
    return StreamingUploadMeasurement(
      link: link?.name ?? "none", wholeBodyMs: whole.seconds * 1000, streamingMs: streamed.seconds * 1000,
      wholeBodyPeakBytes: whole.peak, streamingPeakBytes: streamed.peak, streamingWireBytes: streamed.wire,
      serverVerified: serverVerified, modelledStreamingMs: modelled.map { $0 * 1000 })
  }

  /// `StreamingUploadModel` for one measured body, with the delivery the whole-body uploads are
  /// modelled with (the wire bytes the server counted, head and chunk framing included, through
  /// slow start) and the server's measured decode and digest time.
  static func modelledSeconds(
    payloadBytes: Int, sentBytes: Int, wireBytes: Int?, chunkBytes: Int, compressBytesPerSecond: Double,
    serverMs: Double, link: LinkPreset
  ) -> Double {
    // Without the server's count: curl hands each read of its 64 KiB upload buffer over as one chunk.
    let wire =
      wireBytes ?? sentBytes + StreamingUploadModel.chunkFramingBytes(bodyBytes: sentBytes, pieceBytes: 65_536)
    let deliver = UploadModel.deliverSeconds(
      bytes: Double(wire), link: link, initialWindowBytes: Double(ModelParameters.standardInitialWindowBytes))
    return StreamingUploadModel.totalSeconds(
      inputBytes: payloadBytes, chunkBytes: chunkBytes, compressSeconds: Double(payloadBytes) / compressBytesPerSecond,
      decodeSeconds: serverMs / 1000, deliverSeconds: deliver, handshakeSeconds: 0, roundTripSeconds: link.rttSeconds)
  }

  /// Compress the whole payload into one buffer, then send it: the time and peak memory of both, and
  /// whether the server said it verified the body.
  private func wholeBody(
    _ payload: [UInt8], cell: StreamingUploadCell, coding: String, digest: SHA256Digest, what: String
  ) throws(UploadStepError) -> (seconds: Double, peak: Int, serverVerified: Bool) {
    let compressor: any Compressor
    do throws(CodecError) {
      compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    } catch {
      throw UploadStepError("\(what): \(error.description)")
    }
    let base = ProcessPeakMemory.resetPeak()
    let start = DispatchTime.now().uptimeNanoseconds
    // malloc'd and handed to Data without a copy: the client holds the compressed body once.
    let capacity = max(compressor.compressBound(payload.count), 1)
    guard let storage = malloc(capacity) else { throw UploadStepError("\(what): out of memory") }
    let written: Int
    do throws(CodecError) {
      written = try payload.withUnsafeBytes { input in
        Result { () throws(CodecError) in
          try compressor.compress(input, into: UnsafeMutableRawBufferPointer(start: storage, count: capacity))
        }
      }.get()
    } catch {
      free(storage)
      throw UploadStepError("\(what), whole body: \(error.description)")
    }
    let body = Data(bytesNoCopy: storage, count: written, deallocator: .free)
    let compressSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let response: UploadResponse
    do throws(UploadClientError) {
      response = try client.upload(
        UploadRequest(body: body, contentEncoding: coding, contentType: contentType, decodedDigest: digest))
    } catch {
      throw UploadStepError("\(what), whole body: \(error)")
    }
    let peak = Self.peakAbove(base)
    if let problem = UploadVerification.problem(
      response, sentBytes: written, decodedBytes: payload.count, expectsDigest: true)
    {
      throw UploadStepError("\(what), whole body: \(problem)")
    }
    return (
      compressSeconds + response.seconds, peak, response.answer.map(UploadVerification.serverVerified) == true
    )
  }

  private func makeStreamingCompressor(_ cell: StreamingUploadCell, what: String) throws(UploadStepError)
    -> any StreamingCompressor
  {
    let made: (any StreamingCompressor)?
    do throws(CodecError) {
      made = try cell.backend.makeStreamingCompressor(level: cell.level, container: cell.container)
    } catch {
      throw UploadStepError("\(what): \(error.description)")
    }
    guard let made else { throw UploadStepError("\(what): \(cell.backend.name) has no streaming compress API") }
    return made
  }

  /// Peak resident bytes since `base` was taken with the reset, or 0 where /proc has neither.
  static func peakAbove(_ base: Int?) -> Int {
    guard let base, let peak = ProcessPeakMemory.peakBytes() else { return 0 }
    return max(0, peak - base)
  }
}

extension MultiLinkStep: StreamingUploadStep {
  /// Streaming uploads go over the first link only: the results hold one measurement per form.
  func uploadStreaming(_ cell: StreamingUploadCell) throws(UploadStepError) -> StreamingUploadMeasurement {
    try sessions[0].uploadStreaming(cell)
  }
}
