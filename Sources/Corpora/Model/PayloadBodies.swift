/// The request bodies of one payload set, held once, in few large buffers: small bodies packed
/// back to back into shared chunks, a large body (or a whole document that a split cuts into
/// pieces) kept as its own chunk without a copy. Beside the bytes, each body costs one 24-byte
/// index entry, where an array per body cost about 56 bytes of header, allocator overhead and
/// rounding (issue #26: for 100,000 one-event bodies of a HAR, more than the bodies themselves).
///
/// A body is an `ArraySlice<UInt8>` of its chunk: reading it copies nothing, and the chunk stays
/// alive for as long as a slice of it does. Immutable once built (see `PayloadBodies.Builder`).
public struct PayloadBodies: RandomAccessCollection, Sendable, Equatable {
  public typealias Element = ArraySlice<UInt8>

  /// Where one body lies: which chunk, and where in it.
  struct Span: Equatable {
    var chunk: Int
    var start: Int
    var count: Int
  }

  private var chunks: [[UInt8]] = []
  private var spans: [Span] = []

  /// Bodies shorter than this are copied into the open chunk; longer ones are chunks of their own.
  static let packedLimit = 64 << 10
  /// The capacity of a chunk that packs small bodies. A body never straddles two chunks, so a
  /// chunk leaves less than `packedLimit` unused (at most 1/16 of it) when it is closed.
  static let chunkCapacity = 1 << 20

  public init() {}

  /// Bodies given as arrays, packed (a copy): for callers that made them one by one.
  public init(_ bodies: [[UInt8]]) {
    var builder = Builder()
    for body in bodies { builder.append(body) }
    self = builder.build()
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { spans.count }

  public subscript(position: Int) -> ArraySlice<UInt8> {
    let span = spans[position]
    return chunks[span.chunk][span.start..<(span.start + span.count)]
  }

  /// Total bytes over all bodies.
  public var totalBytes: Int { spans.reduce(0) { $0 + $1.count } }

  public static func == (lhs: PayloadBodies, rhs: PayloadBodies) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.elementsEqual($1) }
  }

  /// Collects bodies in order. `append(document:pieces:)` adopts a whole document, so a file cut
  /// into pieces is held once (its own buffer) and indexed, never copied.
  public struct Builder {
    private var bodies = PayloadBodies()
    /// The chunk that small bodies are packed into, while it has room.
    private var openChunk: Int?

    public init() {}

    public var count: Int { bodies.spans.count }

    public mutating func append(_ body: some Collection<UInt8>) {
      let count = body.count
      if count >= PayloadBodies.packedLimit {
        bodies.chunks.append(Self.tight(Array(body)))
        bodies.spans.append(Span(chunk: bodies.chunks.count - 1, start: 0, count: count))
        return
      }
      if let open = openChunk, bodies.chunks[open].count + count <= PayloadBodies.chunkCapacity {
        let start = bodies.chunks[open].count
        bodies.chunks[open].append(contentsOf: body)
        bodies.spans.append(Span(chunk: open, start: start, count: count))
        return
      }
      closeOpenChunk()
      var chunk: [UInt8] = []
      chunk.reserveCapacity(PayloadBodies.chunkCapacity)
      chunk.append(contentsOf: body)
      bodies.chunks.append(chunk)
      openChunk = bodies.chunks.count - 1
      bodies.spans.append(Span(chunk: bodies.chunks.count - 1, start: 0, count: count))
    }

    /// Adds `pieces` of `document` (ranges in order, together covering it) as bodies. A document
    /// of `packedLimit` bytes or more becomes a chunk as it is and the pieces index into it; a
    /// smaller one is packed like any small body.
    public mutating func append(document: [UInt8], pieces: [Range<Int>]) {
      guard document.count >= PayloadBodies.packedLimit else {
        for piece in pieces { append(document[piece]) }
        return
      }
      bodies.chunks.append(Self.tight(document))
      let chunk = bodies.chunks.count - 1
      for piece in pieces {
        bodies.spans.append(Span(chunk: chunk, start: piece.lowerBound, count: piece.count))
      }
    }

    public mutating func build() -> PayloadBodies {
      closeOpenChunk()
      bodies.spans = Self.tight(bodies.spans)
      return bodies
    }

    /// The open chunk cut to what it holds: the last one may be mostly empty.
    private mutating func closeOpenChunk() {
      guard let open = openChunk else { return }
      bodies.chunks[open] = Self.tight(bodies.chunks[open])
      openChunk = nil
    }

    /// An array in a buffer of its own size, so spare capacity (up to half, after growth) is not
    /// held for as long as the set lives.
    static func tight<Element>(_ array: [Element]) -> [Element] {
      guard array.capacity > array.count + array.count / 16 + 64 else { return array }
      return [Element](unsafeUninitializedCapacity: array.count) { buffer, initialized in
        _ = buffer.initialize(from: array)
        initialized = array.count
      }
    }
  }
}

extension PayloadBodies: ExpressibleByArrayLiteral {
  /// Bodies written out in place (tests, small fixed sets): packed like `init(_:)`.
  public init(arrayLiteral bodies: [UInt8]...) {
    self.init(bodies)
  }
}

extension PayloadBodies {
  /// The bodies from `start` on, sharing this value's chunks (no copy): the measured part of a
  /// set whose first bodies trained a dictionary.
  public func dropping(first count: Int) -> PayloadBodies {
    var rest = self
    rest.spans = Array(spans.dropFirst(count))
    return rest
  }
}
