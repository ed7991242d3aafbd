import Foundation

/// The file extension a request body is written with, from its `Content-Type` (or a HAR's
/// `postData.mimeType`), shared by HAR corpora and `serve --record` so both name files alike.
public enum MediaTypeExtension {
  /// `json`, `ndjson`, `txt`, `pb`, or `bin` for anything else (parameters such as `charset` ignored).
  public static func forType(_ mediaType: String?) -> String {
    let type = (mediaType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    switch type.lowercased() {
    case "application/json", "text/json": return "json"
    case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines": return "ndjson"
    case "text/plain": return "txt"
    case "application/x-protobuf", "application/protobuf": return "pb"
    case let other: return other.hasSuffix("+json") ? "json" : "bin"
    }
  }
}
