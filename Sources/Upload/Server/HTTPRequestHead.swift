import DeflateBenchCorpora
import DeflateBenchSupport

/// The request line and header fields of one HTTP/1.x request, as parsed.
public struct HTTPRequestHead: Sendable, Equatable {
  /// One header field as it arrived: the name in its original case, the value trimmed.
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  public var method: String
  /// The request target as sent: `/upload?x=1`, or an absolute URL through a proxy.
  public var target: String
  /// 0 for HTTP/1.0, 1 for HTTP/1.1.
  public var minorVersion: Int
  public var fields: [Field]
  /// How the body is delimited, worked out from `Content-Length` and `Transfer-Encoding`.
  public var framing: HTTPBodyFraming
  /// Bytes the request line and fields took on the wire, terminating empty line included.
  public var wireBytes: Int

  public init(
    method: String, target: String, minorVersion: Int, fields: [Field], framing: HTTPBodyFraming, wireBytes: Int
  ) {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.fields = fields
    self.framing = framing
    self.wireBytes = wireBytes
  }

  /// Every value of a field, matched without regard to case, in arrival order.
  public func values(_ name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
  }

  /// The values of a field joined with ", ", the combined form RFC 9110 §5.3 defines; nil when absent.
  public func value(_ name: String) -> String? {
    let all = values(name)
    return all.isEmpty ? nil : all.joined(separator: ", ")
  }

  /// The path without query, user info, host or `;` parameters (see `RequestPath`): the only
  /// form of the target that is logged, recorded or reported.
  public var path: String { RequestPath.sanitized(target) }

  /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
  /// HTTP/1.0 only with `Connection: keep-alive` (RFC 9112 §9.3).
  public var keepAlive: Bool {
    let tokens = values("Connection").flatMap { $0.split(separator: ",") }.map {
      $0.trimming(characters: " \t").lowercased()
    }
    if tokens.contains("close") { return false }
    return minorVersion >= 1 || tokens.contains("keep-alive")
  }

  /// Whether the client waits for `100 Continue` before sending its body (RFC 9110 §10.1.1).
  public var expectsContinue: Bool {
    minorVersion >= 1 && values("Expect").contains { $0.lowercased() == "100-continue" }
  }
}

/// How a request body is delimited (RFC 9112 §6.3).
public enum HTTPBodyFraming: Sendable, Equatable {
  /// No `Content-Length` and no `Transfer-Encoding`: the body is empty.
  case none
  /// `Content-Length: n`.
  case length(Int)
  /// `Transfer-Encoding: chunked`.
  case chunked
}

extension String {
  func caseInsensitiveEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count && lowercased() == other.lowercased()
  }
}
