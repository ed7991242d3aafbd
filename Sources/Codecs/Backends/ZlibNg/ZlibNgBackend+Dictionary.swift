import DeflateBenchSupport

/// zlib-ng with a preset dictionary (see `DeflatePresetBackend`): `zng_deflateSetDictionary`
/// after every reset, `zng_inflateSetDictionary` when a zlib stream asks for it (or at the start
/// of a raw one). zlib, a separate implementation, verifies, so every zlib-ng dictionary body is
/// decoded by another library.
extension ZlibNgBackend: DeflatePresetBackend {
  public var dictionaryVerifier: any DictionaryCompressionBackend { ZlibBackend() }
}
