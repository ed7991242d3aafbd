/// The framing around a compressed stream. The raw value is the name used on the command line,
/// in reports and in results files.
///
/// A struct rather than an enum, so that a backend bringing a framing of its own declares it in
/// its own folder (`extension Container { static let name = Container(declaring: ...) }`) and
/// lists it in its `containers`; `BackendRegistry.container(named:)` finds every framing a
/// registered backend writes. The ones below are those the model, the reports and the echo server
/// know by name: the three DEFLATE framings and the HTTP content codings of the reference codecs.
public struct Container: Sendable, Hashable, CustomStringConvertible {
  /// The name on the command line and in results files.
  public let rawValue: String
  /// The HTTP `Content-Encoding` token for this container, or nil when HTTP has none.
  public let contentEncoding: String?
  /// Whether the payload is a DEFLATE stream, so any DEFLATE decoder can read it.
  public let isDeflate: Bool

  /// A framing named `rawValue`; two containers with one name are the same container.
  public init(declaring rawValue: String, contentEncoding: String?, isDeflate: Bool = false) {
    self.rawValue = rawValue
    self.contentEncoding = contentEncoding
    self.isDeflate = isDeflate
  }

  /// One of `known` by name, or nil (a backend's own framing is found through the registry).
  public init?(rawValue: String) {
    guard let known = Self.known.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = known
  }

  public static func == (lhs: Container, rhs: Container) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
  public var description: String { rawValue }

  /// RFC 1952: a gzip member. The body of an HTTP request sent with `Content-Encoding: gzip`.
  public static let gzip = Container(declaring: "gzip", contentEncoding: "gzip", isDeflate: true)
  /// RFC 1950: a zlib stream. What HTTP calls `Content-Encoding: deflate`.
  public static let zlib = Container(declaring: "zlib", contentEncoding: "deflate", isDeflate: true)
  /// RFC 1951: bare DEFLATE with no header or checksum. Not an HTTP content coding.
  public static let raw = Container(declaring: "raw", contentEncoding: nil, isDeflate: true)
  /// RFC 8878: a Zstandard frame, `Content-Encoding: zstd`.
  public static let zstd = Container(declaring: "zstd", contentEncoding: "zstd")
  /// RFC 7932: a Brotli stream, `Content-Encoding: br`.
  public static let br = Container(declaring: "br", contentEncoding: "br")
  /// RFC 9842: a zstd frame compressed with a dictionary the server already holds, behind an
  /// 8-byte skippable-frame header and the dictionary's SHA-256, `Content-Encoding: dcz`.
  public static let dcz = Container(declaring: "dcz", contentEncoding: "dcz")

  /// The containers declared here, which `init?(rawValue:)` finds.
  public static let known: [Container] = [.gzip, .zlib, .raw, .zstd, .br, .dcz]

  /// The DEFLATE framings, which `--container` chooses among.
  public static var deflate: [Container] { known.filter(\.isDeflate) }
}
