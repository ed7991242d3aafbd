/// Why a request could not be parsed, with the status code the server answers it with. Every
/// case closes the connection afterwards: after a framing error the next request's start is unknown.
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The request line and fields passed the header limit before their end (431).
  case headerTooLarge(limit: Int)
  /// The request line is not `METHOD SP target SP HTTP/1.x` (400).
  case malformedRequestLine(String)
  /// A version other than HTTP/1.0 and HTTP/1.1 (505).
  case unsupportedVersion(String)
  /// A header line without a colon, with space before the colon, with a folded continuation
  /// line or with a control character (400).
  case malformedField(String)
  /// `Content-Length` is not a number, or two different numbers (400).
  case invalidContentLength(String)
  /// Both `Content-Length` and `Transfer-Encoding`, the shape of request smuggling (400).
  case conflictingFraming
  /// `Transfer-Encoding` whose last coding is not `chunked`, or on an HTTP/1.0 request (400).
  case invalidTransferEncoding(String)
  /// A transfer coding other than `chunked` (501).
  case unsupportedTransferCoding(String)
  /// A chunk size line or chunk end that does not follow RFC 9112 §7.1 (400).
  case malformedChunk(String)
  /// A trailer field that is malformed or may not be a trailer (framing, routing, coding) (400).
  case malformedTrailer(String)
  /// An HTTP/1.1 request without exactly one `Host` field (RFC 9112 §3.2) (400).
  case hostFieldCount(Int)

  /// The HTTP status to answer with.
  public var status: Int {
    switch self {
    case .headerTooLarge: 431
    case .unsupportedVersion: 505
    case .unsupportedTransferCoding: 501
    default: 400
    }
  }

  public var description: String {
    switch self {
    case .headerTooLarge(let limit): "the request head exceeds \(limit) bytes"
    case .malformedRequestLine(let line): "malformed request line '\(line)'"
    case .unsupportedVersion(let version): "unsupported HTTP version '\(version)'"
    case .malformedField(let line): "malformed header field '\(line)'"
    case .invalidContentLength(let value): "invalid Content-Length '\(value)'"
    case .conflictingFraming: "the request has both Content-Length and Transfer-Encoding"
    case .invalidTransferEncoding(let value): "invalid Transfer-Encoding '\(value)'"
    case .unsupportedTransferCoding(let coding): "unsupported transfer coding '\(coding)'"
    case .malformedChunk(let detail): "malformed chunked body: \(detail)"
    case .malformedTrailer(let detail): "malformed trailer: \(detail)"
    case .hostFieldCount(let count): "an HTTP/1.1 request needs exactly one Host field, this one has \(count)"
    }
  }
}
