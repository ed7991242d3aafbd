/// Checks that bytes are one well-formed JSON document (RFC 8259) and, when not, says where and
/// what was expected: `line 4, column 17: expected ',' or '}' after an object member, found ']'`.
///
/// `JSONDecoder` reports syntax errors differently on each platform and Foundation version (on
/// Linux often without a position), so the configuration is checked here first and the decoder
/// only ever sees valid JSON.
struct JSONSyntaxChecker {
  /// A syntax error: 1-based line and column (in characters) and a sentence about what was expected.
  struct Failure: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  /// Which repeated keys are refused: every one, or (for a file of which only some fields are
  /// read, a HAR) those at the paths a reader decodes.
  enum DuplicateKeys {
    case refused
    /// `refusedAt(path)` says whether a key repeated at `path` (the keys of the objects above
    /// it and the key itself; an array element is `[]`) is refused; others are allowed.
    case refusedAt(@Sendable ([String]) -> Bool)
  }

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  private static let maximumDepth = 512
  private let duplicateKeys: DuplicateKeys
  /// The path to the value being read, kept only for `.refusedAt`.
  private var path: [String] = []

  private init(_ bytes: [UInt8], duplicateKeys: DuplicateKeys) {
    self.bytes = bytes
    self.duplicateKeys = duplicateKeys
  }

  /// Returns the first syntax error in `bytes`, or nil when they hold exactly one JSON value.
  static func check(_ bytes: [UInt8], duplicateKeys: DuplicateKeys = .refused) -> Failure? {
    var checker = JSONSyntaxChecker(bytes, duplicateKeys: duplicateKeys)
    do throws(Failure) {
      checker.skipByteOrderMark()
      checker.skipWhitespace()
      try checker.value(context: "a JSON value")
      checker.skipWhitespace()
      if checker.position < bytes.count {
        throw checker.failure("expected the end of the document after the top-level value")
      }
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Grammar

  private mutating func value(context: String) throws(Failure) {
    guard position < bytes.count else { throw failure("expected \(context)") }
    switch bytes[position] {
    case UInt8(ascii: "{"): try object()
    case UInt8(ascii: "["): try array()
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw failure("expected \(context)")
    }
  }

  private mutating func object() throws(Failure) {
    try enterContainer()
    position += 1
    skipWhitespace()
    if closes("}") { return }
    // A repeated key is valid RFC 8259 grammar, but a decoder silently keeps one of the two
    // values (which one differs between decoders): a configuration must say things once.
    var keys = Set<String>()
    repeat {
      guard peek(UInt8(ascii: "\"")) else {
        throw failure("expected a string key in double quotes" + trailingCommaHint(closing: "}"))
      }
      let keyStart = position
      try string()
      let key = JSONKeyText.decode(bytes[keyStart..<position])
      if !keys.insert(key).inserted, isRefusedDuplicate(key) {
        let (line, column) = Self.lineAndColumn(of: keyStart, in: bytes)
        throw Failure(
          line: line, column: column, message: "duplicate key \"\(key)\": an object may name each key once")
      }
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after an object key") }
      position += 1
      skipWhitespace()
      try nested(key) { (checker) throws(Failure) in try checker.value(context: "a value after ':'") }
    } while try continues(closing: "}", after: "an object member")
  }

  private mutating func array() throws(Failure) {
    try enterContainer()
    position += 1
    skipWhitespace()
    if closes("]") { return }
    repeat {
      let context = "a value in the array" + trailingCommaHint(closing: "]")
      try nested("[]") { (checker) throws(Failure) in try checker.value(context: context) }
    } while try continues(closing: "]", after: "an array element")
  }

  private func isRefusedDuplicate(_ key: String) -> Bool {
    switch duplicateKeys {
    case .refused: true
    case .refusedAt(let refused): refused(path + [key])
    }
  }

  /// Reads a member's or element's value with `component` on the path (when a rule needs it).
  private mutating func nested(_ component: String, _ read: (inout JSONSyntaxChecker) throws(Failure) -> Void)
    throws(Failure)
  {
    guard case .refusedAt = duplicateKeys else { return try read(&self) }
    path.append(component)
    try read(&self)
    path.removeLast()
  }

  /// After a member or element: true after a ',' (another follows), false after the closing
  /// bracket (the container ended); anything else is the error.
  private mutating func continues(closing: Unicode.Scalar, after what: String) throws(Failure) -> Bool {
    skipWhitespace()
    if peek(UInt8(ascii: ",")) {
      position += 1
      skipWhitespace()
      return true
    }
    if closes(closing) { return false }
    throw failure("expected ',' or '\(closing)' after \(what)")
  }

  /// Consumes `closing` and leaves the container when it comes next.
  private mutating func closes(_ closing: Unicode.Scalar) -> Bool {
    guard peek(UInt8(ascii: closing)) else { return false }
    position += 1
    depth -= 1
    return true
  }

  private mutating func string() throws(Failure) {
    let start = position
    position += 1
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { break }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 1
        case UInt8(ascii: "u"):
          position += 1
          for _ in 0..<4 {
            guard position < bytes.count, Self.isHexDigit(bytes[position]) else {
              throw failure("expected four hex digits after \\u in a string")
            }
            position += 1
          }
        default:
          throw failure("expected a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) in a string")
        }
      case 0..<0x20:
        throw failure("expected '\"' to close the string (control characters and line breaks must be escaped)")
      default:
        position += 1
      }
    }
    position = start
    throw failure("expected '\"' to close the string that starts here")
  }

  private mutating func number() throws(Failure) {
    if peek(UInt8(ascii: "-")) { position += 1 }
    guard position < bytes.count, Self.isDigit(bytes[position]) else { throw failure("expected a digit") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, Self.isDigit(bytes[position]) {
        throw failure("expected no leading zeros in a number")
      }
    } else {
      skipDigits()
    }
    if peek(UInt8(ascii: ".")) {
      position += 1
      guard position < bytes.count, Self.isDigit(bytes[position]) else {
        throw failure("expected a digit after the decimal point")
      }
      skipDigits()
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      position += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
      guard position < bytes.count, Self.isDigit(bytes[position]) else {
        throw failure("expected a digit in the exponent")
      }
      skipDigits()
    }
  }

  private mutating func literal(_ word: String) throws(Failure) {
    let start = position
    for expected in word.utf8 {
      guard position < bytes.count, bytes[position] == expected else {
        position = start
        throw failure("expected a JSON value (did you mean '\(word)'?)")
      }
      position += 1
    }
  }

  // MARK: - Helpers

  private mutating func enterContainer() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth { throw failure("expected at most \(Self.maximumDepth) levels of nesting") }
  }

  /// A hint for the most common hand-editing slip, a comma before the closing bracket.
  private func trailingCommaHint(closing: Unicode.Scalar) -> String {
    guard peek(UInt8(ascii: closing)) else { return "" }
    var index = position - 1
    while index >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index -= 1 }
    return index >= 0 && bytes[index] == UInt8(ascii: ",") ? " (JSON allows no trailing comma)" : ""
  }

  private func peek(_ byte: UInt8) -> Bool {
    position < bytes.count && bytes[position] == byte
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func skipByteOrderMark() {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
  }

  private mutating func skipDigits() {
    while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
  }

  /// A failure at the current position, naming what was found there.
  private func failure(_ expectation: String) -> Failure {
    let (line, column) = Self.lineAndColumn(of: position, in: bytes)
    return Failure(line: line, column: column, message: "\(expectation), found \(describeFound())")
  }

  private func describeFound() -> String {
    guard position < bytes.count else { return "the end of the file" }
    let byte = bytes[position]
    switch byte {
    case 0x0A: return "a line break"
    case 0x09: return "a tab"
    case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }

  /// 1-based line and column of a byte offset; columns count characters, not UTF-8 bytes.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for index in 0..<min(offset, bytes.count) {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}

extension JSONSyntaxChecker {
  /// The byte ranges of the elements of `bytes` when they hold one well-formed top-level JSON
  /// array, in order and without the whitespace around them; nil for anything else. Used to
  /// regroup a recorded batch (a HAR body) into batches of another size.
  static func arrayElements(_ bytes: [UInt8]) -> [Range<Int>]? {
    var checker = JSONSyntaxChecker(bytes, duplicateKeys: .refused)
    checker.skipByteOrderMark()
    checker.skipWhitespace()
    guard checker.peek(UInt8(ascii: "[")) else { return nil }
    checker.position += 1
    checker.skipWhitespace()
    var elements: [Range<Int>] = []
    do throws(Failure) {
      if !checker.peek(UInt8(ascii: "]")) {
        while true {
          let start = checker.position
          try checker.value(context: "a value in the array")
          elements.append(start..<checker.position)
          checker.skipWhitespace()
          guard checker.peek(UInt8(ascii: ",")) else { break }
          checker.position += 1
          checker.skipWhitespace()
        }
      }
    } catch {
      return nil
    }
    guard checker.peek(UInt8(ascii: "]")) else { return nil }
    checker.position += 1
    checker.skipWhitespace()
    return checker.position == bytes.count ? elements : nil
  }
}

extension JSONSyntaxChecker {
  /// In a document that passed `check`: where the value of member `key` of the object beginning
  /// at byte `start` begins, or nil when that object has no such member (or `start` does not
  /// begin an object). The members before it are skipped, the ones after it never read, so a
  /// reader can walk to one part of a large document (a HAR's `log.entries`) without a tree.
  static func memberValueStart(_ key: String, ofObjectAt start: Int, in bytes: [UInt8]) -> Int? {
    // `check` already ruled on repeated keys; a walk over the checked bytes allows them all.
    var checker = JSONSyntaxChecker(bytes, duplicateKeys: .refusedAt { _ in false })
    checker.position = start
    guard checker.peek(UInt8(ascii: "{")) else { return nil }
    checker.position += 1
    checker.skipWhitespace()
    guard !checker.peek(UInt8(ascii: "}")) else { return nil }
    do throws(Failure) {
      repeat {
        let keyStart = checker.position
        try checker.string()
        let found = JSONKeyText.decode(bytes[keyStart..<checker.position]) == key
        checker.skipWhitespace()
        guard checker.peek(UInt8(ascii: ":")) else { return nil }
        checker.position += 1
        checker.skipWhitespace()
        if found { return checker.position }
        try checker.value(context: "a value after ':'")
      } while try checker.continues(closing: "}", after: "an object member")
    } catch {
      return nil
    }
    return nil
  }

  /// In a document that passed `check`: the byte ranges of the elements of the array beginning
  /// at byte `start`, in order and without the whitespace around them; nil when `start` does not
  /// begin an array.
  static func elements(ofArrayAt start: Int, in bytes: [UInt8]) -> [Range<Int>]? {
    var checker = JSONSyntaxChecker(bytes, duplicateKeys: .refusedAt { _ in false })
    checker.position = start
    guard checker.peek(UInt8(ascii: "[")) else { return nil }
    checker.position += 1
    checker.skipWhitespace()
    var elements: [Range<Int>] = []
    do throws(Failure) {
      if checker.peek(UInt8(ascii: "]")) { return elements }
      repeat {
        let elementStart = checker.position
        try checker.value(context: "a value in the array")
        elements.append(elementStart..<checker.position)
      } while try checker.continues(closing: "]", after: "an array element")
    } catch {
      return nil
    }
    return elements
  }
}
