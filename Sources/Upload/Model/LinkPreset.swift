/// An uplink to model or emulate: how fast it sends and how long a round trip takes.
public struct LinkPreset: Sendable, Hashable, Codable, CustomStringConvertible {
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

  /// The uplink rate in bytes per second, as the server's `--rate` takes it.
  public var uplinkBytesPerSecond: Double { uplinkBitsPerSecond / 8 }

  /// The round trip in seconds.
  public var rttSeconds: Double { rttMilliseconds / 1000 }

  /// `lte (5 Mbit/s up, 60 ms RTT)`.
  public var description: String {
    "\(name) (\(LinkRate.format(bitsPerSecond: uplinkBitsPerSecond)) up, \(LinkRate.formatMilliseconds(rttMilliseconds)) RTT)"
  }

  /// The `name=RATE@RTT` form that `--link` parses back to this link.
  public var specification: String {
    "\(name)=\(LinkRate.format(bitsPerSecond: uplinkBitsPerSecond).replacingSpaces)@\(LinkRate.formatMilliseconds(rttMilliseconds).replacingSpaces)"
  }
}

extension String {
  fileprivate var replacingSpaces: String { split(separator: " ").joined() }
}
