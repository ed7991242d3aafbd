/// Checks the extensions after a chunk size (RFC 9112 §7.1.1):
/// `*( BWS ";" BWS name [ BWS "=" BWS ( token / quoted-string ) ] )`. The server ignores what
/// they say, but one that does not parse (an unterminated quote, a stray byte) means the sender
/// frames the body differently than this parser would, so the request is refused.
enum ChunkExtensions {
  static func validate(_ text: ArraySlice<UInt8>) throws(HTTPParseError) {
    var index = text.startIndex
    func skipWhitespace() {
      while index < text.endIndex, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
    }
    func token() -> Int {
      let start = index
      while index < text.endIndex, HTTPHeadParser.isTokenByte(text[index]) { index += 1 }
      return index - start
    }
    while true {
      skipWhitespace()
      guard index < text.endIndex else { return }
      guard text[index] == UInt8(ascii: ";") else { throw malformed("expected ';' before a chunk extension", text) }
      index += 1
      skipWhitespace()
      guard token() > 0 else { throw malformed("a chunk extension without a name", text) }
      skipWhitespace()
      guard index < text.endIndex, text[index] == UInt8(ascii: "=") else { continue }
      index += 1
      skipWhitespace()
      if index < text.endIndex, text[index] == UInt8(ascii: "\"") {
        index += 1
        try skipQuotedString(text, &index)
      } else if token() == 0 {
        throw malformed("a chunk extension without a value after '='", text)
      }
    }
  }

  /// Past the closing quote of a quoted-string (RFC 9110 §5.6.4) whose opening quote is consumed.
  private static func skipQuotedString(_ text: ArraySlice<UInt8>, _ index: inout Int) throws(HTTPParseError) {
    while index < text.endIndex {
      let byte = text[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return
      case UInt8(ascii: "\\"):
        guard index < text.endIndex, isQuotable(text[index]) else {
          throw malformed("a bad escape in a quoted chunk extension", text)
        }
        index += 1
      default:
        guard isQuotable(byte) else { throw malformed("a control byte in a quoted chunk extension", text) }
      }
    }
    throw malformed("an unterminated quoted chunk extension value", text)
  }

  /// HTAB, SP, visible ASCII and obs-text.
  private static func isQuotable(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }

  private static func malformed(_ reason: String, _ text: ArraySlice<UInt8>) -> HTTPParseError {
    .malformedChunk("\(reason) in '\(String(decoding: text.prefix(40), as: UTF8.self))'")
  }
}
