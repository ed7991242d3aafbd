/// The parts of an HTTP Archive (HAR 1.2, as Chrome and Firefox DevTools, Charles, Proxyman and
/// mitmproxy export it) that a corpus needs: each request's method, URL, headers and body.
/// Everything else (responses, timings, cookies, the page list) is never decoded, so a HAR
/// dominated by response bodies costs little beyond its own bytes.
struct HARArchive: Decodable {
  var log: Log?

  struct Log: Decodable {
    var entries: [Entry]?
  }

  struct Entry: Decodable {
    var request: Request?
  }

  struct Request: Decodable {
    var method: String?
    var url: String?
    var headers: [Header]?
    var postData: PostData?

    /// The values of a header, matched without regard to case, joined as HTTP combines them.
    func header(_ name: String) -> String? {
      let values = (headers ?? []).filter { $0.name.lowercased() == name }.map(\.value)
      return values.isEmpty ? nil : values.joined(separator: ", ")
    }
  }

  struct Header: Decodable {
    var name: String
    var value: String
  }

  /// `postData`: `text` is the body as a string; some tools (and HAR's own `content` object)
  /// mark a binary body with `"encoding": "base64"`. `params` (form fields) are not a body.
  struct PostData: Decodable {
    var mimeType: String?
    var text: String?
    var encoding: String?
  }
}
