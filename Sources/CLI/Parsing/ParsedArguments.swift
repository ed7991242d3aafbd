/// The values a command line gave, with typed accessors that turn bad values into usage errors
/// naming the option.
public struct ParsedArguments: Sendable {
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []
  public var positionals: [String] = []
  public var wantsHelp = false

  public init() {}

  /// Whether a flag was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of a single-valued option, or nil when absent.
  public func string(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option, in order; comma-separated lists are split when
  /// `splittingCommas` is set, so `--threads 1,2 --threads 4` gives 1, 2, 4.
  public func strings(_ name: String, splittingCommas: Bool = false) -> [String] {
    let raw = values[name] ?? []
    guard splittingCommas else { return raw }
    return raw.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
  }

  public func int(_ name: String) throws(CLIError) -> Int? {
    guard let text = string(name) else { return nil }
    return try Self.integer(text, option: name)
  }

  public func ints(_ name: String) throws(CLIError) -> [Int] {
    var result: [Int] = []
    for text in strings(name, splittingCommas: true) {
      result.append(try Self.integer(text, option: name))
    }
    return result
  }

  public func double(_ name: String) throws(CLIError) -> Double? {
    guard let text = string(name) else { return nil }
    guard let value = Double(text.trimmingSpaces), value.isFinite else {
      throw .usage("--\(name) expects a number, got '\(text)'")
    }
    return value
  }

  /// A byte count: a plain integer or one with a K, M or G suffix (powers of 1024), `64K`.
  public func byteCount(_ name: String) throws(CLIError) -> Int? {
    guard let text = string(name) else { return nil }
    guard let value = ByteCountParser.parse(text) else {
      throw .usage("--\(name) expects a byte count such as 1048576 or 1M, got '\(text)'")
    }
    return value
  }

  static func integer(_ text: String, option: String) throws(CLIError) -> Int {
    guard let value = Int(text.trimmingSpaces) else {
      throw .usage("--\(option) expects an integer, got '\(text)'")
    }
    return value
  }
}

/// Parses `123`, `64K`, `1M`, `2G` (binary multiples). Nil for anything else or a negative count.
public enum ByteCountParser {
  public static func parse(_ text: String) -> Int? {
    var digits = text.trimmingSpaces.uppercased()
    var multiplier = 1
    if digits.hasSuffix("IB") { digits.removeLast(2) } else if digits.hasSuffix("B") { digits.removeLast() }
    switch digits.last {
    case "K": multiplier = 1 << 10
    case "M": multiplier = 1 << 20
    case "G": multiplier = 1 << 30
    default: break
    }
    if multiplier != 1 { digits.removeLast() }
    guard let value = Int(digits), value >= 0 else { return nil }
    let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
    return overflow ? nil : product
  }

  /// A byte count as `parse` reads it and help writes a default: the largest unit that divides
  /// it, 1 << 30 -> "1G", 256 << 20 -> "256M", 1024 -> "1K", 1000 -> "1000".
  public static func format(_ bytes: Int) -> String {
    for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes != 0 && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift)\(suffix)"
    }
    return String(bytes)
  }
}

extension String {
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while scalars.first == " " { scalars.removeFirst() }
    while scalars.last == " " { scalars.removeLast() }
    return String(scalars)
  }
}
