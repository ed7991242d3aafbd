import Foundation

/// Turns a decoded configuration into validated corpus definitions, collecting every problem
/// (wrong kinds, impossible sizes, missing paths, empty folders) so they are all reported
/// together, and all before any payload is generated or read.
struct ConfigurationValidator {
  /// The folder relative paths and patterns start from (the configuration file's folder).
  let base: URL
  private(set) var problems: [CorpusError] = []

  init(base: URL) {
    self.base = base
  }

  /// Adds a problem; used by the extensions in other files.
  mutating func record(_ problem: CorpusError) {
    problems.append(problem)
  }

  private static let commonKeys = ["name", "kind", "split", "description", "dictionary"]

  static func keys(for kind: CorpusKind) -> [String] {
    switch kind {
    case .file, .directory: commonKeys + ["path"]
    case .glob: commonKeys + ["pattern"]
    case .jsonEvents: commonKeys + ["profile", "count", "batch", "seed"]
    case .binary: commonKeys + ["profile", "bytes", "seed"]
    case .har: commonKeys + ["path", "url", "method"]
    }
  }

  private static let allCorpusKeys = Set(CorpusKind.allCases.flatMap { keys(for: $0) })

  // MARK: - Configuration

  mutating func validate(_ raw: RawConfiguration) -> [CorpusDefinition] {
    for key in raw.unknownKeys {
      problems.append(
        .invalidValue(
          field: key, message: "unknown key; known keys: \(RawConfiguration.knownKeys.joined(separator: ", "))"))
    }
    if let version = raw.version, version != 1 {
      problems.append(.invalidValue(field: "version", message: "must be 1, the only format version, found \(version)"))
    }
    guard let corpora = raw.corpora else {
      problems.append(.invalidValue(field: "corpora", message: "is required: the list of corpora to generate or read"))
      return []
    }
    if corpora.isEmpty {
      problems.append(.invalidValue(field: "corpora", message: "is empty; list at least one corpus"))
    }
    let seed = raw.seed ?? CorpusDefinition.defaultSeed
    let definitions = corpora.enumerated().compactMap { validate($1, index: $0, defaultSeed: seed) }
    checkUniqueNames(definitions)
    return definitions
  }

  mutating func checkUniqueNames(_ definitions: [CorpusDefinition]) {
    var seen = Set<String>()
    var reported = Set<String>()
    for definition in definitions where !seen.insert(definition.name).inserted {
      if reported.insert(definition.name).inserted { problems.append(.duplicateName(definition.name)) }
    }
  }

  // MARK: - One corpus

  mutating func validate(_ raw: RawCorpus, index: Int, defaultSeed: UInt64) -> CorpusDefinition? {
    let field = "corpora[\(index)]"
    guard let kindName = raw.kind else {
      problems.append(
        .invalidValue(
          field: field + ".kind", message: "is required; known kinds: \(CorpusKind.names.joined(separator: ", "))"))
      return nil
    }
    let label = raw.name ?? Self.defaultName(raw) ?? field
    guard let kind = CorpusKind(rawValue: kindName) else {
      problems.append(.unknownKind(corpus: label, kind: kindName, known: CorpusKind.names))
      return nil
    }
    let allowed = Self.keys(for: kind)
    for key in raw.keys where !allowed.contains(key) {
      let known = Self.allCorpusKeys.contains(key)
      problems.append(
        .invalidParameter(
          corpus: label,
          message: (known ? "key \"\(key)\" does not apply to kind \"\(kind.rawValue)\"" : "unknown key \"\(key)\"")
            + "; kind \"\(kind.rawValue)\" takes: \(allowed.joined(separator: ", "))"))
    }
    let nameIsValid = checkName(raw.name, field: field)
    let source = validateSource(raw, kind: kind, label: label, field: field)
    let splits = validateSplits(raw, kind: kind, profile: source, label: label)
    let seed = raw.seed ?? defaultSeed
    let dictionary = validateDictionary(raw.dictionary, kind: kind, seed: seed, label: label)
    guard nameIsValid, let source, let splits, let dictionary else { return nil }
    var definition = CorpusDefinition(name: label, source: source, splits: splits, seed: seed)
    definition.dictionary = dictionary
    return definition
  }

  /// The name a corpus gets when the configuration gives none.
  static func defaultName(_ raw: RawCorpus) -> String? {
    if let path = raw.path {
      let last = URL(fileURLWithPath: path).lastPathComponent
      return last.isEmpty || last == "/" ? nil : last
    }
    return raw.pattern ?? raw.profile
  }

  private mutating func checkName(_ name: String?, field: String) -> Bool {
    guard let name else { return true }
    let message: String?
    if name.isEmpty || name == "." || name == ".." {
      message = "must be a non-empty name other than \".\" and \"..\""
    } else if name.contains("/") {
      message = "must not contain \"/\" (it names a folder when payloads are written)"
    } else if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      message = "must not contain control characters"
    } else {
      message = nil
    }
    guard let message else { return true }
    problems.append(.invalidValue(field: field + ".name", message: message))
    return false
  }

  // MARK: - Sources

  private mutating func validateSource(_ raw: RawCorpus, kind: CorpusKind, label: String, field: String)
    -> CorpusSource?
  {
    switch kind {
    case .har:
      return checkHAR(raw, label: label, field: field)
    case .file, .directory:
      guard let path = raw.path else {
        problems.append(.invalidValue(field: field + ".path", message: "is required for kind \"\(kind.rawValue)\""))
        return nil
      }
      let resolved = FileSystem.resolve(path, relativeTo: base)
      return kind == .file ? checkFile(resolved, label: label) : checkDirectory(resolved, label: label)
    case .glob:
      guard let pattern = raw.pattern else {
        problems.append(.invalidValue(field: field + ".pattern", message: "is required for kind \"glob\""))
        return nil
      }
      return checkGlob(pattern, label: label)
    case .jsonEvents:
      return checkGenerated(
        raw, EventProfile.self, kind: kind, label: label, field: field,
        amount: ("count", raw.count, CorpusDefinition.defaultEventCount, CorpusDefinition.maximumEventCount)
      ).map { .jsonEvents(profile: $0, count: $1) }
    case .binary:
      return checkGenerated(
        raw, BinaryProfile.self, kind: kind, label: label, field: field,
        amount: ("bytes", raw.bytes, CorpusDefinition.defaultBinaryBytes, CorpusDefinition.maximumBinaryBytes)
      ).map { .binary(profile: $0, bytes: $1) }
    }
  }

  /// A generated kind's two parameters: its `profile`, then its size (`count` events, `bytes`),
  /// which takes its default when absent and must lie between 1 and its maximum.
  private mutating func checkGenerated<Profile: RawRepresentable & CaseIterable>(
    _ raw: RawCorpus, _ type: Profile.Type, kind: CorpusKind, label: String, field: String,
    amount: (name: String, value: Int?, defaultValue: Int, maximum: Int)
  ) -> (Profile, Int)? where Profile.RawValue == String {
    guard let profile = checkProfile(raw.profile, type, kind: kind, label: label, field: field),
      let size = checkCount(
        amount.value ?? amount.defaultValue, name: amount.name, label: label, maximum: amount.maximum)
    else { return nil }
    return (profile, size)
  }

  mutating func checkFile(_ path: String, label: String) -> CorpusSource? {
    let role = "corpus \"\(label)\" file"
    switch FileSystem.type(of: path) {
    case nil:
      problems.append(FileSystem.absence(of: path, role: role))
    case .directory:
      problems.append(.invalidParameter(corpus: label, message: "\(path) is a folder; use kind \"directory\""))
    case .other where !FileSystem.isStream(path):
      problems.append(
        .invalidParameter(corpus: label, message: "\(path) is not a regular file, a FIFO or a character device"))
    case .regularFile, .other:
      guard FileSystem.isReadable(path) else {
        problems.append(.unreadablePath(path: path, role: role, reason: "permission denied"))
        return nil
      }
      return .file(path: path)
    }
    return nil
  }

  private mutating func checkDirectory(_ path: String, label: String) -> CorpusSource? {
    let role = "corpus \"\(label)\" folder"
    switch FileSystem.type(of: path) {
    case nil:
      problems.append(FileSystem.absence(of: path, role: role))
      return nil
    case .regularFile, .other:
      problems.append(.invalidParameter(corpus: label, message: "\(path) is not a folder; use kind \"file\""))
      return nil
    case .directory:
      break
    }
    guard FileSystem.isReadable(path) else {
      problems.append(.unreadablePath(path: path, role: role, reason: "permission denied"))
      return nil
    }
    if let index = RecordedFolder.index(of: path) {
      return checkRecordedFolder(path, index: index, label: label)
    }
    do {
      let files = try DirectoryWalker.files(under: path)
      guard !files.isEmpty else {
        problems.append(.emptyDirectory(corpus: label, path: path))
        return nil
      }
      guard checkReadable(files, label: label) else { return nil }
      return .directory(root: path, files: files)
    } catch {
      problems.append(error)
      return nil
    }
  }

  private mutating func checkGlob(_ pattern: String, label: String) -> CorpusSource? {
    do {
      let result = try GlobExpander.expand(pattern, relativeTo: base.path)
      guard !result.files.isEmpty else {
        problems.append(.noMatches(corpus: label, pattern: pattern))
        return nil
      }
      guard checkReadable(result.files, label: label) else { return nil }
      return .glob(pattern: pattern, files: result.files)
    } catch {
      if case .missingPath(let path, _) = error {
        problems.append(.missingPath(path: path, role: "corpus \"\(label)\" glob base folder"))
      } else {
        problems.append(error)
      }
      return nil
    }
  }

  /// A folder written by `serve --record`: its bodies in the order they arrived, as its index
  /// lists them; the index itself and any half-written hidden file are not payloads.
  private mutating func checkRecordedFolder(_ path: String, index: [RecordIndexLine], label: String)
    -> CorpusSource?
  {
    let files = index.map { path + "/" + $0.file }
    guard !files.isEmpty else {
      problems.append(.emptyDirectory(corpus: label, path: path))
      return nil
    }
    for file in files where FileSystem.type(of: file) != .regularFile {
      problems.append(FileSystem.notAFile(file, role: "corpus \"\(label)\" recorded body (listed in index.jsonl)"))
      return nil
    }
    guard checkReadable(files, label: label) else { return nil }
    return .directory(root: path, files: files)
  }

  /// Reports up to five unreadable files of a folder or glob (more would drown the message).
  private mutating func checkReadable(_ files: [String], label: String) -> Bool {
    let unreadable = files.filter { !FileSystem.isReadable($0) }
    for path in unreadable.prefix(5) {
      problems.append(.unreadablePath(path: path, role: "corpus \"\(label)\" file", reason: "permission denied"))
    }
    return unreadable.isEmpty
  }

  private mutating func checkProfile<Profile: RawRepresentable & CaseIterable>(
    _ name: String?, _: Profile.Type, kind: CorpusKind, label: String, field: String
  ) -> Profile? where Profile.RawValue == String {
    let known = Profile.allCases.map(\.rawValue)
    guard let name else {
      problems.append(
        .invalidValue(
          field: field + ".profile",
          message: "is required for kind \"\(kind.rawValue)\"; known profiles: \(known.joined(separator: ", "))"))
      return nil
    }
    guard let profile = Profile(rawValue: name) else {
      problems.append(.unknownProfile(corpus: label, kind: kind.rawValue, profile: name, known: known))
      return nil
    }
    return profile
  }

  private mutating func checkCount(_ value: Int, name: String, label: String, maximum: Int) -> Int? {
    if value < 1 {
      problems.append(.invalidParameter(corpus: label, message: "\(name) must be at least 1, found \(value)"))
      return nil
    }
    if value > maximum {
      problems.append(.invalidParameter(corpus: label, message: "\(name) must be at most \(maximum), found \(value)"))
      return nil
    }
    return value
  }
}
