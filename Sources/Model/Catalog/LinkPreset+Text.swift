import DeflateBenchResults

extension LinkPreset: CustomStringConvertible {
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
