import DeflateBenchCodecs
import Foundation

/// One request body from a HAR, turned back into the bytes the app produced: `postData.text`
/// as UTF-8, or decoded from base64 when the entry says `"encoding": "base64"`, and then, when
/// the request carried a `Content-Encoding` header, decoded with the same streaming decoders
/// the upload server uses, so a corpus measures what the app compressed, not its output.
struct HARRequestBody {
  var bytes: [UInt8]
  /// The content codings undone, in the order they were applied (empty: none).
  var codings: [String]

  /// A decoded body may grow to 1 GiB, as on the server; no ratio limit, since the file is the
  /// user's own and a repetitive batch legitimately exceeds 1000:1.
  static let limits = StreamingDecodeLimits(maxRatio: nil)

  /// The body of entry `index`, or nil when the request has none (no `postData`, no `text`, or
  /// an empty one).
  static func extract(_ request: HARArchive.Request, index: Int, path: String) throws(CorpusError)
    -> HARRequestBody?
  {
    guard let postData = request.postData, let text = postData.text, !text.isEmpty else { return nil }
    var bytes: [UInt8]
    switch postData.encoding?.lowercased() {
    case nil, "":
      bytes = Array(text.utf8)
    case "base64":
      guard let data = Data(base64Encoded: text) else {
        throw .invalidHAR(
          path: path, entry: index, message: "request.postData.text is not valid base64, as \"encoding\" says it is")
      }
      bytes = [UInt8](data)
    case let other?:
      throw .invalidHAR(
        path: path, entry: index,
        message: "request.postData.encoding \"\(other)\" is unknown; a body is text or \"base64\"")
    }
    let codings = HTTPContentCoding.codings(fromHeader: request.header("content-encoding"))
    if !codings.isEmpty {
      bytes = try decode(bytes, header: request.header("content-encoding"), index: index, path: path)
    }
    return HARRequestBody(bytes: bytes, codings: codings)
  }

  private static func decode(_ encoded: [UInt8], header: String?, index: Int, path: String) throws(CorpusError)
    -> [UInt8]
  {
    var decoded: [UInt8] = []
    do throws(StreamingDecodeError) {
      let decoder = try HTTPContentCoding.decoder(forHeader: header, limits: limits)
      let sink: StreamingSink = { piece in decoded.append(contentsOf: piece) }
      // `withUnsafeBytes` rethrows untyped errors, so the typed one travels in a Result.
      let fed: Result<Void, StreamingDecodeError> = encoded.withUnsafeBytes { buffer in
        do throws(StreamingDecodeError) { return .success(try decoder.feed(buffer, into: sink)) } catch {
          return .failure(error)
        }
      }
      try fed.get()
      try decoder.finish(into: sink)
    } catch {
      // A tool that stored compressed bytes as text has already lost some of them.
      throw .invalidHAR(
        path: path, entry: index,
        message: "the body's Content-Encoding cannot be undone: \(error)"
          + " (a compressed body survives only as \"encoding\": \"base64\")")
    }
    return decoded
  }
}
