/// The dictionaries a server holds, found the two ways bodies name them: a `dcz` body by the
/// SHA-256 in its header, a zlib body with FDICT by the Adler-32 of its DEFLATE preset.
public struct DictionaryStore: Sendable {
  public let dictionaries: [CompressionDictionary]
  private let bySHA256: [[UInt8]: CompressionDictionary]
  private let presetsByAdler32: [UInt32: [UInt8]]

  /// No dictionaries: every dictionary body is refused as naming an unknown one.
  public static let empty = DictionaryStore(checked: [])

  /// A dictionary without a DEFLATE preset (raw content over 32 KiB) still serves `dcz` bodies.
  /// - Throws: `.invalidDictionary` for a trained dictionary whose header is malformed.
  public init(_ dictionaries: [CompressionDictionary]) throws(CodecError) {
    for dictionary in dictionaries { _ = try dictionary.contentOffset() }
    self.init(checked: dictionaries)
  }

  private init(checked dictionaries: [CompressionDictionary]) {
    self.dictionaries = dictionaries
    var bySHA256: [[UInt8]: CompressionDictionary] = [:]
    var presets: [UInt32: [UInt8]] = [:]
    for dictionary in dictionaries {
      bySHA256[dictionary.sha256] = dictionary
      if let preset = try? dictionary.deflatePreset() { presets[ZlibBackend.adler32(preset)] = preset }
    }
    self.bySHA256 = bySHA256
    presetsByAdler32 = presets
  }

  public func dictionary(sha256: [UInt8]) -> CompressionDictionary? { bySHA256[sha256] }

  /// The DEFLATE preset whose Adler-32 a zlib header names.
  public func deflatePreset(adler32: UInt32) -> [UInt8]? { presetsByAdler32[adler32] }
}
