import CZstd
import DeflateBenchSupport

/// zstd with a dictionary, as a `zstd` frame or (first, what HTTP uses) a `dcz` body. zstd is the
/// only Zstandard implementation installed, so its own decoder verifies; the tests also decode
/// with the `zstd -D` command.
extension ZstdBackend: DictionaryCompressionBackend {
  public var dictionaryContainers: [Container] { [.dcz, .zstd] }
  public var dictionaryVerifier: any DictionaryCompressionBackend { self }

  /// The window of `level` for an input of unknown size (`ZSTD_CONTENTSIZE_UNKNOWN`, all ones): dictionary bytes further back than
  /// this can never be referenced, so a larger dictionary is refused rather than half-used.
  public static func windowBytes(level: Int) -> Int {
    1 << Int(ZSTD_getCParams(Int32(level), UInt64.max, 0).windowLog)
  }

  public func validate(dictionary: CompressionDictionary, level: Int) throws(CodecError) {
    _ = try dictionary.contentOffset()
    let window = Self.windowBytes(level: level)
    guard dictionary.bytes.count <= window else {
      throw .invalidDictionary(
        name: dictionary.name,
        detail: "it has \(dictionary.bytes.count) bytes, more than zstd level \(level)'s window of \(window) bytes")
    }
  }

  public func makeCompressor(level: Int, container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Compressor
  {
    container == .dcz
      ? try DczCompressor(level: level, dictionary: dictionary)
      : try ZstdCompressor(level: level, dictionary: dictionary.bytes)
  }

  public func makeDecompressor(container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Decompressor
  {
    container == .dcz
      ? try DczDecompressor(dictionary: dictionary) : try ZstdDecompressor(dictionary: dictionary.bytes)
  }

  /// `decompress --dictionary` streams: the same window cap as the plain zstd stream decoder.
  public func makeStreamingDecoder(
    container: Container, limits: StreamingDecodeLimits, dictionary: CompressionDictionary
  ) throws(StreamingDecodeError) -> (any StreamingDecoder)? {
    switch container {
    case .dcz:
      return DczStreamingDecoder(limits: limits, dictionary: dictionary, maxWindowLog: Self.decompressWindowLog)
    case .zstd:
      return try ZstdStreamingDecoder(
        limits: limits, maxWindowLog: Self.decompressWindowLog, dictionary: dictionary.bytes)
    default: return nil
    }
  }
}
