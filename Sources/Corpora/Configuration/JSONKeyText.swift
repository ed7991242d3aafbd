import Foundation

/// The text of a JSON object key as a decoder sees it, so `"count"` and `"co\u0075nt"` are
/// found to be the same key.
enum JSONKeyText {
  /// - Parameter quoted: the key's bytes including its double quotes, already checked as a JSON string.
  static func decode(_ quoted: ArraySlice<UInt8>) -> String {
    let inner = quoted.dropFirst().dropLast()
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: inner, as: UTF8.self)
  }
}
