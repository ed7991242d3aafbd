import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one streamed upload sent and got back.
public struct StreamedUpload: Sendable {
  public var response: UploadResponse
  /// Compressed bytes the body stream handed to URLSession (chunk framing excluded).
  public var sentBytes: Int
}

extension UploadClient {
  /// Sends `payload` compressed chunk by chunk while it is sent: the body is a
  /// `CompressingBodyStream`, so URLSession frames it with `Transfer-Encoding: chunked`. Only the
  /// decoded body's digest can be declared (`X-Content-SHA256`): the encoded bytes do not exist
  /// yet when the head is sent.
  public func uploadStreaming(
    _ payload: [UInt8], compressor: any StreamingCompressor, chunkBytes: Int, contentEncoding: String,
    contentType: String = "application/octet-stream", decodedDigest: SHA256Digest?
  ) throws(UploadClientError) -> StreamedUpload {
    var urlRequest = makeURLRequest(
      contentEncoding: contentEncoding, contentType: contentType, sentDigest: nil, decodedDigest: decodedDigest)
    let body = CompressingBodyStream(payload: payload, compressor: compressor, chunkBytes: chunkBytes)
    urlRequest.httpBodyStream = body
    let response: UploadResponse
    do throws(UploadClientError) {
      response = try perform { completion in session.dataTask(with: urlRequest, completionHandler: completion) }
    } catch {
      // A compressor failure reaches URLSession only as a read error; say what really happened.
      if let failure = body.failure { throw UploadClientError("compressing the streamed body failed: \(failure)") }
      throw error
    }
    if let failure = body.failure { throw UploadClientError("compressing the streamed body failed: \(failure)") }
    return StreamedUpload(response: response, sentBytes: body.sentBytes)
  }
}
