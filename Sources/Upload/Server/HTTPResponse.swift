import DeflateBenchSupport
import Foundation

/// A response as the server writes it: status line, a few fields, a body with its length.
struct HTTPResponse {
  var status: Int
  var fields: [(String, String)] = []
  var body: [UInt8] = []
  /// Adds `Connection: close`; the connection closes after this response.
  var closes = false

  /// The JSON answer as a response, with the answer's status.
  init(answer: UploadAnswer, closes: Bool) {
    status = answer.status
    body = Self.json(answer) + [UInt8(ascii: "\n")]
    fields = [("Content-Type", "application/json")]
    self.closes = closes
  }

  init(status: Int, fields: [(String, String)] = [], body: [UInt8] = [], closes: Bool = false) {
    self.status = status
    self.fields = fields
    self.body = body
    self.closes = closes
  }

  /// The bytes to send. `omitBody` serves HEAD: same fields, no body.
  func serialized(omitBody: Bool = false) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for (name, value) in fields { text += "\(name): \(value)\r\n" }
    text += "Content-Length: \(body.count)\r\n"
    if closes { text += "Connection: close\r\n" }
    text += "\r\n"
    var bytes = Array(text.utf8)
    if !omitBody { bytes += body }
    return bytes
  }

  /// The interim response a client that sent `Expect: 100-continue` waits for.
  static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status \(status)"
    }
  }

  /// The answer as JSON with sorted keys, so answers read the same every time.
  static func json(_ answer: UploadAnswer) -> [UInt8] {
    let encoder = SnakeCaseKeys.encoder([.sortedKeys, .withoutEscapingSlashes])
    guard let data = try? encoder.encode(answer) else { return Array("{\"status\":\(answer.status)}".utf8) }
    return [UInt8](data)
  }
}
