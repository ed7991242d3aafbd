/// An HTTP/1.1 request parser driven by bytes as they arrive, one state per part of the message.
///
/// The caller hands it the bytes it read and an offset; each call consumes some of them and
/// returns one event. Body bytes are never copied: a `.body` event is a range of the caller's
/// buffer, so a 256 KiB read goes straight to the decoder. Several requests in one buffer
/// (pipelining, keep-alive) come out one after the other.
public struct HTTPRequestParser: Sendable {
  /// What one call to `next` found.
  public enum Event: Sendable, Equatable {
    /// The request line and header fields are complete.
    case head(HTTPRequestHead)
    /// Body bytes: this range of the buffer passed to `next`.
    case body(Range<Int>)
    /// The request is complete; the parser waits for the next request's head.
    case end
    /// Every byte given was consumed; call again with more.
    case needMoreData
  }

  enum State: Sendable, Equatable {
    case head
    case fixedBody(remaining: Int)
    case chunkSize
    case chunkData(remaining: Int)
    case chunkDataEnd(sawCarriageReturn: Bool)
    case trailers
    case messageEnd
    case failed(HTTPParseError)
  }

  /// The most bytes the request line and fields (and, separately, chunk trailers) may take.
  public let maxHeaderBytes: Int
  private(set) var state = State.head
  /// The head (or current chunk line, or trailer section) collected so far.
  private var lineBytes: [UInt8] = []
  /// Where the line being collected starts inside `lineBytes`.
  private var lineStart = 0
  /// Bytes of the current trailer section so far, limited like a head.
  private var trailerBytes = 0
  /// The trailer fields of the chunked request that just ended (after its `.end`), for the
  /// digests a client sends after the body (RFC 9530 allows it); empty for other requests.
  public private(set) var trailerFields: [HTTPRequestHead.Field] = []

  /// The longest chunk-size line accepted, extensions included.
  static let maxChunkLineBytes = 4096

  public init(maxHeaderBytes: Int) {
    self.maxHeaderBytes = maxHeaderBytes
  }

  /// True between requests: no byte of a next request has arrived yet. A connection that
  /// times out here closes quietly; one that times out inside a head gets a 408.
  public var isIdle: Bool { state == .head && lineBytes.isEmpty }

  /// Consumes bytes from `buffer` starting at `offset`, advances `offset` past them and returns
  /// what they completed. Throws once on malformed input; the parser stays failed afterwards.
  public mutating func next(_ buffer: UnsafeRawBufferPointer, offset: inout Int) throws(HTTPParseError) -> Event {
    switch state {
    case .failed(let error):
      throw error
    case .messageEnd:
      state = .head
      return .end
    case .fixedBody(let remaining):
      guard offset < buffer.count else { return .needMoreData }
      let take = min(remaining, buffer.count - offset)
      let range = offset..<(offset + take)
      offset += take
      state = take == remaining ? .messageEnd : .fixedBody(remaining: remaining - take)
      return .body(range)
    case .chunkData(let remaining):
      guard offset < buffer.count else { return .needMoreData }
      let take = min(remaining, buffer.count - offset)
      let range = offset..<(offset + take)
      offset += take
      state = take == remaining ? .chunkDataEnd(sawCarriageReturn: false) : .chunkData(remaining: remaining - take)
      return .body(range)
    case .head, .chunkSize, .chunkDataEnd, .trailers:
      do throws(HTTPParseError) {
        return try nextFramingEvent(buffer, offset: &offset)
      } catch {
        state = .failed(error)
        throw error
      }
    }
  }

  // MARK: - Line-oriented states

  /// Runs the states that read lines until one produces an event or the bytes run out.
  private mutating func nextFramingEvent(_ buffer: UnsafeRawBufferPointer, offset: inout Int)
    throws(HTTPParseError) -> Event
  {
    while offset < buffer.count {
      switch state {
      case .head:
        if let head = try collectHead(buffer, offset: &offset) {
          trailerFields = []
          switch head.framing {
          case .none, .length(0): state = .messageEnd
          case .length(let count): state = .fixedBody(remaining: count)
          case .chunked: state = .chunkSize
          }
          return .head(head)
        }
      case .chunkSize:
        guard let line = try collectLine(buffer, offset: &offset, limit: Self.maxChunkLineBytes) else { continue }
        let size = try Self.chunkSize(line)
        state = size == 0 ? .trailers : .chunkData(remaining: size)
        if size > 0 { return try next(buffer, offset: &offset) }
      case .chunkDataEnd(let sawCarriageReturn):
        let byte = buffer[offset]
        offset += 1
        if byte == UInt8(ascii: "\n"), sawCarriageReturn {
          state = .chunkSize
        } else if byte == UInt8(ascii: "\r"), !sawCarriageReturn {
          state = .chunkDataEnd(sawCarriageReturn: true)
        } else if byte == UInt8(ascii: "\n") {
          throw .malformedChunk("chunk data ends with a bare LF instead of CR LF")
        } else {
          throw .malformedChunk("chunk data is longer than its size")
        }
      case .trailers:
        // Trailer fields are checked (a malformed one means the sender and this parser disagree
        // about where the message ends) and kept for the digests among them.
        guard let line = try collectLine(buffer, offset: &offset, limit: maxHeaderBytes) else { continue }
        if line.isEmpty {
          state = .head
          trailerBytes = 0
          return .end
        }
        trailerBytes += line.count + 2
        if trailerBytes > maxHeaderBytes { throw .headerTooLarge(limit: maxHeaderBytes) }
        trailerFields.append(try Self.checkTrailer(line))
      default:
        return try next(buffer, offset: &offset)
      }
    }
    return .needMoreData
  }

  /// Collects bytes up to and including a line feed; returns the line without CR LF, or nil
  /// when the buffer ran out first.
  private mutating func collectLine(_ buffer: UnsafeRawBufferPointer, offset: inout Int, limit: Int)
    throws(HTTPParseError) -> [UInt8]?
  {
    while offset < buffer.count {
      let byte = buffer[offset]
      offset += 1
      if byte == UInt8(ascii: "\n") {
        var line = lineBytes
        lineBytes.removeAll(keepingCapacity: true)
        // Chunk lines and trailers end with CR LF (RFC 9112 §7.1): a bare LF is where parsers
        // that disagree about line ends let a second request hide inside a body.
        guard line.last == UInt8(ascii: "\r") else {
          if case .chunkSize = state { throw .malformedChunk("a chunk size line ends with a bare LF") }
          throw .malformedTrailer("a trailer line ends with a bare LF")
        }
        line.removeLast()
        return line
      }
      lineBytes.append(byte)
      if lineBytes.count > limit {
        if case .chunkSize = state { throw .malformedChunk("chunk size line longer than \(limit) bytes") }
        throw .headerTooLarge(limit: limit)
      }
    }
    return nil
  }

  /// Collects the head up to its empty line, then parses it.
  private mutating func collectHead(_ buffer: UnsafeRawBufferPointer, offset: inout Int)
    throws(HTTPParseError) -> HTTPRequestHead?
  {
    while offset < buffer.count {
      let byte = buffer[offset]
      offset += 1
      lineBytes.append(byte)
      if lineBytes.count > maxHeaderBytes { throw .headerTooLarge(limit: maxHeaderBytes) }
      guard byte == UInt8(ascii: "\n") else { continue }
      let lineLength = lineBytes.count - lineStart - 1
      let isEmptyLine = lineLength == 0 || (lineLength == 1 && lineBytes[lineStart] == UInt8(ascii: "\r"))
      if isEmptyLine && lineStart == 0 {
        // RFC 9112 §2.2: ignore empty lines before the request line (left over from a body).
        lineBytes.removeAll(keepingCapacity: true)
        continue
      }
      if isEmptyLine {
        let head = try HTTPHeadParser.parse(lineBytes)
        lineBytes.removeAll(keepingCapacity: true)
        lineStart = 0
        return head
      }
      lineStart = lineBytes.count
    }
    return nil
  }

  /// The size from a chunk-size line: hex digits, then extensions that must follow RFC 9112
  /// §7.1.1 (`;name` or `;name=token` or `;name="quoted"`); their meaning is ignored.
  static func chunkSize(_ line: [UInt8]) throws(HTTPParseError) -> Int {
    let digits = line.prefix { hexValue($0) != nil }
    guard !digits.isEmpty, digits.count <= 15 else {
      throw .malformedChunk("bad chunk size line '\(String(decoding: line.prefix(40), as: UTF8.self))'")
    }
    var size = 0
    for digit in digits { size = size << 4 | hexValue(digit)! }
    try ChunkExtensions.validate(line[digits.count...])
    return size
  }

  /// Fields that may not arrive as trailers: the ones that decide framing, routing or decoding
  /// (RFC 9110 §6.5.1), which this server reads from the head only.
  static let forbiddenTrailers: Set<String> = [
    "content-length", "transfer-encoding", "host", "content-encoding", "content-type", "content-range",
    "trailer", "expect", "connection",
  ]

  @discardableResult
  static func checkTrailer(_ line: [UInt8]) throws(HTTPParseError) -> HTTPRequestHead.Field {
    let field: HTTPRequestHead.Field
    do throws(HTTPParseError) {
      field = try HTTPHeadParser.parseField(line[...])
    } catch {
      throw .malformedTrailer("'\(String(decoding: line.prefix(60), as: UTF8.self))' is not a valid field")
    }
    if forbiddenTrailers.contains(field.name.lowercased()) {
      throw .malformedTrailer("\(field.name) may not be sent as a trailer")
    }
    return field
  }

  static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
