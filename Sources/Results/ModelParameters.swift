import DeflateBenchSupport

/// The parameters of the round-trip upload model, written into results.json as `model` so every
/// figure derived from it (the verdict, the charts, report.html) can be recomputed from the file
/// alone. The formulas are `UploadModel`'s (Sources/Upload/Model); the README's model section
/// gives every term and its source.
public struct ModelParameters: Codable, Sendable, Equatable {
  /// Payload bytes per TCP packet: 1,448, an Ethernet MTU of 1,500 minus 20 B of IPv4 header,
  /// 20 B of TCP header and the 12 B timestamp option every Linux, Apple and Android stack sends
  /// (RFC 7323). Measured: the kernel check's first flight carries 10 x 1,448 = 14,480 B.
  public var mssBytes: Int
  /// Header bytes each packet carries on the link besides its payload: 52 (IPv4 20 + TCP 20 +
  /// timestamps 12). A link's rate is its wire rate (whole IP packets), so a full packet of
  /// `mssBytes` payload takes (mssBytes + packetHeaderBytes) / rate.
  public var packetHeaderBytes: Int
  /// The sender's congestion control: `cubic` (the default of Linux, Android and Apple's stacks)
  /// or `bbr`. Linux does not restart BBR's window after idle (tcp_slow_start_after_idle_check
  /// skips congestion controls with their own cong_control), so a kept-alive BBR connection sends
  /// at the link's rate from the first byte.
  public var senderCongestionControl: String
  /// The HTTP version the request is modelled with: `1.1` (the bytes as the local echo server
  /// counts them, plaintext), `2` (HPACK head, DATA frames, TLS 1.3 records) or `3` (QPACK head,
  /// QUIC packets and its 1-RTT handshake). See `HTTPFraming`.
  public var http: String
  /// Segments a connection may send before the first acknowledgement: 10 (RFC 6928).
  public var initialWindowSegments: Int
  /// Round trips a new connection spends before its first request: one for TCP's handshake and
  /// one for TLS 1.3's (RFC 8446, 1-RTT).
  public var coldHandshakeRoundTrips: Int
  /// Bytes of the request line and header fields the client sends before the body.
  public var requestHeadBytes: Int
  /// `measured` (from a real URLSession request against the echo server) or `default`.
  public var requestHeadSource: String
  /// The `Content-Encoding` tokens the server accepts (`--accept`): the verdict picks only among
  /// settings that send one of them. nil in files written before it existed, and by default:
  /// every coding the model knows (`defaultAccept`).
  public var accept: [String]?
  /// The link and device the answer speaks for (LTE from `phone-high` when the run models them),
  /// written by the verdict; nil in files written before it existed.
  public var referenceLink: String?
  public var referenceDevice: String?
  /// The formula's constants (`FramingConstants`) and each decision's words, written by the
  /// verdict so renderers read them instead of keeping their own; nil in files written before.
  public var framing: FramingConstants?
  /// The constants of the sender the model plays after an idle gap (`SenderConstants`).
  public var sender: SenderConstants?
  public var decisionWords: [String: String]?
  /// `warm` (a kept-alive connection) or `cold` (a new connection per request).
  public var connection: String
  /// Seconds a kept-alive connection is idle between one response and the next request (an
  /// SDK's flush interval): Linux halves the window once per RTO of idle, down to the initial
  /// window (`UploadModel.startWindowSegments`). nil, the default and every file written before
  /// it existed: idle long enough for the window to restart whole.
  public var idleSeconds: Double?
  /// The links the verdict models, slowest first.
  public var links: [LinkPreset]
  /// The client classes the verdict models.
  public var devices: [DeviceClass]
  /// `per-request` (a new compressor for every body: the cold call's extra is charged to each
  /// request) or `reused` (one compressor kept across bodies: the warm speed alone); nil in files
  /// written before it existed, read as `per-request`.
  public var compressor: String?
  /// The least saving `compress` needs, in milliseconds and in percent of identity's total
  /// (both must hold); nil in older files, read as 1 ms and 2 %. With the energy objective the
  /// milliseconds apply to the rows decided on time (where no energy is modelled).
  public var minSavingMs: Double?
  public var minSavingPercent: Double?
  /// What the rules weigh (`--objective`): `time` or `energy`; nil in older files, read as
  /// `time`.
  public var objective: String?
  /// The least energy saving `compress` needs with the energy objective, millijoules per request
  /// in session (with `min_saving_percent`); nil with the time objective.
  public var minSavingMj: Double?

  public init(
    mssBytes: Int = 1448, packetHeaderBytes: Int = 52, initialWindowSegments: Int = 10,
    coldHandshakeRoundTrips: Int = 2, senderCongestionControl: String = defaultSenderCongestionControl,
    http: String = defaultHTTP, requestHeadBytes: Int, requestHeadSource: String,
    connection: String = defaultConnection,
    links: [LinkPreset], devices: [DeviceClass]
  ) {
    self.mssBytes = mssBytes
    self.packetHeaderBytes = packetHeaderBytes
    self.senderCongestionControl = senderCongestionControl
    self.http = http
    self.initialWindowSegments = initialWindowSegments
    self.coldHandshakeRoundTrips = coldHandshakeRoundTrips
    self.requestHeadBytes = requestHeadBytes
    self.requestHeadSource = requestHeadSource
    self.connection = connection
    self.links = links
    self.devices = devices
  }

  /// Reads a `model` object; files written before the kernel check (no packet_header_bytes,
  /// sender_congestion_control or http) read with today's defaults.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    mssBytes = try container.decode(Int.self, forKey: .mssBytes)
    packetHeaderBytes = try container.decodeIfPresent(Int.self, forKey: .packetHeaderBytes) ?? 52
    initialWindowSegments = try container.decode(Int.self, forKey: .initialWindowSegments)
    coldHandshakeRoundTrips = try container.decode(Int.self, forKey: .coldHandshakeRoundTrips)
    senderCongestionControl =
      try container.decodeIfPresent(String.self, forKey: .senderCongestionControl)
      ?? Self.defaultSenderCongestionControl
    http = try container.decodeIfPresent(String.self, forKey: .http) ?? Self.defaultHTTP
    requestHeadBytes = try container.decode(Int.self, forKey: .requestHeadBytes)
    requestHeadSource = try container.decode(String.self, forKey: .requestHeadSource)
    connection = try container.decode(String.self, forKey: .connection)
    idleSeconds = try container.decodeIfPresent(Double.self, forKey: .idleSeconds)
    links = try container.decode([LinkPreset].self, forKey: .links)
    devices = try container.decode([DeviceClass].self, forKey: .devices)
    compressor = try container.decodeIfPresent(String.self, forKey: .compressor)
    minSavingMs = try container.decodeIfPresent(Double.self, forKey: .minSavingMs)
    minSavingPercent = try container.decodeIfPresent(Double.self, forKey: .minSavingPercent)
    objective = try container.decodeIfPresent(String.self, forKey: .objective)
    minSavingMj = try container.decodeIfPresent(Double.self, forKey: .minSavingMj)
    accept = try container.decodeIfPresent([String].self, forKey: .accept)
    referenceLink = try container.decodeIfPresent(String.self, forKey: .referenceLink)
    referenceDevice = try container.decodeIfPresent(String.self, forKey: .referenceDevice)
    framing = try container.decodeIfPresent(FramingConstants.self, forKey: .framing)
    sender = try container.decodeIfPresent(SenderConstants.self, forKey: .sender)
    decisionWords = try container.decodeIfPresent([String: String].self, forKey: .decisionWords)
  }

  /// `compressor`, `min_saving_ms`, `min_saving_mj` and `min_saving_percent` with their defaults
  /// filled in. 1 mJ stands where 1 ms does: it is about what LTE's connected radio draws in a
  /// millisecond (1.2 W, docs/energy.md).
  public static let defaultCompressor = compressors[0]
  public static let defaultMinSavingMs = 1.0
  public static let defaultMinSavingMj = 1.0
  public static let defaultMinSavingPercent = 2.0
  public var compressorKind: String { compressor ?? Self.defaultCompressor }
  public var reusesCompressor: Bool { compressorKind == Self.compressors[1] }
  public var minimumSavingMs: Double { minSavingMs ?? Self.defaultMinSavingMs }
  public var minimumSavingPercent: Double { minSavingPercent ?? Self.defaultMinSavingPercent }
  public var minimumSavingMj: Double { minSavingMj ?? Self.defaultMinSavingMj }
  /// `objective` with its default filled in (an unknown name reads as time).
  public var verdictObjective: VerdictObjective { objective.flatMap(VerdictObjective.init(rawValue:)) ?? .time }

  /// Every `Content-Encoding` a container of the model writes: gzip, deflate, zstd, br, dcz.
  public static let defaultAccept: [String] = Container.known.compactMap(\.contentEncoding)
  /// `accept` with its default filled in.
  public var acceptedCodings: [String] { accept ?? Self.defaultAccept }
  /// Whether the server takes a body sent with this `Content-Encoding`.
  public func accepts(_ coding: String) -> Bool { acceptedCodings.contains(coding) }

  /// The congestion window of a fresh or restarted connection, in bytes.
  public var initialWindowBytes: Int { mssBytes * initialWindowSegments }

  /// Whether each request pays the handshakes.
  public var isCold: Bool { connection == Self.connections[1] }

  /// The words `--connection`, `--sender-cc` and `--compressor` take, the default first:
  /// a kept-alive or a new connection per request; the phone's congestion control; a new
  /// compressor per request or one reused.
  public static let connections = ["warm", "cold"]
  public static let senderCongestionControls = ["cubic", "bbr"]
  public static let compressors = ["per-request", "reused"]
  public static let defaultConnection = connections[0]
  public static let defaultSenderCongestionControl = senderCongestionControls[0]
  /// HTTP/2: what URLSession and OkHttp use where the server offers it (`HTTPFraming.versions`).
  public static let defaultHTTP = "2"
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
  /// The device as a sentence names it: "an iPhone 14 Pro-class phone", "this machine"; nil for
  /// a custom device and in older files, whose name is used instead.
  public var label: String?

  public init(name: String, compressSlowdown: Double, source: String, modelled: Bool = true, label: String? = nil) {
    self.name = name
    self.compressSlowdown = compressSlowdown
    self.source = source
    self.modelled = modelled
    self.label = label
  }

  /// `label`, or the name.
  public var spoken: String { label ?? name }
}
