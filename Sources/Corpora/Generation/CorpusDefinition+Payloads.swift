/// Making the payloads of one corpus: the only place that reads user files or runs generators.
extension CorpusDefinition {
  /// The payload set of this corpus cut by `split` (one of `splits`, or any split valid for the
  /// kind). Generated corpora use `seedOverride` instead of their own seed when it is given.
  /// Reading can still fail if a file vanished or changed permissions since validation.
  public func makePayloadSet(split: PayloadSplit, seedOverride: UInt64? = nil) throws(CorpusError) -> PayloadSet {
    var builder = PayloadSetBuilder()
    let seed = seedOverride ?? self.seed
    switch source {
    case .file(let path):
      try Self.appendFile(path, split: split, corpus: name, into: &builder)
    case .directory(let root, let files):
      for path in files { try Self.appendFile(path, split: split, corpus: name, into: &builder) }
      if let index = RecordedFolder.index(of: root) {
        builder.notes = [
          "recorded by serve --record; bodies per endpoint: "
            + HARRequests.counted(RecordedFolder.endpointCounts(index))
        ]
      }
      builder.notes += Self.escapedNameNotes(files)
    case .glob(_, let files):
      for path in files { try Self.appendFile(path, split: split, corpus: name, into: &builder) }
      builder.notes += Self.escapedNameNotes(files)
    case .jsonEvents(let profile, let count):
      EventBatcher.fill(&builder, profile: profile, count: count, seed: seed, split: split)
    case .binary(let profile, let bytes):
      let data = BinaryGenerator.generate(profile, bytes: bytes, seed: seed)
      builder.append(document: data, split: split, fileExtension: profile == .image ? "rgb" : "bin")
    case .har(let path, let url, let method):
      let requests = try HARRequests.read(path: path, url: url, method: method, corpus: name)
      builder.notes = requests.notes
      if case .events(let perBatch) = split {
        let keptWhole = HARBatchRegrouping.append(requests.bodies, perBatch: perBatch, into: &builder)
        if keptWhole > 0 {
          builder.notes.append("\(split): \(keptWhole) bodies are not JSON arrays and are measured whole")
        }
      } else {
        for body in requests.bodies {
          builder.append(document: body.bytes, split: split, fileExtension: body.fileExtension)
        }
      }
    }
    var set = builder.build(corpus: name, kind: kind.rawValue, split: split.description)
    if case .jsonEvents(let profile, _) = source { set.generator = "\(kind.rawValue)/\(profile.rawValue)" }
    return set
  }

  /// All payload sets of this corpus, one per split, in the configured order.
  public func makePayloadSets(seedOverride: UInt64? = nil) throws(CorpusError) -> [PayloadSet] {
    var sets: [PayloadSet] = []
    for split in splits { sets.append(try makePayloadSet(split: split, seedOverride: seedOverride)) }
    return sets
  }

  private static func appendFile(
    _ path: String, split: PayloadSplit, corpus: String, into builder: inout PayloadSetBuilder
  )
    throws(CorpusError)
  {
    let bytes = try FileSystem.readFile(path, role: "corpus \"\(corpus)\" file")
    builder.append(document: bytes, split: split, fileExtension: fileExtension(of: path))
  }

  /// Files whose names are not valid UTF-8 are measured like any other; this says which they
  /// are, with each such byte written as `\xE9`, so nobody wonders about an odd name in a count.
  static func escapedNameNotes(_ files: [String]) -> [String] {
    let escaped = files.filter(FileName.isEscaped)
    guard !escaped.isEmpty else { return [] }
    let shown = escaped.prefix(5).map(FileName.display).joined(separator: ", ")
    let more = escaped.count > 5 ? " and \(escaped.count - 5) more" : ""
    let count = escaped.count == 1 ? "1 file name is" : "\(escaped.count) file names are"
    return ["\(count) not valid UTF-8 (such bytes shown as \\xNN): \(shown)\(more)"]
  }

  /// A user file's own extension (`json`, `log`), or `bin` when it has none.
  static func fileExtension(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "bin" }
    let fileExtension = name[name.index(after: dot)...]
    return fileExtension.isEmpty ? "bin" : String(fileExtension)
  }
}
