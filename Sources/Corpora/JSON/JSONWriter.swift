/// Writes compact JSON by hand, as SDKs send it: no spaces, keys in the order written, numbers
/// formatted from integers. `JSONSerialization` would reorder keys differently per platform and
/// print doubles through the platform's `description`, which would break byte-identical corpora.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  /// One entry per open container: whether it already holds an element (so the next needs a comma).
  private var hasElements: [Bool] = []
  /// True right after a key, when the value must follow without a comma.
  private var afterKey = false

  init(capacity: Int = 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// Hands the bytes over and resets the writer for the next document.
  mutating func take() -> [UInt8] {
    defer {
      bytes = []
      hasElements.removeAll(keepingCapacity: true)
      afterKey = false
    }
    return bytes
  }

  // MARK: - Containers

  mutating func beginObject() { begin("{") }
  mutating func endObject() { end("}") }
  mutating func beginArray() { begin("[") }
  mutating func endArray() { end("]") }

  private mutating func begin(_ bracket: Unicode.Scalar) {
    separate()
    bytes.append(UInt8(ascii: bracket))
    hasElements.append(false)
  }

  private mutating func end(_ bracket: Unicode.Scalar) {
    hasElements.removeLast()
    bytes.append(UInt8(ascii: bracket))
  }

  /// Writes an object key; the next call writes its value.
  mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  // MARK: - Values

  mutating func string(_ value: String) {
    separate()
    appendQuoted(value)
  }

  mutating func int(_ value: Int) {
    separate()
    appendInteger(value)
  }

  mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
  }

  mutating func null() {
    separate()
    bytes.append(contentsOf: Array("null".utf8))
  }

  /// A decimal number with a fixed number of fraction digits from a scaled integer:
  /// `fixed(1249, decimals: 2)` writes `12.49`. Exact on every platform.
  mutating func fixed(_ scaled: Int, decimals: Int) {
    separate()
    bytes.append(contentsOf: Array(FixedDecimal.format(scaled, decimals: decimals).utf8))
  }

  /// Bytes that already form one complete JSON value (a nested document written elsewhere).
  mutating func raw(_ value: [UInt8]) {
    separate()
    bytes.append(contentsOf: value)
  }

  // MARK: - Conveniences for object members

  mutating func field(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  mutating func field(_ name: String, _ value: Int) {
    key(name)
    int(value)
  }

  mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }

  mutating func field(_ name: String, fixed scaled: Int, decimals: Int) {
    key(name)
    fixed(scaled, decimals: decimals)
  }

  /// `"name":{...}` with the members `members` writes: the code nests as the document does, and
  /// no object is left open.
  mutating func object(_ name: String, _ members: (inout JSONWriter) -> Void) {
    key(name)
    object(members)
  }

  /// `{...}` as an array element.
  mutating func object(_ members: (inout JSONWriter) -> Void) {
    beginObject()
    members(&self)
    endObject()
  }

  /// `"name":[...]` with the elements `elements` writes.
  mutating func array(_ name: String, _ elements: (inout JSONWriter) -> Void) {
    key(name)
    beginArray()
    elements(&self)
    endArray()
  }

  // MARK: - Encoding

  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard let last = hasElements.indices.last else { return }
    if hasElements[last] { bytes.append(UInt8(ascii: ",")) } else { hasElements[last] = true }
  }

  private mutating func appendInteger(_ value: Int) {
    bytes.append(contentsOf: Array(String(value).utf8))
  }

  /// Quotes and escapes a string per RFC 8259: quote, backslash and control characters are
  /// escaped; everything else, including non-ASCII UTF-8, is written as is (as JavaScript's
  /// `JSON.stringify` and most SDKs do).
  private mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: Array("\\u00".utf8))
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0f)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
