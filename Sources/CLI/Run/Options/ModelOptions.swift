import DeflateBenchModel
import DeflateBenchResults

/// `run`'s model options: the links, devices and connection the verdict models, and its rules
/// (`VerdictOptions`).
struct ModelOptions {
  /// `--link` as typed, for the upload hook (the local server emulates each), and parsed, for
  /// the verdict (default: 3g, lte, wifi, fiber).
  var links: [String]
  var modelLinks: [LinkPreset]
  /// `--device`: the clients the verdict models (default: this, phone-high and phone-low).
  var devices: [DeviceClass]
  /// `--connection warm|cold`.
  var connection: String
  /// `--sender-cc cubic|bbr`: the phone's congestion control in the model.
  var senderCongestionControl: String
  /// `--idle-gap SECONDS`: a kept-alive connection's gap between requests; nil: a whole restart.
  var idleGapSeconds: Double?
  /// `--http 1.1|2|3`: the HTTP version the verdict models.
  var http: String
  /// `--compressor`, `--objective`, `--min-saving`, `--accept`: the verdict's rules.
  var verdict: VerdictOptions

  static let connections = OptionChoices(option: "connection", values: ModelParameters.connections)
  static let senderCongestionControls = OptionChoices(
    option: "sender-cc", values: ModelParameters.senderCongestionControls)
  static let httpVersions = OptionChoices(option: "http", values: HTTPFraming.versions)

  static let all: [OptionSpec] = [
    .repeatable(
      "link", "name",
      help:
        "A link the verdict models: a preset (\(RegistryText.linkPresets.joined(separator: ", "))) or NAME=RATE@RTT such as slow=1Mbit@300ms. Repeat it for several links. With --upload local the server also emulates each one and the measured times stand beside the modelled ones; with --upload URL it is refused (64), since only the local server can emulate a link. Default: \(RegistryText.list(LinkPreset.verdictDefault.map(\.name), "and")), modelled only."
    ),
    .repeatable(
      "device", "name",
      help:
        "A client class the verdict models: \(RegistryText.devices.joined(separator: ", ")) ('this' is the measuring machine), or NAME=FACTOR where FACTOR multiplies this machine's compress time. Phone factors are modelled from published single-core scores (docs/verdict-and-model.md). Repeat it for several. Default: \(RegistryText.list(DeviceClass.verdictDefault.map(\.name), "and"))."
    ),
    .value(
      "connection", "kind",
      help:
        "warm: each request reuses a kept-alive connection whose congestion window restarted after idle (events sent seconds apart; --idle-gap says how far apart); cold: each request opens a new connection and pays the TCP and TLS 1.3 handshakes, two more round trips. Default: \(ModelParameters.defaultConnection)."
    ),
    .value(
      "idle-gap", "seconds",
      help:
        "On a warm connection, the seconds between one response and the next request (an SDK's flush interval): the cubic sender's window then starts where Linux leaves it after that gap, halved once per retransmission timeout of idle down to the initial window, so a short gap keeps part of it (docs/model.md, After an idle gap). Written into results.json's model as idle_seconds. Default: none, a gap long enough for the whole restart."
    ),
    .value(
      "sender-cc", "name",
      help:
        "The sending phone's TCP congestion control in the model: cubic (the default of Android, iOS and Linux) or bbr. On a kept-alive connection Linux restarts cubic's window after idle but keeps BBR's, so bbr sends the whole request at the link's rate. Checked against the kernel by deflate-bench linkcheck (docs/model.md). Default: \(ModelParameters.defaultSenderCongestionControl)."
    ),
    .value(
      "http", "version",
      help:
        "The HTTP version the verdict models: 1.1 (head and body as sent to the local echo server), 2 (HPACK head, \(HTTPFraming.http2FrameHeaderBytes)-byte DATA frame headers, \(HTTPFraming.tlsRecordOverheadBytes) bytes per TLS 1.3 record of up to \(NumberText.binaryBytes(HTTPFraming.tlsRecordPlaintextBytes))) or 3 (QUIC: \(NumberText.thousands(HTTPFraming.quicPacketBytes))-byte packets, one handshake round trip). Measured uploads to the local server are HTTP/1.1 and compared with the HTTP/1.1 model. Default: \(ModelParameters.defaultHTTP) (what URLSession and OkHttp use where the server offers it)."
    ),
  ]

  init(_ arguments: ParsedArguments) throws(CLIError) {
    links = arguments.strings("link")
    modelLinks = try Self.modelLinks(links)
    devices = try Self.devices(arguments.strings("device"))
    connection = try Self.connections.parse(arguments, default: ModelParameters.defaultConnection)
    senderCongestionControl = try Self.senderCongestionControls.parse(
      arguments, default: ModelParameters.defaultSenderCongestionControl)
    if let text = arguments.string("idle-gap") {
      guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
        throw .usage("--idle-gap expects seconds between 0 and 3600; got '\(text)'")
      }
      idleGapSeconds = seconds
    }
    http = try Self.httpVersions.parse(arguments, default: ModelParameters.defaultHTTP)
    verdict = try VerdictOptions(arguments)
  }

  /// The model's parameters as results.json records them, with the request head the run
  /// measured; the links slowest first.
  func parameters(requestHead head: (bytes: Int, source: String)) -> ModelParameters {
    var parameters = ModelParameters(
      senderCongestionControl: senderCongestionControl, http: http, requestHeadBytes: head.bytes,
      requestHeadSource: head.source, connection: connection,
      links: modelLinks.sorted { $0.uplinkBitsPerSecond < $1.uplinkBitsPerSecond }, devices: devices)
    parameters.idleSeconds = idleGapSeconds
    verdict.apply(to: &parameters)
    return parameters
  }

  private static func modelLinks(_ texts: [String]) throws(CLIError) -> [LinkPreset] {
    guard !texts.isEmpty else { return LinkPreset.verdictDefault }
    var links: [LinkPreset] = []
    for text in texts {
      do throws(LinkRate.ParseError) {
        let link = try LinkPreset.parse(text)
        if !links.contains(where: { $0.name == link.name }) { links.append(link) }
      } catch {
        throw .usage("--link: \(error)")
      }
    }
    return links
  }

  private static func devices(_ texts: [String]) throws(CLIError) -> [DeviceClass] {
    guard !texts.isEmpty else { return DeviceClass.verdictDefault }
    var devices: [DeviceClass] = []
    for text in texts {
      guard let device = DeviceClass.parse(text) else {
        let names = DeviceClass.catalog.map(\.name).joined(separator: ", ")
        throw .usage("--device expects \(names) or NAME=FACTOR such as tablet=1.8; got '\(text)'")
      }
      guard DeviceClass.plausibleSlowdowns.contains(device.compressSlowdown) else {
        let range = DeviceClass.plausibleSlowdowns
        throw .usage(
          "--device \(text): the factor multiplies this machine's compress time and must lie between "
            + "\(range.lowerBound) (100 times faster) and \(Int(range.upperBound)) (1000 times slower)")
      }
      if !devices.contains(where: { $0.name == device.name }) { devices.append(device) }
    }
    return devices
  }
}
