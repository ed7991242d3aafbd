import Foundation

/// The key spelling of every JSON file and answer the project writes (results.json, report.html's
/// data, `serve`'s answers and `--record` index, `backends --json`, linkcheck.json): snake_case,
/// with the project's acronyms kept whole so the keys read naturally and map back to the Swift
/// names exactly. One strategy, so no type spells its keys by hand.
///
/// Foundation's `.convertToSnakeCase` would write `compressCPUSamplesMBps` as
/// `compress_cpu_samples_m_bps`, and its `.convertFromSnakeCase` turns that back into
/// `compressCpuSamplesMBps`, which no longer matches the property: the document would not decode.
/// Here the acronyms are words: `compress_cpu_samples_mbps` <-> `compressCPUSamplesMBps`.
/// Dictionary keys (backend names in `library_versions`) are left alone by Foundation either way.
public enum SnakeCaseKeys {
  /// Acronyms spelled in capitals inside Swift property names, matched longest first.
  static let acronyms = ["MBps", "CPU", "SHA", "URL", "ID"]

  /// `compressCPUSamplesMBps` -> `compress_cpu_samples_mbps`.
  ///
  /// Works on UTF-8 bytes: the encoder calls this for every key of every cell, and Swift property
  /// names are ASCII, so Character-level processing would only cost time.
  public static func snakeCase(_ name: String) -> String {
    let bytes = Array(name.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    var index = 0
    while index < bytes.count {
      if index > 0, let acronym = acronymBytes.first(where: { startsWord(bytes, at: index, with: $0) }) {
        output.append(underscore)
        output += acronym.map(lowercased)
        index += acronym.count
        continue
      }
      let byte = bytes[index]
      if isUppercase(byte) && index > 0 { output.append(underscore) }
      output.append(lowercased(byte))
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `compress_cpu_samples_mbps` -> `compressCPUSamplesMBps`.
  static func camelCase(_ key: String) -> String {
    let words = key.utf8.split(separator: underscore)
    guard let first = words.first else { return key }
    var output = Array(first)
    for word in words.dropFirst() {
      if let acronym = acronymBytes.first(where: { $0.map(lowercased).elementsEqual(word) }) {
        output += acronym
      } else {
        output.append(uppercased(word.first!))
        output += word.dropFirst()
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static let acronymBytes = acronyms.map { Array($0.utf8) }
  private static let underscore = UInt8(ascii: "_")

  /// An acronym counts only as a whole word: followed by the end, a capital or a digit, so the
  /// `ID` in `IDentity` would not split (and `Identity` never matches `ID` at all).
  private static func startsWord(_ bytes: [UInt8], at index: Int, with acronym: [UInt8]) -> Bool {
    let end = index + acronym.count
    guard end <= bytes.count, bytes[index..<end].elementsEqual(acronym) else { return false }
    return end == bytes.count || isUppercase(bytes[end]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
  }

  private static func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
  private static func lowercased(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte + 32 : byte }
  private static func uppercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
  }

  public static var encoding: JSONEncoder.KeyEncodingStrategy {
    .custom { path in AnyKey(snakeCase(path.last!.stringValue)) }
  }

  public static var decoding: JSONDecoder.KeyDecodingStrategy {
    .custom { path in AnyKey(camelCase(path.last!.stringValue)) }
  }

  /// A JSON encoder that writes keys in this spelling.
  public static func encoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = encoding
    encoder.outputFormatting = formatting
    return encoder
  }

  /// A JSON decoder that reads keys in this spelling.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = decoding
    return decoder
  }
}

/// A coding key with any string, for the custom strategies.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
