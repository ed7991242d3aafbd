import DeflateBenchSupport

/// A DEFLATE backend whose dictionary is the DEFLATE preset of `CompressionDictionary`, written in
/// the zlib container (FDICT flag and the preset's Adler-32 in the header:
/// `Content-Encoding: deflate`) or raw; gzip has no field for a dictionary. zlib, zlib-ng and
/// ISA-L are such backends and differ only in the contexts they make, so the rest lives here once.
/// Each makes its contexts through one pair of functions, with a preset or without one (nil), so
/// the plain path (`makeCompressorUnchecked`, below) and the dictionary path cannot drift apart.
public protocol DeflatePresetBackend: DictionaryCompressionBackend {
  /// A compressor that has loaded `preset` (the bytes `deflatePreset()` gives), or a plain one.
  func makeCompressor(level: Int, container: Container, preset: [UInt8]?) throws(CodecError) -> any Compressor
  /// A decompressor that answers a stream's dictionary request with `preset`, or a plain one.
  func makeDecompressor(container: Container, preset: [UInt8]?) throws(CodecError) -> any Decompressor
}

extension DeflatePresetBackend {
  /// The plain contexts are the preset ones without a preset.
  public func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    try makeCompressor(level: level, container: container, preset: nil)
  }

  public func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try makeDecompressor(container: container, preset: nil)
  }

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
