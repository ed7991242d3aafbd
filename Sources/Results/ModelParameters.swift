/// The parameters of the round-trip upload model, written into results.json as `model` so every
/// figure derived from it (the verdict, the charts, report.html) can be recomputed from the file
/// alone. The formulas are `UploadModel`'s (Sources/Upload/Model); the README's model section
/// gives every term and its source.
public struct ModelParameters: Codable, Sendable, Equatable {
  /// TCP maximum segment size: 1,460 bytes, an Ethernet MTU of 1,500 minus IPv4 and TCP headers.
  public var mssBytes: Int
  /// Segments a connection may send before the first acknowledgement: 10 (RFC 6928).
  public var initialWindowSegments: Int
  /// Round trips a new connection spends before its first request: one for TCP's handshake and
  /// one for TLS 1.3's (RFC 8446, 1-RTT).
  public var coldHandshakeRoundTrips: Int
  /// Bytes of the request line and header fields the client sends before the body.
  public var requestHeadBytes: Int
  /// `measured` (from a real URLSession request against the echo server) or `default`.
  public var requestHeadSource: String
  /// A setting within this fraction of the fastest total counts as fast enough (0.05: 5 %).
  public var timeTolerance: Double
  /// `warm` (a kept-alive connection) or `cold` (a new connection per request).
  public var connection: String
  /// The links the verdict models, slowest first.
  public var links: [LinkPreset]
  /// The client classes the verdict models.
  public var devices: [DeviceClass]
  /// `per-request` (a new compressor for every body: the cold call's extra is charged to each
  /// request) or `reused` (one compressor kept across bodies: the warm speed alone); nil in files
  /// written before it existed, read as `per-request`.
  public var compressor: String?
  /// The least saving `compress` needs, in milliseconds and in percent of identity's total
  /// (both must hold); nil in older files, read as 1 ms and 2 %.
  public var minSavingMs: Double?
  public var minSavingPercent: Double?

  public init(
    mssBytes: Int = 1460, initialWindowSegments: Int = 10, coldHandshakeRoundTrips: Int = 2,
    requestHeadBytes: Int, requestHeadSource: String, timeTolerance: Double = 0.05, connection: String = "warm",
    links: [LinkPreset], devices: [DeviceClass]
  ) {
    self.mssBytes = mssBytes
    self.initialWindowSegments = initialWindowSegments
    self.coldHandshakeRoundTrips = coldHandshakeRoundTrips
    self.requestHeadBytes = requestHeadBytes
    self.requestHeadSource = requestHeadSource
    self.timeTolerance = timeTolerance
    self.connection = connection
    self.links = links
    self.devices = devices
  }

  /// `compressor`, `min_saving_ms` and `min_saving_percent` with their defaults filled in.
  public static let defaultCompressor = "per-request"
  public static let defaultMinSavingMs = 1.0
  public static let defaultMinSavingPercent = 2.0
  public var compressorKind: String { compressor ?? Self.defaultCompressor }
  public var reusesCompressor: Bool { compressorKind == "reused" }
  public var minimumSavingMs: Double { minSavingMs ?? Self.defaultMinSavingMs }
  public var minimumSavingPercent: Double { minSavingPercent ?? Self.defaultMinSavingPercent }

  /// The congestion window of a fresh or restarted connection, in bytes.
  public var initialWindowBytes: Int { mssBytes * initialWindowSegments }

  /// Whether each request pays the handshakes.
  public var isCold: Bool { connection == "cold" }
}

/// A client that compresses the bodies: how much longer it takes than the measuring machine.
public struct DeviceClass: Codable, Sendable, Hashable {
  /// `this`, `phone-high`, `phone-low`, or a custom name.
  public var name: String
  /// Client compress time = measured time x this factor (1 for the measuring machine).
  public var compressSlowdown: Double
  /// Where the factor comes from.
  public var source: String
  /// False only for `this`: every other device's speed is modelled, not measured.
  public var modelled: Bool

  public init(name: String, compressSlowdown: Double, source: String, modelled: Bool = true) {
    self.name = name
    self.compressSlowdown = compressSlowdown
    self.source = source
    self.modelled = modelled
  }
}
