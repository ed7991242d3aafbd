import DeflateBenchResults
import DeflateBenchSupport

/// Reads and writes link rates and round-trip times the way people write them.
public enum LinkRate {
  /// Why a rate, a duration or a link specification could not be read.
  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var text: String
    public var expected: String
    public var description: String { "cannot read '\(text)': expected \(expected)" }
  }

  static let rateHelp = "a rate such as 20Mbit, 750kbit, 2.5MB or 1000000 (bytes per second)"

  /// Parses a rate into bytes per second. Bits need `bit` or `bps` (`20Mbit`, `20Mbps`, `750kbit`,
  /// `1Gbit`); bytes take `B` or nothing (`2.5MB`, `64KiB`, `125000`). k, M and G are decimal
  /// (10^3, 10^6, 10^9) as in every network figure; KiB, MiB and GiB are binary. `/s` may follow.
  public static func bytesPerSecond(_ text: String) throws(ParseError) -> Double {
    var body = text.trimming(characters: " ")
    if body.lowercased().hasSuffix("/s") { body.removeLast(2) }
    let digits = body.prefix { $0.isNumber || $0 == "." }
    let unit = body.dropFirst(digits.count).trimming(characters: " ")
    guard let value = Double(digits), value > 0, value.isFinite else {
      throw ParseError(text: text, expected: rateHelp)
    }
    let lower = unit.lowercased()
    let bits: Double? =
      switch lower {
      case "bit", "bps": 1
      case "kbit", "kbps": 1e3
      case "mbit", "mbps": 1e6
      case "gbit", "gbps": 1e9
      default: nil
      }
    if let bits { return value * bits / 8 }
    let bytes: Double? =
      switch unit {
      case "", "B": 1
      case "kB", "KB", "k", "K": 1e3
      case "MB", "M": 1e6
      case "GB", "G": 1e9
      case "KiB": 1024
      case "MiB": 1_048_576
      case "GiB": 1_073_741_824
      default: nil
      }
    guard let bytes else { throw ParseError(text: text, expected: rateHelp) }
    return value * bytes
  }

  /// Parses a duration into milliseconds: `15ms`, `0.4s`, or a bare number of milliseconds.
  public static func milliseconds(_ text: String) throws(ParseError) -> Double {
    let body = text.trimming(characters: " ").lowercased()
    let digits = body.prefix { $0.isNumber || $0 == "." }
    let unit = body.dropFirst(digits.count).trimming(characters: " ")
    guard let value = Double(digits), value >= 0, value.isFinite else {
      throw ParseError(text: text, expected: "a duration such as 15ms, 0.4s or 60")
    }
    switch unit {
    case "", "ms": return value
    case "s": return value * 1000
    default: throw ParseError(text: text, expected: "a duration such as 15ms, 0.4s or 60")
    }
  }

  /// `5 Mbit/s`, `400 kbit/s`, `1.5 Gbit/s`.
  public static func format(bitsPerSecond: Double) -> String {
    let (value, unit): (Double, String) =
      switch bitsPerSecond {
      case 1e9...: (bitsPerSecond / 1e9, "Gbit/s")
      case 1e6...: (bitsPerSecond / 1e6, "Mbit/s")
      case 1e3...: (bitsPerSecond / 1e3, "kbit/s")
      default: (bitsPerSecond, "bit/s")
      }
    return "\(trimmed(value)) \(unit)"
  }

  /// `60 ms`, `2.5 ms`.
  public static func formatMilliseconds(_ milliseconds: Double) -> String { "\(trimmed(milliseconds)) ms" }

  /// A number with up to three significant decimals and no trailing zeros: 5, 2.5, 0.675.
  static func trimmed(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
  }
}

extension LinkPreset {
  /// Reads a `--link` value: a preset name (`lte`) or a custom link `name=RATE@RTT`
  /// (`office=20Mbit@15ms`), where RATE is read by `LinkRate.bytesPerSecond` and RTT by
  /// `LinkRate.milliseconds`.
  public static func parse(_ text: String) throws(LinkRate.ParseError) -> LinkPreset {
    let names = catalog.map(\.name).joined(separator: ", ")
    guard let equals = text.firstIndex(of: "=") else {
      guard let preset = preset(named: text) else {
        throw LinkRate.ParseError(
          text: text, expected: "a preset (\(names)) or name=RATE@RTT such as office=20Mbit@15ms")
      }
      return preset
    }
    let name = String(text[..<equals])
    let rest = text[text.index(after: equals)...]
    let parts = rest.split(separator: "@", omittingEmptySubsequences: false)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }),
      parts.count == 2
    else {
      throw LinkRate.ParseError(text: text, expected: "name=RATE@RTT such as office=20Mbit@15ms")
    }
    let bytesPerSecond = try LinkRate.bytesPerSecond(String(parts[0]))
    let rtt = try LinkRate.milliseconds(String(parts[1]))
    return LinkPreset(
      name: name, uplinkBitsPerSecond: bytesPerSecond * 8, rttMilliseconds: rtt, source: "custom: \(text)")
  }
}
