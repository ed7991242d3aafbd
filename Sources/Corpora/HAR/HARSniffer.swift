import Foundation

/// Recognises a HAR file for the `--corpus file.har` shorthand: by its `.har` extension, or by
/// content when a tool saved it as `.json`: a JSON object whose first key is `"log"` holding an
/// object, which is how every HAR exporter begins (`{"log": {"version": "1.2", ...`), with an
/// `"entries"` list in its first mebibyte. A Docker json-file log line (`{"log": "text", ...}`)
/// or another object that merely starts with a `log` key is a plain JSON file.
enum HARSniffer {
  /// How much of a `.json` file is read to find `"entries": [`; a HAR whose page list alone is
  /// larger is measured as a plain JSON file (rename it to `.har`).
  static let sniffBytes = 1 << 20

  static func isHAR(_ path: String) -> Bool {
    if path.lowercased().hasSuffix(".har") { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: sniffBytes)) ?? Data()
    return beginsLikeHAR([UInt8](head))
  }

  /// True when `bytes` start (after a byte order mark and whitespace) with `{"log": {` and hold
  /// `"entries": [` further on.
  static func beginsLikeHAR(_ bytes: [UInt8]) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    func expect(_ token: String) -> Bool {
      skipWhitespace()
      guard bytes[index...].starts(with: Array(token.utf8)) else { return false }
      index += token.utf8.count
      return true
    }
    guard expect("{"), expect("\"log\""), expect(":"), expect("{") else { return false }
    // "entries" then ":" then "[", with any whitespace between.
    let key = Array("\"entries\"".utf8)
    while let found = firstIndex(of: key, in: bytes, from: index) {
      index = found + key.count
      if expect(":"), expect("[") { return true }
    }
    return false
  }

  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
    for position in start...(bytes.count - needle.count) where bytes[position] == needle[0] {
      if bytes[position..<(position + needle.count)].elementsEqual(needle) { return position }
    }
    return nil
  }
}
