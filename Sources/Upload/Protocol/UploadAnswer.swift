/// The JSON body `deflate-bench serve` answers every upload with, and the client reads back.
/// Keys are snake_case (`SnakeCaseKeys`); fields that did not apply are absent.
///
/// ```json
/// {"status":200,"method":"POST","path":"/upload","content_encoding":"gzip","wire_bytes":1187,
///  "received_bytes":1024,"decoded_bytes":8192,"digest":"match","decoded_sha256":"9f86…",
///  "decode_ms":0.21,"hash_ms":0.05,"receive_ms":0.4,"round_trips":1}
/// ```
public struct UploadAnswer: Codable, Sendable, Equatable {
  /// The HTTP status of the response that carried this body.
  public var status: Int
  public var method: String?
  public var path: String?
  /// The `Content-Encoding` as understood: `identity` when absent.
  public var contentEncoding: String?
  /// Bytes the request took on the wire: head, body and chunk framing.
  public var wireBytes: Int?
  /// Bytes of the request head (request line, fields, empty line).
  public var headBytes: Int?
  /// Body bytes as sent (after removing chunk framing, before decoding): the encoded size.
  public var receivedBytes: Int?
  /// Body bytes after undoing every content coding.
  public var decodedBytes: Int?
  /// `match` when every digest sent matched, `mismatch` when any did not, `none` when none was sent.
  public var digest: String?
  /// SHA-256 (hex) of the body as received, computed when `Repr-Digest` or `Content-Digest` was sent.
  public var receivedSHA256: String?
  /// SHA-256 (hex) of the decoded body, computed when `X-Content-SHA256` was sent.
  public var decodedSHA256: String?
  /// Milliseconds spent inside the decoders (hashing excluded).
  public var decodeMs: Double?
  /// Milliseconds spent hashing.
  public var hashMs: Double?
  /// Milliseconds from the first byte of the head to the last byte of the body, throttling included.
  public var receiveMs: Double?
  /// Round trips the emulated link charged: 1 per request, 2 when the client waited for
  /// `100 Continue`. 0 without `--latency`.
  public var roundTrips: Int?
  /// What went wrong, for any status but 200.
  public var error: String?

  public init(status: Int, error: String? = nil) {
    self.status = status
    self.error = error
  }
}
