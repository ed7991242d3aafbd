/// The dictionary of a dictionary cell, as results record it: which bytes (name, size,
/// SHA-256) and where they came from, so a reader can tell the training sample from the
/// measured payloads.
public struct DictionaryRecord: Codable, Sendable, Equatable {
  /// The file name (or the name a configuration gave a trained dictionary).
  public var name: String
  public var bytes: Int
  /// Lowercase hex SHA-256 of the dictionary: its identity in a `dcz` header.
  public var sha256: String
  /// Where it came from: "file PATH", or the sample it was trained on.
  public var origin: String?

  public init(name: String, bytes: Int, sha256: String, origin: String?) {
    self.name = name
    self.bytes = bytes
    self.sha256 = sha256
    self.origin = origin
  }
}

extension CellResult {
  /// The container as tables show it: `dcz + events-16k.dict` for a dictionary cell.
  public var containerLabel: String { container + (dictionary.map { " + \($0.name)" } ?? "") }
}
