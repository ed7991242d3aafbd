import Foundation

/// The body of a form post that a HAR gives only as `postData.params` (HAR 1.2: "text and params
/// fields are mutually exclusive"), rebuilt from its fields the way a browser serializes a form:
///
/// - `multipart/form-data` (by `postData.mimeType`, else the `Content-Type` header): one part per
///   field, `Content-Disposition: form-data; name="..."` (plus `; filename="..."` and a
///   `Content-Type` line for a file), CRLF line ends, the boundary taken from the `boundary`
///   parameter of `postData.mimeType` or else of the header, or `DeflateBenchFormBoundary` when
///   neither names one;
/// - anything else: `application/x-www-form-urlencoded`, `name=value` pairs joined by `&`,
///   percent-encoded as the WHATWG URL standard's serializer does (space as `+`; letters, digits
///   and `*-._` kept; every other byte of the UTF-8 as `%XX`).
///
/// A HAR holds the decoded fields, not the bytes sent, so a rebuilt body can differ from the
/// original in percent-encoding choices or the boundary's length; the corpus notes count the
/// rebuilt bodies so a report never passes them off as recorded bytes.
enum HARFormBody {
  enum Kind: String {
    case urlencoded
    case multipart
  }

  static let defaultBoundary = "DeflateBenchFormBoundary"

  /// The rebuilt body and which serialization made it; nil when there are no fields.
  static func rebuild(_ params: [HARArchive.Param], mimeType: String?, contentType: String?) -> (
    bytes: [UInt8], kind: Kind
  )? {
    guard !params.isEmpty else { return nil }
    let multipartTypes = [mimeType, contentType].compactMap { $0 }.filter(isMultipart)
    guard !multipartTypes.isEmpty else { return (urlencoded(params), .urlencoded) }
    return (
      multipart(params, boundary: multipartTypes.lazy.compactMap(boundary(of:)).first ?? defaultBoundary), .multipart
    )
  }

  static func urlencoded(_ params: [HARArchive.Param]) -> [UInt8] {
    var body: [UInt8] = []
    for (index, param) in params.enumerated() {
      if index > 0 { body.append(UInt8(ascii: "&")) }
      appendFormEncoded(param.name ?? "", to: &body)
      body.append(UInt8(ascii: "="))
      appendFormEncoded(param.value ?? "", to: &body)
    }
    return body
  }

  static func multipart(_ params: [HARArchive.Param], boundary: String) -> [UInt8] {
    var body = ""
    for param in params {
      body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(param.name ?? ""))\""
      if let fileName = param.fileName { body += "; filename=\"\(quoted(fileName))\"" }
      body += "\r\n"
      if let type = param.contentType, !type.isEmpty {
        body += "Content-Type: \(type)\r\n"
      } else if param.fileName != nil {
        body += "Content-Type: application/octet-stream\r\n"
      }
      body += "\r\n\(param.value ?? "")\r\n"
    }
    body += "--\(boundary)--\r\n"
    return Array(body.utf8)
  }

  static func isMultipart(_ mediaType: String) -> Bool {
    mediaType.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("multipart/form-data")
  }

  /// The `boundary` parameter of a media type, unquoted.
  static func boundary(of mediaType: String) -> String? {
    for parameter in mediaType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// A field or file name inside a quoted header parameter, as browsers escape it: `"`, CR and LF
  /// percent-encoded.
  private static func quoted(_ name: String) -> String {
    name.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// The application/x-www-form-urlencoded byte serializer (WHATWG URL standard, 5.2).
  private static func appendFormEncoded(_ text: String, to body: inout [UInt8]) {
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "): body.append(UInt8(ascii: "+"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"):
        body.append(byte)
      default:
        body += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
  }
}
