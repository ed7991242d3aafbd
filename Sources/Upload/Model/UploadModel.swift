import DeflateBenchCodecs
import DeflateBenchMeasurement

/// The round-trip upload model as pure functions: how long one request takes to compress, cross
/// the link through TCP slow start, be decoded by the server and be answered. The README's model
/// section gives every term and its source; the page (report.html) re-implements exactly this.
///
///     total = C + handshake + deliver(W) + RTT + D
///
/// Speeds are bytes of uncompressed data per second, as the harness measures them; sizes are
/// bytes; times are seconds.
public enum UploadModel {
  /// One request body as the model sees it: its size before and after compression and the
  /// speeds of the setting that made it. Identity has no speeds and no encoding.
  public struct Request: Sendable, Equatable {
    /// s: uncompressed bytes.
    public var inputBytes: Double
    /// w: body bytes on the wire.
    public var wireBytes: Double
    /// c: compress speed on the measuring machine; nil for identity.
    public var compressBytesPerSecond: Double?
    /// d: the server's decode speed; nil for identity.
    public var decodeBytesPerSecond: Double?
    /// The `Content-Encoding` token the request carries; nil for identity.
    public var contentEncoding: String?

    public init(
      inputBytes: Double, wireBytes: Double, compressBytesPerSecond: Double?, decodeBytesPerSecond: Double?,
      contentEncoding: String?
    ) {
      self.inputBytes = inputBytes
      self.wireBytes = wireBytes
      self.compressBytesPerSecond = compressBytesPerSecond
      self.decodeBytesPerSecond = decodeBytesPerSecond
      self.contentEncoding = contentEncoding
    }

    /// The body sent uncompressed.
    public static func identity(bytes: Double) -> Request {
      Request(
        inputBytes: bytes, wireBytes: bytes, compressBytesPerSecond: nil, decodeBytesPerSecond: nil,
        contentEncoding: nil)
    }
  }

  /// The terms of one modelled request, in seconds.
  public struct Breakdown: Sendable, Equatable {
    public var compress: Double
    public var handshake: Double
    public var deliver: Double
    public var response: Double
    public var decode: Double

    public var total: Double { compress + handshake + deliver + response + decode }
  }

  /// The modelled time of one request.
  public static func time(
    _ request: Request, link: LinkPreset, device: DeviceClass, parameters: ModelParameters
  ) -> Breakdown {
    let compress =
      request.compressBytesPerSecond.map { $0 > 0 ? request.inputBytes / $0 * device.compressSlowdown : 0 } ?? 0
    let decode = request.decodeBytesPerSecond.map { $0 > 0 ? request.inputBytes / $0 : 0 } ?? 0
    let head = Double(parameters.requestHeadBytes + encodingLineBytes(request.contentEncoding))
    return Breakdown(
      compress: compress,
      handshake: parameters.isCold ? Double(parameters.coldHandshakeRoundTrips) * link.rttSeconds : 0,
      deliver: deliverSeconds(
        bytes: head + request.wireBytes, link: link, initialWindowBytes: Double(parameters.initialWindowBytes)),
      response: link.rttSeconds, decode: decode)
  }

  /// Time to push `bytes` through a connection that starts at the initial window and doubles it
  /// every round trip (slow start, RFC 5681 section 3.1), on a link that carries
  /// `uplinkBytesPerSecond`. Each full flight takes the longer of one round trip (waiting for
  /// its acknowledgements) and its own serialisation time; the last flight only its
  /// serialisation, because the response's round trip is counted separately.
  public static func deliverSeconds(bytes: Double, link: LinkPreset, initialWindowBytes: Double) -> Double {
    let rate = link.uplinkBytesPerSecond
    guard rate > 0, bytes > 0 else { return 0 }
    var window = max(1, initialWindowBytes)
    var left = bytes
    var seconds = 0.0
    while left > window {
      seconds += max(link.rttSeconds, window / rate)
      left -= window
      window *= 2
    }
    return seconds + left / rate
  }

  /// How many flights (round trips of slow start) a request of `bytes` needs.
  public static func flights(bytes: Double, initialWindowBytes: Double) -> Int {
    var window = max(1, initialWindowBytes)
    var left = bytes
    var count = 1
    while left > window {
      left -= window
      window *= 2
      count += 1
    }
    return count
  }

  /// Bytes of the line `Content-Encoding: TOKEN\r\n` a compressed request adds to its head.
  public static func encodingLineBytes(_ token: String?) -> Int {
    guard let token else { return 0 }
    return "Content-Encoding: \(token)\r\n".utf8.count
  }

  /// The `Content-Encoding` token a container is sent with: raw DEFLATE goes out as `deflate`,
  /// which servers (and `deflate-bench serve`) recognise by its missing zlib header.
  public static func contentEncoding(_ container: Container) -> String { container.contentEncoding ?? "deflate" }
}
