import DeflateBenchSupport

/// Collects the payloads of one payload set while hashing them, so the SHA-256 of the set is
/// ready the moment the last payload is added, with no second pass over the bytes.
struct PayloadSetBuilder {
  private var payloads: [[UInt8]] = []
  private var extensions: [String] = []
  private var hasher = SHA256()
  /// Facts about where the payloads came from, for the listing and the report.
  var notes: [String] = []

  mutating func append(_ payload: [UInt8], fileExtension: String) {
    hasher.update(payload)
    payloads.append(Self.tight(payload))
    extensions.append(fileExtension)
  }

  /// The payload in a buffer of its own size. Bodies are written into growing buffers whose
  /// spare capacity (up to half) would otherwise stay allocated for as long as the set lives.
  static func tight(_ payload: [UInt8]) -> [UInt8] {
    guard payload.capacity > payload.count + payload.count / 16 + 64 else { return payload }
    return [UInt8](unsafeUninitializedCapacity: payload.count) { buffer, initialized in
      _ = buffer.initialize(from: payload)
      initialized = payload.count
    }
  }

  /// Cuts one document (a file, a generated stream) by a byte or line split and adds the
  /// pieces. An empty document still becomes one (empty) payload: an empty upload is real.
  /// Byte chunks get `chunkExtension`, since a piece of JSON is no longer JSON.
  mutating func append(
    document: [UInt8], split: PayloadSplit, fileExtension: String, chunkExtension: String = "bin"
  ) {
    switch split {
    case .whole, .events:
      append(document, fileExtension: fileExtension)
    case .bytes(let size):
      guard document.count > size else {
        append(document, fileExtension: fileExtension)
        return
      }
      var start = 0
      while start < document.count {
        let end = min(document.count, start + size)
        append(Array(document[start..<end]), fileExtension: chunkExtension)
        start = end
      }
    case .lines(let perPayload):
      appendLines(of: document, perPayload: perPayload, fileExtension: fileExtension)
    }
  }

  /// Groups of `perPayload` lines, line breaks kept, the last line possibly without one.
  private mutating func appendLines(of document: [UInt8], perPayload: Int, fileExtension: String) {
    guard !document.isEmpty else {
      append(document, fileExtension: fileExtension)
      return
    }
    var start = 0
    var lines = 0
    for index in document.indices where document[index] == 0x0A {
      lines += 1
      if lines == perPayload {
        append(Array(document[start...index]), fileExtension: fileExtension)
        start = index + 1
        lines = 0
      }
    }
    if start < document.count {
      append(Array(document[start...]), fileExtension: fileExtension)
    }
  }

  /// The finished set; one extension is stored when all payloads share it.
  func build(corpus: String, kind: String, split: String) -> PayloadSet {
    var hasher = hasher
    let uniform = Set(extensions).count <= 1
    return PayloadSet(
      corpus: corpus, kind: kind, split: split, payloads: payloads, sha256: hasher.finalize().hex,
      fileExtensions: uniform ? Array(extensions.prefix(1)) : extensions, notes: notes)
  }
}
