/// A decoder for one HTTP content coding that is fed the body chunk by chunk as it arrives and
/// hands decoded bytes to a sink in bounded pieces, so a server never holds a whole body, and a
/// decompression bomb is cut off at its limit without the claimed size ever being allocated.
///
/// Not thread-safe: one decoder per request.
public protocol StreamingDecoder: AnyObject {
  /// The `Content-Encoding` token this decoder reads: `gzip`, `deflate`, `zstd`, `br`, `identity`.
  var coding: String { get }
  /// Encoded bytes fed so far.
  var consumedBytes: Int { get }
  /// Decoded bytes handed to the sink so far.
  var producedBytes: Int { get }

  /// Decodes `input` and passes every decoded piece to `sink`. A piece is only valid during the
  /// call; the sink copies what it keeps. Stops with an error at the first limit crossed or the
  /// first corrupt byte; the decoder is then unusable.
  func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError)

  /// Declares the end of the body. Throws `.truncated` when the encoded stream stopped before
  /// its end marker (and checksum), which a complete body never does.
  func finish(into sink: StreamingSink) throws(StreamingDecodeError)
}

/// Where decoded bytes go: a hasher, a counter, the next decoder of a chain. A sink may throw
/// to stop decoding (for example a chain's outer stage that found corrupt data).
public typealias StreamingSink = (UnsafeRawBufferPointer) throws(StreamingDecodeError) -> Void

/// How much a decoder may produce. Both limits are checked after every decoded piece, so at
/// most one piece (the decoder's output buffer) is produced past a limit before it stops.
public struct StreamingDecodeLimits: Sendable, Equatable {
  /// The most decoded bytes one body may produce.
  public var maxDecodedBytes: Int
  /// The largest decoded-to-encoded ratio allowed, or nil for no ratio limit. Checked against
  /// the encoded bytes consumed so far, once the output has passed `ratioGraceBytes`.
  public var maxRatio: Double?
  /// Output below this size is never refused for its ratio: a few hundred bytes of zeros or a
  /// short repetitive JSON legitimately compress 1000:1, and they are harmless.
  public var ratioGraceBytes: Int
  /// Charged by the zstd and brotli decoders for their windows and state, shared by all the
  /// decoders of a server; nil charges nothing (a CLI command decoding one file).
  public var memoryBudget: DecoderMemoryBudget?

  /// - Parameters:
  ///   - maxDecodedBytes: default 1 GiB.
  ///   - maxRatio: default 1000, above what real upload bodies reach (JSON reaches 10-100) and
  ///     below what a bomb of zeros reaches (gzip ~1000, zstd and brotli far more).
  ///   - ratioGraceBytes: default 1 MiB.
  public init(maxDecodedBytes: Int = 1 << 30, maxRatio: Double? = 1000, ratioGraceBytes: Int = 1 << 20) {
    self.maxDecodedBytes = maxDecodedBytes
    self.maxRatio = maxRatio
    self.ratioGraceBytes = ratioGraceBytes
  }

  /// No limit at all, for trusted input.
  public static let unlimited = StreamingDecodeLimits(maxDecodedBytes: .max, maxRatio: nil, ratioGraceBytes: 0)

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.maxDecodedBytes == rhs.maxDecodedBytes && lhs.maxRatio == rhs.maxRatio
      && lhs.ratioGraceBytes == rhs.ratioGraceBytes && lhs.memoryBudget === rhs.memoryBudget
  }

  /// Throws when `produced` decoded bytes from `consumed` encoded bytes cross a limit.
  public func check(produced: Int, consumed: Int) throws(StreamingDecodeError) {
    if produced > maxDecodedBytes {
      throw .decodedTooLarge(limit: maxDecodedBytes)
    }
    if let maxRatio, produced > ratioGraceBytes, Double(produced) > maxRatio * Double(max(consumed, 1)) {
      throw .ratioTooHigh(limit: maxRatio)
    }
  }
}

/// Why a streamed body could not be decoded. The first three are the sender's fault (HTTP 400
/// or 415), the limits are HTTP 413, `.library` is the server's own failure (500).
public enum StreamingDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not a valid stream of this coding.
  case corrupt(coding: String, detail: String)
  /// The body ended before the stream did: a cut-off upload.
  case truncated(coding: String)
  /// `Content-Encoding` named a coding this decoder set does not know.
  case unsupportedCoding(String)
  /// `Content-Encoding` stacked more codings than allowed (the header itself is not echoed).
  case tooManyCodings(count: Int, limit: Int)
  /// The decoded size passed `maxDecodedBytes`.
  case decodedTooLarge(limit: Int)
  /// The decoded-to-encoded ratio passed `maxRatio`.
  case ratioTooHigh(limit: Double)
  /// The library failed for a reason that is not the input's fault (out of memory).
  case library(coding: String, code: Int, message: String)
  /// The frame asks for a window larger than this decoder allows (zstd's `windowLogMax`).
  case windowTooLarge(coding: String, limit: Int)
  /// The server-wide decoder memory budget is in use by other bodies: try again later.
  case memoryBudgetExhausted(limit: Int)

  public var description: String {
    switch self {
    case .corrupt(let coding, let detail): "the body is not a valid \(coding) stream (\(detail))"
    case .truncated(let coding): "the \(coding) stream ends before its end marker: the body was cut off"
    case .unsupportedCoding(let coding): "unsupported content coding '\(coding.prefix(40))'"
    case .tooManyCodings(let count, let limit):
      "\(count) content codings are stacked; at most \(limit) are allowed"
    case .decodedTooLarge(let limit): "the decoded body exceeds the limit of \(limit) bytes"
    case .ratioTooHigh(let limit): "the body decodes to more than \(Self.format(limit)) times its encoded size"
    case .library(let coding, let code, let message): "\(coding) decoder failed with code \(code): \(message)"
    case .windowTooLarge(let coding, let limit):
      "the \(coding) frame asks for a window larger than the limit of \(limit) bytes (\(limit >> 20) MiB)"
    case .memoryBudgetExhausted(let limit):
      "the server's decoder memory budget of \(limit) bytes (\(limit >> 20) MiB) is in use by other uploads; retry later"
    }
  }

  private static func format(_ ratio: Double) -> String {
    ratio == ratio.rounded() ? String(Int(ratio)) : String(ratio)
  }
}
