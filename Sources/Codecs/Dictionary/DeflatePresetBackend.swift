import DeflateBenchSupport

/// A DEFLATE backend whose dictionary is the DEFLATE preset of `CompressionDictionary`, written in
/// the zlib container (FDICT flag and the preset's Adler-32 in the header:
/// `Content-Encoding: deflate`) or raw; gzip has no field for a dictionary. zlib and ISA-L are
/// such backends and differ only in the contexts they make, so the rest lives here once.
public protocol DeflatePresetBackend: DictionaryCompressionBackend {
  /// A compressor that has loaded `preset` (the bytes `deflatePreset()` gives).
  func makeCompressor(level: Int, container: Container, preset: [UInt8]) throws(CodecError) -> any Compressor
  /// A decompressor that answers a stream's dictionary request with `preset`.
  func makeDecompressor(container: Container, preset: [UInt8]) throws(CodecError) -> any Decompressor
}

extension DeflatePresetBackend {
  public var dictionaryContainers: [Container] { [.zlib, .raw] }

  public func validate(dictionary: CompressionDictionary, level: Int) throws(CodecError) {
    _ = try dictionary.deflatePreset()
  }

  public func makeCompressor(level: Int, container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Compressor
  {
    try makeCompressor(level: level, container: container, preset: dictionary.deflatePreset())
  }

  public func makeDecompressor(container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Decompressor
  {
    try makeDecompressor(container: container, preset: dictionary.deflatePreset())
  }
}
