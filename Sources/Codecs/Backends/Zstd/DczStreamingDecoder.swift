/// Streams `dcz` bodies (RFC 9842): holds the first 40 bytes until the header is complete, picks
/// the dictionary it names from the server's store, then streams the rest through a zstd decoder
/// that has the dictionary loaded (with the same window cap and bomb limits as plain `zstd`).
public final class DczStreamingDecoder: StreamingDecoder {
  public let coding = "dcz"
  public var consumedBytes: Int { header.count + (inner?.consumedBytes ?? 0) }
  public var producedBytes: Int { inner?.producedBytes ?? 0 }

  private let limits: StreamingDecodeLimits
  private let store: DictionaryStore
  /// The one dictionary `decompress --dictionary` was given; nil for the server's store.
  private let only: CompressionDictionary?
  private let maxWindowLog: Int32
  private var header: [UInt8] = []
  private var inner: ZstdStreamingDecoder?
  private var failed: StreamingDecodeError?

  /// The server's decoder: the header may name any dictionary of `dictionaries`.
  public init(limits: StreamingDecodeLimits, dictionaries: DictionaryStore) {
    self.limits = limits
    store = dictionaries
    only = nil
    maxWindowLog = 23
  }

  /// `decompress --dictionary`'s decoder: the header must name `dictionary`. The window may be
  /// as large as the plain zstd decoder of `decompress` allows (`maxWindowLog`).
  public init(limits: StreamingDecodeLimits, dictionary: CompressionDictionary, maxWindowLog: Int32) {
    self.limits = limits
    store = .empty
    only = dictionary
    self.maxWindowLog = maxWindowLog
  }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    if let failed { throw failed }
    do throws(StreamingDecodeError) {
      var rest = input
      if inner == nil {
        let wanted = min(DczFrame.headerBytes - header.count, rest.count)
        header += rest.prefix(wanted)
        rest = UnsafeRawBufferPointer(rebasing: rest[wanted...])
        guard header.count == DczFrame.headerBytes else { return }
        inner = try makeInner()
      }
      try inner?.feed(rest, into: sink)
    } catch {
      failed = error
      throw error
    }
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    if let failed { throw failed }
    guard let inner else {
      let error = StreamingDecodeError.corrupt(
        coding: coding, detail: DczHeaderError.truncated(header.count).description)
      failed = error
      throw error
    }
    try inner.finish(into: sink)
  }

  private func makeInner() throws(StreamingDecodeError) -> ZstdStreamingDecoder {
    let parsed = header.withUnsafeBytes { bytes in Result { () throws(DczHeaderError) in try DczFrame.hash(in: bytes) }
    }
    let hash: [UInt8]
    switch parsed {
    case .success(let value): hash = value
    case .failure(let error): throw .corrupt(coding: coding, detail: error.description)
    }
    if let only {
      guard only.sha256 == hash else {
        throw .corrupt(coding: coding, detail: DczFrame.wrongDictionary(named: hash, given: only))
      }
      return try ZstdStreamingDecoder(limits: limits, maxWindowLog: maxWindowLog, dictionary: only.bytes)
    }
    guard let dictionary = store.dictionary(sha256: hash) else {
      throw .corrupt(
        coding: coding, detail: "unknown dictionary \(CompressionDictionary.hex(hash)): the server does not hold it")
    }
    return try ZstdStreamingDecoder(limits: limits, maxWindowLog: maxWindowLog, dictionary: dictionary.bytes)
  }
}
