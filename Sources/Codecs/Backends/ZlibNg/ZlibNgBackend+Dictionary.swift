import DeflateBenchSupport

/// zlib-ng with a preset dictionary (see `DeflatePresetBackend`): `zng_deflateSetDictionary`
/// after every reset, `zng_inflateSetDictionary` when a zlib stream asks for it (or at the start
/// of a raw one). zlib, a separate implementation, verifies, so every zlib-ng dictionary body is
/// decoded by another library.
extension ZlibNgBackend: DeflatePresetBackend {
  public var dictionaryVerifier: any DictionaryCompressionBackend { ZlibBackend() }

  public func makeCompressor(level: Int, container: Container, preset: [UInt8]) throws(CodecError) -> any Compressor {
    try ZlibNgCompressor(level: level, container: container, preset: preset)
  }

  public func makeDecompressor(container: Container, preset: [UInt8]) throws(CodecError) -> any Decompressor {
    try ZlibNgDecompressor(container: container, preset: preset)
  }
}
