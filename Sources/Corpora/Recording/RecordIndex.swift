import DeflateBenchSupport
import Foundation

/// One line of the `index.jsonl` that `serve --record` writes beside the bodies it stores:
/// when, how and as what each body arrived. The writer (the server) and the reader (a
/// `directory` corpus of a recorded folder) share this type, so the format has one home.
public struct RecordIndexLine: Codable, Sendable, Equatable {
  /// 1, 2, 3 ... in the order the bodies were stored; the file name carries the same number.
  public var sequence: Int
  /// The body's file name in the folder: `000001.json`.
  public var file: String
  /// When the body was stored, UTC: `2026-11-30T23:59:01.123Z`.
  public var time: String
  public var method: String
  /// The request path without its query string (where API keys often travel).
  public var path: String
  /// The `Content-Type` as sent, or nil when there was none.
  public var contentType: String?
  /// The content codings it arrived in, as applied (`gzip`, `zstd`, `identity`).
  public var contentEncoding: String
  /// Body bytes as sent, and after decoding (the bytes stored).
  public var receivedBytes: Int
  public var decodedBytes: Int

  public init(
    sequence: Int, file: String, millisecondsSinceEpoch: Int, method: String, path: String, contentType: String?,
    contentEncoding: String, receivedBytes: Int, decodedBytes: Int
  ) {
    self.sequence = sequence
    self.file = file
    time = Timestamps.iso8601(millis: millisecondsSinceEpoch)
    self.method = method
    self.path = path
    self.contentType = contentType
    self.contentEncoding = contentEncoding
    self.receivedBytes = receivedBytes
    self.decodedBytes = decodedBytes
  }

  /// The line as written: compact JSON with sorted snake_case keys and a final newline.
  public var jsonLine: [UInt8] {
    let encoder = SnakeCaseKeys.encoder([.sortedKeys, .withoutEscapingSlashes])
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return [UInt8](data) + [0x0A]
  }
}

/// A folder written by `serve --record`: bodies named by sequence number and an `index.jsonl`.
public enum RecordedFolder {
  public static let indexName = "index.jsonl"

  /// The largest sequence number an index may hold: twelve digits, far beyond any recording, and
  /// far enough below `Int.max` that numbering on from it cannot overflow.
  public static let maxSequence = 999_999_999_999

  /// Why an index.jsonl cannot be trusted: the 1-based line and what is wrong with it.
  public struct IndexProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { "line \(line): \(message)" }
  }

  /// The index lines of `folder`, in file order; nil when there is no `index.jsonl` or when a
  /// line is not a valid record line (then it is some other file of that name, not ours).
  public static func index(of folder: String) -> [RecordIndexLine]? {
    (try? validatedIndex(of: folder)) ?? nil
  }

  /// The index lines of `folder`, nil when there is no `index.jsonl`; throws for a line that is
  /// not a record line, or one whose numbers no server of ours writes (a sequence outside
  /// 1...`maxSequence`, a negative size), so `--append` can refuse a corrupt index instead of
  /// numbering on from it.
  public static func validatedIndex(of folder: String) throws(IndexProblem) -> [RecordIndexLine]? {
    let path = folder + "/" + indexName
    guard FileSystem.type(of: path) == .regularFile else { return nil }
    guard let bytes = try? FileSystem.readFile(path, role: "index") else {
      throw IndexProblem(line: 0, message: "cannot be read")
    }
    var lines: [RecordIndexLine] = []
    let decoder = SnakeCaseKeys.decoder()
    let rawLines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (offset, line) in rawLines.enumerated() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
      let number = offset + 1
      guard let parsed = try? decoder.decode(RecordIndexLine.self, from: Data(line)) else {
        throw IndexProblem(line: number, message: "is not a record line (JSON with sequence, file, sizes ...)")
      }
      guard !parsed.file.contains("/"), !parsed.file.hasPrefix("."), !parsed.file.isEmpty else {
        throw IndexProblem(line: number, message: "names the file \"\(parsed.file)\", which is not in the folder")
      }
      guard (1...maxSequence).contains(parsed.sequence) else {
        throw IndexProblem(line: number, message: "sequence \(parsed.sequence) is outside 1...\(maxSequence)")
      }
      guard parsed.decodedBytes >= 0, parsed.receivedBytes >= 0 else {
        throw IndexProblem(line: number, message: "a size is negative")
      }
      lines.append(parsed)
    }
    return lines
  }

  /// `POST /v1/batch 8, PUT /upload 1`: bodies per method and path, for the report.
  public static func endpointCounts(_ lines: [RecordIndexLine]) -> [String: Int] {
    lines.reduce(into: [:]) { counts, line in counts["\(line.method) \(line.path)", default: 0] += 1 }
  }
}
