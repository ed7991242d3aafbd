/// One corpus cut into upload bodies: the unit the runner measures. A corpus with several
/// batch sizes becomes several payload sets, each its own row in the results.
public struct PayloadSet: Sendable {
  /// The corpus name from the configuration (or the file name of a `--corpus` path).
  public let corpus: String
  /// The corpus kind: `file`, `directory`, `glob`, `json-events`, `binary`, `har`.
  public let kind: String
  /// How the corpus was cut, as written in reports: `whole`, `bytes=65536`, `events=50`, `lines=100`.
  public let split: String
  /// The request bodies, in order.
  public let payloads: [[UInt8]]
  /// Hex SHA-256 of all payload bytes concatenated in order, which pins the input of a result.
  public let sha256: String
  /// File name extensions for `--write`: empty (all `bin`), one for every payload, or one per
  /// payload (a directory of mixed files). Not part of the measured data.
  private let fileExtensions: [String]
  /// What the report should say about where the payloads came from, one sentence each: for a
  /// HAR, the counts per endpoint and the requests without a body. Empty for most kinds.
  public let notes: [String]

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
    self.corpus = corpus
    self.kind = kind
    self.split = split
    self.payloads = payloads
    self.sha256 = sha256
    self.fileExtensions = fileExtensions
    self.notes = notes
  }

  /// Total uncompressed bytes over all payloads.
  public var totalBytes: Int { payloads.reduce(0) { $0 + $1.count } }

  /// A stable identifier for reports and cell keys: `corpus/split`.
  public var label: String { "\(corpus)/\(split)" }

  /// The extension (without the dot) to give payload `index` when written as a file:
  /// `json`, `ndjson`, `envelope`, a user file's own extension, or `bin`.
  public func fileExtension(ofPayload index: Int) -> String {
    switch fileExtensions.count {
    case 0: "bin"
    case 1: fileExtensions[0]
    default: fileExtensions[index]
    }
  }
}
