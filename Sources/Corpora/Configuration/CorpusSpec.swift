import Foundation

/// The `--corpus` shorthand: a path, or a generator with parameters.
///
/// ```
/// SPEC      = GENERATOR | PATH
/// GENERATOR = ("json-events" | "binary") ":" PROFILE [":" PARAM ("," PARAM)*]
/// PARAM     = "count=" N        events to generate (json-events; default 1000, or the largest
///                               events/lines size if larger)
///           | "bytes=" N        bytes to generate (binary; default 1048576)
///           | "seed=" N         generator seed (default 1)
///           | "name=" NAME      corpus name (default: the profile)
///           | "whole"           split: the whole corpus as one payload
///           | "events=" SIZES   split: batches of N events (json-events)
///           | "lines=" SIZES    split: NDJSON, N events per payload (json-events)
///           | "chunk=" SIZES    split: pieces of N bytes
/// SIZES     = N ("+" N)*        several sizes, each its own payload set
/// PATH      = a file, a folder, or a glob pattern (with * ? [ ]) that matches files; a file
///             named `*.har`, or whose JSON begins `{"log":`, is read as a HAR (kind `har`)
/// ```
///
/// Examples: `json-events:mixpanel:events=50`, `json-events:segment:count=2000,events=1+50+500,seed=7`,
/// `binary:random:bytes=1048576,chunk=65536`, `./uploads`, `logs/**/*.ndjson`.
/// Splits accumulate in the order written; without one, json-events use `events=50` and the rest
/// `whole`. A path corpus is named after its file or folder name and sent whole, one payload per
/// file; to cut user files, write a configuration file.
public enum CorpusSpec {
  /// The generator kinds the shorthand accepts.
  public static let generatorKinds = [CorpusKind.jsonEvents.rawValue, CorpusKind.binary.rawValue]

  /// The parameters a generator shorthand accepts.
  public static let parameters = ["count", "bytes", "seed", "name", "whole", "events", "lines", "chunk"]

  /// Parses and validates one `--corpus` value; relative paths start at `base` (the current
  /// folder by default).
  public static func parse(_ spec: String, relativeTo base: URL? = nil) throws(CorpusError) -> CorpusDefinition {
    let base = base ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let raw = try rawCorpus(spec, base: base)
    var validator = ConfigurationValidator(base: base)
    let definition = validator.validate(raw, index: 0, defaultSeed: CorpusDefinition.defaultSeed)
    guard let definition, validator.problems.isEmpty else {
      throw validator.problems.count == 1 ? validator.problems[0] : .problems(source: spec, validator.problems)
    }
    return definition
  }

  /// The corpus a spec describes, before validation.
  static func rawCorpus(_ spec: String, base: URL) throws(CorpusError) -> RawCorpus {
    guard !spec.isEmpty else { throw .invalidShorthand(spec: spec, message: "is empty; give a path or a generator") }
    let parts = spec.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    if parts.count >= 2, generatorKinds.contains(parts[0]) {
      return try generator(spec, kind: parts[0], profile: parts[1], parameters: parts.count == 3 ? parts[2] : "")
    }
    let resolved = FileSystem.resolve(spec, relativeTo: base)
    switch FileSystem.type(of: resolved) {
    case .directory:
      return RawCorpus(kind: CorpusKind.directory.rawValue, path: spec, keys: ["kind", "path"])
    case .regularFile where HARSniffer.isHAR(resolved):
      return RawCorpus(kind: CorpusKind.har.rawValue, path: spec, keys: ["kind", "path"])
    case .regularFile, .other:
      return RawCorpus(kind: CorpusKind.file.rawValue, path: spec, keys: ["kind", "path"])
    case nil:
      if spec.contains(where: { "*?[".contains($0) }) {
        return RawCorpus(kind: CorpusKind.glob.rawValue, pattern: spec, keys: ["kind", "pattern"])
      }
      // `json-event:mixpanel` is far more likely a misspelt generator than a missing file.
      if parts.count >= 2, !parts[0].contains("/"), parts[0].allSatisfy({ $0.isLetter || $0 == "-" }) {
        throw .invalidShorthand(
          spec: spec,
          message: "unknown generator kind \"\(parts[0])\"; generator kinds: \(generatorKinds.joined(separator: ", ")) "
            + "(or give an existing file or folder)")
      }
      return RawCorpus(kind: CorpusKind.file.rawValue, path: spec, keys: ["kind", "path"])
    }
  }

  private static func generator(_ spec: String, kind: String, profile: String, parameters text: String)
    throws(CorpusError) -> RawCorpus
  {
    guard !profile.isEmpty else {
      let known = kind == CorpusKind.binary.rawValue ? BinaryProfile.names : EventProfile.names
      throw .invalidShorthand(
        spec: spec, message: "needs a profile after \"\(kind):\"; known profiles: \(known.joined(separator: ", "))")
    }
    var raw = RawCorpus(kind: kind, profile: profile, keys: ["kind", "profile"])
    var splits: [RawSplit] = []
    var largestEvents = 0
    for parameter in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) where !text.isEmpty {
      if parameter == "whole" {
        splits.append(.valid(.whole))
        continue
      }
      guard let equals = parameter.firstIndex(of: "="), equals != parameter.startIndex else {
        throw .invalidShorthand(
          spec: spec,
          message: "parameter \"\(parameter)\" is not NAME=VALUE; parameters: \(parameters.joined(separator: ", "))")
      }
      let name = String(parameter[..<equals])
      let value = String(parameter[parameter.index(after: equals)...])
      switch name {
      case "name":
        raw.name = value
        raw.keys.append("name")
      case "seed":
        guard let seed = UInt64(value) else {
          throw .invalidShorthand(
            spec: spec, message: "seed must be a whole number from 0 to \(UInt64.max), found \"\(value)\"")
        }
        raw.seed = seed
        raw.keys.append("seed")
      case "count" where kind == CorpusKind.binary.rawValue, "bytes" where kind == CorpusKind.jsonEvents.rawValue:
        throw .invalidShorthand(
          spec: spec,
          message: "\(name)= does not apply to \(kind); count= sets events (json-events), bytes= sets the size "
            + "(binary), chunk=N cuts into N-byte pieces")
      case "count", "bytes":
        let number = try wholeNumber(value, parameter: name, spec: spec)
        if name == "count" { raw.count = number } else { raw.bytes = number }
        raw.keys.append(name)
      case "events", "lines", "chunk":
        for sizeText in value.split(separator: "+", omittingEmptySubsequences: false) {
          let size = try wholeNumber(String(sizeText), parameter: name, spec: spec)
          switch name {
          case "events": splits.append(.valid(.events(size)))
          case "lines": splits.append(.valid(.lines(size)))
          default: splits.append(.valid(.bytes(size)))
          }
          if name != "chunk" { largestEvents = max(largestEvents, size) }
        }
      default:
        throw .invalidShorthand(
          spec: spec, message: "unknown parameter \"\(name)\"; parameters: \(parameters.joined(separator: ", "))")
      }
    }
    if !splits.isEmpty {
      raw.split = splits
      raw.keys.append("split")
    }
    // Enough events for the largest batch to be a full one, unless the user chose a count.
    if kind == CorpusKind.jsonEvents.rawValue, raw.count == nil, largestEvents > CorpusDefinition.defaultEventCount {
      raw.count = largestEvents
    }
    raw.keys.sort()
    return raw
  }

  private static func wholeNumber(_ text: String, parameter: String, spec: String) throws(CorpusError) -> Int {
    guard let number = Int(text) else {
      throw .invalidShorthand(spec: spec, message: "\(parameter) must be a whole number, found \"\(text)\"")
    }
    return number
  }
}
