import DeflateBenchSupport

#if canImport(Glibc)
  import Glibc

  private let streamSocketType = Int32(SOCK_STREAM.rawValue)
  private let noSignalFlag = Int32(MSG_NOSIGNAL)
  private let shutdownBoth = Int32(SHUT_RDWR)
  private let shutdownWrite = Int32(SHUT_WR)
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
  private func systemAccept(_ fd: Int32) -> Int32 { Glibc.accept(fd, nil, nil) }
  private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { Glibc.shutdown(fd, how) }
  private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#elseif canImport(Darwin)
  import Darwin

  private let streamSocketType = SOCK_STREAM
  // Darwin has no MSG_NOSIGNAL; SO_NOSIGPIPE would be set per socket instead.
  private let noSignalFlag: Int32 = 0
  private let shutdownBoth = SHUT_RDWR
  private let shutdownWrite = SHUT_WR
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
  private func systemAccept(_ fd: Int32) -> Int32 { Darwin.accept(fd, nil, nil) }
  private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { Darwin.shutdown(fd, how) }
  private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif

/// A connected or listening TCP socket descriptor. A thin value: whoever accepted or created the
/// socket owns it and calls `close()` exactly once.
public struct Socket: Sendable, Hashable {
  public let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Opens a listening IPv4 or IPv6 socket on `host:port` (port 0 lets the kernel choose) and
  /// returns it with the port it is bound to.
  public static func listen(host: String, port: Int, backlog: Int32 = 512) throws(SystemCallError) -> (Socket, Int) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocketType
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw SystemCallError("getaddrinfo(\(host))", errno: status == EAI_SYSTEM ? errno : EINVAL)
    }
    defer { freeaddrinfo(list) }
    let fd = try valueOrErrno("socket") { socket(first.pointee.ai_family, streamSocketType, 0) }
    let listener = Socket(descriptor: fd)
    do throws(SystemCallError) {
      var one: Int32 = 1
      _ = try valueOrErrno("setsockopt(SO_REUSEADDR)") {
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
      }
      _ = try valueOrErrno("bind(\(host):\(port))") { bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) }
      _ = try valueOrErrno("listen") { systemListen(fd, backlog) }
      return (listener, try listener.localPort())
    } catch {
      listener.close()
      throw error
    }
  }

  /// The port the socket is bound to.
  public func localPort() throws(SystemCallError) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = try withUnsafeMutablePointer(to: &storage) { (pointer) throws(SystemCallError) in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(SystemCallError) in
        try valueOrErrno("getsockname") { getsockname(descriptor, address, &length) }
      }
    }
    let port: UInt16 =
      switch Int32(storage.ss_family) {
      case AF_INET: withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self).sin_port }
      case AF_INET6: withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self).sin6_port }
      default: 0
      }
    return Int(UInt16(bigEndian: port))
  }

  /// Waits for the next connection. Fails with EINVAL once the listener was shut down.
  public func accept() throws(SystemCallError) -> Socket {
    let fd = try valueOrErrno("accept") { systemAccept(descriptor) }
    return Socket(descriptor: fd)
  }

  /// Reads what is there, up to the buffer's size; 0 means the peer closed its side. Fails with
  /// EAGAIN when a receive timeout set by `setReceiveTimeout` passes without data.
  public func receive(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
    try valueOrErrno("recv") { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
  }

  /// Writes every byte, looping over partial writes. MSG_NOSIGNAL turns a write to a closed peer
  /// into EPIPE instead of a process-killing SIGPIPE.
  public func sendAll(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    if let code = writingAll(bytes, { send(descriptor, $0, $1, noSignalFlag) }) {
      throw SystemCallError("send", errno: code)
    }
  }

  /// Writes every byte of an array.
  public func sendAll(_ bytes: [UInt8]) throws(SystemCallError) {
    let result: Result<Void, SystemCallError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in try sendAll(buffer) }
    }
    try result.get()
  }

  /// Makes `receive` give up with EAGAIN after this many seconds without data (0 waits forever).
  public func setReceiveTimeout(seconds: Double) throws(SystemCallError) {
    let clamped = max(seconds, 0)
    var value = timeval(
      tv_sec: Int(clamped), tv_usec: Int((clamped - clamped.rounded(.down)) * 1_000_000))
    // A positive deadline that rounds down to zero would mean "forever": wait 1 µs instead.
    if seconds > 0, value.tv_sec == 0, value.tv_usec == 0 { value.tv_usec = 1 }
    _ = try valueOrErrno("setsockopt(SO_RCVTIMEO)") {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Sets the kernel receive buffer; a small one makes TCP flow control push back on a sender
  /// sooner when reads are throttled.
  public func setReceiveBufferSize(_ bytes: Int) {
    var value = Int32(clamping: bytes)
    _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &value, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Disables Nagle's algorithm so small responses go out at once rather than after a delayed ACK.
  public func setNoDelay() {
    var one: Int32 = 1
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Stops reading and writing; wakes a thread blocked in `accept` or `recv` on this socket.
  public func shutdown() {
    _ = systemShutdown(descriptor, shutdownBoth)
  }

  /// Sends FIN but keeps reading, the first half of a lingering close.
  public func shutdownWriting() {
    _ = systemShutdown(descriptor, shutdownWrite)
  }

  public func close() {
    _ = systemClose(descriptor)
  }
}
