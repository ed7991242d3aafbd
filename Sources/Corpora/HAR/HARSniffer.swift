import Foundation

/// Recognises a HAR file for the `--corpus file.har` shorthand: by its `.har` extension, or by
/// content when a tool saved it as `.json`: a JSON object whose first key is `"log"`, which is
/// how every HAR exporter begins (`{"log": {"version": "1.2", ...`).
enum HARSniffer {
  static func isHAR(_ path: String) -> Bool {
    if path.lowercased().hasSuffix(".har") { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 512)) ?? Data()
    return beginsLikeHAR([UInt8](head))
  }

  /// True when `bytes` start (after a byte order mark and whitespace) with `{` and the key `"log"`.
  static func beginsLikeHAR(_ bytes: [UInt8]) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
    index += 1
    skipWhitespace()
    return bytes[index...].starts(with: Array("\"log\"".utf8))
  }
}
