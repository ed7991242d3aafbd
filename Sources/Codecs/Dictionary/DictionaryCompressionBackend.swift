import DeflateBenchSupport

/// A backend whose library can compress and decode with a dictionary: zstd (`ZSTD_CCtx_loadDictionary`),
/// zlib (`deflateSetDictionary`) and ISA-L (`isal_deflate_process_dict`). The others say why they
/// cannot, so a run reports their dictionary cells as "n/a" instead of measuring them without one.
public protocol DictionaryCompressionBackend: CompressionBackend {
  /// The containers a dictionary body can be written in, first the one a run measures.
  var dictionaryContainers: [Container] { get }
  /// The backend whose decoder verifies this backend's dictionary output: a different library
  /// where one exists (zlib and ISA-L check each other).
  var dictionaryVerifier: any DictionaryCompressionBackend { get }
  /// Checks that `dictionary` can serve at `level` (format, window) before any context is made.
  func validate(dictionary: CompressionDictionary, level: Int) throws(CodecError)
  /// A compressor that has loaded `dictionary`. Loading happens here, so a cold call (make,
  /// compress once, free) includes it.
  func makeCompressor(level: Int, container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Compressor
  func makeDecompressor(container: Container, dictionary: CompressionDictionary)
    throws(CodecError) -> any Decompressor
  /// A streaming decoder that has loaded `dictionary` (for `decompress --dictionary`, which then
  /// never holds the whole output), or nil when the library decodes dictionary bodies whole only.
  func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits, dictionary: CompressionDictionary)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
}

extension DictionaryCompressionBackend {
  public func makeStreamingDecoder(
    container: Container, limits: StreamingDecodeLimits, dictionary: CompressionDictionary
  ) throws(StreamingDecodeError) -> (any StreamingDecoder)? { nil }
}

/// A backend without a dictionary API, and the reason reports give for its "n/a" cells.
public protocol DictionaryUnsupportedBackend: CompressionBackend {
  var dictionaryUnsupportedReason: String { get }
}

/// What a backend can do with dictionaries, for plans and reports.
public enum DictionarySupport {
  /// The dictionary-capable form of `backend`, or the reason it has none.
  public static func capable(_ backend: any CompressionBackend) -> Result<any DictionaryCompressionBackend, CodecError>
  {
    // Conformance is the fact: a backend has dictionaries exactly when it implements the calls.
    if let capable = backend as? any DictionaryCompressionBackend {
      return .success(capable)
    }
    let reason =
      (backend as? any DictionaryUnsupportedBackend)?.dictionaryUnsupportedReason ?? "it has no dictionary API"
    return .failure(.dictionaryUnsupported(backend: backend.name, reason: reason))
  }
}
