import DeflateBenchResults
import DeflateBenchSupport

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
    let bytes = requestBytes(request, parameters: parameters)
    return Breakdown(
      compress: compress,
      handshake: parameters.isCold ? Double(HTTPFraming.handshakeRoundTrips(parameters)) * link.rttSeconds : 0,
      deliver: deliverSeconds(bytes: bytes, link: link, parameters: parameters),
      response: link.rttSeconds, decode: decode)
  }

  /// The bytes the request puts on the connection before packet headers: its head (with the
  /// `Content-Encoding` line of a compressed body) and body, framed per `--http`.
  public static func requestBytes(_ request: Request, parameters: ModelParameters) -> Double {
    let head = Double(parameters.requestHeadBytes + encodingLineBytes(request.contentEncoding))
    return HTTPFraming.requestBytes(
      headBytes: head, bodyBytes: request.wireBytes, encoded: request.contentEncoding != nil, parameters: parameters)
  }

  /// `bytes` as the link carries them: every packet of `payloadBytesPerPacket` adds
  /// `headerBytesPerPacket`. A link's rate counts these bytes.
  public static func linkBytes(_ bytes: Double, transport: HTTPFraming.Transport) -> Double {
    let payload = max(1, transport.payloadBytesPerPacket)
    return bytes + (bytes / payload).rounded(.up) * transport.headerBytesPerPacket
  }

  /// Time to push `bytes` (request bytes, before packet headers) through the sender's congestion
  /// control on a link whose rate counts whole packets, checked against Linux's TCP in
  /// `deflate-bench linkcheck` (docs/model.md):
  ///
  /// - every packet carries `payload` bytes and `header` bytes more on the link, so b bytes take
  ///   (b + header x ceil(b / payload)) / rate;
  /// - slow start (RFC 5681 section 3.1) from the initial window (RFC 6928), doubling each round;
  ///   a round lasts the longer of the window's own serialisation and one round trip plus the
  ///   packets the first acknowledgement waits for: one on a new connection (Linux acknowledges
  ///   every segment in its quick-ack mode), two on a kept-alive one (delayed ACKs, RFC 9293
  ///   section 3.8.6.3, every second full segment);
  /// - a kept-alive connection starts from the window Linux leaves it after the idle gap
  ///   (`startWindowSegments`: tcp_cwnd_restart halves it once per RTO of idle down to the
  ///   initial window; with no gap given, idle long enough for the whole restart, RFC 5681
  ///   section 4.1), except under BBR, whose window Linux keeps
  ///   (tcp_slow_start_after_idle_check skips congestion controls with cong_control): the whole
  ///   request goes at the link's rate;
  /// - the last flight costs only its serialisation: the response's round trip is counted apart.
  public static func deliverSeconds(bytes: Double, link: LinkPreset, parameters: ModelParameters) -> Double {
    deliverSeconds(
      bytes: bytes, link: link, transport: HTTPFraming.transport(parameters), warm: !parameters.isCold,
      startWindowPackets: startWindowSegments(bytes: bytes, link: link, parameters: parameters))
  }

  /// `deliverSeconds(bytes:link:parameters:)` with its parts spelt out: `startWindowPackets` nil
  /// sends everything at the link's rate.
  public static func deliverSeconds(
    bytes: Double, link: LinkPreset, transport: HTTPFraming.Transport, warm: Bool, startWindowPackets: Double?
  ) -> Double {
    let rate = link.uplinkBytesPerSecond
    let payload = max(1, transport.payloadBytesPerPacket)
    guard rate > 0, bytes > 0 else { return 0 }
    func wireSeconds(_ part: Double) -> Double { linkBytes(part, transport: transport) / rate }
    guard let startWindowPackets else { return wireSeconds(bytes) }
    let packetSeconds = (payload + transport.headerBytesPerPacket) / rate
    let packetsPerACK: Double = warm ? 2 : 1
    var window = payload * max(1, startWindowPackets)
    var left = bytes
    var seconds = 0.0
    while left > window {
      seconds += max(link.rttSeconds + packetsPerACK * packetSeconds, wireSeconds(window))
      left -= window
      window *= 2
    }
    return seconds + wireSeconds(left)
  }

  /// Whether slow start overflows a queue of `queueBytes` at the link. In slow start every
  /// acknowledgement releases two packets while the link drains one, so a request of N packets
  /// from an initial window of IW has up to (N + IW) / 2 packets in flight when its last packet
  /// leaves; past one bandwidth-delay product plus the queue, the queue drops packets. The model
  /// does not charge the loss (its time is then a lower bound), so callers report it. BBR is
  /// left out: it caps its flight near 2.89 bandwidth-delay products in startup and keeps a
  /// kept-alive connection at the link rate.
  public static func slowStartOverflows(
    bytes: Double, link: LinkPreset, parameters: ModelParameters, queueBytes: Double
  ) -> Bool {
    guard parameters.senderCongestionControl != "bbr", bytes > 0 else { return false }
    let transport = HTTPFraming.transport(parameters)
    let payload = max(1, transport.payloadBytesPerPacket)
    let packets = (bytes / payload).rounded(.up)
    let initial = max(1, transport.initialWindowPackets)
    guard packets > initial else { return false }
    let inFlight = (packets + initial) / 2 * (payload + transport.headerBytesPerPacket)
    return inFlight > link.uplinkBytesPerSecond * link.rttSeconds + queueBytes
  }

  /// The echo server's emulation (`LinkPacer`, `serve --rate --latency`): flights of
  /// `initialWindowBytes` doubling each round trip, each the longer of one round trip and its
  /// serialisation at `link`'s rate counted in payload bytes, the last only its serialisation.
  /// Measured uploads against that server are compared with this form; docs/model.md says
  /// where it differs from the kernel-checked model above.
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
