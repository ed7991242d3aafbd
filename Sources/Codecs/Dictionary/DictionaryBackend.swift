import DeflateBenchSupport

/// A dictionary-capable backend bound to one dictionary, so the rest of the harness (plans,
/// timing loops, cold calls, verification, uploads) treats "zstd with dictionary X" as just
/// another backend: every compressor and decompressor it makes has the dictionary loaded.
public struct DictionaryBackend: CompressionBackend {
  public let base: any DictionaryCompressionBackend
  public let dictionary: CompressionDictionary

  /// - Throws: `.dictionaryUnsupported` for a backend without a dictionary API.
  public init(_ backend: any CompressionBackend, dictionary: CompressionDictionary) throws(CodecError) {
    base = try DictionarySupport.capable(backend).get()
    self.dictionary = dictionary
  }

  public var name: String { base.name }
  public var version: String { base.version }
  public var levels: [Int] { base.levels }
  public var defaultLevel: Int { base.defaultLevel }
  public var containers: [Container] { base.dictionaryContainers }
  public var maxInputBytes: Int? { base.maxInputBytes }
  /// The verifying library by name (its dictionary form is what `Verifier` uses).
  public var verifier: VerifierChoice {
    let verifier = base.dictionaryVerifier
    return verifier.name == base.name ? base.verifier : .backend(verifier.name)
  }
  public var standardLevels: [Int] { base.standardLevels }
  public var inDefaultSuite: Bool { base.inDefaultSuite }
  public var compressorLibrarySymbols: [String] { base.compressorLibrarySymbols }

  /// The same dictionary in the verifying library.
  public var verifyingBackend: DictionaryBackend {
    DictionaryBackend(verified: base.dictionaryVerifier, dictionary: dictionary)
  }

  private init(verified base: any DictionaryCompressionBackend, dictionary: CompressionDictionary) {
    self.base = base
    self.dictionary = dictionary
  }

  public func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    try base.validate(dictionary: dictionary, level: level)
    return try base.makeCompressor(level: level, container: container, dictionary: dictionary)
  }

  public func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try base.makeDecompressor(container: container, dictionary: dictionary)
  }

  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  {
    try base.makeStreamingDecoder(container: container, limits: limits, dictionary: dictionary)
  }
}
