/// The framing around a compressed stream. The raw value is the name used on the command line,
/// in reports and in results files.
public enum Container: String, Sendable, Codable, CaseIterable, Hashable {
  /// RFC 1952: a gzip member. The body of an HTTP request sent with `Content-Encoding: gzip`.
  case gzip
  /// RFC 1950: a zlib stream. What HTTP calls `Content-Encoding: deflate`.
  case zlib
  /// RFC 1951: bare DEFLATE with no header or checksum. Not an HTTP content coding.
  case raw
  /// RFC 8878: a Zstandard frame, `Content-Encoding: zstd`.
  case zstd
  /// RFC 7932: a Brotli stream, `Content-Encoding: br`.
  case br
  /// RFC 9842: a zstd frame compressed with a dictionary the server already holds, behind an
  /// 8-byte skippable-frame header and the dictionary's SHA-256, `Content-Encoding: dcz`.
  case dcz

  /// The HTTP `Content-Encoding` token for this container, or nil when HTTP has none.
  public var contentEncoding: String? {
    switch self {
    case .gzip: "gzip"
    case .zlib: "deflate"
    case .raw: nil
    case .zstd: "zstd"
    case .br: "br"
    case .dcz: "dcz"
    }
  }

  /// Whether the payload is a DEFLATE stream, so any DEFLATE decoder can read it.
  public var isDeflate: Bool { self == .gzip || self == .zlib || self == .raw }
}
