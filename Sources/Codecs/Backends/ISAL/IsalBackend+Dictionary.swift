import CISAL

/// ISA-L with a preset dictionary (the DEFLATE preset of `CompressionDictionary`), raw or in the
/// zlib container. zlib, a separate implementation, verifies.
extension IsalBackend: DictionaryCompressionBackend {
  public var dictionaryContainers: [Container] { [.zlib, .raw] }
  public var dictionaryVerifier: any DictionaryCompressionBackend { ZlibBackend() }

  public func validate(dictionary: CompressionDictionary, level: Int) throws(CodecError) {
    _ = try dictionary.deflatePreset()
  }

  public func makeCompressor(level: Int, container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Compressor
  {
    try IsalDictionaryCompressor(level: level, container: container, preset: dictionary.deflatePreset())
  }

  public func makeDecompressor(container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Decompressor
  {
    try IsalDecompressor(container: container, preset: dictionary.deflatePreset())
  }

  /// ISA-L's own Adler-32 (`isal_adler32`), the id of a preset in a zlib header.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { isal_adler32(1, $0.byteBase, UInt64($0.count)) }
  }
}
