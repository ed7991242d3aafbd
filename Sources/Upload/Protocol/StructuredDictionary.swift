import Foundation

/// A structured-field dictionary (RFC 8941 §3.2, parsed per §4.2.2), the syntax of the digest
/// fields of RFC 9530. Only byte sequences are kept as values: they are what digests are; every
/// other item, parameter and inner list is parsed (so malformed ones are caught) and dropped.
struct StructuredDictionary {
  /// A member's value as far as digests care.
  enum Value: Equatable {
    case bytes([UInt8])
    case other
  }

  /// Members in first-appearance order; a repeated key keeps its first position and its last
  /// value, as §4.2.2 says ("overwrite").
  private(set) var members: [(key: String, value: Value)] = []

  struct Malformed: Error {
    var reason: String
  }

  func value(_ key: String) -> Value? { members.first { $0.key == key }?.value }

  init(parsing text: String) throws(Malformed) {
    var input = Substring(text).utf8[...]
    input = input.drop { $0 == 0x20 }
    while !input.isEmpty {
      let key = try Self.key(&input)
      var value = Value.other
      if input.first == UInt8(ascii: "=") {
        input.removeFirst()
        if input.first == UInt8(ascii: "(") {
          try Self.skipInnerList(&input)
        } else {
          value = try Self.bareItem(&input)
          try Self.skipParameters(&input)
        }
      } else {
        try Self.skipParameters(&input)
      }
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = value
      } else {
        members.append((key, value))
      }
      input = input.drop { $0 == 0x20 || $0 == 0x09 }
      if input.isEmpty { return }
      guard input.first == UInt8(ascii: ",") else { throw Malformed(reason: "expected ',' after member '\(key)'") }
      input.removeFirst()
      input = input.drop { $0 == 0x20 || $0 == 0x09 }
      if input.isEmpty { throw Malformed(reason: "a trailing ','") }
    }
  }

  private typealias Bytes = Substring.UTF8View.SubSequence

  private static func isLowerAlpha(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func key(_ input: inout Bytes) throws(Malformed) -> String {
    guard let first = input.first, isLowerAlpha(first) || first == UInt8(ascii: "*") else {
      throw Malformed(reason: "a key must start with a lowercase letter or '*'")
    }
    let key = input.prefix { isLowerAlpha($0) || isDigit($0) || "_-.*".utf8.contains($0) }
    input.removeFirst(key.count)
    return String(decoding: key, as: UTF8.self)
  }

  private static func skipParameters(_ input: inout Bytes) throws(Malformed) {
    while input.first == UInt8(ascii: ";") {
      input.removeFirst()
      input = input.drop { $0 == 0x20 }
      _ = try key(&input)
      if input.first == UInt8(ascii: "=") {
        input.removeFirst()
        _ = try bareItem(&input)
      }
    }
  }

  private static func skipInnerList(_ input: inout Bytes) throws(Malformed) {
    input.removeFirst()  // "("
    while true {
      input = input.drop { $0 == 0x20 }
      guard let next = input.first else { throw Malformed(reason: "an inner list without ')'") }
      if next == UInt8(ascii: ")") {
        input.removeFirst()
        try skipParameters(&input)
        return
      }
      _ = try bareItem(&input)
      try skipParameters(&input)
      guard input.first == 0x20 || input.first == UInt8(ascii: ")") else {
        throw Malformed(reason: "inner list items must be separated by spaces")
      }
    }
  }

  private static func bareItem(_ input: inout Bytes) throws(Malformed) -> Value {
    guard let first = input.first else { throw Malformed(reason: "a missing value") }
    switch first {
    case UInt8(ascii: ":"):
      input.removeFirst()
      guard let end = input.firstIndex(of: UInt8(ascii: ":")) else {
        throw Malformed(reason: "a byte sequence without its closing ':'")
      }
      var base64 = Array(input[..<end])
      input = input[input.index(after: end)...]
      let alphabet = "+/=".utf8
      guard base64.allSatisfy({ isLowerAlpha($0 | 0x20) || isDigit($0) || alphabet.contains($0) }) else {
        throw Malformed(reason: "a byte sequence that is not base64")
      }
      // §4.2.7: parsers SHOULD NOT fail when "=" padding is missing (some encoders omit it).
      if !base64.contains(UInt8(ascii: "=")), base64.count % 4 != 1 {
        base64 += Array(repeating: UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
      }
      guard let data = Data(base64Encoded: Data(base64)) else {
        throw Malformed(reason: "a byte sequence that is not base64")
      }
      return .bytes([UInt8](data))
    case UInt8(ascii: "\""):
      input.removeFirst()
      while let byte = input.popFirst() {
        if byte == UInt8(ascii: "\"") { return .other }
        if byte == UInt8(ascii: "\\") {
          guard let escaped = input.popFirst(), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
            throw Malformed(reason: "a bad escape in a string")
          }
        } else if byte < 0x20 || byte > 0x7E {
          throw Malformed(reason: "a control or non-ASCII byte in a string")
        }
      }
      throw Malformed(reason: "an unterminated string")
    case UInt8(ascii: "?"):
      input.removeFirst()
      guard let bit = input.popFirst(), bit == UInt8(ascii: "0") || bit == UInt8(ascii: "1") else {
        throw Malformed(reason: "a boolean other than ?0 or ?1")
      }
      return .other
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      if first == UInt8(ascii: "-") { input.removeFirst() }
      let number = input.prefix { isDigit($0) || $0 == UInt8(ascii: ".") }
      let parts = number.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      let valid =
        parts.count == 1
        ? (1...15).contains(parts[0].count)
        : parts.count == 2 && (1...12).contains(parts[0].count) && (1...3).contains(parts[1].count)
      guard valid else { throw Malformed(reason: "a malformed number") }
      input.removeFirst(number.count)
      return .other
    default:
      guard first == UInt8(ascii: "*") || isLowerAlpha(first | 0x20) else {
        throw Malformed(reason: "an item that is no structured-field type")
      }
      let token = input.prefix { HTTPHeadParser.isTokenByte($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") }
      input.removeFirst(token.count)
      return .other
    }
  }
}
