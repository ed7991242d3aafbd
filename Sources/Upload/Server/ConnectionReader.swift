#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a connection into one reused buffer, with a timeout per read and, on an emulated link,
/// no faster than the link. The parser consumes `pending` before the next `fill`.
final class ConnectionReader {
  enum Outcome {
    case data
    /// The peer closed its side (or reset the connection).
    case closed
    /// No byte arrived within the timeout.
    case timedOut
  }

  let socket: Socket
  private let buffer: UnsafeMutableRawBufferPointer
  private let pacer: LinkPacer?
  private(set) var filled = 0
  /// How far the parser has consumed `pending`.
  var offset = 0
  private var timeoutInForce: Double = -1

  init(socket: Socket, bufferBytes: Int, pacer: LinkPacer?) {
    self.socket = socket
    self.pacer = pacer
    buffer = .allocate(byteCount: bufferBytes, alignment: 64)
  }

  deinit {
    buffer.deallocate()
  }

  /// The bytes of the last read.
  var pending: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[..<filled]) }

  var isDrained: Bool { offset >= filled }

  /// Replaces the consumed buffer with the next bytes from the socket.
  func fill(timeoutSeconds: Double) -> Outcome {
    precondition(isDrained, "fill before the parser consumed the last read")
    offset = 0
    filled = 0
    if timeoutSeconds != timeoutInForce {
      try? socket.setReceiveTimeout(seconds: timeoutSeconds)
      timeoutInForce = timeoutSeconds
    }
    let limit = pacer.map { min(buffer.count, $0.readQuantum) } ?? buffer.count
    let count: Int
    do {
      count = try socket.receive(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<limit]))
    } catch {
      return error.errno == EAGAIN || error.errno == EWOULDBLOCK ? .timedOut : .closed
    }
    guard count > 0 else { return .closed }
    pacer?.wait(for: count)
    filled = count
    return .data
  }

  /// Reads and drops whatever the client still sends, for a short while, before the socket is
  /// closed. Closing with unread bytes makes the kernel send a reset, and the client would lose
  /// the error response it has not read yet; nginx's `lingering_close` does the same.
  func linger(maxSeconds: Double = 2, maxBytes: Int = 64 << 20) {
    socket.shutdownWriting()
    offset = filled
    var drained = 0
    let start = Deadline.now()
    while drained < maxBytes {
      let left = maxSeconds - Deadline.secondsSince(start)
      guard left > 0 else { return }
      guard fill(timeoutSeconds: min(left, 1)) == .data else { return }
      drained += filled
      offset = filled
    }
  }
}
