/// A corpus's `"dictionary"` key: the dictionary its payload sets are also measured with.
///
/// ```json
/// "dictionary": "dicts/mixpanel-16k.dict"                      a file (relative to the configuration)
/// "dictionary": {"size": 16384, "seed": 2}                     generated kinds: trained on the same
///                                                              profile and split generated with seed 2
/// "dictionary": {"size": 4096, "share": 0.5}                   file kinds: trained on the first half of
///                                                              each payload set, measured on the rest
/// ```
///
/// A trained dictionary never sees the payloads it is measured on: a generated corpus trains on
/// another seed (default: the corpus seed + 1; the same seed is refused), a file corpus on a
/// held-out share that is removed from the measured set.
public enum DictionaryRequest: Sendable, Equatable {
  /// A dictionary file, as an absolute path.
  case file(path: String)
  /// A dictionary of at most `size` bytes trained on a separate sample: `seed` for generated
  /// kinds, `share` (0 < share < 1, the leading fraction of payloads) for file kinds.
  case trained(size: Int, seed: UInt64?, share: Double?)

  /// The keys a `"dictionary"` object may have.
  public static let keys = ["size", "seed", "share"]
  /// The default size of a trained dictionary: 16 KiB.
  public static let defaultSize = 16 << 10
  /// The default held-out share of a file corpus.
  public static let defaultShare = 0.5
}

/// `"dictionary"` as written: a string or an object.
struct RawDictionary: Decodable {
  var path: String?
  var size: Int?
  var seed: UInt64?
  var share: Double?
  var keys: [String]

  init(from decoder: any Decoder) throws {
    if let path = try? decoder.singleValueContainer().decode(String.self) {
      self.path = path
      keys = []
      return
    }
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    size = try container.field(Int.self, "size")
    seed = try container.field(UInt64.self, "seed")
    share = try container.field(Double.self, "share")
    keys = container.allKeys.map(\.stringValue).sorted()
  }
}

extension ConfigurationValidator {
  /// Checks a corpus's `"dictionary"`: a file that exists, or training parameters that fit the kind.
  mutating func validateDictionary(_ raw: RawDictionary?, kind: CorpusKind, seed: UInt64, label: String)
    -> DictionaryRequest??
  {
    guard let raw else { return .some(nil) }
    if let path = raw.path {
      let resolved = FileSystem.resolve(path, relativeTo: base)
      guard FileSystem.type(of: resolved) != nil else {
        record(.missingPath(path: resolved, role: "dictionary of corpus \"\(label)\""))
        return nil
      }
      return .file(path: resolved)
    }
    var valid = true
    func problem(_ message: String) {
      valid = false
      record(.invalidParameter(corpus: label, message: "dictionary: " + message))
    }
    for key in raw.keys where !DictionaryRequest.keys.contains(key) {
      problem("unknown key \"\(key)\"; a dictionary object takes: \(DictionaryRequest.keys.joined(separator: ", "))")
    }
    let size = raw.size ?? DictionaryRequest.defaultSize
    if !(256...(1 << 20)).contains(size) { problem("size must be from 256 to 1048576 bytes, got \(size)") }
    let generated = kind == .jsonEvents || kind == .binary
    if generated {
      if raw.share != nil { problem("\"share\" applies to file kinds; a generated corpus trains on another \"seed\"") }
      if raw.seed == seed {
        problem(
          "the training seed \(seed) is the corpus's own: a dictionary is never measured on its training payloads")
      }
    } else {
      if raw.seed != nil { problem("\"seed\" applies to generated kinds; a file corpus holds out a \"share\"") }
      if let share = raw.share, !(share > 0 && share < 1) { problem("share must be between 0 and 1, got \(share)") }
    }
    guard valid else { return nil }
    return .trained(
      size: size, seed: generated ? raw.seed ?? seed &+ 1 : nil,
      share: generated ? nil : raw.share ?? DictionaryRequest.defaultShare)
  }
}
