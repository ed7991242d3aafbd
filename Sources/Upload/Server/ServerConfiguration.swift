import DeflateBenchCodecs
import DeflateBenchModel
import DeflateBenchResults

/// Everything that limits what one request or connection may cost the server. The defaults are
/// generous for benchmark bodies and still stop a hostile client long before it hurts.
public struct ServerLimits: Sendable, Equatable {
  /// The request line and all fields together, and separately chunk trailers. Default 64 KiB;
  /// beyond it the answer is 431.
  public var maxHeaderBytes: Int
  /// Body bytes as sent (encoded). Default 1 GiB; beyond it the answer is 413.
  public var maxBodyBytes: Int
  /// Decoded size and decoded-to-encoded ratio (defaults 1 GiB and 1000, see
  /// `StreamingDecodeLimits`); beyond either the answer is 413.
  public var decode: StreamingDecodeLimits
  /// Seconds for a request head to arrive: from accept for a connection's first request, from
  /// the first byte for later ones. Default 10 s; beyond it the answer is 408 (or a quiet close
  /// if nothing was sent) and the connection closes. Stops clients that trickle their headers
  /// and sockets opened to sit idle.
  public var headerTimeoutSeconds: Double
  /// Longest silence, in seconds, while a body is arriving. Default 30 s; then 408 and close.
  /// A gap, not a total, so slow but steady uploads on an emulated 3G link are never cut off.
  public var bodyTimeoutSeconds: Double
  /// The slowest average a body may arrive at once it has been arriving for `bodyTimeoutSeconds`.
  /// Default 1024 bytes/s (0: no minimum); below it the answer is 408. The emulated links all
  /// carry far more, so only a client that trickles on purpose meets it.
  public var minBodyBytesPerSecond: Double
  /// Seconds an open connection may wait for its next request. Default 60 s; then it closes
  /// quietly, as idle keep-alive connections do.
  public var idleTimeoutSeconds: Double
  /// Connections served at once (one thread each). Default 512; at the limit the connection idle
  /// the longest is closed to make room, and only when none is idle is a newcomer answered 503.
  public var maxConnections: Int
  /// Bytes the zstd and brotli decoders of all connections may hold at once (their windows and
  /// state), default 256 MiB: 32 zstd bodies with full 8 MiB windows. A body whose decoder
  /// cannot get its memory is answered 503 (see `DecoderMemoryBudget`, docs/safety.md).
  public var decoderMemoryBytes: Int

  public static let defaultDecoderMemoryBytes = 256 << 20

  public init(
    maxHeaderBytes: Int = 64 << 10, maxBodyBytes: Int = 1 << 30, decode: StreamingDecodeLimits = .init(),
    headerTimeoutSeconds: Double = 10, bodyTimeoutSeconds: Double = 30, minBodyBytesPerSecond: Double = 1024,
    idleTimeoutSeconds: Double = 60, maxConnections: Int = 512,
    decoderMemoryBytes: Int = ServerLimits.defaultDecoderMemoryBytes
  ) {
    self.decoderMemoryBytes = decoderMemoryBytes
    self.maxHeaderBytes = maxHeaderBytes
    self.maxBodyBytes = maxBodyBytes
    self.decode = decode
    self.headerTimeoutSeconds = headerTimeoutSeconds
    self.bodyTimeoutSeconds = bodyTimeoutSeconds
    self.minBodyBytesPerSecond = minBodyBytesPerSecond
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.maxConnections = maxConnections
  }
}

/// A slow uplink imitated on the server side.
///
/// What it models: a client whose uplink carries `bytesPerSecond` and whose round trip to the
/// server takes `latencyMilliseconds`. Every byte the server reads (head, body, chunk framing)
/// is released no faster than the rate, shared by all connections as one device's uplink would
/// be, and through TCP slow start from `initialWindowBytes` (each request starts at the initial
/// window, as the upload model's warm connection does); each response waits one round trip after
/// the request's last byte, and so does each `100 Continue`. What it leaves out: TCP and TLS
/// handshakes (the model's cold connection), loss, and the downlink (responses are small and go
/// out at once).
public struct LinkEmulation: Sendable, Equatable {
  /// Uplink rate in bytes per second, or nil for no throttling.
  public var bytesPerSecond: Double?
  /// Round-trip time added per request, in milliseconds; also slow start's round trip.
  public var latencyMilliseconds: Double
  /// Bytes of slow start's first flight (default: 10 segments of 1,460 bytes, RFC 6928, as the
  /// upload model); nil paces at the rate alone.
  public var initialWindowBytes: Int?

  public init(
    bytesPerSecond: Double? = nil, latencyMilliseconds: Double = 0,
    initialWindowBytes: Int? = ModelParameters.standardInitialWindowBytes
  ) {
    self.bytesPerSecond = bytesPerSecond
    self.latencyMilliseconds = latencyMilliseconds
    self.initialWindowBytes = initialWindowBytes
  }

  /// The pacer for a throttled link, or nil without a rate.
  func makePacer() -> LinkPacer? {
    bytesPerSecond.map {
      LinkPacer(
        bytesPerSecond: $0, roundTripNanoseconds: UInt64(max(0, latencyMilliseconds) * 1e6),
        initialWindowBytes: initialWindowBytes)
    }
  }

  public static let none = LinkEmulation()

  public var isActive: Bool { bytesPerSecond != nil || latencyMilliseconds > 0 }
}

/// How `EchoServer` is set up.
public struct ServerConfiguration: Sendable {
  /// The address to bind: `127.0.0.1` (default), `::1`, `0.0.0.0`.
  public var host: String
  /// 0 lets the kernel pick a free port.
  public var port: Int
  public var limits: ServerLimits
  public var link: LinkEmulation
  /// Bytes read from a socket at once; 256 KiB keeps system calls rare on large bodies.
  public var readBufferBytes: Int
  /// Where one line per request goes (to stderr in `serve`), or nil for silence.
  public var log: (@Sendable (String) -> Void)?
  /// Dictionaries `dcz` and preset-dictionary `deflate` bodies may use (`serve --dictionary`).
  public var dictionaries: DictionaryStore = .empty
  /// Where verified bodies are stored (`serve --record`), or nil to keep nothing.
  public var recorder: BodyRecorder?

  public init(
    host: String = "127.0.0.1", port: Int = 0, limits: ServerLimits = .init(), link: LinkEmulation = .none,
    readBufferBytes: Int = 256 << 10, log: (@Sendable (String) -> Void)? = nil
  ) {
    self.host = host
    self.port = port
    self.limits = limits
    self.link = link
    self.readBufferBytes = readBufferBytes
    self.log = log
  }
}
