/// An uplink to model or emulate: how fast it sends and how long a round trip takes. Part of the
/// results schema (`model.links` in results.json); the presets and their parsing live with the
/// upload model (Sources/Upload/Model).
public struct LinkPreset: Sendable, Hashable, Codable {
  /// The name used with `--link` and in reports: `lte`, `fiber`, or a custom name.
  public var name: String
  /// Uplink rate in bits per second (network units: 1 Mbit/s = 10^6 bit/s).
  public var uplinkBitsPerSecond: Double
  /// Round-trip time in milliseconds.
  public var rttMilliseconds: Double
  /// Where the figures come from, for the report and the README.
  public var source: String

  public init(name: String, uplinkBitsPerSecond: Double, rttMilliseconds: Double, source: String) {
    self.name = name
    self.uplinkBitsPerSecond = uplinkBitsPerSecond
    self.rttMilliseconds = rttMilliseconds
    self.source = source
  }

  /// results.json spells the round trip `rtt_ms`, as the model contract in the README does.
  enum CodingKeys: String, CodingKey {
    case name, uplinkBitsPerSecond, source
    case rttMilliseconds = "rttMs"
  }

  /// The uplink rate in bytes per second, as the server's `--rate` takes it.
  public var uplinkBytesPerSecond: Double { uplinkBitsPerSecond / 8 }

  /// The round trip in seconds.
  public var rttSeconds: Double { rttMilliseconds / 1000 }
}
