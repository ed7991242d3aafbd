/// Turns a `Content-Encoding` header into the decoder that undoes it.
public enum HTTPContentCoding {
  /// The codings a server built on these decoders accepts, for a 415's `Accept-Encoding` (RFC 7694).
  public static let supported = ["gzip", "deflate", "zstd", "br", "identity"]

  /// `supported`, plus `dcz` when the server holds dictionaries: without one every dcz body
  /// would be refused, so it is not advertised.
  public static func supported(with dictionaries: DictionaryStore) -> [String] {
    dictionaries.dictionaries.isEmpty ? supported : supported.dropLast() + ["dcz", "identity"]
  }

  /// More codings than this in one header is refused: nobody compresses four times, and each
  /// stage costs a context and a buffer.
  public static let maxCodings = 4

  /// Splits a header value into coding tokens, lower-cased, in the order they were applied.
  /// `identity` tokens are dropped (they change nothing) and `x-gzip` reads as `gzip` (RFC 9110
  /// §8.4.1.3). An absent or empty header is an empty list.
  public static func codings(fromHeader value: String?) -> [String] {
    guard let value else { return [] }
    return value.split(separator: ",").compactMap { token in
      let coding = token.trimmingWhitespace.lowercased()
      switch coding {
      case "", "identity": return nil
      case "x-gzip": return "gzip"
      default: return coding
      }
    }
  }

  /// Makes a decoder for a header value: identity when there is no coding, one decoder for one
  /// coding, a chain for several.
  /// - Parameter dictionaries: what `dcz` bodies and `deflate` bodies with a preset may use.
  public static func decoder(
    forHeader value: String?, limits: StreamingDecodeLimits, dictionaries: DictionaryStore = .empty
  ) throws(StreamingDecodeError) -> any StreamingDecoder {
    let applied = codings(fromHeader: value)
    if applied.isEmpty { return IdentityStreamingDecoder(limits: limits) }
    guard applied.count <= maxCodings else {
      throw .tooManyCodings(count: applied.count, limit: maxCodings)
    }
    var stages: [any StreamingDecoder] = []
    for coding in applied.reversed() {
      stages.append(try decoder(forCoding: coding, limits: limits, dictionaries: dictionaries))
    }
    return stages.count == 1 ? stages[0] : StreamingDecoderChain(stages: stages, limits: limits)
  }

  /// Makes the decoder for one coding token.
  public static func decoder(
    forCoding coding: String, limits: StreamingDecodeLimits, dictionaries: DictionaryStore = .empty
  ) throws(StreamingDecodeError) -> any StreamingDecoder {
    switch coding {
    case "gzip", "x-gzip": return InflateStreamingDecoder(format: .gzip, limits: limits)
    case "deflate": return InflateStreamingDecoder(format: .deflate, limits: limits, dictionaries: dictionaries)
    case "dcz": return DczStreamingDecoder(limits: limits, dictionaries: dictionaries)
    case "zstd": return try ZstdStreamingDecoder(limits: limits)
    case "br": return try BrotliStreamingDecoder(limits: limits)
    case "identity": return IdentityStreamingDecoder(limits: limits)
    default: throw .unsupportedCoding(coding)
    }
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs, the optional whitespace of HTTP (RFC 9110 §5.6.3).
  fileprivate var trimmingWhitespace: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
