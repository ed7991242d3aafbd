/// One corpus payload set as it was measured.
public struct CorpusRecord: Codable, Sendable, Equatable {
  public var name: String
  public var kind: String
  /// The generator of a generated corpus (`json-events/mixpanel`): two corpora with one generator
  /// are one event stream cut at different batch sizes. nil for files and in older files.
  public var generator: String?
  public var split: String
  public var bytes: Int
  public var payloads: Int
  public var sha256: String
  /// Where the payloads came from (a HAR's counts per endpoint, its requests without a body);
  /// absent for most kinds and in files written before it existed.
  public var notes: [String]?
  /// Each payload's own size in bytes, in order, so the upload model can put every body through
  /// slow start rather than the mean body; nil in files written before it existed.
  public var payloadSizes: [Int]?

  public init(
    name: String, kind: String, split: String, bytes: Int, payloads: Int, sha256: String, notes: [String]? = nil,
    payloadSizes: [Int]? = nil, generator: String? = nil
  ) {
    self.payloadSizes = payloadSizes
    self.generator = generator
    self.name = name
    self.kind = kind
    self.split = split
    self.bytes = bytes
    self.payloads = payloads
    self.sha256 = sha256
    self.notes = notes
  }
}
