/// File names are bytes to the kernel but a Swift `String` holds only valid UTF-8, so a name like
/// `caf\xE9.json` (Latin-1) would be lost or misspelled on its way through. Corpora keep such a
/// name in a `String` with each byte that is not part of valid UTF-8 mapped to one code point
/// of a reserved block (U+10FF00 + byte, in a private use plane no file system writes). A valid
/// name that happens to contain code points of that block has their bytes mapped too, so the
/// mapping is exact both ways: `bytes(of: name(bytes))` is always `bytes`.
enum FileName {
  private static let reservedBase: UInt32 = 0x10_FF00

  /// The name of raw path bytes, as corpora hold it.
  static func name(_ bytes: some Collection<UInt8>) -> String {
    let array = Array(bytes)
    let plain = String(decoding: array, as: UTF8.self)
    if Array(plain.utf8) == array, !plain.unicodeScalars.contains(where: isReserved) { return plain }
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < array.count {
      if let (scalar, length) = scalar(in: array, at: index), !isReserved(scalar) {
        scalars.append(scalar)
        index += length
      } else {
        scalars.append(Unicode.Scalar(reservedBase + UInt32(array[index]))!)
        index += 1
      }
    }
    return String(scalars)
  }

  /// The raw bytes a name stands for, for system calls.
  static func bytes(of name: String) -> [UInt8] {
    guard name.unicodeScalars.contains(where: isReserved) else { return Array(name.utf8) }
    var bytes: [UInt8] = []
    for scalar in name.unicodeScalars {
      if isReserved(scalar) {
        bytes.append(UInt8(scalar.value - reservedBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Whether the name holds bytes that are not valid UTF-8 (it is shown escaped).
  static func isEscaped(_ name: String) -> Bool {
    name.unicodeScalars.contains(where: isReserved)
  }

  /// The name for people: each raw byte as `\xE9`, the rest as it is.
  static func display(_ name: String) -> String {
    guard isEscaped(name) else { return name }
    var text = ""
    for scalar in name.unicodeScalars {
      if isReserved(scalar) {
        let hex = String(scalar.value - reservedBase, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// Calls `body` with the name as a C string of its raw bytes.
  static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    guard isEscaped(name) else { return name.withCString(body) }
    let raw = bytes(of: name).map { CChar(bitPattern: $0) } + [0]
    return raw.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  private static func isReserved(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= reservedBase }

  /// The one valid UTF-8 sequence starting at `index`, if there is one.
  private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    for length in 1...4 where index + length <= bytes.count {
      let slice = bytes[index..<index + length]
      let text = String(decoding: slice, as: UTF8.self)
      if text.unicodeScalars.count == 1, Array(text.utf8) == Array(slice) {
        return (text.unicodeScalars.first!, length)
      }
    }
    return nil
  }
}
