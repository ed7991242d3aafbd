import CZlib
import DeflateBenchSupport

/// zlib with a preset dictionary (see `DeflatePresetBackend`). ISA-L, a separate DEFLATE
/// implementation with a preset-dictionary API, verifies; libdeflate has none.
extension ZlibBackend: DeflatePresetBackend {
  public var dictionaryVerifier: any DictionaryCompressionBackend { IsalBackend() }

  public func makeCompressor(level: Int, container: Container, preset: [UInt8]) throws(CodecError) -> any Compressor {
    try ZlibCompressor(level: level, container: container, preset: preset)
  }

  public func makeDecompressor(container: Container, preset: [UInt8]) throws(CodecError) -> any Decompressor {
    try ZlibDecompressor(container: container, preset: preset)
  }

  /// The Adler-32 of `bytes`: the id a zlib header with FDICT gives its preset dictionary.
  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { UInt32(CZlib.adler32(1, $0.byteBase, uInt($0.count))) }
  }
}
