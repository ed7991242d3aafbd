import CZlib
import DeflateBenchSupport

/// Streams `gzip` and `deflate` bodies through zlib's `inflate`.
///
/// - `gzip` (RFC 1952) uses window bits 31 and accepts several members back to back, as
///   `cat a.gz b.gz` makes and RFC 1952 allows; the ISIZE trailer is never used to size anything.
/// - `deflate` is what RFC 9110 says it is, a zlib stream (RFC 1950, window bits 15). Some clients
///   (old .NET and IIS, a few mobile SDKs) send bare RFC 1951 DEFLATE under that name instead;
///   like browsers reading responses, a body whose first two bytes are not a valid zlib header is
///   decoded as raw DEFLATE. Two bytes that happen to form a zlib header read as zlib, a risk of
///   about 1 in 30 per raw stream that the raw stream then fails as corrupt rather than decoding.
public final class InflateStreamingDecoder: StreamingDecoder {
  /// Which HTTP coding this instance reads.
  public enum Format: Sendable {
    case gzip
    /// The HTTP `deflate` coding: zlib, or raw DEFLATE when the header says it is not zlib.
    case deflate
    /// Strictly a zlib stream (RFC 1950), for `decompress --container zlib`.
    case zlib
    /// Strictly raw DEFLATE (RFC 1951), for `decompress --container raw`.
    case raw
  }

  public let format: Format
  public var coding: String { format == .gzip ? "gzip" : "deflate" }
  public var consumedBytes: Int { buffer.consumedBytes }
  public var producedBytes: Int { buffer.producedBytes }

  private let buffer: StreamingDecodeBuffer
  private let stream: UnsafeMutablePointer<z_stream>
  private var initialized = false
  /// True between a member's first byte and its end marker: a body that ends here is truncated.
  private var insideMember = false
  /// For `deflate`: the first byte, held until the second arrives and the header can be judged.
  private var pendingFirstByte: UInt8?

  /// Presets a `deflate` body may ask for (FDICT), found by the Adler-32 its header names.
  private let dictionaries: DictionaryStore
  /// The one preset `decompress --dictionary` was given: loaded at the start of a raw stream,
  /// and the only one a zlib stream's FDICT may name.
  private let preset: [UInt8]?

  public init(
    format: Format, limits: StreamingDecodeLimits, outputBufferBytes: Int = 128 << 10,
    dictionaries: DictionaryStore = .empty, preset: [UInt8]? = nil
  ) {
    self.format = format
    self.dictionaries = dictionaries
    self.preset = preset
    buffer = StreamingDecodeBuffer(limits: limits, outputBufferBytes: outputBufferBytes)
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
  }

  /// The decoder for one of `decompress`'s DEFLATE containers, or nil for another container.
  public convenience init?(container: Container, limits: StreamingDecodeLimits) {
    switch container {
    case .gzip: self.init(format: .gzip, limits: limits)
    case .zlib: self.init(format: .zlib, limits: limits)
    case .raw: self.init(format: .raw, limits: limits)
    default: return nil
    }
  }

  deinit {
    if initialized { inflateEnd(stream) }
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      guard !input.isEmpty else { return }
      if !initialized {
        try start(with: input, into: sink)
      } else {
        try inflateAll(input, into: sink)
      }
    }
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      // Nothing at all, a lone first byte, or a member without its trailer are all cut-off bodies.
      if !initialized || insideMember { throw .truncated(coding: coding) }
    }
  }

  // MARK: - Private

  /// Initializes zlib once enough of the body is there to choose the window bits.
  private func start(with input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    let fixedWindowBits: Int32? =
      switch format {
      case .gzip: 31
      case .zlib: 15
      case .raw: -15
      case .deflate: nil
      }
    if let fixedWindowBits {
      try initialize(windowBits: fixedWindowBits)
      // A raw stream has no header to ask for its preset: it is loaded before the first byte.
      if format == .raw, let preset { try setDictionary(preset) }
      try inflateAll(input, into: sink)
      return
    }
    guard let first = pendingFirstByte ?? input.first else { return }
    let rest = pendingFirstByte == nil ? UnsafeRawBufferPointer(rebasing: input.dropFirst()) : input
    guard let second = rest.first else {
      pendingFirstByte = first
      buffer.consumedBytes += 1
      return
    }
    let looksLikeZlib = first & 0x0F == 8 && first >> 4 <= 7 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
    try initialize(windowBits: looksLikeZlib ? 15 : -15)
    if pendingFirstByte != nil {
      // Replay the held byte through zlib before the rest; it was already counted.
      buffer.consumedBytes -= 1
      pendingFirstByte = nil
      try withUnsafeBytes(of: first) { (byte) throws(StreamingDecodeError) in try inflateAll(byte, into: sink) }
      try inflateAll(input, into: sink)
    } else {
      try inflateAll(input, into: sink)
    }
  }

  private func initialize(windowBits: Int32) throws(StreamingDecodeError) {
    let code = deflatebench_inflateInit2(stream, windowBits)
    guard code == Z_OK else { throw ZlibStatus.streamingError(code, stream: stream, coding: coding) }
    initialized = true
  }

  private func inflateAll(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    guard let base = input.baseAddress, !input.isEmpty else { return }
    var offset = 0
    while offset < input.count {
      // zlib counts in UInt32: feed at most 1 GiB per call.
      let length = min(input.count - offset, 1 << 30)
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: base.advanced(by: offset).assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(length)
      try drain(into: sink)
      let used = length - Int(stream.pointee.avail_in)
      offset += used
    }
  }

  /// Runs inflate until the current input is used up, restarting at member boundaries.
  private func drain(into sink: StreamingSink) throws(StreamingDecodeError) {
    while true {
      let inBefore = stream.pointee.avail_in
      if inBefore > 0 { insideMember = true }
      stream.pointee.next_out = buffer.output.baseAddress!.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(buffer.output.count)
      let code = inflate(stream, Z_NO_FLUSH)
      buffer.consumedBytes += Int(inBefore - stream.pointee.avail_in)
      try buffer.emit(buffer.output.count - Int(stream.pointee.avail_out), to: sink)
      switch code {
      case Z_STREAM_END:
        insideMember = false
        guard stream.pointee.avail_in > 0 else { return }
        // Only gzip allows another member; bytes after a zlib stream are garbage.
        guard format == .gzip else {
          throw .corrupt(coding: coding, detail: "\(stream.pointee.avail_in) bytes follow the end of the stream")
        }
        inflateReset(stream)
      case Z_OK:
        // Output full: go round again. Input used up with room to spare: wait for more.
        if stream.pointee.avail_out == 0 { continue }
        if stream.pointee.avail_in == 0 { return }
      case Z_NEED_DICT:
        try loadPreset()
      case Z_BUF_ERROR:
        // No progress was possible: zlib wants more input than this call has.
        if stream.pointee.avail_in == 0 { return }
        throw ZlibStatus.streamingError(code, stream: stream, coding: coding)
      default:
        throw ZlibStatus.streamingError(code, stream: stream, coding: coding)
      }
    }
  }

  /// A zlib header with FDICT stops inflate until the preset it names (by Adler-32, left in
  /// `adler`) is loaded; a preset the server does not hold refuses the body.
  private func loadPreset() throws(StreamingDecodeError) {
    let id = UInt32(truncatingIfNeeded: stream.pointee.adler)
    if let preset {
      guard ZlibBackend.adler32(preset) == id else {
        throw .corrupt(coding: coding, detail: ZlibBackend.presetMismatch(asked: id, given: preset))
      }
      try setDictionary(preset)
      return
    }
    guard let preset = dictionaries.deflatePreset(adler32: id) else {
      throw .corrupt(
        coding: coding,
        detail:
          "unknown dictionary: the body needs a preset with Adler-32 \(ZlibBackend.adler32Text(id)), which the server does not hold"
      )
    }
    try setDictionary(preset)
  }

  private func setDictionary(_ preset: [UInt8]) throws(StreamingDecodeError) {
    let code = preset.withUnsafeBytes {
      inflateSetDictionary(stream, $0.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt($0.count))
    }
    guard code == Z_OK else { throw ZlibStatus.streamingError(code, stream: stream, coding: coding) }
  }
}
