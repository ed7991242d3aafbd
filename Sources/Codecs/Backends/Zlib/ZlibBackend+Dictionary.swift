import CZlib

/// zlib with a preset dictionary (the DEFLATE preset of `CompressionDictionary`), in the zlib
/// container (FDICT flag and the preset's Adler-32 in the header: `Content-Encoding: deflate`)
/// or raw. gzip has no field for a dictionary. ISA-L, a separate DEFLATE implementation with a
/// preset-dictionary API, verifies; libdeflate has none.
extension ZlibBackend: DictionaryCompressionBackend {
  public var dictionaryContainers: [Container] { [.zlib, .raw] }
  public var dictionaryVerifier: any DictionaryCompressionBackend { IsalBackend() }

  public func validate(dictionary: CompressionDictionary, level: Int) throws(CodecError) {
    _ = try dictionary.deflatePreset()
  }

  public func makeCompressor(level: Int, container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Compressor
  {
    try ZlibCompressor(level: level, container: container, preset: dictionary.deflatePreset())
  }

  public func makeDecompressor(container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Decompressor
  {
    try ZlibDecompressor(container: container, preset: dictionary.deflatePreset())
  }

  /// The Adler-32 of `bytes`: the id a zlib header with FDICT gives its preset dictionary.
  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { UInt32(CZlib.adler32(1, $0.byteBase, uInt($0.count))) }
  }
}
