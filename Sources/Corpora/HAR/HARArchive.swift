/// The parts of an HTTP Archive entry (HAR 1.2, as Chrome and Firefox DevTools, Charles, Proxyman
/// and mitmproxy export it) that a corpus needs: each request's method, URL, headers and body.
/// Everything else (responses, timings, cookies, the page list) is never decoded, so a HAR
/// dominated by response bodies costs little beyond its own bytes. `HARReader` finds the
/// entries and decodes one `Entry` at a time.
enum HARArchive {
  struct Entry: Decodable {
    var request: Request?
  }

  struct Request: Decodable {
    var method: String?
    var url: String?
    var headers: [Header]?
    var postData: PostData?

    /// The values of a header, matched without regard to case (HTTP/2 exports write names in
    /// lower case, HTTP/1.1 ones as sent), joined as HTTP combines them. Pseudo-headers
    /// (`:method`, `:path`) that Chrome lists for HTTP/2 match no header name asked for here.
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
  /// mark a binary body with `"encoding": "base64"`. `params` are the fields of a form post:
  /// Firefox and mitmproxy write them beside `text`, other tools instead of it (HAR 1.2 calls
  /// the two mutually exclusive), and then the body is rebuilt from them (`HARFormBody`).
  struct PostData: Decodable {
    var mimeType: String?
    var text: String?
    var encoding: String?
    var params: [Param]?
  }

  /// One form field (HAR 1.2 `params`): `value` is the field's value or a posted file's content,
  /// `fileName` and `contentType` describe a file part of a multipart form. Every member is
  /// read leniently (absent is empty), since the field list is only used when `text` is missing.
  struct Param: Decodable {
    var name: String?
    var value: String?
    var fileName: String?
    var contentType: String?
  }
}
