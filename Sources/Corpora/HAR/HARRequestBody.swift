import DeflateBenchCodecs
import Foundation

/// One request body from a HAR, turned back into the bytes the app produced: `postData.text`
/// as UTF-8, or decoded from base64 when the entry says `"encoding": "base64"`, and then, when
/// the request carried a `Content-Encoding` header, decoded with the same streaming decoders
/// the upload server uses, so a corpus measures what the app compressed, not its output. A form
/// post exported as `postData.params` alone is rebuilt from its fields (`HARFormBody`).
struct HARRequestBody {
  var bytes: [UInt8]
  /// The content codings undone, in the order they were applied (empty: none).
  var codings: [String]
  /// The request said `Content-Encoding`, but the body was not in that coding: the tool stored
  /// it decoded (mitmproxy's savehar, browsers), so it was taken as it is.
  var storedDecoded = false
  /// The body was rebuilt from `postData.params` (no `text`), in this serialization.
  var rebuiltForm: HARFormBody.Kind?

  /// A decoded body may grow to 1 GiB, as on the server; no ratio limit, since the file is the
  /// user's own and a repetitive batch legitimately exceeds 1000:1.
  static let limits = StreamingDecodeLimits(maxRatio: nil)

  /// The body of entry `index`, or nil when the request has none (no `postData`, or neither a
  /// `text` nor any `params`).
  /// - Parameter maxDecodedBytes: what this body may still decode to, the HAR's total budget
  ///   less what earlier bodies took.
  static func extract(
    _ request: HARArchive.Request, index: Int, path: String, maxDecodedBytes: Int = limits.maxDecodedBytes
  ) throws(CorpusError) -> HARRequestBody? {
    guard let postData = request.postData else { return nil }
    guard let text = postData.text, !text.isEmpty else {
      return try form(postData, of: request, path: path, maxDecodedBytes: maxDecodedBytes)
    }
    var bytes: [UInt8]
    switch postData.encoding?.lowercased() {
    case nil, "":
      bytes = Array(text.utf8)
    case "base64":
      guard let data = TolerantBase64.decode(text) else {
        throw .invalidHAR(
          path: path, entry: index, message: "request.postData.text is not valid base64, as \"encoding\" says it is")
      }
      bytes = [UInt8](data)
    case let other?:
      throw .invalidHAR(
        path: path, entry: index,
        message: "request.postData.encoding \"\(other)\" is unknown; a body is text or \"base64\"")
    }
    guard bytes.count <= maxDecodedBytes else { throw tooLarge(path: path) }
    let codings = HTTPContentCoding.codings(fromHeader: request.header("content-encoding"))
    if !codings.isEmpty {
      do throws(StreamingDecodeError) {
        bytes = try decode(bytes, header: request.header("content-encoding"), maxDecodedBytes: maxDecodedBytes)
      } catch {
        switch error {
        case .corrupt:
          // Not in the coding its header names: mitmproxy and browsers store the body decoded
          // and keep the header. Taken as it is; the corpus notes say how many.
          return HARRequestBody(bytes: bytes, codings: [], storedDecoded: true)
        case .decodedTooLarge: throw tooLarge(path: path)
        default:
          // A tool that stored compressed bytes as text has already lost some of them.
          throw .invalidHAR(
            path: path, entry: index,
            message: "the body's Content-Encoding cannot be undone: \(error)"
              + " (a compressed body survives only as \"encoding\": \"base64\")")
        }
      }
    }
    return HARRequestBody(bytes: bytes, codings: codings)
  }

  /// A form post given as fields only. Its fields are the decoded values, so a `Content-Encoding`
  /// header it went out with is not undone again: the body counts as stored decoded.
  private static func form(
    _ postData: HARArchive.PostData, of request: HARArchive.Request, path: String, maxDecodedBytes: Int
  ) throws(CorpusError) -> HARRequestBody? {
    guard
      let (bytes, kind) = HARFormBody.rebuild(
        postData.params ?? [], mimeType: postData.mimeType, contentType: request.header("content-type"))
    else { return nil }
    guard bytes.count <= maxDecodedBytes else { throw tooLarge(path: path) }
    let encoded = !HTTPContentCoding.codings(fromHeader: request.header("content-encoding")).isEmpty
    return HARRequestBody(bytes: bytes, codings: [], storedDecoded: encoded, rebuiltForm: kind)
  }

  /// The bodies of one HAR together decode to at most `limits.maxDecodedBytes` (1 GiB): three
  /// 1 GiB bombs must not take 3 GiB (issue #25, M4).
  private static func tooLarge(path: String) -> CorpusError {
    .invalidHAR(
      path: path, entry: nil,
      message: "its request bodies decode to more than \(limits.maxDecodedBytes) bytes together; "
        + "pick fewer with url= or method=")
  }

  private static func decode(_ encoded: [UInt8], header: String?, maxDecodedBytes: Int) throws(StreamingDecodeError)
    -> [UInt8]
  {
    var decoded: [UInt8] = []
    var bounded = limits
    bounded.maxDecodedBytes = maxDecodedBytes
    let decoder = try HTTPContentCoding.decoder(forHeader: header, limits: bounded)
    let sink: StreamingSink = { piece in decoded.append(contentsOf: piece) }
    // `withUnsafeBytes` rethrows untyped errors, so the typed one travels in a Result.
    let fed: Result<Void, StreamingDecodeError> = encoded.withUnsafeBytes { buffer in
      do throws(StreamingDecodeError) { return .success(try decoder.feed(buffer, into: sink)) } catch {
        return .failure(error)
      }
    }
    try fed.get()
    try decoder.finish(into: sink)
    return decoded
  }
}

/// Base64 as HAR exporters write it: standard, but also line-wrapped (MIME, 76 columns),
/// unpadded, or URL-safe (`-` and `_`). Anything else (a stray `*`) is still refused.
enum TolerantBase64 {
  static func decode(_ text: String) -> Data? {
    var characters: [UInt8] = []
    characters.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: "-"): characters.append(UInt8(ascii: "+"))
      case UInt8(ascii: "_"): characters.append(UInt8(ascii: "/"))
      default: characters.append(byte)
      }
    }
    if !characters.contains(UInt8(ascii: "=")) {
      let missing = (4 - characters.count % 4) % 4
      guard missing < 3 else { return nil }
      characters += Array(repeating: UInt8(ascii: "="), count: missing)
    }
    return Data(base64Encoded: Data(characters))
  }
}
