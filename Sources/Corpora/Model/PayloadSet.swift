/// One corpus cut into upload bodies: the unit the runner measures. A corpus with several
/// batch sizes becomes several payload sets, each its own row in the results.
public struct PayloadSet: Sendable {
  /// The corpus name from the configuration (or the file name of a `--corpus` path).
  public let corpus: String
  /// The corpus kind: `file`, `directory`, `glob`, `json-events`, `binary`, `har`.
  public let kind: String
  /// How the corpus was cut, as written in reports: `whole`, `bytes=65536`, `events=50`, `lines=100`.
  public let split: String
  /// The request bodies, in order, each held once (`PayloadBodies`).
  public let payloads: PayloadBodies
  /// Hex SHA-256 of all payload bytes concatenated in order, which pins the input of a result.
  public let sha256: String
  /// File name extensions for `--write`, as runs: each extension with the index one past the
  /// last payload it names, in order (empty: all `bin`). Not part of the measured data.
  let extensionRuns: [ExtensionRun]
  /// What the report should say about where the payloads came from, one sentence each: for a
  /// HAR, the counts per endpoint and the requests without a body. Empty for most kinds.
  public let notes: [String]
  /// The generator of a generated event stream (`json-events/mixpanel`), so batch sizes cut from
  /// it by differently named corpora are compared together; nil for files and binary kinds.
  public var generator: String? = nil

  struct ExtensionRun: Sendable {
    var fileExtension: String
    var end: Int
  }

  /// Adds payload `index`'s extension to `runs`, lengthening the last run when it is the same.
  static func extend(_ runs: inout [ExtensionRun], with fileExtension: String, index: Int) {
    if let last = runs.last, last.fileExtension == fileExtension {
      runs[runs.count - 1].end = index + 1
    } else {
      runs.append(ExtensionRun(fileExtension: fileExtension, end: index + 1))
    }
  }

  /// Total uncompressed bytes over all payloads.
  public var totalBytes: Int { payloads.totalBytes }

  /// A stable identifier for reports and cell keys: `corpus/split`.
  public var label: String { name.label }

  /// The extension (without the dot) to give payload `index` when written as a file:
  /// `json`, `ndjson`, `envelope`, a user file's own extension, or `bin`.
  public func fileExtension(ofPayload index: Int) -> String {
    // The first run that ends after `index`: runs are few (one per change of extension).
    var low = 0
    var high = extensionRuns.count
    while low < high {
      let middle = (low + high) / 2
      if extensionRuns[middle].end <= index { low = middle + 1 } else { high = middle }
    }
    return low < extensionRuns.count ? extensionRuns[low].fileExtension : "bin"
  }
}

// The convenience initializers live in an extension so the struct keeps its memberwise one
// (internal: `PayloadSetBuilder` and these call it).
extension PayloadSet {
  public init(corpus: String, kind: String, split: String, payloads: [[UInt8]], sha256: String) {
    self.init(corpus: corpus, kind: kind, split: split, payloads: payloads, sha256: sha256, fileExtensions: [])
  }

  /// A payload set whose payloads are written to disk with `fileExtensions` (without the dot):
  /// one extension for all payloads, or exactly one per payload.
  public init(
    corpus: String, kind: String, split: String, payloads: [[UInt8]], sha256: String, fileExtensions: [String],
    notes: [String] = []
  ) {
    precondition(
      fileExtensions.count <= 1 || fileExtensions.count == payloads.count,
      "give one file extension for all payloads or one per payload")
    var runs: [ExtensionRun] = []
    if fileExtensions.count == 1 {
      runs = [ExtensionRun(fileExtension: fileExtensions[0], end: Int.max)]
    } else {
      for (index, fileExtension) in fileExtensions.enumerated() {
        Self.extend(&runs, with: fileExtension, index: index)
      }
    }
    self.init(
      corpus: corpus, kind: kind, split: split, payloads: PayloadBodies(payloads), sha256: sha256, extensionRuns: runs,
      notes: notes)
  }

  /// A payload set over bodies already held (`PayloadBodies`), all written as `bin`.
  public init(corpus: String, kind: String, split: String, bodies: PayloadBodies, sha256: String) {
    self.init(corpus: corpus, kind: kind, split: split, payloads: bodies, sha256: sha256, extensionRuns: [], notes: [])
  }
}
