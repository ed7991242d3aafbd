import DeflateBenchSupport

/// Collects the payloads of one payload set while hashing them, so the SHA-256 of the set is
/// ready the moment the last payload is added, with no second pass over the bytes. The bodies go
/// into `PayloadBodies` (held once, 24 bytes of index each); their file extensions are kept as
/// runs, so a set of 100,000 JSON bodies holds one extension, not 100,000.
struct PayloadSetBuilder {
  private var bodies = PayloadBodies.Builder()
  private var extensionRuns: [PayloadSet.ExtensionRun] = []
  private var hasher = SHA256()
  /// Facts about where the payloads came from, for the listing and the report.
  var notes: [String] = []

  mutating func append(_ payload: some Collection<UInt8>, fileExtension: String) {
    PayloadSet.extend(&extensionRuns, with: fileExtension, index: bodies.count)
    hash(payload)
    bodies.append(payload)
  }

  private mutating func hash(_ bytes: some Collection<UInt8>) {
    if bytes.withContiguousStorageIfAvailable({ hasher.update(UnsafeRawBufferPointer($0)) }) != nil { return }
    hasher.update(Array(bytes))
  }

  /// Cuts one document (a file, a generated stream) by a byte or line split and adds the
  /// pieces. An empty document still becomes one (empty) payload: an empty upload is real.
  /// Byte chunks get `chunkExtension`, since a piece of JSON is no longer JSON. The pieces index
  /// into the document's own buffer when it is large (`PayloadBodies.Builder.append(document:pieces:)`).
  mutating func append(
    document: [UInt8], split: PayloadSplit, fileExtension: String, chunkExtension: String = "bin"
  ) {
    let pieces: [Range<Int>]
    var pieceExtension = fileExtension
    switch split {
    case .whole, .events:
      pieces = [0..<document.count]
    case .bytes(let size):
      guard document.count > size else {
        pieces = [0..<document.count]
        break
      }
      pieces = stride(from: 0, to: document.count, by: size).map { $0..<min(document.count, $0 + size) }
      pieceExtension = chunkExtension
    case .lines(let perPayload):
      pieces = Self.lineGroups(of: document, perPayload: perPayload)
    }
    for piece in pieces {
      PayloadSet.extend(&extensionRuns, with: pieceExtension, index: bodies.count)
      hash(document[piece])
    }
    bodies.append(document: document, pieces: pieces)
  }

  /// Groups of `perPayload` lines, line breaks kept, the last line possibly without one; one
  /// empty piece for an empty document.
  private static func lineGroups(of document: [UInt8], perPayload: Int) -> [Range<Int>] {
    guard !document.isEmpty else { return [0..<0] }
    var pieces: [Range<Int>] = []
    var start = 0
    var lines = 0
    for index in document.indices where document[index] == 0x0A {
      lines += 1
      if lines == perPayload {
        pieces.append(start..<(index + 1))
        start = index + 1
        lines = 0
      }
    }
    if start < document.count { pieces.append(start..<document.count) }
    return pieces
  }

  /// The finished set.
  mutating func build(corpus: String, kind: String, split: String) -> PayloadSet {
    var hasher = hasher
    return PayloadSet(
      corpus: corpus, kind: kind, split: split, payloads: bodies.build(), sha256: hasher.finalize().hex,
      extensionRuns: extensionRuns, notes: notes)
  }
}
