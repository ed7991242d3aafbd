import DeflateBenchSupport

/// Parses a complete request head (request line, fields, empty line) into an `HTTPRequestHead`
/// and works out the body framing from it. Strict where leniency has been a security hole:
/// folded lines, whitespace before the colon, and both framings at once are refused.
enum HTTPHeadParser {
  static func parse(_ bytes: [UInt8]) throws(HTTPParseError) -> HTTPRequestHead {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
    // The head ends with an empty line, which leaves two empty pieces at the end.
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformedRequestLine("") }
    let (method, target, minorVersion) = try parseRequestLine(requestLine)
    var fields: [HTTPRequestHead.Field] = []
    for line in lines.dropFirst() {
      fields.append(try parseField(line))
    }
    let framing = try framing(fields: fields, minorVersion: minorVersion)
    // RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request with no or several Host lines.
    let hosts = fields.count { $0.name.caseInsensitiveEquals("Host") }
    if minorVersion >= 1, hosts != 1 { throw .hostFieldCount(hosts) }
    return HTTPRequestHead(
      method: method, target: target, minorVersion: minorVersion, fields: fields, framing: framing,
      wireBytes: bytes.count)
  }

  private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (String, String, Int) {
    let text = String(decoding: line, as: UTF8.self)
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].allSatisfy(isTokenByte),
      parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else {
      throw .malformedRequestLine(String(text.prefix(100)))
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version.hasPrefix("HTTP/"), version.count == 8 else {
      throw .malformedRequestLine(String(text.prefix(100)))
    }
    let minorVersion: Int
    switch version {
    case "HTTP/1.1": minorVersion = 1
    case "HTTP/1.0": minorVersion = 0
    default: throw .unsupportedVersion(version)
    }
    return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), minorVersion)
  }

  static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequestHead.Field {
    let text = String(decoding: line.prefix(100), as: UTF8.self)
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformedField(text) }
    let name = line[line.startIndex..<colon]
    // A name must be a token: no leading whitespace (obsolete folding) and none before the colon.
    guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .malformedField(text) }
    var value = line[(colon + 1)...]
    while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
    while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
    // Field values may hold visible characters, spaces, tabs and obs-text, never CR, LF or NUL.
    guard value.allSatisfy({ $0 >= 0x20 || $0 == 0x09 }), !value.contains(0x7F) else {
      throw .malformedField(text)
    }
    return HTTPRequestHead.Field(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
  }

  /// RFC 9112 §6.3 for requests: Transfer-Encoding wins only if chunked comes last; both headers
  /// at once, or differing Content-Length values, are refused outright.
  private static func framing(fields: [HTTPRequestHead.Field], minorVersion: Int) throws(HTTPParseError)
    -> HTTPBodyFraming
  {
    let transferEncodings = fields.filter { $0.name.caseInsensitiveEquals("Transfer-Encoding") }.map(\.value)
    let contentLengths = fields.filter { $0.name.caseInsensitiveEquals("Content-Length") }.map(\.value)
    if !transferEncodings.isEmpty {
      guard contentLengths.isEmpty else { throw .conflictingFraming }
      let joined = transferEncodings.joined(separator: ", ")
      guard minorVersion >= 1 else { throw .invalidTransferEncoding(joined) }
      let codings = joined.split(separator: ",").map { $0.trimming(characters: " \t").lowercased() }
      guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
        throw .invalidTransferEncoding(joined)
      }
      if let other = codings.first(where: { $0 != "chunked" }) { throw .unsupportedTransferCoding(other) }
      return .chunked
    }
    guard !contentLengths.isEmpty else { return .none }
    // `Content-Length: 5, 5` and two identical lines are tolerated (RFC 9110 §8.6); nothing else.
    let values = Set(contentLengths.flatMap { $0.split(separator: ",") }.map { $0.trimming(characters: " \t") })
    guard values.count == 1, let text = values.first, !text.isEmpty, text.count <= 18,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let length = Int(text)
    else {
      throw .invalidContentLength(contentLengths.joined(separator: ", "))
    }
    return .length(length)
  }

  /// `tchar` of RFC 9110 §5.6.2.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
