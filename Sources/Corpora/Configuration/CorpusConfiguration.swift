import Foundation

/// A validated set of corpora: from a configuration file (`load(from:)`) or from `--corpus`
/// values (`init(specs:)`). Validation is complete when one exists: every kind, profile, size
/// and path has been checked and folder and glob file lists are resolved, so making payloads
/// afterwards only fails if files change underneath.
///
/// ```swift
/// let configuration = try CorpusConfiguration.load(from: URL(fileURLWithPath: "Corpora/default.json"))
/// let sets = try configuration.makePayloadSets(seedOverride: nil)
/// ```
public struct CorpusConfiguration: Sendable, Equatable {
  /// The corpora in configuration order.
  public let corpora: [CorpusDefinition]
  /// Where they came from: the configuration file's path, or `--corpus`.
  public let origin: String

  private init(validated corpora: [CorpusDefinition], origin: String) {
    self.corpora = corpora
    self.origin = origin
  }

  /// Reads, checks and validates a configuration file. Relative paths in it are taken from the
  /// file's own folder.
  public static func load(from url: URL) throws(CorpusError) -> CorpusConfiguration {
    let path = url.standardizedFileURL.path
    switch FileSystem.type(of: path) {
    case nil: throw FileSystem.absence(of: path, role: "configuration file")
    case .directory: throw .unreadablePath(path: path, role: "configuration file", reason: "it is a folder")
    case .regularFile, .other: break
    }
    let bytes = try FileSystem.readFile(path, role: "configuration file")
    return try parse(bytes, origin: path, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  /// Checks and validates configuration JSON. `origin` names it in messages; relative paths
  /// start at `baseDirectory`.
  public static func parse(_ bytes: [UInt8], origin: String, baseDirectory: URL) throws(CorpusError)
    -> CorpusConfiguration
  {
    if let failure = JSONSyntaxChecker.check(bytes) {
      throw .invalidJSON(file: origin, line: failure.line, column: failure.column, message: failure.message)
    }
    let raw: RawConfiguration
    do {
      raw = try JSONDecoder().decode(RawConfiguration.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw .problems(source: origin, [error.corpusError])
    } catch {
      throw .problems(source: origin, [.invalidValue(field: "(configuration)", message: "cannot be decoded: \(error)")])
    }
    var validator = ConfigurationValidator(base: baseDirectory)
    let corpora = validator.validate(raw)
    guard validator.problems.isEmpty else { throw .problems(source: origin, validator.problems) }
    return CorpusConfiguration(validated: corpora, origin: origin)
  }

  /// The corpora named by `--corpus` values (see `CorpusSpec` for the grammar), which replace a
  /// configuration's corpora. Every value is checked and all problems are reported together.
  /// Two paths with the same file name get `-2`, `-3` appended so their rows stay apart.
  public init(specs: [String], relativeTo base: URL? = nil) throws(CorpusError) {
    var corpora: [CorpusDefinition] = []
    var problems: [CorpusError] = []
    var taken = Set<String>()
    for spec in specs {
      do {
        var definition = try CorpusSpec.parse(spec, relativeTo: base)
        let original = definition.name
        var suffix = 2
        while taken.contains(definition.name) {
          definition.name = "\(original)-\(suffix)"
          suffix += 1
        }
        taken.insert(definition.name)
        corpora.append(definition)
      } catch {
        problems.append(error)
      }
    }
    if specs.isEmpty {
      problems.append(.invalidShorthand(spec: "", message: "no corpus given"))
    }
    guard problems.isEmpty else { throw problems.count == 1 ? problems[0] : .problems(source: "--corpus", problems) }
    self.init(validated: corpora, origin: "--corpus")
  }

  /// Every payload set: one per corpus and split, in configuration order. Generated corpora use
  /// `seedOverride` instead of their configured seeds when it is given.
  public func makePayloadSets(seedOverride: UInt64? = nil) throws(CorpusError) -> [PayloadSet] {
    var sets: [PayloadSet] = []
    for corpus in corpora { sets += try corpus.makePayloadSets(seedOverride: seedOverride) }
    return sets
  }

  /// The (corpus, split) pairs `makePayloadSets` would produce, for callers that want to make
  /// and measure one set at a time to keep memory at one corpus.
  public var plan: [(corpus: CorpusDefinition, split: PayloadSplit)] {
    corpora.flatMap { corpus in corpus.splits.map { (corpus, $0) } }
  }
}
