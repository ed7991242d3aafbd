/// The configuration file as decoded, before validation: every field optional and loosely
/// typed, and unknown keys kept, so the validator can report every problem at once with the
/// corpus it belongs to instead of stopping at the first.
struct RawConfiguration: Decodable {
  var version: Int?
  var seed: UInt64?
  var corpora: [RawCorpus]?
  var unknownKeys: [String]

  static let knownKeys = ["version", "seed", "description", "corpora"]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    version = try container.field(Int.self, "version")
    seed = try container.field(UInt64.self, "seed")
    _ = try container.field(String.self, "description")
    corpora = try container.field([RawCorpus].self, "corpora")
    unknownKeys = container.allKeys.map(\.stringValue).filter { !Self.knownKeys.contains($0) }.sorted()
  }
}

/// One entry of `corpora`, as written.
struct RawCorpus: Decodable {
  var name, kind, profile, path, pattern, url, method: String?
  var count, bytes: Int?
  var seed: UInt64?
  var split: [RawSplit]?
  var batch: [Int]?
  var dictionary: RawDictionary?
  /// Every key present, sorted, to check which apply to the kind.
  var keys: [String]

  /// A corpus built in code (from a `--corpus` shorthand) rather than decoded.
  init(
    name: String? = nil, kind: String, profile: String? = nil, path: String? = nil, pattern: String? = nil,
    count: Int? = nil, bytes: Int? = nil, seed: UInt64? = nil, split: [RawSplit]? = nil, keys: [String]
  ) {
    self.name = name
    self.kind = kind
    self.profile = profile
    self.path = path
    self.pattern = pattern
    self.count = count
    self.bytes = bytes
    self.seed = seed
    self.split = split
    self.keys = keys.sorted()
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    name = try container.field(String.self, "name")
    kind = try container.field(String.self, "kind")
    profile = try container.field(String.self, "profile")
    path = try container.field(String.self, "path")
    pattern = try container.field(String.self, "pattern")
    url = try container.field(String.self, "url")
    method = try container.field(String.self, "method")
    count = try container.field(Int.self, "count")
    bytes = try container.field(Int.self, "bytes")
    seed = try container.field(UInt64.self, "seed")
    _ = try container.field(String.self, "description")
    dictionary = try container.field(RawDictionary.self, "dictionary")
    // `split` and `batch` take one value or a list of them.
    if let list = try? container.field([RawSplit].self, "split") {
      split = list
    } else {
      split = try container.field(RawSplit.self, "split").map { [$0] }
    }
    if let list = try? container.field([Int].self, "batch") {
      batch = list
    } else {
      batch = try container.field(Int.self, "batch").map { [$0] }
    }
    keys = container.allKeys.map(\.stringValue).sorted()
  }
}

/// One split as written: `"whole"`, `"events=50"`, `{"events": 50}`; anything else is kept as a
/// problem description for the validator.
enum RawSplit: Decodable {
  case valid(PayloadSplitRequest)
  case invalid(String)

  init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self = Self.parse(text)
      return
    }
    guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else {
      self = .invalid("expected \"whole\", \"events=N\" or an object such as {\"events\": 50}")
      return
    }
    let keys = container.allKeys.map(\.stringValue).sorted()
    guard keys.count == 1, let key = keys.first else {
      self = .invalid(
        "a split object has exactly one key (bytes, events or lines), found "
          + (keys.isEmpty ? "none" : keys.joined(separator: ", ")))
      return
    }
    guard let size = try? container.decode(Int.self, forKey: AnyCodingKey(key)) else {
      self = .invalid("split \"\(key)\" takes a whole number")
      return
    }
    self = Self.make(name: key, size: size)
  }

  /// `whole`, `bytes=N`, `events=N`, `lines=N` (also with `:`), the forms reports print.
  static func parse(_ text: String) -> RawSplit {
    if text == "whole" { return .valid(.whole) }
    guard let separator = text.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
      return .invalid("unknown split \"\(text)\"; known splits: \(PayloadSplit.names.joined(separator: ", "))")
    }
    let name = String(text[..<separator])
    guard let size = Int(text[text.index(after: separator)...]) else {
      return .invalid("split \"\(text)\" needs a whole number after \"\(name)=\"")
    }
    return make(name: name, size: size)
  }

  private static func make(name: String, size: Int) -> RawSplit {
    switch name {
    case "bytes": .valid(.bytes(size))
    case "events": .valid(.events(size))
    case "lines": .valid(.lines(size))
    default: .invalid("unknown split \"\(name)\"; known splits: \(PayloadSplit.names.joined(separator: ", "))")
    }
  }
}

/// A split whose size is not yet checked (it may be zero or negative).
enum PayloadSplitRequest: Equatable {
  case whole
  case bytes(Int)
  case events(Int)
  case lines(Int)
}

/// A coding key for any string, so unknown keys can be listed instead of silently ignored.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(_ string: String) {
    stringValue = string
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension KeyedDecodingContainer where Key == AnyCodingKey {
  /// `decodeIfPresent`, except that a failure always names its key: Foundation on Linux reports
  /// an out-of-range number (a negative seed) without a coding path.
  func field<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
    let key = AnyCodingKey(name)
    do {
      return try decodeIfPresent(type, forKey: key)
    } catch let error as DecodingError {
      let path = codingPath + [key]
      switch error {
      case .typeMismatch(let expected, let context) where context.codingPath.count < path.count:
        throw DecodingError.typeMismatch(expected, .init(codingPath: path, debugDescription: context.debugDescription))
      case .dataCorrupted(let context) where context.codingPath.count < path.count:
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: context.debugDescription))
      default:
        throw error
      }
    } catch {
      // swift-foundation throws its own JSON errors (such as a number out of range) here and
      // only turns them into a path-less DecodingError at the top.
      throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "\(error)"))
    }
  }
}
