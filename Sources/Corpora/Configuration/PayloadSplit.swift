/// How a corpus is cut into request bodies.
public enum PayloadSplit: Hashable, Sendable, CustomStringConvertible {
  /// Each document whole: the whole generated stream as one batch, each file as one payload.
  case whole
  /// Pieces of at most N bytes (the last may be shorter), like a chunked upload. Files are cut
  /// one by one; a generated stream is cut as one document.
  case bytes(Int)
  /// Batches of N events, wrapped as the profile's batch body (`json-events` only).
  case events(Int)
  /// Groups of N lines. For `json-events`, NDJSON with one event per line; for files, the
  /// file's own lines, line breaks kept.
  case lines(Int)

  /// The form written in reports and payload folder names: `whole`, `bytes=65536`, `events=50`.
  public var description: String {
    switch self {
    case .whole: "whole"
    case .bytes(let size): "bytes=\(size)"
    case .events(let count): "events=\(count)"
    case .lines(let count): "lines=\(count)"
    }
  }

  /// The split names a configuration may use.
  public static let names = ["whole", "bytes", "events", "lines"]
}
